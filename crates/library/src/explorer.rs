//! The opening explorer: from a position, the moves played from it in the
//! stored games (every time it occurred on a game's main line), how often,
//! and how they scored for the side that played them.

use super::error::LibraryError;
use super::store::Library;
use breakline_rules::position::Position;

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
    /// and size, most played first.
    pub fn explore(&self, position: &Position) -> Result<Vec<ExplorerMove>, LibraryError> {
        let mut statement = self.conn.prepare_cached(
            "SELECT p.move, count(*),
                sum(g.result = '1/2-1/2'),
                sum((g.result = '1-0' AND p.mover = 'white') OR (g.result = '0-1' AND p.mover = 'black')),
                sum((g.result = '0-1' AND p.mover = 'white') OR (g.result = '1-0' AND p.mover = 'black'))
             FROM positions p JOIN games g ON g.id = p.game_id
             WHERE p.hash = ?1 AND g.variant = ?2 AND g.size = ?3
             GROUP BY p.move ORDER BY count(*) DESC, p.move",
        )?;
        let hash = position.hash() as i64;
        let rows = statement.query_map(
            rusqlite::params![hash, position.variant().id(), position.size().to_string()],
            |row| {
                Ok(ExplorerMove {
                    notation: row.get(0)?,
                    played: row.get::<_, i64>(1)? as u64,
                    draws: row.get::<_, i64>(2)? as u64,
                    wins: row.get::<_, i64>(3)? as u64,
                    losses: row.get::<_, i64>(4)? as u64,
                })
            },
        )?;
        Ok(rows.collect::<Result<_, _>>()?)
    }
}
