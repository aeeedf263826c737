//! The levels as bots: a challenge to one is accepted at once and the bot
//! plays its moves to the end; nobody can take or use a bot's name.

use breakline_rules::Side;
use serde_json::json;

use crate::client::{Client, assert_error, five_by_five, position_after, scratch, scripted, serve};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_accepts_a_challenge_and_plays_to_the_end() {
    let dir = scratch("bots");
    let server = serve(&dir.join("db.sqlite3"), Default::default()).await;
    let mut alice = Client::signed_up(server.addr(), "alice").await;
    let mut impostor = Client::connect(server.addr()).await;
    let taken = impostor.request(json!({"type": "sign_up", "name": "bot-master", "password": "a long password"})).await;
    assert_error(&taken, "bad_account");
    let as_bot =
        impostor.request(json!({"type": "sign_in", "name": "bot-beginner", "password": "a long password"})).await;
    assert_error(&as_bot, "bad_credentials");

    let challenge =
        json!({"type": "challenge", "to": "bot-beginner", "spec": five_by_five(true, true), "colour": "white"});
    assert_eq!(alice.request(challenge).await["type"], "done");
    let started = alice.wait_for(|m| m["type"] == "game_started").await;
    assert_eq!(started["state"]["black"], "bot-beginner");
    let game = started["state"]["game"].as_i64().expect("an id");
    let mut moves: Vec<String> = Vec::new();
    loop {
        let position = position_after(&moves);
        if position.outcome().is_over() {
            break;
        }
        let ply = moves.len();
        if position.side_to_move() == Side::White {
            let mv = scripted(&position);
            let ack = alice.request(json!({"type": "move", "game": game, "ply": ply, "move": mv})).await;
            assert_eq!(ack["type"], "move_ack", "{ack}");
        }
        let moved = alice.wait_for(|m| m["type"] == "event" && m["event"] == "moved" && m["ply"] == ply).await;
        moves.push(moved["move"].as_str().expect("a move").to_string());
    }
    let ended = alice.event(game, "ended").await;
    assert_eq!(ended["result"]["state"], "finished", "{ended}");
    assert!(alice.event(game, "rated").await["black"]["after"].is_number());
    server.stop().await;
}
