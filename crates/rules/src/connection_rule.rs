//! Lines of Action's rule for a move that joins both sides' pieces at once
//! (a capture can join the enemy's): by the usual rule the mover wins; by
//! the tournament rule it is a draw. Chosen per game and kept in its record.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// What a move that joins both sides' pieces at once does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BothConnected {
    /// The side that made the move wins (the usual rule).
    #[default]
    MoverWins,
    /// The game is drawn (the tournament rule).
    Draw,
}

/// A name that is no rule for a move joining both sides.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown rule '{0}' for a move joining both sides: use mover-wins or draw")]
pub struct UnknownRule(String);

impl BothConnected {
    /// The rule's name in text: `mover-wins` or `draw`.
    pub fn id(self) -> &'static str {
        match self {
            BothConnected::MoverWins => "mover-wins",
            BothConnected::Draw => "draw",
        }
    }
}

impl FromStr for BothConnected {
    type Err = UnknownRule;

    fn from_str(s: &str) -> Result<BothConnected, UnknownRule> {
        match s.to_ascii_lowercase().replace('_', "-").as_str() {
            "mover-wins" | "mover" | "win" => Ok(BothConnected::MoverWins),
            "draw" => Ok(BothConnected::Draw),
            _ => Err(UnknownRule(s.to_string())),
        }
    }
}

impl fmt::Display for BothConnected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}
