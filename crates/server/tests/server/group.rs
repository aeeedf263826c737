//! Group commit in the hub: a group of moves is acknowledged after its
//! commit, and a commit that fails leaves every game of the group as it was
//! (and answers its moves `internal`), so no move that is not on disk is in
//! play. The failing commit is played by a store whose group's end fails
//! while a flag is up (its saves are written one by one: only the hub's
//! memory is looked at here).

use breakline_library::glicko::Glicko;
use breakline_server::game::StoredGame;
use breakline_server::hub::{Hub, QueuedMove};
use breakline_server::ids::{GameId, PlayerId};
use breakline_server::message::{ClientMessage, ServerMessage};
use breakline_server::rating::RatingKey;
use breakline_server::spec::{ColourChoice, GameSpec};
use breakline_server::store::sqlite::SqliteStore;
use breakline_server::store::{Account, RatingUpdate, Store, StoreError};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use serde_json::Value;
use tokio::sync::{mpsc, oneshot};

use crate::client::{five_by_five, position_after, scratch, scripted};

/// SQLite, except that a group's end fails while `fail` is up.
struct Flaky {
    inner: SqliteStore,
    fail: Arc<AtomicBool>,
}

impl Store for Flaky {
    fn create_account(&mut self, name: &str, hash: Option<&str>, now: u64) -> Result<PlayerId, StoreError> {
        self.inner.create_account(name, hash, now)
    }
    fn account(&self, name: &str) -> Result<Option<Account>, StoreError> {
        self.inner.account(name)
    }
    fn add_session(&mut self, token_hash: &[u8; 32], player: PlayerId, now: u64) -> Result<(), StoreError> {
        self.inner.add_session(token_hash, player, now)
    }
    fn session(&self, token_hash: &[u8; 32]) -> Result<Option<Account>, StoreError> {
        self.inner.session(token_hash)
    }
    fn create_game(&mut self, game: &StoredGame, now: u64) -> Result<GameId, StoreError> {
        self.inner.create_game(game, now)
    }
    fn save_game(&mut self, game: &StoredGame, kept: u32, ratings: &[RatingUpdate]) -> Result<(), StoreError> {
        self.inner.save_game(game, kept, ratings)
    }
    fn begin_group(&mut self) -> Result<bool, StoreError> {
        Ok(true)
    }
    fn end_group(&mut self) -> Result<(), StoreError> {
        if self.fail.load(Ordering::Relaxed) { Err(StoreError::Stopped) } else { Ok(()) }
    }
    fn game(&self, id: GameId) -> Result<Option<StoredGame>, StoreError> {
        self.inner.game(id)
    }
    fn games_in_play(&mut self) -> Result<Vec<StoredGame>, StoreError> {
        self.inner.games_in_play()
    }
    fn rating(&self, player: PlayerId, key: RatingKey) -> Result<Glicko, StoreError> {
        self.inner.rating(player, key)
    }
}

fn queued(conn: u64, ply: u32, mv: String) -> QueuedMove {
    let (done, _) = oneshot::channel();
    QueuedMove { conn, id: Some(u64::from(ply) + 1), game: GameId(1), ply, mv, lag_ms: 0, at: 10, done }
}

fn answers(inbox: &mut mpsc::Receiver<String>) -> Vec<Value> {
    std::iter::from_fn(|| inbox.try_recv().ok()).map(|text| serde_json::from_str(&text).expect("JSON")).collect()
}

#[test]
fn a_failed_group_commit_leaves_its_games_as_they_were() {
    let dir = scratch("group");
    let inner = SqliteStore::open(&dir.join("db.sqlite3")).expect("the store");
    let fail = Arc::new(AtomicBool::new(true));
    let mut hub = Hub::new(Box::new(Flaky { inner, fail: fail.clone() }), Default::default(), 0).expect("the hub");
    let mut conns = Vec::new();
    for name in ["alice", "bob"] {
        let (outbox, inbox) = mpsc::channel(64);
        let conn = hub.join(outbox);
        let id = hub.create_account(name, None, 0).expect("an account");
        hub.sign_in(conn, Account { id, name: name.into(), password_hash: None }, 0).expect("signed in");
        conns.push((conn, inbox));
    }
    let spec: GameSpec = serde_json::from_value(five_by_five(false, true)).expect("a spec");
    let seek = match hub.handle(conns[0].0, ClientMessage::Seek { spec, colour: ColourChoice::White }, 0) {
        Ok(ServerMessage::Seeking { seek }) => seek,
        other => panic!("a seek: {other:?}"),
    };
    assert!(matches!(hub.handle(conns[1].0, ClientMessage::AcceptSeek { seek }, 0), Ok(ServerMessage::Done)));
    answers(&mut conns[0].1);
    let first = scripted(&position_after(&[]));
    hub.play_group(vec![queued(conns[0].0, 0, first.clone())]);
    let refused = answers(&mut conns[0].1);
    assert!(refused.iter().all(|m| m["event"] != "moved"), "no event for a move not on disk: {refused:?}");
    assert!(refused.iter().any(|m| m["type"] == "error" && m["code"] == "internal"), "{refused:?}");
    // The game is as it was: the same move at the same ply is played anew
    // (its event sent), not answered as a repeat.
    fail.store(false, Ordering::Relaxed);
    hub.play_group(vec![queued(conns[0].0, 0, first)]);
    let played = answers(&mut conns[0].1);
    assert!(played.iter().any(|m| m["type"] == "move_ack" && m["version"] == 2), "{played:?}");
    assert!(played.iter().any(|m| m["event"] == "moved" && m["ply"] == 0), "{played:?}");
}
