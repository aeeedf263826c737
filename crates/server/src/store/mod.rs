//! The store the server keeps its accounts, sessions, games and ratings in:
//! a trait, so that the server is written once and a PostgreSQL store can
//! implement it later beside [`sqlite`], the embedded default. Every method
//! that changes something has finished writing when it returns: the server
//! acknowledges a move only after [`Store::save_game`] has returned.

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

/// A rating to write: whose, which, and its new value.
pub type RatingUpdate = (PlayerId, RatingKey, Glicko);

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
    /// Stores a new game (its `id` is ignored) and gives its id.
    fn create_game(&mut self, game: &StoredGame, now: u64) -> Result<GameId, StoreError>;
    /// Writes a game's state, its moves from ply `kept` on replaced by the
    /// game's, and the ratings, in one transaction.
    fn save_game(&mut self, game: &StoredGame, kept: u32, ratings: &[RatingUpdate]) -> Result<(), StoreError>;
    /// A game by its id.
    fn game(&self, id: GameId) -> Result<Option<StoredGame>, StoreError>;
    /// Every game still being played.
    fn games_in_play(&self) -> Result<Vec<StoredGame>, StoreError>;
    /// A player's rating (the default for a player with none).
    fn rating(&self, player: PlayerId, key: RatingKey) -> Result<Glicko, StoreError>;
}
