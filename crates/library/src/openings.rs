//! The explorer's index: for each position of the first [`EXPLORER_PLIES`]
//! plies of every stored game, one row a move played from it with its
//! counts (played, won by White, drawn, won by Black), so a position's
//! moves are one range of the index however many games reached it.
//!
//! The index is two tables of such rows, summed when read: the main one
//! ([`MAIN`]), and a log ([`LOG`]) of the counts written since it was last
//! merged, in numbered batches. An import's batch of games (or a deleted
//! game, its counts negated) has its counts summed in memory and written to
//! the log as the next batch, in key order: the log's key starts with the
//! batch, so the rows go at its end, on new pages, where adding them to the
//! main table would change pages all over it (a million random games make
//! some 15 million rows, far more than the page cache), and each page
//! changed is written to disk at each commit. A lookup reads the main
//! table's range and each batch's. Once the log holds [`MERGE_BATCHES`]
//! batches it is merged into the main table in key order, one pass over it,
//! in one transaction. Every change is inside a transaction, so after a
//! kill the two tables together count exactly the committed games.

use rusqlite::{Connection, Transaction, params, params_from_iter};

use super::codes;
use super::error::{LibraryError, UnstorableError};
use super::identity::mix;
use breakline_rules::position::Position;
use breakline_rules::{Move, Outcome, Side};

/// Plies of each game the explorer sees: its opening, where games meet.
/// Deeper positions rarely recur, and indexing them would cost more than
/// the rest of the game's row.
pub const EXPLORER_PLIES: usize = 16;

/// A position's key in the index: its hash mixed with its variant and
/// board, as SQLite's signed integer.
pub(super) fn key(position: &Position) -> i64 {
    salted(position, salt(position))
}

/// What a position's variant and board add to its key.
fn salt(position: &Position) -> u64 {
    let board = format!("{} {}", position.variant().id(), position.size());
    board.bytes().fold(0u64, |h, b| mix(h ^ u64::from(b)))
}

/// The key of a position whose variant and board give `salt`.
fn salted(position: &Position, salt: u64) -> i64 {
    mix(position.hash() ^ salt) as i64
}

/// The main table of the index.
pub(super) const MAIN: &str = "openings";

/// The log: counts written since the last merge, by batch.
pub(super) const LOG: &str = "openings_log";

/// Batches the log may hold before it is merged into the main table: a
/// lookup reads each batch's range (256 lookups of an index: a few
/// milliseconds), and an import of 5,000-game batches merges once every
/// 1.28 million games.
pub const MERGE_BATCHES: i64 = 256;

/// Counts of one (position, move): played, won by White, drawn, won by Black.
type Counts = [i64; 4];

/// Counts not yet written, by (key, move code), a pair maybe more than
/// once: they are summed when sorted, which costs less than a map's
/// lookup a ply.
#[derive(Default)]
pub(super) struct Tally(Vec<((i64, i64), Counts)>);

/// One game's (key, move code) pairs over its first [`EXPLORER_PLIES`] plies.
pub(super) fn pairs(start: &Position, moves: impl Iterator<Item = Move>) -> Result<Vec<(i64, i64)>, LibraryError> {
    let mut position = start.clone();
    let salt = salt(start);
    let mut out = Vec::with_capacity(EXPLORER_PLIES);
    for m in moves.take(EXPLORER_PLIES) {
        let code = codes::code(m).ok_or(UnstorableError::OffBoard)?;
        out.push((salted(&position, salt), i64::from(code)));
        position.play(m).map_err(UnstorableError::from)?;
    }
    Ok(out)
}

/// A game's counts for each of its plies: one played, and its result.
fn counts(result: Outcome) -> Counts {
    match result {
        Outcome::Win { winner: Side::White, .. } => [1, 1, 0, 0],
        Outcome::Win { winner: Side::Black, .. } => [1, 0, 0, 1],
        Outcome::Draw { .. } => [1, 0, 1, 0],
        Outcome::Ongoing => [1, 0, 0, 0],
    }
}

impl Tally {
    /// Adds a game's plies.
    pub(super) fn add(&mut self, pairs: &[(i64, i64)], result: Outcome) {
        self.add_counts(pairs, counts(result));
    }

    /// Takes a deleted game's plies off.
    pub(super) fn take(&mut self, pairs: &[(i64, i64)], result: Outcome) {
        self.add_counts(pairs, counts(result).map(|n| -n));
    }

    /// Adds `add` to each of `pairs`.
    fn add_counts(&mut self, pairs: &[(i64, i64)], add: Counts) {
        self.0.extend(pairs.iter().map(|&pair| (pair, add)));
    }

    /// Adds the sums to the main table (a migration's, inside its
    /// transaction) and empties the tally.
    pub(super) fn write_main(&mut self, tx: &Transaction) -> Result<(), LibraryError> {
        let mut statement = tx.prepare_cached(&format!(
            "INSERT INTO {MAIN} (key, move, played, white_won, drawn, black_won) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
             ON CONFLICT (key, move) DO UPDATE SET {ADD}"
        ))?;
        for ((key, code), [played, white, drawn, black]) in self.sorted() {
            statement.execute(params![key, code, played, white, drawn, black])?;
        }
        Ok(())
    }

    /// Writes the sums to the log as its next batch (inside the caller's
    /// transaction), empties the tally, and says the batch's number (that
    /// of the last one if there was nothing to write).
    pub(super) fn write_log(&mut self, tx: &Transaction) -> Result<i64, LibraryError> {
        let batch = batches(tx)? + i64::from(!self.0.is_empty());
        let sums = self.sorted();
        // Many rows a statement: a statement's own work was most of a row's.
        let mut chunks = sums.chunks_exact(ROWS_A_STATEMENT);
        let mut full = tx.prepare_cached(&log_insert(ROWS_A_STATEMENT))?;
        for chunk in &mut chunks {
            full.execute(params_from_iter(log_values(batch, chunk)))?;
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            tx.prepare(&log_insert(rest.len()))?.execute(params_from_iter(log_values(batch, rest)))?;
        }
        Ok(batch)
    }

    /// The sums in the index's order, one a pair, the tally emptied.
    fn sorted(&mut self) -> Vec<((i64, i64), Counts)> {
        let mut entries = std::mem::take(&mut self.0);
        entries.sort_unstable_by_key(|&(pair, _)| pair);
        let mut sums: Vec<((i64, i64), Counts)> = Vec::with_capacity(entries.len());
        for (pair, counts) in entries {
            match sums.last_mut() {
                Some((last, total)) if *last == pair => {
                    for (total, one) in total.iter_mut().zip(counts) {
                        *total += one;
                    }
                }
                _ => sums.push((pair, counts)),
            }
        }
        sums
    }
}

/// Rows of the log one statement inserts.
const ROWS_A_STATEMENT: usize = 64;

/// The statement that inserts `rows` rows into the log.
fn log_insert(rows: usize) -> String {
    let values = vec!["(?, ?, ?, ?, ?, ?, ?)"; rows].join(", ");
    format!("INSERT INTO {LOG} (batch, key, move, played, white_won, drawn, black_won) VALUES {values}")
}

/// The values of `sums`' rows in batch `batch`, in [`log_insert`]'s order.
fn log_values(batch: i64, sums: &[((i64, i64), Counts)]) -> impl Iterator<Item = i64> + '_ {
    sums.iter()
        .flat_map(move |&((key, code), [played, white, drawn, black])| [batch, key, code, played, white, drawn, black])
}

/// The batches the log holds (numbered from 1, without gaps).
pub(super) fn batches(conn: &Connection) -> Result<i64, LibraryError> {
    Ok(conn.query_row(&format!("SELECT coalesce(max(batch), 0) FROM {LOG}"), [], |row| row.get(0))?)
}

/// An upsert's sum of the counts it finds and the counts it brings.
const ADD: &str = "played = played + excluded.played, white_won = white_won + excluded.white_won,
    drawn = drawn + excluded.drawn, black_won = black_won + excluded.black_won";

/// A position's moves with their counts, the main table's and each batch's
/// summed: `?1` the position's key, `?2` the log's batches.
pub(super) const LOOKUP: &str = "WITH RECURSIVE batch (n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM batch WHERE n < ?2)
    SELECT move, sum(played), sum(white_won), sum(drawn), sum(black_won) FROM (
        SELECT move, played, white_won, drawn, black_won FROM openings WHERE key = ?1
        UNION ALL SELECT move, played, white_won, drawn, black_won FROM batch JOIN openings_log
            ON openings_log.batch = batch.n AND openings_log.key = ?1
    ) GROUP BY move HAVING sum(played) > 0";

/// Merges the log into the main table in key order and empties it (inside
/// the caller's transaction). A pair whose counts fall to nothing (its
/// games deleted) leaves the main table; sums of nothing are not added.
pub(super) fn merge(tx: &Transaction) -> Result<(), LibraryError> {
    // The select's WHERE keeps SQLite from reading ON CONFLICT as a join's ON.
    tx.execute_batch(&format!(
        "INSERT INTO {MAIN} (key, move, played, white_won, drawn, black_won)
            SELECT key, move, sum(played), sum(white_won), sum(drawn), sum(black_won) FROM {LOG} WHERE true
            GROUP BY key, move
            HAVING sum(played) <> 0 OR sum(white_won) <> 0 OR sum(drawn) <> 0 OR sum(black_won) <> 0
            ORDER BY key, move
            ON CONFLICT (key, move) DO UPDATE SET {ADD};
         DELETE FROM {MAIN} WHERE played <= 0
            AND (key, move) IN (SELECT key, move FROM {LOG} WHERE played < 0);
         DELETE FROM {LOG};"
    ))?;
    Ok(())
}
