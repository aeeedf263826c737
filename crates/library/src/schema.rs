//! The library's tables and their history: the file says which version of
//! the schema it holds (`PRAGMA user_version`), and opening it runs every
//! migration after that one, each in a transaction of its own, so a file of
//! any earlier version opens and a kill mid-migration leaves the version
//! before. The file names its owner (`PRAGMA application_id`), so another
//! program's database is never taken for a library.

use rusqlite::{Connection, Transaction};

use super::compact::{TABLES, compact_games};
use super::error::LibraryError;
use super::positions::index_all;

/// "BLNL" in ASCII: the `application_id` every library carries.
pub const APPLICATION_ID: i32 = 0x424c_4e4c;

/// One step from a version to the next.
enum Migration {
    /// Statements that change the tables.
    Sql(&'static str),
    /// Statements, then work on the rows that SQL alone cannot do.
    Code(&'static str, fn(&Transaction) -> Result<(), LibraryError>),
}

/// Every migration, oldest first: migration `i` brings a file from version
/// `i` to `i + 1`. Never edit one that has shipped; add a new one.
const MIGRATIONS: &[Migration] = &[
    // Version 1: the games. The record (JSON) is the whole game; the other
    // columns are what the list shows and the filters ask, copied from it.
    Migration::Sql(
        "CREATE TABLE games (
            id INTEGER PRIMARY KEY,
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
            moves TEXT NOT NULL,
            opening_plies INTEGER,
            record TEXT NOT NULL
        );
        CREATE INDEX games_by_date ON games (played_at);
        CREATE INDEX games_by_variant ON games (variant, size);",
    ),
    // Version 2: game reports, one per game and report settings (a JSON
    // `GameReport`), deleted with their game.
    Migration::Sql(
        "CREATE TABLE reports (
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            settings TEXT NOT NULL,
            report TEXT NOT NULL,
            PRIMARY KEY (game_id, settings)
        );",
    ),
    // Version 3: the opening explorer's index, every main-line position's
    // hash (as a signed integer) with the move played from it; the games
    // stored before are indexed as the file is migrated.
    Migration::Code(
        "CREATE TABLE positions (
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            ply INTEGER NOT NULL,
            hash INTEGER NOT NULL,
            move TEXT NOT NULL,
            mover TEXT NOT NULL CHECK (mover IN ('white', 'black')),
            PRIMARY KEY (game_id, ply)
        ) WITHOUT ROWID;
        CREATE INDEX positions_by_hash ON positions (hash);",
        index_all,
    ),
    // Version 4: exercises from the person's mistakes and blunders, as a
    // report finds them: the position before the move (its position
    // string), the move played, the better one, and how the tries went.
    Migration::Sql(
        "CREATE TABLE exercises (
            id INTEGER PRIMARY KEY,
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            ply INTEGER NOT NULL,
            variant TEXT NOT NULL,
            fen TEXT NOT NULL,
            side TEXT NOT NULL CHECK (side IN ('white', 'black')),
            played TEXT NOT NULL,
            better TEXT NOT NULL,
            mark TEXT NOT NULL,
            threshold REAL NOT NULL,
            attempts INTEGER NOT NULL DEFAULT 0,
            solved INTEGER NOT NULL DEFAULT 0,
            UNIQUE (game_id, ply)
        );",
    ),
    // Version 5: games stored once and compact (see `compact`): each has
    // its identity as a unique key, its moves as bytes, and the explorer
    // counts per (position, move) over the first plies of every game.
    Migration::Code(TABLES, compact_games),
    // Version 6: the explorer's log, counts by batch, merged into
    // `openings` in key order once it holds many batches (see `openings`).
    Migration::Sql(
        "CREATE TABLE openings_log (
            batch INTEGER NOT NULL,
            key INTEGER NOT NULL,
            move INTEGER NOT NULL,
            played INTEGER NOT NULL,
            white_won INTEGER NOT NULL,
            drawn INTEGER NOT NULL,
            black_won INTEGER NOT NULL,
            PRIMARY KEY (batch, key, move)
        ) WITHOUT ROWID;",
    ),
];

/// The schema version this build writes.
pub const SCHEMA_VERSION: i64 = MIGRATIONS.len() as i64;

/// Brings a file at `version` up to [`SCHEMA_VERSION`].
pub(super) fn migrate(conn: &mut Connection, version: i64) -> Result<(), LibraryError> {
    for (index, migration) in MIGRATIONS.iter().enumerate().skip(version.max(0) as usize) {
        let tx = conn.transaction()?;
        match migration {
            Migration::Sql(sql) => tx.execute_batch(sql)?,
            Migration::Code(sql, work) => {
                tx.execute_batch(sql)?;
                work(&tx)?;
            }
        }
        stamp(&tx, index as i64 + 1)?;
        tx.commit()?;
    }
    Ok(())
}

/// Marks the file as a library at `version` (inside the migration's transaction).
fn stamp(tx: &Transaction, version: i64) -> Result<(), LibraryError> {
    tx.pragma_update(None, "application_id", APPLICATION_ID)?;
    tx.pragma_update(None, "user_version", version)?;
    Ok(())
}
