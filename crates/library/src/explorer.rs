//! The opening explorer: from a position, the moves played from it in the
//! stored games (every time it occurred in the first [`EXPLORER_PLIES`]
//! plies of a game's main line), how often, and how they scored for the
//! side that played them: a lookup in the index's main table and in each
//! batch of its log, however many games.

use super::codes;
use super::error::LibraryError;
use super::openings::{LOOKUP, batches, key};
use super::store::Library;
use breakline_rules::Side;
use breakline_rules::position::Position;

pub use super::openings::EXPLORER_PLIES;

/// One move of the explorer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExplorerMove {
    /// The move, in notation.
    pub notation: String,
    /// Times it was played from the position.
    pub played: u64,
    /// Of those, games the mover went on to win.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games the mover lost.
    pub losses: u64,
}

impl ExplorerMove {
    /// The mover's score over the finished games (a win 1, a draw a half), if any finished.
    pub fn score(&self) -> Option<f64> {
        let finished = self.wins + self.draws + self.losses;
        (finished > 0).then(|| (self.wins as f64 + self.draws as f64 / 2.0) / finished as f64)
    }
}

impl Library {
    /// The moves played from `position` in the stored games of its variant
    /// and size, most played first: every time it occurred in the first
    /// [`EXPLORER_PLIES`] plies of a game's main line.
    pub fn explore(&self, position: &Position) -> Result<Vec<ExplorerMove>, LibraryError> {
        let mut statement = self.conn.prepare_cached(LOOKUP)?;
        let rows = statement.query_map([key(position), batches(&self.conn)?], |row| {
            Ok((row.get::<_, i64>(0)?, [row.get::<_, i64>(1)?, row.get(2)?, row.get(3)?, row.get(4)?]))
        })?;
        let white = position.side_to_move() == Side::White;
        let mut moves = Vec::new();
        for row in rows {
            let (code, [played, white_won, drawn, black_won]) = row?;
            let m = codes::decode(u16::try_from(code).unwrap_or_default());
            let (wins, losses) = if white { (white_won, black_won) } else { (black_won, white_won) };
            let count = |n: i64| u64::try_from(n).unwrap_or(0);
            moves.push(ExplorerMove {
                notation: position.move_name(m),
                played: count(played),
                wins: count(wins),
                draws: count(drawn),
                losses: count(losses),
            });
        }
        moves.sort_by(|a, b| b.played.cmp(&a.played).then_with(|| a.notation.cmp(&b.notation)));
        Ok(moves)
    }
}
