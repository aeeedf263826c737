//! The look before the library opens a file for writing: an existing file is
//! opened read-only first and must be SQLite with the library's
//! `application_id`, a schema version this build knows and the games table;
//! anything else is refused with the file untouched. An empty file (one that
//! was created but never written) is taken for a new library.

use std::io::Read;
use std::path::Path;

use rusqlite::{Connection, OpenFlags};

use super::error::{ForeignSign, LibraryError};
use super::schema::{APPLICATION_ID, SCHEMA_VERSION};

/// The first bytes of every SQLite database file.
const SQLITE_MAGIC: &[u8; 16] = b"SQLite format 3\0";

/// What an existing file holds, if it may be opened as a library.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Found {
    /// No file, or an empty one: a new library.
    Nothing,
    /// A library at this schema version.
    Library(i64),
}

/// Checks the file at `path` without writing to it.
pub(super) fn inspect(path: &Path) -> Result<Found, LibraryError> {
    let foreign = |why: ForeignSign| LibraryError::Foreign { path: path.to_path_buf(), why };
    let mut head = Vec::with_capacity(SQLITE_MAGIC.len());
    match std::fs::File::open(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Found::Nothing),
        Err(e) => return Err(foreign(e.into())),
        Ok(file) => {
            file.take(SQLITE_MAGIC.len() as u64).read_to_end(&mut head).map_err(|e| foreign(e.into()))?;
        }
    }
    if head.is_empty() {
        return Ok(Found::Nothing);
    }
    if head.as_slice() != SQLITE_MAGIC {
        return Err(foreign(ForeignSign::NotSqlite));
    }
    let conn = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX)
        .map_err(|e| foreign(e.into()))?;
    let read = |pragma: &str| -> Result<i64, LibraryError> {
        conn.pragma_query_value(None, pragma, |row| row.get(0)).map_err(|e| foreign(e.into()))
    };
    if read("application_id")? != i64::from(APPLICATION_ID) {
        return Err(foreign(ForeignSign::OtherProgram));
    }
    let version = read("user_version")?;
    if version > SCHEMA_VERSION {
        return Err(LibraryError::Newer { path: path.to_path_buf(), found: version, known: SCHEMA_VERSION });
    }
    let tables: i64 = conn
        .query_row("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'games'", [], |row| row.get(0))
        .map_err(|e| foreign(e.into()))?;
    if version < 1 || tables != 1 {
        return Err(foreign(ForeignSign::NoGames));
    }
    Ok(Found::Library(version))
}
