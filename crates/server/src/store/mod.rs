//! The store the server keeps its accounts, sessions, games and ratings in:
//! a trait, so that the server is written once over [`sqlite`], the embedded
//! default (one process owns everything), and [`postgres`], which several
//! server processes share. Every method that changes something has finished
//! writing when it returns: the server acknowledges a move only after
//! [`Store::save_game`] has returned.
//!
//! A game in play is served by one process at a time: the one that created
//! or claimed it. [`Store::games_in_play`] and [`Store::claim_game`] claim,
//! and [`Store::save_game`] of a game another process has claimed since fails
//! with [`StoreError::ServedElsewhere`] (the PostgreSQL store's rule is in
//! its module; SQLite's one process serves every game).

pub mod postgres;
pub mod sqlite;

use breakline_library::glicko::Glicko;
use thiserror::Error;

use crate::game::StoredGame;
use crate::ids::{GameId, PlayerId};
use crate::rating::RatingKey;

/// Why the store failed.
#[derive(Debug, Error)]
pub enum StoreError {
    /// The database refused or failed.
    #[error("database: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// A stored value did not read back.
    #[error("a stored value does not read: {0}")]
    Json(#[from] serde_json::Error),
    /// The database's folder could not be made.
    #[error("cannot make the database's folder: {0}")]
    Folder(#[from] std::io::Error),
    /// An account of that name exists.
    #[error("the name is taken")]
    NameTaken,
    /// No data directory is known for the default database.
    #[error("no data directory is known here: give --db PATH")]
    NoDataDirectory,
    /// PostgreSQL refused or failed, or could not be reached.
    #[error("PostgreSQL: {0}")]
    Postgres(#[from] postgres::PgError),
    /// The database's schema is newer than this server knows.
    #[error("the database's schema is version {0}, newer than this server's: upgrade the server")]
    SchemaNewer(i32),
    /// Another server process serves the game now.
    #[error("{0} is served by another server process")]
    ServedElsewhere(GameId),
    /// A rating changed between its reading and the game's saving (another
    /// process ended a game of the same player): the game is rated again.
    #[error("a rating changed while the game was saved")]
    RatingMoved,
    /// The store's own thread is gone.
    #[error("the store's connection thread stopped")]
    Stopped,
}

/// An account as the store keeps it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Account {
    /// Its id.
    pub id: PlayerId,
    /// Its name.
    pub name: String,
    /// Its password's argon2 hash (PHC string); none for a guest.
    pub password_hash: Option<String>,
}

/// A rating to write: whose, which, the value it was computed from, and its
/// new value. A store shared by several processes writes it only if the
/// rating is still `before` ([`StoreError::RatingMoved`] otherwise), so that
/// two games ending at once on two processes both count.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct RatingUpdate {
    /// Whose rating.
    pub player: PlayerId,
    /// Which of their ratings.
    pub key: RatingKey,
    /// The rating the new one was computed from.
    pub before: Glicko,
    /// The new rating.
    pub after: Glicko,
}

/// What the server keeps.
pub trait Store: Send {
    /// Makes an account; a guest has no password.
    fn create_account(&mut self, name: &str, password_hash: Option<&str>, now: u64) -> Result<PlayerId, StoreError>;
    /// The account of `name` (names compare without case).
    fn account(&self, name: &str) -> Result<Option<Account>, StoreError>;
    /// Keeps a session token's hash for `player`.
    fn add_session(&mut self, token_hash: &[u8; 32], player: PlayerId, now: u64) -> Result<(), StoreError>;
    /// The account a session token's hash belongs to.
    fn session(&self, token_hash: &[u8; 32]) -> Result<Option<Account>, StoreError>;
    /// Stores a new game (its `id` is ignored), served by this process, and gives its id.
    fn create_game(&mut self, game: &StoredGame, now: u64) -> Result<GameId, StoreError>;
    /// Writes a game's state, its moves from ply `kept` on replaced by the
    /// game's, and the ratings, in one transaction; nothing is written where
    /// another process serves the game now ([`StoreError::ServedElsewhere`])
    /// or a rating is no longer its `before` ([`StoreError::RatingMoved`]).
    fn save_game(&mut self, game: &StoredGame, kept: u32, ratings: &[RatingUpdate]) -> Result<(), StoreError>;
    /// Opens a group of writes that [`Store::end_group`] makes durable
    /// together, with one flush to disk: each [`Store::save_game`] in it
    /// still succeeds or fails alone, but none is durable before the group
    /// ends. False (and nothing opened) where the store writes each change
    /// on its own, as PostgreSQL's here does.
    fn begin_group(&mut self) -> Result<bool, StoreError> {
        Ok(false)
    }
    /// Ends the group: every save in it is on disk, or (an error) none is.
    fn end_group(&mut self) -> Result<(), StoreError> {
        Ok(())
    }
    /// A game by its id, as it is (served here or not).
    fn game(&self, id: GameId) -> Result<Option<StoredGame>, StoreError>;
    /// A game to serve here by its id: an ended one as it is, one in play
    /// claimed for this process ([`StoreError::ServedElsewhere`] where
    /// another live process serves it).
    fn claim_game(&mut self, id: GameId) -> Result<Option<StoredGame>, StoreError> {
        self.game(id)
    }
    /// Every game still being played that this process can serve, claimed
    /// for it: all of them for a store of one process.
    fn games_in_play(&mut self) -> Result<Vec<StoredGame>, StoreError>;
    /// The games in play no live process serves (their process stopped, or
    /// crashed and its lease lapsed), claimed for this one: none for a store
    /// of one process, which serves every game from its start.
    fn adopt_orphans(&mut self) -> Result<Vec<StoredGame>, StoreError> {
        Ok(Vec::new())
    }
    /// A player's rating (the default for a player with none).
    fn rating(&self, player: PlayerId, key: RatingKey) -> Result<Glicko, StoreError>;
}
