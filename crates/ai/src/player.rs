//! Who plays a side, as records and the front-ends name it: a person, this
//! build's AI with its configuration, or another program. A game record is
//! the rules' record with these players, and its text names them by their
//! own tags ([`TaggedPlayer`]).

use serde::{Deserialize, Serialize};

use super::search::{AiConfig, ConfigError, SearchInfo};
use breakline_rules::Variant;
use breakline_rules::record::game_text::TaggedPlayer;
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

/// The kind of tag a player's config is written under (`WhiteConfig`).
const CONFIG_TAG: &str = "Config";
/// The kind of tag another program's seat is written under (`BlackProgram`).
const PROGRAM_TAG: &str = "Program";

impl TaggedPlayer for Player {
    type TagError = ConfigError;
    const MACHINE_TAGS: &'static [&'static str] = &[CONFIG_TAG, PROGRAM_TAG];

    fn person() -> Player {
        Player::Human
    }

    fn is_person(&self) -> bool {
        *self == Player::Human
    }

    fn display_name(&self) -> String {
        Player::display_name(self)
    }

    fn machine_tag(&self) -> Option<(&'static str, String)> {
        match self {
            Player::Ai(config) => Some((CONFIG_TAG, config.to_string())),
            Player::Program(seat) => Some((PROGRAM_TAG, seat.clone())),
            Player::Human => None,
        }
    }

    fn from_machine_tag(kind: &str, text: &str, variant: Variant) -> Result<Player, ConfigError> {
        if kind == PROGRAM_TAG {
            Ok(Player::Program(text.to_string()))
        } else {
            AiConfig::parse(text, variant).map(Player::Ai)
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

    mod game_text {
        use super::*;
        use breakline_rules::position::Position;
        use breakline_rules::record::game_text::{Headers, read, write};
        use breakline_rules::{BoardSize, Side};

        fn game(moves: &[&str]) -> GameRecord {
            let mut position = Position::start(Variant::Breakthrough, BoardSize::new(5, 5)).unwrap();
            let master = Player::Ai(AiConfig::parse("master", Variant::Breakthrough).unwrap());
            let mut record = GameRecord::new(&position, Player::Human, master, 0);
            for text in moves {
                let before = position.clone();
                let m = position.play_text(text).unwrap();
                record.push(&before, m, None);
            }
            record.finish(&position);
            record
        }

        #[test]
        fn a_game_written_as_text_reads_back_the_same() {
            let mut record = game(&["a2-a3", "e4-e3", "b2-b3"]);
            record.resign(Side::Black);
            let headers = Headers { date: Some("2026.11.25".into()), opening_plies: Some(2), ..Headers::default() };
            let text = write(&record, &headers).unwrap();
            assert!(text.contains("[White \"Human\"]\n[Black \"Master\"]\n"), "{text}");
            assert!(text.ends_with("\n1. a2-a3 e4-e3 2. b2-b3 1-0\n"), "{text}");
            let (read_back, position, read_headers) = read::<Player>(&text).unwrap();
            assert_eq!(read_headers, headers);
            assert_eq!(read_back.white, record.white);
            assert_eq!(read_back.black, record.black);
            assert_eq!(read_back.result, record.result, "a decisive result on an open board is a resignation");
            assert_eq!(position.moves().len(), 3);
            assert_eq!(write(&read_back, &headers).unwrap(), text);
        }

        #[test]
        fn malformed_games_are_refused_in_one_line() {
            let cases = [
                ("[Variant \"chess\"]\n1. e2-e4", "unknown variant 'chess'"),
                ("[Variant breakthrough\n", "line 1: not a tag"),
                ("[Size \"5x5\"]\n1. a2-a4", "move 1. (ply 1) a2-a4"),
                ("[Size \"5x5\"]\n1. a2-a3 1/2-1/2", "the result '1/2-1/2' does not fit"),
                ("[Size \"5x5\"]\n1. a2-a3 1-0 b4-b3", "the result 'b4-b3' does not fit"),
                ("[WhiteConfig \"alphabeta:depth=0\"]\n", "[WhiteConfig]: "),
            ];
            for (text, expected) in cases {
                let error = read::<Player>(text).map(|_| ()).unwrap_err().to_string();
                assert!(error.contains(expected) && !error.contains('\n'), "{text:?}: {error}");
            }
        }
    }
}
