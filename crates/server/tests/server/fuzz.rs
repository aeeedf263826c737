//! A fuzz of damaged, oversized, replayed and random messages (a seeded
//! generator) from strangers and from a player: each is answered with an
//! error, the server never closes on them, and a game beside goes on.

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use serde_json::{Value, json};

use crate::client::{Client, assert_error, five_by_five, loose, paired, play_on, scratch, serve};

/// A damaged form of a valid message, or random text.
fn damaged(rng: &mut StdRng, game: i64) -> String {
    let valid = [
        json!({"v": 1, "type": "move", "game": game, "ply": 0, "move": "a2-a3"}),
        json!({"v": 1, "type": "seek", "spec": five_by_five(true, true)}),
        json!({"v": 1, "type": "watch", "game": game, "since": 1}),
        json!({"v": 1, "type": "sign_in", "name": "alice", "password": "x"}),
    ];
    let text = valid[rng.random_range(0..valid.len())].to_string();
    match rng.random_range(0..6) {
        0 => text[..rng.random_range(0..text.len())].to_string(),
        1 => {
            let mut bytes = text.into_bytes();
            for _ in 0..rng.random_range(1..6) {
                let i = rng.random_range(0..bytes.len());
                bytes[i] = rng.random_range(b' '..=b'~');
            }
            String::from_utf8_lossy(&bytes).into_owned()
        }
        2 => (0..rng.random_range(0..200)).map(|_| rng.random::<char>()).collect(),
        3 => text.replace("\"v\":1", "\"v\":7"),
        4 => "x".repeat(rng.random_range(4_097..20_000)),
        _ => text.replace(&game.to_string(), &rng.random::<i32>().to_string()).replace("move\"", "mvoe\""),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fuzz_of_bad_messages_is_answered_and_leaves_a_game_going() {
    let dir = scratch("fuzz");
    let server = serve(&dir.join("db.sqlite3"), loose()).await;
    let mut alice = Client::signed_up(server.addr(), "alice").await;
    let mut bob = Client::signed_up(server.addr(), "bob").await;
    let game = paired(&mut alice, &mut bob, five_by_five(false, true)).await;
    let played = play_on([&mut alice, &mut bob], game, Vec::new(), 4).await;
    let mut stranger = Client::connect(server.addr()).await;
    let mut mallory = Client::signed_up(server.addr(), "mallory").await;
    let mut rng = StdRng::seed_from_u64(70);
    let mut errors = 0;
    for i in 0..400 {
        let client = if i % 2 == 0 { &mut stranger } else { &mut mallory };
        let text = damaged(&mut rng, game);
        client.send_text(text.clone()).await;
        // A ping after it marks where its answer ends; events of a watched game may come between.
        let marker = client.send(json!({"type": "ping"})).await;
        let mut answers = Vec::new();
        loop {
            let message = client.next().await;
            if message["id"] == json!(marker) {
                break;
            }
            if message["type"] != "event" {
                answers.push(message);
            }
        }
        assert_eq!(answers.len(), 1, "one answer to {text}: {answers:?}");
        errors += usize::from(answers[0]["type"] == "error");
    }
    assert!(errors > 300, "{errors} errors");
    stranger.send_binary(vec![0, 159, 146, 150]).await;
    assert_error(&stranger.next().await, "bad_message");
    // Replays of the players' own moves, by a stranger and by the wrong player.
    for (ply, mv) in played.iter().enumerate() {
        let replay = json!({"type": "move", "game": game, "ply": ply, "move": mv});
        assert_error(&mallory.request(replay.clone()).await, "not_a_player");
        let by_the_other = if ply % 2 == 0 { &mut bob } else { &mut alice };
        assert_error(&by_the_other.request(replay).await, "stale_ply");
    }
    let pong: Value = stranger.request(json!({"type": "ping", "t": 5})).await;
    assert_eq!(pong["t"], 5);
    play_on([&mut alice, &mut bob], game, played, 200).await;
    assert_eq!(alice.event(game, "ended").await["result"]["state"], "finished");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_is_rate_limited_and_failed_sign_ins_lock_the_name() {
    let dir = scratch("limits");
    let server = serve(&dir.join("db.sqlite3"), Default::default()).await;
    let _alice = Client::signed_up(server.addr(), "alice").await;
    let mut flood = Client::connect(server.addr()).await;
    for t in 0..200 {
        flood.send(json!({"type": "ping", "t": t})).await;
    }
    let mut limited = 0;
    for _ in 0..200 {
        let answer = flood.next().await;
        limited += usize::from(answer["code"] == "rate_limited");
    }
    assert!(limited >= 100, "{limited} refused of 200");
    let mut guesser = Client::connect(server.addr()).await;
    for _ in 0..5 {
        let wrong = guesser.request(json!({"type": "sign_in", "name": "alice", "password": "guess guess"})).await;
        assert_error(&wrong, "bad_credentials");
    }
    let locked = guesser.request(json!({"type": "sign_in", "name": "alice", "password": "a long password"})).await;
    assert_error(&locked, "too_many_logins");
    server.stop().await;
}
