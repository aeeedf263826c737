//! A client that drops resumes by its session token and catches up from the
//! last version it saw: the events it missed, or the whole state.

use serde_json::json;

use crate::client::{Client, five_by_five, paired, play_on, scratch, serve};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_client_resumes_from_its_last_version() {
    let dir = scratch("reconnect");
    let server = serve(&dir.join("db.sqlite3"), Default::default()).await;
    let mut alice = Client::signed_up(server.addr(), "alice").await;
    let mut bob = Client::signed_up(server.addr(), "bob").await;
    let game = paired(&mut alice, &mut bob, five_by_five(false, false)).await;
    let played = play_on([&mut alice, &mut bob], game, Vec::new(), 2).await;
    // Bob saw version 3 (start, two moves) and drops.
    let token = bob.token.clone();
    bob.close().await;
    // Alice moves while he is away.
    let position = crate::client::position_after(&played);
    let mv = crate::client::scripted(&position);
    let ack = alice.request(json!({"type": "move", "game": game, "ply": 2, "move": mv})).await;
    assert_eq!(ack["version"], 4, "{ack}");
    let mut bob = Client::resumed(server.addr(), &token).await;
    let games = bob.request(json!({"type": "my_games"})).await;
    assert_eq!((&games["games"][0]["your_move"], &games["games"][0]["plies"]), (&json!(true), &json!(3)), "{games}");
    let caught = bob.request(json!({"type": "watch", "game": game, "since": 3})).await;
    assert_eq!((&caught["type"], &caught["version"]), (&json!("watching"), &json!(4)), "{caught}");
    let missed = bob.event(game, "moved").await;
    assert_eq!((&missed["version"], &missed["ply"], &missed["move"]), (&json!(4), &json!(2), &json!(mv)));
    // A version the server never reached asks for the whole state.
    let ahead = bob.request(json!({"type": "watch", "game": game, "since": 99})).await;
    assert_eq!((&ahead["type"], &ahead["state"]["version"]), (&json!("resync"), &json!(4)), "{ahead}");
    let mut played = played;
    played.push(mv);
    play_on([&mut alice, &mut bob], game, played, 200).await;
    alice.event(game, "ended").await;
    server.stop().await;
}
