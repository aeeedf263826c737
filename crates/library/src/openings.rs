//! The explorer's index: for each position of the first [`EXPLORER_PLIES`]
//! plies of every stored game, one row a move played from it with its
//! counts (played, won by White, drawn, won by Black), so a position's
//! moves are one range of the index however many games reached it. The
//! counts of a batch of games are summed in memory and written once a
//! batch; a deleted game's are taken off.

use std::collections::HashMap;

use rusqlite::{Transaction, params};

use super::codes;
use super::error::LibraryError;
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

/// Counts of one (position, move): played, won by White, drawn, won by Black.
type Counts = [i64; 4];

/// Counts not yet written, by (key, move code).
#[derive(Default)]
pub(super) struct Tally(HashMap<(i64, i64), Counts>);

/// One game's (key, move code) pairs over its first [`EXPLORER_PLIES`] plies.
pub(super) fn pairs(start: &Position, moves: impl Iterator<Item = Move>) -> Result<Vec<(i64, i64)>, LibraryError> {
    let mut position = start.clone();
    let salt = salt(start);
    let mut out = Vec::with_capacity(EXPLORER_PLIES);
    for m in moves.take(EXPLORER_PLIES) {
        let code = codes::code(m).ok_or_else(|| LibraryError::Unstorable("a square off the board".into()))?;
        out.push((salted(&position, salt), i64::from(code)));
        position.play(m).map_err(|e| LibraryError::Unstorable(e.to_string()))?;
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
        let add = counts(result);
        for &pair in pairs {
            let slot = self.0.entry(pair).or_default();
            for (total, one) in slot.iter_mut().zip(add) {
                *total += one;
            }
        }
    }

    /// Writes the sums (inside the caller's transaction) and empties the tally.
    pub(super) fn write(&mut self, tx: &Transaction) -> Result<(), LibraryError> {
        let mut statement = tx.prepare_cached(
            "INSERT INTO openings (key, move, played, white_won, drawn, black_won) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
             ON CONFLICT (key, move) DO UPDATE SET played = played + excluded.played,
                white_won = white_won + excluded.white_won, drawn = drawn + excluded.drawn,
                black_won = black_won + excluded.black_won",
        )?;
        // In the index's order: each page of it is visited once a batch.
        let mut sums: Vec<_> = self.0.drain().collect();
        sums.sort_unstable_by_key(|&(pair, _)| pair);
        for ((key, code), [played, white, drawn, black]) in sums {
            statement.execute(params![key, code, played, white, drawn, black])?;
        }
        Ok(())
    }
}

/// Takes a deleted game's plies off the index (inside the caller's transaction).
pub(super) fn remove(tx: &Transaction, pairs: &[(i64, i64)], result: Outcome) -> Result<(), LibraryError> {
    let [played, white, drawn, black] = counts(result);
    let mut update = tx.prepare_cached(
        "UPDATE openings SET played = played - ?3, white_won = white_won - ?4, drawn = drawn - ?5,
            black_won = black_won - ?6 WHERE key = ?1 AND move = ?2",
    )?;
    let mut empty = tx.prepare_cached("DELETE FROM openings WHERE key = ?1 AND move = ?2 AND played <= 0")?;
    for &(key, code) in pairs {
        update.execute(params![key, code, played, white, drawn, black])?;
        empty.execute(params![key, code])?;
    }
    Ok(())
}
