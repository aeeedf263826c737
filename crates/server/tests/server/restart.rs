//! A restart of the server in the process: the first server stops, a new
//! one opens the same SQLite file (or PostgreSQL database: see
//! over_postgres.rs), and every acknowledged move is there; the live and the
//! correspondence game both go on to their ends.

use serde_json::json;

use crate::client::{Client, Db, five_by_five, paired, play_on, scratch, serve};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restarted_server_keeps_every_acknowledged_move() {
    let dir = scratch("restart");
    a_restart_keeps_every_acknowledged_move(&Db::Sqlite(dir.join("db.sqlite3"))).await;
}

/// A server over `db` stopped mid-game and started again: every
/// acknowledged move is there and both games go on to their ends.
pub async fn a_restart_keeps_every_acknowledged_move(db: &Db) {
    let server = serve(db, Default::default()).await;
    let mut alice = Client::signed_up(server.addr(), "alice").await;
    let mut bob = Client::signed_up(server.addr(), "bob").await;
    let live = paired(&mut alice, &mut bob, five_by_five(true, true)).await;
    let post = paired(&mut alice, &mut bob, five_by_five(true, false)).await;
    let live_moves = play_on([&mut alice, &mut bob], live, Vec::new(), 5).await;
    let post_moves = play_on([&mut alice, &mut bob], post, Vec::new(), 4).await;
    let (alice_token, bob_token) = (alice.token.clone(), bob.token.clone());
    server.stop().await;

    let server = serve(db, Default::default()).await;
    let mut alice = Client::resumed(server.addr(), &alice_token).await;
    let mut bob = Client::resumed(server.addr(), &bob_token).await;
    let games = alice.request(json!({"type": "my_games"})).await;
    let plies: Vec<_> =
        games["games"].as_array().expect("games").iter().map(|g| (g["game"].clone(), g["plies"].clone())).collect();
    assert_eq!(plies, [(json!(live), json!(5)), (json!(post), json!(4))], "{games}");
    for (game, moves) in [(live, &live_moves), (post, &post_moves)] {
        // The events before the restart are gone: an old version gets the whole state.
        for client in [&mut alice, &mut bob] {
            let state = client.request(json!({"type": "watch", "game": game, "since": 2})).await;
            assert_eq!((&state["type"], &state["state"]["moves"]), (&json!("resync"), &json!(moves)), "{state}");
            assert_eq!(state["state"]["version"], json!(moves.len() + 1));
        }
    }
    // The live clock: the side to move lost nothing to the downtime (5 minutes less what it used).
    let state = alice.request(json!({"type": "watch", "game": live})).await;
    let black_ms = state["state"]["clocks"]["black_ms"].as_u64().expect("black's clock");
    assert!(black_ms > 290_000 && black_ms <= 300_000, "{state}");
    for (game, moves) in [(live, live_moves), (post, post_moves)] {
        play_on([&mut alice, &mut bob], game, moves, 200).await;
        assert_eq!(bob.event(game, "ended").await["result"]["state"], "finished");
    }
    server.stop().await;
    let server = serve(db, Default::default()).await;
    let mut carol = Client::signed_up(server.addr(), "carol").await;
    let finished = carol.request(json!({"type": "watch", "game": post})).await;
    assert_eq!(finished["state"]["result"]["state"], "finished", "{finished}");
    server.stop().await;
}
