//! Whole games through a real server: a seek, a challenge, an invitation;
//! the result, the ratings, draws and takebacks where the game allows them.

use serde_json::json;

use crate::client::{Client, Db, assert_error, five_by_five, paired, play_on, scratch, serve};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_play_a_whole_rated_game_and_their_ratings_move() {
    let dir = scratch("whole-game");
    a_whole_rated_game(&Db::Sqlite(dir.join("db.sqlite3"))).await;
}

/// Alice and Bob play a whole rated game over `db`; the ratings move.
pub async fn a_whole_rated_game(db: &Db) {
    let server = serve(db, Default::default()).await;
    let mut alice = Client::signed_up(server.addr(), "alice").await;
    let mut bob = Client::signed_up(server.addr(), "bob").await;
    let seeks = bob.request(json!({"type": "list_seeks"})).await;
    assert_eq!(seeks["seeks"], json!([]));
    let game = paired(&mut alice, &mut bob, five_by_five(true, true)).await;
    let moves = play_on([&mut alice, &mut bob], game, Vec::new(), 200).await;
    let ended = alice.event(game, "ended").await;
    assert_eq!(ended["result"]["state"], "finished", "{ended}");
    let winner = ended["result"]["outcome"]["win"]["winner"].as_str().expect("a winner").to_string();
    let rated = bob.event(game, "rated").await;
    let (won, lost) = if winner == "white" { ("white", "black") } else { ("black", "white") };
    assert!(rated[won]["after"].as_f64() > rated[won]["before"].as_f64(), "{rated}");
    assert!(rated[lost]["after"].as_f64() < rated[lost]["before"].as_f64(), "{rated}");
    let games = alice.request(json!({"type": "my_games"})).await;
    assert_eq!(games["games"][0]["plies"], json!(moves.len()), "{games}");
    assert_eq!(games["games"][0]["result"]["state"], "finished");
    let late = alice.request(json!({"type": "move", "game": game, "ply": moves.len(), "move": "a1-a2"})).await;
    assert_error(&late, "game_over");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_is_accepted_breakthrough_has_no_draws_and_a_resignation_ends_it() {
    let dir = scratch("challenge");
    let server = serve(&dir.join("db.sqlite3"), Default::default()).await;
    let mut alice = Client::signed_up(server.addr(), "alice").await;
    let mut bob = Client::signed_up(server.addr(), "bob").await;
    let nobody = alice.request(json!({"type": "challenge", "to": "nobody", "spec": five_by_five(false, true)})).await;
    assert_error(&nobody, "no_such_player");
    let sent = alice
        .request(json!({"type": "challenge", "to": "bob", "spec": five_by_five(false, true), "colour": "black"}))
        .await;
    let received = bob.wait_for(|m| m["type"] == "challenge_received").await;
    assert_eq!((&received["from"], &received["challenge"]), (&json!("alice"), &sent["challenge"]));
    let accepted = bob.request(json!({"type": "accept_challenge", "challenge": sent["challenge"]})).await;
    assert_eq!(accepted["type"], "done");
    let started = alice.wait_for(|m| m["type"] == "game_started").await;
    assert_eq!(started["side"], "black");
    let game = started["state"]["game"].as_i64().expect("an id");
    let draw = alice.request(json!({"type": "offer_draw", "game": game})).await;
    assert_error(&draw, "not_now");
    let resigned = alice.request(json!({"type": "resign", "game": game})).await;
    assert_eq!(resigned["type"], "done");
    let ended = bob.event(game, "ended").await;
    assert_eq!(ended["result"]["outcome"]["win"], json!({"winner": "white", "reason": "resignation"}));
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guest_joins_by_invitation_code_and_a_game_is_aborted_before_its_second_move() {
    let dir = scratch("invitation");
    let server = serve(&dir.join("db.sqlite3"), Default::default()).await;
    let mut alice = Client::signed_up(server.addr(), "alice").await;
    assert_error(&alice.request(json!({"type": "invite", "spec": five_by_five(true, false)})).await, "lobby");
    let invitation =
        alice.request(json!({"type": "invite", "spec": five_by_five(false, false), "colour": "white"})).await;
    let code = invitation["code"].as_str().expect("a code").to_string();
    let mut guest = Client::connect(server.addr()).await;
    let wrong = guest.request(json!({"type": "join_invitation", "code": "nothing"})).await;
    assert_error(&wrong, "lobby");
    let joined = guest.request(json!({"type": "join_invitation", "code": code})).await;
    assert_eq!(joined["type"], "done", "{joined}");
    let welcome = guest.wait_for(|m| m["type"] == "welcome").await;
    assert!(welcome["name"].as_str().is_some_and(|n| n.starts_with("guest-")), "{welcome}");
    let started = guest.wait_for(|m| m["type"] == "game_started").await;
    let game = started["state"]["game"].as_i64().expect("an id");
    assert_eq!(started["state"]["black"], welcome["name"]);
    let played = play_on([&mut alice, &mut guest], game, Vec::new(), 2).await;
    assert_error(&guest.request(json!({"type": "abort", "game": game})).await, "not_now");
    let game2 = {
        let again =
            alice.request(json!({"type": "invite", "spec": five_by_five(false, true), "colour": "white"})).await;
        guest.request(json!({"type": "join_invitation", "code": again["code"]})).await;
        let started = alice.wait_for(|m| m["type"] == "game_started" && m["state"]["game"] != game).await;
        started["state"]["game"].as_i64().expect("an id")
    };
    play_on([&mut alice, &mut guest], game2, Vec::new(), 1).await;
    assert_eq!(guest.request(json!({"type": "abort", "game": game2})).await["type"], "done");
    let ended = alice.event(game2, "ended").await;
    assert_eq!(ended["result"]["state"], "aborted");
    assert_eq!(played.len(), 2);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lines_of_action_has_draw_offers_and_both_games_have_takebacks() {
    let dir = scratch("draws");
    let server = serve(&dir.join("db.sqlite3"), Default::default()).await;
    let mut alice = Client::signed_up(server.addr(), "alice").await;
    let mut bob = Client::signed_up(server.addr(), "bob").await;
    let spec = json!({"variant": "loa", "size": "6x6", "time": {"kind": "correspondence", "days": 2}, "rated": true});
    let game = paired(&mut alice, &mut bob, spec).await;
    // Black moves first in Lines of Action: Bob.
    let position = breakline_rules::position::Position::start(
        breakline_rules::Variant::LinesOfAction,
        breakline_rules::BoardSize::new(6, 6),
    )
    .expect("6x6");
    let first = position.move_name(position.legal_moves()[0]);
    let ack = bob.request(json!({"type": "move", "game": game, "ply": 0, "move": first})).await;
    assert_eq!(ack["type"], "move_ack", "{ack}");
    assert_error(&alice.request(json!({"type": "request_takeback", "game": game})).await, "not_now");
    assert_eq!(bob.request(json!({"type": "request_takeback", "game": game})).await["type"], "done");
    alice.event(game, "takeback_requested").await;
    assert_eq!(alice.request(json!({"type": "request_takeback", "game": game})).await["type"], "done");
    let took_back = bob.event(game, "took_back").await;
    assert_eq!(took_back["plies"], 0);
    assert_eq!(bob.request(json!({"type": "move", "game": game, "ply": 0, "move": first})).await["type"], "move_ack");
    assert_eq!(alice.request(json!({"type": "offer_draw", "game": game})).await["type"], "done");
    bob.event(game, "draw_offered").await;
    assert_eq!(bob.request(json!({"type": "decline_draw", "game": game})).await["type"], "done");
    assert_error(&bob.request(json!({"type": "decline_draw", "game": game})).await, "not_now");
    alice.request(json!({"type": "offer_draw", "game": game})).await;
    assert_eq!(bob.request(json!({"type": "offer_draw", "game": game})).await["type"], "done");
    let ended = alice.event(game, "ended").await;
    assert_eq!(ended["result"]["state"], "drawn_by_agreement");
    let rated = alice.event(game, "rated").await;
    assert!(rated["white"]["after"].is_number(), "{rated}");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_flags_an_abandoned_live_game_by_itself() {
    let dir = scratch("flag");
    let server = serve(&dir.join("db.sqlite3"), Default::default()).await;
    let mut alice = Client::signed_up(server.addr(), "alice").await;
    let mut bob = Client::signed_up(server.addr(), "bob").await;
    let spec =
        json!({"variant": "breakthrough", "size": "5x5", "time": {"kind": "live", "control": "0.1+0"}, "rated": true});
    let game = paired(&mut alice, &mut bob, spec).await;
    play_on([&mut alice, &mut bob], game, Vec::new(), 2).await;
    // White has 0.1 s and never moves: the server ends it (after its one-second grace).
    let ended = bob.event(game, "ended").await;
    assert_eq!(ended["result"]["outcome"]["win"], json!({"winner": "black", "reason": "time"}), "{ended}");
    assert!(bob.event(game, "rated").await["black"]["after"].is_number());
    server.stop().await;
}
