//! Why the library cannot do what was asked: each reason in one line.

use std::num::TryFromIntError;
use std::path::PathBuf;

use thiserror::Error;

use super::entry::GameId;
use breakline_ai::search::ConfigError;
use breakline_rules::SizeError;
use breakline_rules::clock::TimeControlError;
use breakline_rules::error::{FenError, MoveError};
use breakline_rules::record::RecordError;
use breakline_rules::record::game_text::GameTextError;

/// Why a library file cannot be opened, read or written.
#[derive(Debug, Error)]
pub enum LibraryError {
    /// The file is not a Breakline library: not SQLite, damaged, or another
    /// program's database. It was not changed.
    #[error("{} is not a Breakline library ({why}); the file was left as it was", path.display())]
    Foreign {
        /// The file.
        path: PathBuf,
        /// What gave it away.
        #[source]
        why: ForeignSign,
    },
    /// The file was written by a newer Breakline, whose schema this build does not know.
    #[error("{} is a library of a newer Breakline (schema {found}; this build knows up to {known}); the file was left as it was", path.display())]
    Newer {
        /// The file.
        path: PathBuf,
        /// Its schema version.
        found: i64,
        /// The newest this build knows.
        known: i64,
    },
    /// The folder that holds the library cannot be made.
    #[error("cannot make the library's folder {}: {source}", path.display())]
    Folder {
        /// The folder.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// This system names no data directory for the default library.
    #[error("this system has no data directory for the library; name a file with --db")]
    NoDataDirectory,
    /// The database refused an operation (disk full, file locked, ...).
    #[error("library: {0}")]
    Database(#[from] rusqlite::Error),
    /// No game has this id.
    #[error("no game {0} in the library")]
    Missing(GameId),
    /// A stored game's record cannot be read back (written by hand, or damaged).
    #[error("game {id} in the library cannot be read: {why}")]
    Stored {
        /// The game.
        id: GameId,
        /// Why.
        #[source]
        why: StoredError,
    },
    /// A game cannot be stored: its record does not replay, or cannot be encoded.
    #[error("the game cannot be stored: {0}")]
    Unstorable(#[from] UnstorableError),
}

/// What shows a file is not a Breakline library.
#[derive(Debug, Error)]
pub enum ForeignSign {
    /// Its first bytes cannot be read.
    #[error("cannot be read: {0}")]
    Unreadable(#[from] std::io::Error),
    /// SQLite cannot open or query it.
    #[error(transparent)]
    Database(#[from] rusqlite::Error),
    /// It does not begin as SQLite files do.
    #[error("not an SQLite database")]
    NotSqlite,
    /// Its application id is not Breakline's.
    #[error("an SQLite database of another program")]
    OtherProgram,
    /// It has no table of games.
    #[error("its games table is missing")]
    NoGames,
}

/// Why a stored game's row cannot be made into a game again: the part that
/// refused it says why, in its own words.
#[derive(Debug, Error)]
pub enum StoredError {
    /// Its record's JSON does not read or replay.
    #[error(transparent)]
    Record(#[from] RecordError),
    /// Its variant or board is not one the rules know.
    #[error(transparent)]
    Size(#[from] SizeError),
    /// Its start position does not read.
    #[error(transparent)]
    Start(#[from] FenError),
    /// One of its moves does not play.
    #[error(transparent)]
    Move(#[from] MoveError),
    /// A player's config does not read.
    #[error(transparent)]
    Player(#[from] ConfigError),
    /// Its time control does not read.
    #[error(transparent)]
    TimeControl(#[from] TimeControlError),
    /// Its outcome or report is not the JSON written.
    #[error(transparent)]
    Json(#[from] serde_json::Error),
    /// Its instant is off the calendar.
    #[error(transparent)]
    Time(#[from] jiff::Error),
    /// A count is out of range.
    #[error(transparent)]
    Number(#[from] TryFromIntError),
    /// Its side is neither `white` nor `black`.
    #[error("unknown side '{0}'")]
    Side(String),
    /// Its mark is not one of the marks.
    #[error("mark '{0}'")]
    Mark(String),
}

/// Why a game cannot be written into the library.
#[derive(Debug, Error)]
pub enum UnstorableError {
    /// Its record does not replay.
    #[error(transparent)]
    Record(#[from] RecordError),
    /// The row's columns do not make it again.
    #[error(transparent)]
    Columns(#[from] StoredError),
    /// One of its moves does not play.
    #[error(transparent)]
    Move(#[from] MoveError),
    /// Its record or report cannot be written as JSON.
    #[error(transparent)]
    Json(#[from] serde_json::Error),
    /// Its text cannot be written.
    #[error(transparent)]
    Text(#[from] GameTextError),
    /// A move's square lies off the largest board the codes hold.
    #[error("a square off the largest board")]
    OffBoard,
    /// A store of games stored none.
    #[error("nothing was stored")]
    Nothing,
    /// A migration lost games.
    #[error("{0} rows lost their game in the migration")]
    Lost(i64),
}
