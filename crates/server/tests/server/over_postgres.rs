//! The same journeys against a real PostgreSQL, and two server processes
//! (two servers in this process, each with a store of its own) sharing one
//! database. Ignored unless asked for: `tests/online/postgres.sh` starts a
//! throwaway PostgreSQL, sets `BREAKLINE_TEST_POSTGRES` to its connection
//! string (the key=value form, no `dbname`) and runs them with `--ignored`;
//! asked for without it, each fails saying so. Each test makes a fresh
//! database of its own. (The script also runs the whole suite over
//! PostgreSQL: see `client::ON_POSTGRES`.)

use std::time::Duration;

use breakline_library::glicko::Glicko;
use breakline_server::game::ServerGame;
use breakline_server::ids::GameId;
use breakline_server::rating::RatingKey;
use breakline_server::store::postgres::{DEFAULT_LEASE, PostgresStore};
use breakline_server::store::{RatingUpdate, Store, StoreError};
use serde_json::json;

use crate::client::{
    Client, Db, admin, assert_error, five_by_five, fresh, paired, play_on, position_after, run_sql, scripted, serve,
};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: tests/online/postgres.sh runs it"]
async fn two_players_play_a_whole_rated_game_over_postgres() {
    crate::play::a_whole_rated_game(&Db::Postgres(fresh("whole_game"), DEFAULT_LEASE)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: tests/online/postgres.sh runs it"]
async fn a_restarted_server_over_postgres_keeps_every_acknowledged_move() {
    crate::restart::a_restart_keeps_every_acknowledged_move(&Db::Postgres(fresh("restart"), DEFAULT_LEASE)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: tests/online/postgres.sh runs it"]
async fn two_processes_share_accounts_sessions_and_ratings() {
    let db = Db::Postgres(fresh("shared"), DEFAULT_LEASE);
    let (a, b) = (serve(&db, Default::default()).await, serve(&db, Default::default()).await);
    let mut alice = Client::signed_up(a.addr(), "alice").await;
    let bob = Client::signed_up(b.addr(), "bob").await;
    // An account made on one process signs in on the other, by password and by session.
    let mut bob_on_a = Client::signed_in(a.addr(), "bob").await;
    assert_eq!(bob_on_a.player, bob.player);
    let mut alice_on_b = Client::resumed(b.addr(), &alice.token).await;
    assert_eq!(alice_on_b.player, alice.player);
    let mut taken = Client::connect(b.addr()).await;
    let again = taken.request(json!({"type": "sign_up", "name": "ALICE", "password": "a long password"})).await;
    assert_error(&again, "name_taken");
    // A rated game on A; the next one on B starts from the ratings A wrote.
    let on_a = paired(&mut alice, &mut bob_on_a, five_by_five(true, true)).await;
    play_on([&mut alice, &mut bob_on_a], on_a, Vec::new(), 200).await;
    let rated_on_a = alice.event(on_a, "rated").await;
    let mut bob = bob;
    let on_b = paired(&mut alice_on_b, &mut bob, five_by_five(true, true)).await;
    play_on([&mut alice_on_b, &mut bob], on_b, Vec::new(), 200).await;
    let rated_on_b = bob.event(on_b, "rated").await;
    for side in ["white", "black"] {
        assert_eq!(rated_on_b[side]["before"], rated_on_a[side]["after"], "{rated_on_a} then {rated_on_b}");
        assert_ne!(rated_on_b[side]["before"], rated_on_a[side]["before"], "{rated_on_a} then {rated_on_b}");
    }
    a.stop().await;
    b.stop().await;
}

/// Makes `game`'s lease lapse, as a crash of the process serving it would.
fn lapse(conninfo: &str, game: i64) {
    let sql = format!("UPDATE games SET lease_until = now() - interval '1 second' WHERE id = {game}");
    run_sql(conninfo.to_string(), vec![sql]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: tests/online/postgres.sh runs it"]
async fn a_game_in_play_is_served_by_one_process_at_a_time() {
    let conninfo = fresh("owner");
    // A's lease is long, so that its own renewal cannot undo the lapse below.
    let a = serve(Db::Postgres(conninfo.clone(), Duration::from_secs(600)), Default::default()).await;
    let b = serve(Db::Postgres(conninfo.clone(), DEFAULT_LEASE), Default::default()).await;
    let mut alice = Client::signed_up(a.addr(), "alice").await;
    let mut bob = Client::signed_up(a.addr(), "bob").await;
    let game = paired(&mut alice, &mut bob, five_by_five(false, false)).await;
    let moves = play_on([&mut alice, &mut bob], game, Vec::new(), 2).await;
    let mut alice_on_b = Client::resumed(b.addr(), &alice.token).await;
    let mut bob_on_b = Client::resumed(b.addr(), &bob.token).await;
    // While A serves it, B refuses it and says why.
    let next = scripted(&position_after(&moves));
    let refused = alice_on_b.request(json!({"type": "move", "game": game, "ply": 2, "move": next})).await;
    assert_error(&refused, "served_elsewhere");
    assert_error(&bob_on_b.request(json!({"type": "watch", "game": game})).await, "served_elsewhere");
    // A's lease lapses: B takes the game over with every move and plays on.
    lapse(&conninfo, game);
    for client in [&mut alice_on_b, &mut bob_on_b] {
        let state = client.request(json!({"type": "watch", "game": game})).await;
        assert_eq!((&state["type"], &state["state"]["moves"]), (&json!("resync"), &json!(moves)), "{state}");
    }
    let moves = play_on([&mut alice_on_b, &mut bob_on_b], game, moves, 4).await;
    // A, which lost it, cannot acknowledge a move in it any more.
    let fenced = alice.request(json!({"type": "move", "game": game, "ply": 2, "move": next})).await;
    assert_error(&fenced, "served_elsewhere");
    assert_error(&alice.request(json!({"type": "watch", "game": game})).await, "served_elsewhere");
    // B stops in order and lets go: A takes it back at once, and it ends there.
    b.stop().await;
    for client in [&mut alice, &mut bob] {
        let state = client.request(json!({"type": "watch", "game": game})).await;
        assert_eq!((&state["type"], &state["state"]["moves"]), (&json!("resync"), &json!(moves)), "{state}");
    }
    play_on([&mut alice, &mut bob], game, moves, 200).await;
    assert_eq!(bob.event(game, "ended").await["result"]["state"], "finished");
    a.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: tests/online/postgres.sh runs it"]
async fn a_newer_schema_and_a_bad_connection_string_are_one_line_errors() {
    let conninfo = fresh("schema");
    drop(PostgresStore::open(&conninfo, DEFAULT_LEASE).expect("the schema is made"));
    drop(PostgresStore::open(&conninfo, DEFAULT_LEASE).expect("and found made"));
    run_sql(conninfo.clone(), vec!["INSERT INTO schema_version (version) VALUES (99)".into()]);
    let newer = PostgresStore::open(&conninfo, DEFAULT_LEASE).err().expect("refused");
    assert!(matches!(newer, StoreError::SchemaNewer(99)), "{newer}");
    let wrong = format!("{} dbname=breakline_test_schema user=nobody_here", admin());
    let refused = PostgresStore::open(&wrong, DEFAULT_LEASE).err().expect("refused");
    let said = refused.to_string();
    assert!(said.starts_with("PostgreSQL: ") && !said.contains('\n'), "{said}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: tests/online/postgres.sh runs it (a measurement, with --nocapture)"]
async fn move_acknowledgement_latency_over_postgres() {
    crate::latency::move_acknowledgement_latency_over(&Db::Postgres(fresh("latency"), DEFAULT_LEASE)).await;
}

#[test]
#[ignore = "needs PostgreSQL: tests/online/postgres.sh runs it"]
fn a_store_writes_only_its_own_games_and_only_unchanged_ratings() {
    let conninfo = fresh("store");
    let mut a = PostgresStore::open(&conninfo, DEFAULT_LEASE).expect("A opens");
    let mut b = PostgresStore::open(&conninfo, DEFAULT_LEASE).expect("B opens");
    assert_ne!(a.server_id(), b.server_id());
    let alice = a.create_account("alice", None, 0).expect("alice");
    let bob = b.create_account("bob", None, 0).expect("bob");
    let spec = serde_json::from_value(five_by_five(true, false)).expect("a spec");
    let game = ServerGame::new(GameId(0), spec, [alice, bob], ["alice".into(), "bob".into()], 0).expect("a game");
    let mut stored = game.stored();
    stored.id = a.create_game(&stored, 0).expect("A makes it");
    assert!(matches!(b.save_game(&stored, 0, &[]), Err(StoreError::ServedElsewhere(_))));
    assert!(matches!(b.claim_game(stored.id), Err(StoreError::ServedElsewhere(_))));
    assert!(b.games_in_play().expect("B's games").is_empty());
    // A rating written from a value since changed is refused, and stays as it was.
    let key = RatingKey::of(&spec);
    let won = Glicko { rating: 1662.3, ..Glicko::default() };
    let update = RatingUpdate { player: alice, key, before: Glicko::default(), after: won };
    a.save_game(&stored, 0, &[update]).expect("the first write");
    let stale = RatingUpdate { after: Glicko { rating: 1337.0, ..won }, ..update };
    assert!(matches!(a.save_game(&stored, 0, &[stale]), Err(StoreError::RatingMoved)));
    assert_eq!(b.rating(alice, key).expect("read on B"), won);
    // A stopped in order lets go: B adopts the game, once.
    drop(a);
    assert_eq!(b.adopt_orphans().expect("the orphans").len(), 1);
    assert!(b.adopt_orphans().expect("no more orphans").is_empty());
    b.save_game(&stored, 0, &[]).expect("B serves it now");
}
