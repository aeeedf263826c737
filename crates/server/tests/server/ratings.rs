//! The hub when a shared store refuses a rating because another process
//! changed it meanwhile (two games of the same player ending at once): the
//! game is rated again from the rating as it is now, so both games count.
//! The other process is played by a store that changes the rating itself
//! the first time a game's end is saved, and refuses that save.

use breakline_library::glicko::Glicko;
use breakline_server::game::StoredGame;
use breakline_server::hub::Hub;
use breakline_server::ids::{GameId, PlayerId};
use breakline_server::message::{ClientMessage, ServerMessage};
use breakline_server::rating::RatingKey;
use breakline_server::spec::{ColourChoice, GameSpec};
use breakline_server::store::sqlite::SqliteStore;
use breakline_server::store::{Account, RatingUpdate, Store, StoreError};
use tokio::sync::mpsc;

use crate::client::{five_by_five, scratch};

/// The rating "another process" gives the first player rated.
const MEANWHILE: f64 = 1700.0;

struct Meddling {
    inner: SqliteStore,
    meddled: bool,
}

impl Store for Meddling {
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
        if let Some(first) = ratings.first().filter(|_| !self.meddled) {
            self.meddled = true;
            let other = Glicko { rating: MEANWHILE, ..first.before };
            self.inner.save_game(game, kept, &[RatingUpdate { after: other, ..*first }])?;
            return Err(StoreError::RatingMoved);
        }
        self.inner.save_game(game, kept, ratings)
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

#[test]
fn a_rating_changed_meanwhile_is_read_again_and_the_game_rated_from_it() {
    let dir = scratch("ratings");
    let inner = SqliteStore::open(&dir.join("db.sqlite3")).expect("the store");
    let mut hub = Hub::new(Box::new(Meddling { inner, meddled: false }), Default::default(), 0).expect("the hub");
    let mut conns = Vec::new();
    for name in ["alice", "bob"] {
        let (outbox, inbox) = mpsc::channel(64);
        let conn = hub.join(outbox);
        let id = hub.create_account(name, None, 0).expect("an account");
        hub.sign_in(conn, Account { id, name: name.into(), password_hash: None }, 0).expect("signed in");
        conns.push((conn, id, inbox));
    }
    let spec: GameSpec = serde_json::from_value(five_by_five(true, false)).expect("a spec");
    let seek = match hub.handle(conns[0].0, ClientMessage::Seek { spec, colour: ColourChoice::White }, 0) {
        Ok(ServerMessage::Seeking { seek }) => seek,
        other => panic!("a seek: {other:?}"),
    };
    assert!(matches!(hub.handle(conns[1].0, ClientMessage::AcceptSeek { seek }, 0), Ok(ServerMessage::Done)));
    let resigned = hub.handle(conns[0].0, ClientMessage::Resign { game: GameId(1) }, 10);
    assert!(matches!(resigned, Ok(ServerMessage::Done)), "{resigned:?}");
    let inbox = &mut conns[1].2;
    let rated = std::iter::from_fn(|| inbox.try_recv().ok())
        .map(|text| serde_json::from_str::<serde_json::Value>(&text).expect("JSON"))
        .find(|m| m["event"] == "rated")
        .expect("a rated event");
    // The meddling store gave the first player rated (White: Alice, who resigned) the rating meanwhile.
    assert_eq!(rated["white"]["before"], MEANWHILE, "{rated}");
    let after = rated["white"]["after"].as_f64().expect("after");
    assert!(after < MEANWHILE, "{rated}");
    assert_eq!(hub.rating(conns[0].1, RatingKey::of(&spec)).expect("the rating"), after);
}
