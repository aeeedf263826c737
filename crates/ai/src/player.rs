//! Who plays a side, as records and the front-ends name it: a person, this
//! build's AI with its configuration, or another program. A game record is
//! the rules' record with these players.

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
    /// Another program, named by its seat as `breakline match` takes it
    /// (`uci:/usr/games/fairy-stockfish:movetime=200`).
    Program(String),
}

/// The prefixes of a program's seat, one per protocol it speaks.
pub const PROGRAM_PREFIXES: [&str; 3] = ["uci:", "ugi:", "engine:"];

/// Whether `text` names another program (a seat with a protocol's prefix).
pub fn names_program(text: &str) -> bool {
    PROGRAM_PREFIXES.iter().any(|prefix| text.trim().starts_with(prefix))
}

/// A program's name as a person reads it: its file's name
/// (`uci:/usr/games/fairy-stockfish:movetime=200` is "fairy-stockfish").
fn program_name(seat: &str) -> String {
    let rest = seat.split_once(':').map_or(seat, |(_, rest)| rest);
    let path = rest.split(':').next().unwrap_or(rest);
    std::path::Path::new(path).file_name().and_then(|name| name.to_str()).unwrap_or(path).to_string()
}

impl Player {
    /// The name a person reads: "Human", a preset's name or the config in
    /// words (see [`AiConfig::display_name`]).
    pub fn display_name(&self) -> String {
        match self {
            Player::Human => "Human".to_string(),
            Player::Ai(config) => config.display_name(),
            Player::Program(seat) => program_name(seat),
        }
    }

    /// "human" or the config's text form: the exact name.
    pub fn label(&self) -> String {
        match self {
            Player::Human => "human".to_string(),
            Player::Ai(config) => config.to_string(),
            Player::Program(seat) => seat.clone(),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_program_is_named_by_its_file_and_labelled_by_its_seat() {
        let seat = "uci:/usr/games/fairy-stockfish:movetime=200";
        let program = Player::Program(seat.to_string());
        assert_eq!(program.display_name(), "fairy-stockfish");
        assert_eq!(program.label(), seat);
        assert_eq!(Player::Program("engine:./breakline".to_string()).display_name(), "breakline");
        assert!(names_program(seat) && names_program(" ugi:x") && !names_program("master"));
    }
}
