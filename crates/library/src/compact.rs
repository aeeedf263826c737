//! Version 5's migration: every game rewritten in the compact row (moves as
//! bytes, the record's JSON only where needed) with its identity, and the
//! explorer's per-game index replaced by counts per (position, move). An
//! older file may hold the same game twice (imports did not look before
//! version 5): the first is kept and the other's reports and exercises
//! move to it.

use rusqlite::{Transaction, params};

use super::entry::{GameId, LibraryGame};
use super::error::{LibraryError, StoredError, UnstorableError};
use super::openings::Tally;
use super::row::{Row, insert};
use breakline_ai::player::GameRecord;
use breakline_rules::Side;

/// The version-5 tables: the games table is built anew beside the old one
/// (SQLite cannot change a column's type), then takes its name.
pub(super) const TABLES: &str = "CREATE TABLE games_v5 (
        id INTEGER PRIMARY KEY,
        ident INTEGER NOT NULL UNIQUE,
        variant TEXT NOT NULL,
        size TEXT NOT NULL,
        white TEXT NOT NULL,
        black TEXT NOT NULL,
        white_label TEXT NOT NULL,
        black_label TEXT NOT NULL,
        person TEXT CHECK (person IN ('white', 'black')),
        rated INTEGER NOT NULL DEFAULT 0,
        time_control TEXT,
        played_at INTEGER,
        result TEXT NOT NULL,
        outcome TEXT NOT NULL,
        plies INTEGER NOT NULL,
        opening_plies INTEGER,
        start TEXT,
        moves BLOB NOT NULL,
        record TEXT,
        listed INTEGER GENERATED ALWAYS AS (coalesce(played_at, -9223372036854775808)) VIRTUAL
    );
    CREATE TABLE openings (
        key INTEGER NOT NULL,
        move INTEGER NOT NULL,
        played INTEGER NOT NULL,
        white_won INTEGER NOT NULL,
        drawn INTEGER NOT NULL,
        black_won INTEGER NOT NULL,
        PRIMARY KEY (key, move)
    ) WITHOUT ROWID;";

/// After the games are copied: the old tables go, the new one takes the
/// name, and the list's order gets its index (newest first, undated last).
const SWAP: &str = "DROP TABLE positions;
    DROP TABLE games;
    ALTER TABLE games_v5 RENAME TO games;
    CREATE INDEX games_listed ON games (listed, id);";

/// Copies every game of the version-4 table into the new one, keeping its id.
pub(super) fn compact_games(tx: &Transaction) -> Result<(), LibraryError> {
    let mut tally = Tally::default();
    let mut statement =
        tx.prepare("SELECT id, record, played_at, rated, person, opening_plies FROM games ORDER BY id")?;
    let mut rows = statement.query([])?;
    while let Some(row) = rows.next()? {
        let id = GameId(row.get(0)?);
        let game = old_game(id, row)?;
        let compact = Row::of(&game)?;
        match insert(tx, "games_v5", Some(id.0), &game, &compact)? {
            Some(_) => tally.add(&compact.openings, compact.result),
            None => merge(tx, id, compact.ident)?,
        }
    }
    drop(rows);
    drop(statement);
    tally.write_main(tx)?;
    tx.execute_batch(SWAP)?;
    let broken: i64 = tx.query_row("SELECT count(*) FROM pragma_foreign_key_check", [], |row| row.get(0))?;
    match broken {
        0 => Ok(()),
        n => Err(UnstorableError::Lost(n).into()),
    }
}

/// A version-4 row (id, record, played_at, rated, person, opening_plies) as a game.
fn old_game(id: GameId, row: &rusqlite::Row) -> Result<LibraryGame, LibraryError> {
    let bad = |why: StoredError| LibraryError::Stored { id, why };
    let (record, _) = GameRecord::from_json(&row.get::<_, String>(1)?).map_err(|e| bad(e.into()))?;
    let played_at = match row.get::<_, Option<i64>>(2)? {
        Some(second) => Some(jiff::Timestamp::from_second(second).map_err(|e| bad(e.into()))?),
        None => None,
    };
    let person = match row.get::<_, Option<String>>(4)?.as_deref() {
        Some("white") => Some(Side::White),
        Some("black") => Some(Side::Black),
        _ => None,
    };
    let mut game = LibraryGame::new(record, played_at);
    (game.rated, game.person, game.opening_plies) = (row.get(3)?, person, row.get(5)?);
    Ok(game)
}

/// Game `id` is the same as one copied before: its reports and exercises
/// go to that one (where it has none of its own), the rest with the game.
fn merge(tx: &Transaction, id: GameId, ident: i64) -> Result<(), LibraryError> {
    let kept: i64 = tx.query_row("SELECT id FROM games_v5 WHERE ident = ?1", [ident], |row| row.get(0))?;
    for table in ["reports", "exercises"] {
        tx.execute(&format!("UPDATE OR IGNORE {table} SET game_id = ?1 WHERE game_id = ?2"), params![kept, id.0])?;
        tx.execute(&format!("DELETE FROM {table} WHERE game_id = ?1"), [id.0])?;
    }
    Ok(())
}
