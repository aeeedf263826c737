//! The library file: opened (checked first, migrated), and games stored
//! once (a game already held is found, not stored again), read back and
//! deleted, every write a transaction. The journal is SQLite's write-ahead
//! log, so a process killed mid-write loses only the transaction it was
//! writing.

use std::path::{Path, PathBuf};

use rusqlite::functions::FunctionFlags;
use rusqlite::{Connection, OptionalExtension, Transaction};

use super::check::{Found, inspect};
use super::codes;
use super::entry::{GameId, Kept, LibraryGame};
use super::error::{LibraryError, StoredError, UnstorableError};
use super::openings::{MERGE_BATCHES, Tally, merge, pairs};
use super::row::{COLUMNS, Row, columns_of, insert, stored_game};
use super::schema::migrate;
use breakline_rules::BoardSize;

/// The library file's name in the person's data directory.
const FILE_NAME: &str = "library.sqlite3";

/// The page cache, KiB.
const CACHE_KIB: i64 = 64 * 1024;

/// Pages of write-ahead log (4 KiB each) between checkpoints.
const CHECKPOINT_PAGES: i64 = 16 * 1024;

/// Bytes of write-ahead log kept on disk after a checkpoint: a merge of the
/// explorer's index writes hundreds of MiB of log, which is then cut back.
const LOG_KEPT_BYTES: i64 = 64 * 1024 * 1024;

/// An open library.
pub struct Library {
    pub(super) conn: Connection,
    path: PathBuf,
}

/// The library's file when none is named: `breakline/library.sqlite3` in the
/// person's data directory (`~/.local/share` on Linux).
pub fn default_path() -> Result<PathBuf, LibraryError> {
    let dir = dirs::data_dir().ok_or(LibraryError::NoDataDirectory)?;
    Ok(dir.join("breakline").join(FILE_NAME))
}

impl Library {
    /// Opens the library at `path`, making it (and its folder) if there is
    /// none; a file that is not a library is refused and left as it was.
    pub fn open(path: &Path) -> Result<Library, LibraryError> {
        let found = inspect(path)?;
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|source| LibraryError::Folder { path: dir.into(), source })?;
        }
        let mut conn = Connection::open(path)?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        let version = match found {
            Found::Nothing => 0,
            Found::Library(version) => version,
        };
        // Off while migrating: a migration that rebuilds the games table
        // drops the old one, which must not delete its reports with it.
        conn.pragma_update(None, "foreign_keys", false)?;
        migrate(&mut conn, version)?;
        conn.pragma_update(None, "foreign_keys", true)?;
        add_moves_text(&conn)?;
        // After the first migration, so a file is never left without its
        // application id; NORMAL synchronous in WAL keeps every committed
        // transaction through a killed process (only a power cut may lose
        // the last few).
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        // The explorer's index is written at random places (by hash): a
        // page cache of CACHE_KIB keeps an import from rereading it.
        conn.pragma_update(None, "cache_size", -CACHE_KIB)?;
        // Checkpoints every CHECKPOINT_PAGES of log, not SQLite's 1,000: an
        // import's batches touch the same index pages, which a checkpoint
        // then writes into the file once, not once a batch.
        conn.pragma_update(None, "wal_autocheckpoint", CHECKPOINT_PAGES)?;
        conn.pragma_update(None, "journal_size_limit", LOG_KEPT_BYTES)?;
        Ok(Library { conn, path: path.to_path_buf() })
    }

    /// The library's file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Stores `game` in one transaction and returns its id (the stored
    /// one's if the library holds the same game: the same variant, board,
    /// start, moves, outcome, players and day).
    pub fn add(&mut self, game: &LibraryGame) -> Result<GameId, LibraryError> {
        let ids = self.add_all(std::slice::from_ref(game))?;
        ids.first().copied().ok_or(LibraryError::Unstorable(UnstorableError::Nothing))
    }

    /// Stores `games` in one transaction (all or none) and returns their
    /// ids, a game the library already holds by the id it has.
    pub fn add_all(&mut self, games: &[LibraryGame]) -> Result<Vec<GameId>, LibraryError> {
        Ok(self.store_all(games)?.into_iter().map(|kept| kept.id).collect())
    }

    /// Stores `games` in one transaction (all or none) and says of each
    /// whether it was new or already held.
    pub fn store_all(&mut self, games: &[LibraryGame]) -> Result<Vec<Kept>, LibraryError> {
        let mut batch = self.batch()?;
        let kept = games.iter().map(|game| batch.store(game)).collect::<Result<Vec<_>, _>>()?;
        let logged = batch.commit()?;
        self.logged(logged)?;
        Ok(kept)
    }

    /// After a transaction that wrote batch `batch` of the explorer's log:
    /// merges the log once it holds [`MERGE_BATCHES`].
    pub(super) fn logged(&mut self, batch: i64) -> Result<(), LibraryError> {
        match batch >= MERGE_BATCHES {
            true => self.merge_explorer(),
            false => Ok(()),
        }
    }

    /// Merges the explorer's log into its main index, in one transaction
    /// (storing games does it by itself once the log holds many batches;
    /// the explorer's answers are the same before and after).
    pub fn merge_explorer(&mut self) -> Result<(), LibraryError> {
        let tx = self.conn.transaction()?;
        merge(&tx)?;
        tx.commit()?;
        Ok(())
    }

    /// A transaction that stores games one by one.
    pub(super) fn batch(&mut self) -> Result<Batch<'_>, LibraryError> {
        Ok(Batch { tx: self.conn.transaction()?, tally: Tally::default() })
    }

    /// The game `id`, its record replayed and checked.
    pub fn get(&self, id: GameId) -> Result<LibraryGame, LibraryError> {
        self.conn
            .query_row(&format!("SELECT {COLUMNS} FROM games WHERE id = ?1"), [id.0], |row| Ok(stored_game(id, row)))
            .optional()?
            .ok_or(LibraryError::Missing(id))?
    }

    /// Deletes the game `id` with everything kept of it (its counts in the
    /// explorer included); `false` if there was none.
    pub fn delete(&mut self, id: GameId) -> Result<bool, LibraryError> {
        let tx = self.conn.transaction()?;
        let found = tx
            .query_row(&format!("SELECT {COLUMNS} FROM games WHERE id = ?1"), [id.0], |row| Ok(columns_of(row)))
            .optional()?;
        let Some(columns) = found.transpose()? else { return Ok(false) };
        let bad = |why: StoredError| LibraryError::Stored { id, why };
        let record = columns.record().map_err(bad)?;
        let start = record.start_position().map_err(|e| bad(e.into()))?;
        let mut tally = Tally::default();
        tally.take(&pairs(&start, codes::moves(&columns.moves))?, record.result);
        let logged = tally.write_log(&tx)?;
        tx.execute("DELETE FROM games WHERE id = ?1", [id.0])?;
        tx.commit()?;
        self.logged(logged)?;
        Ok(true)
    }

    /// How many games the library holds.
    pub fn count(&self) -> Result<u64, LibraryError> {
        Ok(self.conn.query_row("SELECT count(*) FROM games", [], |row| row.get::<_, i64>(0))? as u64)
    }

    /// The bytes the library's pages take (its write-ahead log included).
    pub fn stored_bytes(&self) -> Result<u64, LibraryError> {
        let pages: i64 = self.conn.pragma_query_value(None, "page_count", |row| row.get(0))?;
        let size: i64 = self.conn.pragma_query_value(None, "page_size", |row| row.get(0))?;
        Ok((pages * size) as u64)
    }
}

/// Games being stored in one transaction, with their explorer counts
/// summed until it commits.
pub(super) struct Batch<'c> {
    tx: Transaction<'c>,
    tally: Tally,
}

impl Batch<'_> {
    /// Stores `game` unless the library holds the same one.
    pub(super) fn store(&mut self, game: &LibraryGame) -> Result<Kept, LibraryError> {
        self.store_row(game, &Row::of(game)?)
    }

    /// Stores `game`, whose row is `row`, unless the library holds the same one.
    pub(super) fn store_row(&mut self, game: &LibraryGame, row: &Row) -> Result<Kept, LibraryError> {
        match insert(&self.tx, "games", None, game, row)? {
            Some(id) => {
                self.tally.add(&row.openings, row.result);
                Ok(Kept { id, new: true })
            }
            None => {
                let id = self.tx.query_row("SELECT id FROM games WHERE ident = ?1", [row.ident], |r| r.get(0))?;
                Ok(Kept { id: GameId(id), new: false })
            }
        }
    }

    /// Writes the explorer's counts to its log and commits every game
    /// stored; the log's batch written.
    pub(super) fn commit(mut self) -> Result<i64, LibraryError> {
        let logged = self.tally.write_log(&self.tx)?;
        self.tx.commit()?;
        Ok(logged)
    }
}

/// `moves_text(moves, size)`: a stored main line in notation, for the
/// list's text search.
fn add_moves_text(conn: &Connection) -> Result<(), LibraryError> {
    conn.create_scalar_function(
        "moves_text",
        2,
        FunctionFlags::SQLITE_UTF8 | FunctionFlags::SQLITE_DETERMINISTIC,
        |ctx| {
            let size: BoardSize =
                ctx.get::<String>(1)?.parse().map_err(|e| rusqlite::Error::UserFunctionError(Box::new(e)))?;
            Ok(codes::notation(&ctx.get::<Vec<u8>>(0)?, size))
        },
    )?;
    Ok(())
}
