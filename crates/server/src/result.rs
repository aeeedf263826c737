//! A game's result on the server: going on, ended by the rules, by
//! resignation, on time or by agreement, or aborted (unrated).

use breakline_rules::{Outcome, Side};
use serde::{Deserialize, Serialize};

/// Where a game stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum GameResult {
    /// Being played.
    Ongoing,
    /// Ended: by the rules, a resignation or the clock.
    Finished {
        /// How (the rules' outcome, with `resignation` and `time` among its reasons).
        outcome: Outcome,
    },
    /// Drawn because the players agreed.
    DrawnByAgreement,
    /// Called off before the second move: no result, no rating change.
    Aborted,
}

impl GameResult {
    /// Whether the game is over.
    pub fn is_over(self) -> bool {
        self != GameResult::Ongoing
    }

    /// White's score (1, ½ or 0) for the ratings; none when nothing is rated.
    pub fn white_score(self) -> Option<f64> {
        match self {
            GameResult::Ongoing | GameResult::Aborted => None,
            GameResult::DrawnByAgreement => Some(0.5),
            GameResult::Finished { outcome } => Some(match outcome.winner() {
                Some(Side::White) => 1.0,
                Some(Side::Black) => 0.0,
                None => 0.5,
            }),
        }
    }
}
