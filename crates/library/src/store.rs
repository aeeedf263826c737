//! The library file: opened (checked first, migrated), and games stored,
//! read back and deleted, every write a transaction. The journal is SQLite's
//! write-ahead log, so a process killed mid-write loses only the game it was
//! writing.

use std::path::{Path, PathBuf};

use rusqlite::{Connection, OptionalExtension, Transaction, params};

use super::check::{Found, inspect};
use super::entry::{GameId, LibraryGame};
use super::error::LibraryError;
use super::positions::index_game;
use super::schema::migrate;
use breakline_ai::game_text::result_token;
use breakline_ai::player::GameRecord;
use breakline_rules::Side;
use breakline_rules::position::Position;

/// The library file's name in the person's data directory.
const FILE_NAME: &str = "library.sqlite3";

/// The page cache, KiB.
const CACHE_KIB: i64 = 64 * 1024;

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
        conn.pragma_update(None, "foreign_keys", true)?;
        let version = match found {
            Found::Nothing => 0,
            Found::Library(version) => version,
        };
        migrate(&mut conn, version)?;
        // After the first migration, so a file is never left without its
        // application id; NORMAL synchronous in WAL keeps every committed
        // transaction through a killed process (only a power cut may lose
        // the last few).
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        // The explorer's index is written at random places (by hash): a
        // page cache of CACHE_KIB keeps an import from rereading it.
        conn.pragma_update(None, "cache_size", -CACHE_KIB)?;
        Ok(Library { conn, path: path.to_path_buf() })
    }

    /// The library's file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Stores `game` in one transaction and returns its id.
    pub fn add(&mut self, game: &LibraryGame) -> Result<GameId, LibraryError> {
        let ids = self.add_all(std::slice::from_ref(game))?;
        ids.first().copied().ok_or_else(|| LibraryError::Unstorable("nothing was stored".into()))
    }

    /// Stores `games` in one transaction (all or none) and returns their
    /// ids: a file of games goes in batches, as one transaction a game
    /// rewrites the explorer's index pages for every game.
    pub fn add_all(&mut self, games: &[LibraryGame]) -> Result<Vec<GameId>, LibraryError> {
        let rows = games.iter().map(Row::of).collect::<Result<Vec<_>, _>>()?;
        let tx = self.conn.transaction()?;
        let mut ids = Vec::with_capacity(rows.len());
        for (game, row) in games.iter().zip(&rows) {
            let id = insert(&tx, game, row)?;
            index_game(&tx, id, &row.record)?;
            ids.push(id);
        }
        tx.commit()?;
        Ok(ids)
    }

    /// The game `id`, its record replayed and checked.
    pub fn get(&self, id: GameId) -> Result<LibraryGame, LibraryError> {
        self.conn
            .query_row(
                "SELECT record, played_at, rated, person, opening_plies FROM games WHERE id = ?1",
                [id.0],
                |row| Ok(stored_game(id, row)),
            )
            .optional()?
            .ok_or(LibraryError::Missing(id))?
    }

    /// Deletes the game `id` with everything kept of it; `false` if there was none.
    pub fn delete(&mut self, id: GameId) -> Result<bool, LibraryError> {
        let tx = self.conn.transaction()?;
        let deleted = tx.execute("DELETE FROM games WHERE id = ?1", [id.0])?;
        tx.commit()?;
        Ok(deleted > 0)
    }

    /// How many games the library holds.
    pub fn count(&self) -> Result<u64, LibraryError> {
        Ok(self.conn.query_row("SELECT count(*) FROM games", [], |row| row.get::<_, i64>(0))? as u64)
    }
}

/// What a game's row holds that is computed from its record.
struct Row {
    record: GameRecord,
    end: Position,
    json: String,
    outcome: String,
}

impl Row {
    /// The record replayed and checked, and its JSON forms.
    fn of(game: &LibraryGame) -> Result<Row, LibraryError> {
        let unstorable = |e: &dyn std::fmt::Display| LibraryError::Unstorable(e.to_string());
        let (record, end) = game.record.rebuilt().map_err(|e| unstorable(&e))?;
        let json = serde_json::to_string(&record).map_err(|e| unstorable(&e))?;
        let outcome = serde_json::to_string(&record.result).map_err(|e| unstorable(&e))?;
        Ok(Row { record, end, json, outcome })
    }
}

/// Inserts the game's row (inside the caller's transaction).
fn insert(tx: &Transaction, game: &LibraryGame, row: &Row) -> Result<GameId, LibraryError> {
    let record = &row.record;
    tx.prepare_cached(
        "INSERT INTO games (variant, size, white, black, white_label, black_label, person, rated,
            time_control, played_at, result, outcome, plies, moves, opening_plies, record)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)",
    )?
    .execute(params![
        row.end.variant().id(),
        row.end.size().to_string(),
        record.white.display_name(),
        record.black.display_name(),
        record.white.label(),
        record.black.label(),
        game.person.map(Side::name),
        game.rated,
        record.time_control.map(|tc| tc.to_string()),
        game.played_at.map(|t| t.as_second()),
        result_token(record.result),
        row.outcome,
        record.moves.len() as i64,
        record.moves.iter().map(|m| m.notation.as_str()).collect::<Vec<_>>().join(" "),
        game.opening_plies,
        row.json,
    ])?;
    Ok(GameId(tx.last_insert_rowid()))
}

/// A game from its row (record, played_at, rated, person, opening_plies).
fn stored_game(id: GameId, row: &rusqlite::Row) -> Result<LibraryGame, LibraryError> {
    let bad = |why: String| LibraryError::Stored { id, why };
    let json: String = row.get(0)?;
    let (record, _) = GameRecord::from_json(&json).map_err(|e| bad(e.to_string()))?;
    let played_at = match row.get::<_, Option<i64>>(1)? {
        Some(second) => Some(jiff::Timestamp::from_second(second).map_err(|e| bad(e.to_string()))?),
        None => None,
    };
    let person = match row.get::<_, Option<String>>(3)?.as_deref() {
        None => None,
        Some("white") => Some(Side::White),
        Some("black") => Some(Side::Black),
        Some(other) => return Err(bad(format!("unknown side '{other}'"))),
    };
    Ok(LibraryGame { record, played_at, rated: row.get(2)?, person, opening_plies: row.get(4)? })
}
