//! Who plays a side, as records and the front-ends name it: a person or this
//! build's AI with its configuration. A game record is the rules' record with
//! these players.

use serde::{Deserialize, Serialize};

use super::search::{AiConfig, SearchInfo};
use breakline_rules::record::{MoveFigures, Record};

/// Who played a side.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    /// A person at the board.
    Human,
    /// The engine, with this configuration.
    Ai(AiConfig),
}

impl Player {
    /// The name a person reads: "Human", a preset's name or the config in
    /// words (see [`AiConfig::display_name`]).
    pub fn display_name(&self) -> String {
        match self {
            Player::Human => "Human".to_string(),
            Player::Ai(config) => config.display_name(),
        }
    }

    /// "human" or the config's text form: the exact name.
    pub fn label(&self) -> String {
        match self {
            Player::Human => "human".to_string(),
            Player::Ai(config) => config.to_string(),
        }
    }
}

/// A whole game with its players named as above.
pub type GameRecord = Record<Player>;

impl SearchInfo {
    /// The figures a game record keeps of this search.
    pub fn figures(&self) -> MoveFigures {
        MoveFigures { nodes: self.nodes, time: self.time, depth: self.depth, score: self.score, book: self.book }
    }
}
