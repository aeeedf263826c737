//! Ratings on the server: Glicko-2 (the library's, one game a rating period
//! as lichess plays it), one rating a player for each game and speed.

use breakline_library::glicko::{Glicko, Opponent};
use breakline_rules::Variant;
use serde::{Deserialize, Serialize};

use crate::spec::{GameSpec, Speed};

/// Which of a player's ratings a game counts for.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct RatingKey {
    /// The game.
    pub variant: Variant,
    /// The speed.
    pub speed: Speed,
}

impl RatingKey {
    /// The rating a game of `spec` counts for.
    pub fn of(spec: &GameSpec) -> RatingKey {
        RatingKey { variant: spec.variant, speed: spec.speed() }
    }

    /// Its name in the store: `breakthrough/blitz`.
    pub fn id(self) -> String {
        format!("{}/{}", self.variant.id(), self.speed.id())
    }
}

/// A player's rating before and after a game.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
pub struct RatingChange {
    /// Before the game.
    pub before: f64,
    /// After it.
    pub after: f64,
    /// The deviation after it.
    pub deviation: f64,
}

/// Both players' ratings after a game White scored `white_score` in.
pub fn after_game(white: Glicko, black: Glicko, white_score: f64) -> [Glicko; 2] {
    let opponent = |g: Glicko| Opponent { rating: g.rating, deviation: g.deviation };
    [white.after(&[(opponent(black), white_score)]), black.after(&[(opponent(white), 1.0 - white_score)])]
}

/// What a message shows of a change from `before` to `after`.
pub fn change(before: Glicko, after: Glicko) -> RatingChange {
    RatingChange { before: before.rating, after: after.rating, deviation: after.deviation }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_win_raises_the_winner_and_lowers_the_loser() {
        let [w, b] = after_game(Glicko::default(), Glicko::default(), 1.0);
        assert!(w.rating > Glicko::default().rating && b.rating < Glicko::default().rating);
        assert!((w.rating - Glicko::default().rating + b.rating - Glicko::default().rating).abs() < 1e-6);
    }
}
