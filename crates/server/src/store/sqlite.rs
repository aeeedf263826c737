//! The embedded store: one SQLite file, written in WAL mode with
//! `synchronous = FULL`, so a move whose write returned survives the
//! process's `kill -9` (and the machine's power loss).

use std::path::{Path, PathBuf};

use breakline_library::glicko::Glicko;
use rusqlite::{Connection, OptionalExtension, Row, params};

use super::{Account, RatingUpdate, Store, StoreError};
use crate::game::StoredGame;
use crate::ids::{GameId, PlayerId};
use crate::rating::RatingKey;

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS players (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE COLLATE NOCASE,
    password_hash TEXT, created_ms INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS sessions (
    token_hash BLOB PRIMARY KEY, player INTEGER NOT NULL REFERENCES players (id),
    created_ms INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY, spec TEXT NOT NULL,
    white INTEGER NOT NULL REFERENCES players (id), black INTEGER NOT NULL REFERENCES players (id),
    white_name TEXT NOT NULL, black_name TEXT NOT NULL,
    clock TEXT NOT NULL, result TEXT NOT NULL, over INTEGER NOT NULL,
    version INTEGER NOT NULL, created_ms INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS games_in_play ON games (over);
CREATE TABLE IF NOT EXISTS moves (
    game INTEGER NOT NULL REFERENCES games (id), ply INTEGER NOT NULL, mv TEXT NOT NULL,
    PRIMARY KEY (game, ply)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS ratings (
    player INTEGER NOT NULL REFERENCES players (id), key TEXT NOT NULL,
    rating REAL NOT NULL, deviation REAL NOT NULL, volatility REAL NOT NULL,
    PRIMARY KEY (player, key)) WITHOUT ROWID;
PRAGMA user_version = 1;";

const GAME_COLUMNS: &str = "id, spec, white, black, white_name, black_name, clock, result, version";

/// The server's SQLite file.
pub struct SqliteStore {
    conn: Connection,
    /// Inside a group ([`Store::begin_group`]): each save is a savepoint of
    /// the group's one transaction.
    grouped: bool,
}

/// `server.sqlite3` in the person's data directory.
pub fn default_path() -> Result<PathBuf, StoreError> {
    let dir = dirs::data_dir().ok_or(StoreError::NoDataDirectory)?;
    Ok(dir.join("breakline").join("server.sqlite3"))
}

impl SqliteStore {
    /// Opens (or makes) the file at `path`.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)?;
        }
        let conn = Connection::open(path)?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        conn.execute_batch(SCHEMA)?;
        Ok(SqliteStore { conn, grouped: false })
    }

    /// Runs `work` in one transaction (one fsync for all its writes),
    /// rolled back if it fails: the load benchmark's thousands of accounts.
    pub fn batch<T>(&mut self, work: impl FnOnce(&mut SqliteStore) -> Result<T, StoreError>) -> Result<T, StoreError> {
        self.conn.execute_batch("BEGIN")?;
        match work(self) {
            Ok(done) => {
                self.conn.execute_batch("COMMIT")?;
                Ok(done)
            }
            Err(e) => {
                let _ = self.conn.execute_batch("ROLLBACK");
                Err(e)
            }
        }
    }

    fn account_row(row: &Row<'_>) -> rusqlite::Result<Account> {
        Ok(Account { id: PlayerId(row.get(0)?), name: row.get(1)?, password_hash: row.get(2)? })
    }

    fn game_row(&self, row: &Row<'_>) -> Result<StoredGame, StoreError> {
        let id = GameId(row.get(0)?);
        let mut moves = self.conn.prepare_cached("SELECT mv FROM moves WHERE game = ?1 ORDER BY ply")?;
        let moves = moves.query_map([id.0], |r| r.get(0))?.collect::<Result<Vec<String>, _>>()?;
        Ok(StoredGame {
            id,
            spec: serde_json::from_str(&row.get::<_, String>(1)?)?,
            players: [PlayerId(row.get(2)?), PlayerId(row.get(3)?)],
            names: [row.get(4)?, row.get(5)?],
            moves,
            clock: serde_json::from_str(&row.get::<_, String>(6)?)?,
            result: serde_json::from_str(&row.get::<_, String>(7)?)?,
            version: row.get::<_, i64>(8)? as u64,
        })
    }

    fn games_where(&self, condition: &str, arg: i64) -> Result<Vec<StoredGame>, StoreError> {
        let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE {condition} ORDER BY id");
        let mut statement = self.conn.prepare(&sql)?;
        let mut rows = statement.query([arg])?;
        let mut games = Vec::new();
        while let Some(row) = rows.next()? {
            games.push(self.game_row(row)?);
        }
        Ok(games)
    }
}

impl Store for SqliteStore {
    fn create_account(&mut self, name: &str, password_hash: Option<&str>, now: u64) -> Result<PlayerId, StoreError> {
        let inserted = self.conn.execute(
            "INSERT INTO players (name, password_hash, created_ms) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING",
            params![name, password_hash, now as i64],
        )?;
        if inserted == 0 {
            return Err(StoreError::NameTaken);
        }
        Ok(PlayerId(self.conn.last_insert_rowid()))
    }

    fn account(&self, name: &str) -> Result<Option<Account>, StoreError> {
        let mut statement = self.conn.prepare_cached("SELECT id, name, password_hash FROM players WHERE name = ?1")?;
        Ok(statement.query_row([name], SqliteStore::account_row).optional()?)
    }

    fn add_session(&mut self, token_hash: &[u8; 32], player: PlayerId, now: u64) -> Result<(), StoreError> {
        self.conn.execute(
            "INSERT INTO sessions (token_hash, player, created_ms) VALUES (?1, ?2, ?3)",
            params![&token_hash[..], player.0, now as i64],
        )?;
        Ok(())
    }

    fn session(&self, token_hash: &[u8; 32]) -> Result<Option<Account>, StoreError> {
        let mut statement = self.conn.prepare_cached(
            "SELECT p.id, p.name, p.password_hash FROM sessions s JOIN players p ON p.id = s.player
             WHERE s.token_hash = ?1",
        )?;
        Ok(statement.query_row([&token_hash[..]], SqliteStore::account_row).optional()?)
    }

    fn create_game(&mut self, game: &StoredGame, now: u64) -> Result<GameId, StoreError> {
        self.conn.execute(
            "INSERT INTO games (spec, white, black, white_name, black_name, clock, result, over, version, created_ms)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
            params![
                serde_json::to_string(&game.spec)?,
                game.players[0].0,
                game.players[1].0,
                game.names[0],
                game.names[1],
                serde_json::to_string(&game.clock)?,
                serde_json::to_string(&game.result)?,
                game.result.is_over(),
                game.version as i64,
                now as i64,
            ],
        )?;
        Ok(GameId(self.conn.last_insert_rowid()))
    }

    fn save_game(&mut self, game: &StoredGame, kept: u32, ratings: &[RatingUpdate]) -> Result<(), StoreError> {
        if self.grouped {
            // Rolled back alone if it fails (the savepoint's drop); made
            // durable with the rest of the group.
            let savepoint = self.conn.savepoint()?;
            write_game(&savepoint, game, kept, ratings)?;
            savepoint.commit()?;
        } else {
            let tx = self.conn.transaction()?;
            write_game(&tx, game, kept, ratings)?;
            tx.commit()?;
        }
        Ok(())
    }

    fn begin_group(&mut self) -> Result<bool, StoreError> {
        self.conn.execute_batch("BEGIN IMMEDIATE")?;
        self.grouped = true;
        Ok(true)
    }

    fn end_group(&mut self) -> Result<(), StoreError> {
        self.grouped = false;
        if let Err(e) = self.conn.execute_batch("COMMIT") {
            let _ = self.conn.execute_batch("ROLLBACK");
            return Err(e.into());
        }
        Ok(())
    }

    fn game(&self, id: GameId) -> Result<Option<StoredGame>, StoreError> {
        Ok(self.games_where("id = ?1", id.0)?.pop())
    }

    fn games_in_play(&mut self) -> Result<Vec<StoredGame>, StoreError> {
        self.games_where("over = ?1", 0)
    }

    fn rating(&self, player: PlayerId, key: RatingKey) -> Result<Glicko, StoreError> {
        let mut statement = self
            .conn
            .prepare_cached("SELECT rating, deviation, volatility FROM ratings WHERE player = ?1 AND key = ?2")?;
        let found = statement
            .query_row(params![player.0, key.id()], |r| {
                Ok(Glicko { rating: r.get(0)?, deviation: r.get(1)?, volatility: r.get(2)? })
            })
            .optional()?;
        Ok(found.unwrap_or_default())
    }
}

/// Writes a game's state, its moves from ply `kept` on, and the ratings, in
/// the transaction or savepoint `conn` is in.
fn write_game(conn: &Connection, game: &StoredGame, kept: u32, ratings: &[RatingUpdate]) -> Result<(), StoreError> {
    conn.execute("DELETE FROM moves WHERE game = ?1 AND ply >= ?2", params![game.id.0, kept])?;
    let mut insert = conn.prepare_cached("INSERT INTO moves (game, ply, mv) VALUES (?1, ?2, ?3)")?;
    for (ply, mv) in game.moves.iter().enumerate().skip(kept as usize) {
        insert.execute(params![game.id.0, ply as i64, mv])?;
    }
    conn.execute(
        "UPDATE games SET clock = ?2, result = ?3, over = ?4, version = ?5 WHERE id = ?1",
        params![
            game.id.0,
            serde_json::to_string(&game.clock)?,
            serde_json::to_string(&game.result)?,
            game.result.is_over(),
            game.version as i64,
        ],
    )?;
    // One process, under the hub's one lock: the ratings read before
    // are the ratings now.
    for RatingUpdate { player, key, after: g, .. } in ratings {
        conn.execute(
            "INSERT INTO ratings (player, key, rating, deviation, volatility) VALUES (?1, ?2, ?3, ?4, ?5)
             ON CONFLICT (player, key) DO UPDATE SET rating = ?3, deviation = ?4, volatility = ?5",
            params![player.0, key.id(), g.rating, g.deviation, g.volatility],
        )?;
    }
    Ok(())
}
