//! Why the library cannot do what was asked: each reason in one line.

use std::path::PathBuf;

use thiserror::Error;

use super::entry::GameId;

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
        why: String,
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
        why: String,
    },
    /// A game cannot be stored: its record does not replay, or cannot be encoded.
    #[error("the game cannot be stored: {0}")]
    Unstorable(String),
}
