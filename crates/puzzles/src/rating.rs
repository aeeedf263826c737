//! A puzzle against the person's puzzle rating (Glicko-2): each puzzle an
//! opponent rated by its length, the next puzzle picked near the person's
//! rating, and a try scored as a game against it.

use crate::puzzle::Puzzle;
use crate::set::PuzzleSet;

/// A puzzle's deviation as an opponent of the puzzle rating.
pub const PUZZLE_DEVIATION: f64 = 100.0;

impl Puzzle {
    /// The puzzle's rating as an opponent of the person's puzzle rating: a
    /// win in one at 700, each move more 200 harder (the longest shipped,
    /// win in 6, at 1700).
    pub fn rating(&self) -> f64 {
        500.0 + 200.0 * self.win_in() as f64
    }
}

impl PuzzleSet {
    /// The next puzzle from `cursor` whose rating is within 250 of the
    /// person's puzzle `rating` (the next one at all if none is); `None` for
    /// an empty set.
    pub fn pick(&self, cursor: usize, rating: f64) -> Option<usize> {
        let n = self.puzzles.len();
        let near = |&i: &usize| (self.puzzles[i].rating() - rating).abs() <= 250.0;
        (n > 0).then(|| (0..n).map(|k| (cursor + k) % n).find(near).unwrap_or(cursor % n))
    }
}

/// A try's score against the puzzle: a win only when solved clean (no
/// hint, no miss, no help).
pub fn score(solved: bool, helped: bool) -> f64 {
    if solved && !helped { 1.0 } else { 0.0 }
}
