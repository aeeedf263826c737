//! A measurement, not a check (run with `--ignored --nocapture`): the time
//! from a move's sending to its acknowledgement over loopback, each move
//! written to the SQLite file (WAL, `synchronous = FULL`) before the ack
//! (or committed to PostgreSQL: over_postgres.rs runs it there).

use std::time::Instant;

use serde_json::json;

use crate::client::{Client, Db, five_by_five, paired, position_after, scratch, scripted, serve};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement: run it with --ignored --nocapture"]
async fn move_acknowledgement_latency() {
    let dir = scratch("latency");
    move_acknowledgement_latency_over(&Db::Sqlite(dir.join("db.sqlite3"))).await;
}

/// 20 games' moves over `db`, each timed from its sending to its acknowledgement.
pub async fn move_acknowledgement_latency_over(db: &Db) {
    let server = serve(db, crate::client::loose()).await;
    let mut alice = Client::signed_up(server.addr(), "alice").await;
    let mut bob = Client::signed_up(server.addr(), "bob").await;
    let mut latencies = Vec::new();
    for _ in 0..20 {
        let game = paired(&mut alice, &mut bob, five_by_five(false, true)).await;
        let mut moves: Vec<String> = Vec::new();
        loop {
            let position = position_after(&moves);
            if position.outcome().is_over() {
                break;
            }
            let mv = scripted(&position);
            let mover = if moves.len().is_multiple_of(2) { &mut alice } else { &mut bob };
            let sent = Instant::now();
            let ack = mover.request(json!({"type": "move", "game": game, "ply": moves.len(), "move": mv})).await;
            latencies.push(sent.elapsed().as_secs_f64() * 1e3);
            assert_eq!(ack["type"], "move_ack");
            moves.push(mv);
        }
    }
    latencies.sort_by(f64::total_cmp);
    let at = |q: f64| latencies[((latencies.len() - 1) as f64 * q) as usize];
    println!("{} moves: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms", latencies.len(), at(0.5), at(0.99), at(1.0));
    server.stop().await;
}

/// Plays one game between `white` and `black` as fast as they can: each move's latency in ms.
async fn race(mut white: Client, mut black: Client) -> Vec<f64> {
    let game = paired(&mut white, &mut black, five_by_five(false, true)).await;
    let mut moves: Vec<String> = Vec::new();
    let mut latencies = Vec::new();
    loop {
        let position = position_after(&moves);
        if position.outcome().is_over() {
            return latencies;
        }
        let mv = scripted(&position);
        let mover = if moves.len().is_multiple_of(2) { &mut white } else { &mut black };
        let sent = Instant::now();
        let ack = mover.request(json!({"type": "move", "game": game, "ply": moves.len(), "move": mv})).await;
        latencies.push(sent.elapsed().as_secs_f64() * 1e3);
        assert_eq!(ack["type"], "move_ack");
        moves.push(mv);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement: run it with --ignored --nocapture"]
async fn concurrent_games_throughput() {
    const GAMES: usize = 100;
    let dir = scratch("throughput");
    let server = serve(&dir.join("db.sqlite3"), crate::client::loose()).await;
    let mut pairs = Vec::new();
    for i in 0..GAMES {
        let white = Client::signed_up(server.addr(), &format!("white{i}")).await;
        let black = Client::signed_up(server.addr(), &format!("black{i}")).await;
        pairs.push((white, black));
    }
    let started = Instant::now();
    let races: Vec<_> = pairs.into_iter().map(|(w, b)| tokio::spawn(race(w, b))).collect();
    let mut latencies = Vec::new();
    for race in races {
        latencies.extend(race.await.expect("a game"));
    }
    let wall = started.elapsed().as_secs_f64();
    latencies.sort_by(f64::total_cmp);
    let at = |q: f64| latencies[((latencies.len() - 1) as f64 * q) as usize];
    println!(
        "{GAMES} games at once, {} moves in {wall:.2} s: {:.0} moves/s, p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        latencies.len(),
        latencies.len() as f64 / wall,
        at(0.5),
        at(0.99),
        at(1.0)
    );
    server.stop().await;
}
