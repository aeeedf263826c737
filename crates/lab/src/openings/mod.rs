//! Opening sets: the start positions a series deals to its pairs, read from a
//! file of position strings (one a line, as `cutechess-cli` reads an EPD
//! book), and the command that makes a balanced one.
//!
//! Between two strong players a few random plies often decide the game
//! before either thinks: the same opening is won by the same colour whoever
//! plays it, the pair scores half, and a match learns nothing from it. A set
//! of openings that a short search scores near even makes each pair count.

mod balanced;

use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

pub use balanced::{BalanceSpec, BalancedOpening, BalancedOpeningsError, balanced_openings};
use breakline_rules::error::FenError;
use breakline_rules::position::Position;
use breakline_rules::{BoardSize, Variant};

/// A non-empty list of start positions of one variant and size, none of
/// them already decided. The fields are private so that every set holds that.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "OpeningsText", into = "OpeningsText")]
pub struct OpeningSet {
    variant: Variant,
    positions: Vec<Position>,
}

/// An opening set as it is written into a shard's spec: its variant and
/// position strings, checked again when read back.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct OpeningsText {
    variant: Variant,
    positions: Vec<String>,
}

/// Why a text is not an opening set; the line is counted from 1.
#[derive(Debug, Error, PartialEq)]
pub enum OpeningsError {
    /// The text holds no position.
    #[error("no openings: every line is blank or a comment")]
    Empty,
    /// A line is not a position of the variant.
    #[error("line {line}: {error}")]
    Position {
        /// The line, from 1.
        line: usize,
        /// What is wrong with it.
        error: FenError,
    },
    /// A position on another board than the series'.
    #[error("line {line}: the position is on a {found} board, the series on {expected}")]
    Size {
        /// The line, from 1.
        line: usize,
        /// Its board.
        found: BoardSize,
        /// The series' board.
        expected: BoardSize,
    },
    /// A position whose game is already over.
    #[error("line {line}: the game is already over in this position")]
    Over {
        /// The line, from 1.
        line: usize,
    },
}

impl OpeningSet {
    /// The openings of `text`: one position string a line; blank lines and
    /// anything after a `#` are left out (a balanced set writes its scores
    /// there). Every position must be of `variant` on `size`, its game not over.
    pub fn parse(text: &str, variant: Variant, size: BoardSize) -> Result<OpeningSet, OpeningsError> {
        let mut positions = Vec::new();
        for (index, line) in text.lines().enumerate() {
            let fen = line.split('#').next().unwrap_or("").trim();
            if fen.is_empty() {
                continue;
            }
            let line = index + 1;
            let pos = Position::from_fen(variant, fen).map_err(|error| OpeningsError::Position { line, error })?;
            if pos.size() != size {
                return Err(OpeningsError::Size { line, found: pos.size(), expected: size });
            }
            if pos.outcome().is_over() {
                return Err(OpeningsError::Over { line });
            }
            positions.push(pos);
        }
        if positions.is_empty() {
            return Err(OpeningsError::Empty);
        }
        Ok(OpeningSet { variant, positions })
    }

    /// The variant of every opening.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The board of every opening.
    pub fn size(&self) -> BoardSize {
        self.positions[0].size()
    }

    /// How many openings the set holds (at least one).
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Always false: a set holds at least one opening.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Opening `n`, counting round the set again once it is used up.
    pub fn nth(&self, n: usize) -> &Position {
        &self.positions[n % self.positions.len()]
    }
}

impl fmt::Display for OpeningSet {
    /// The set as a file: one position string a line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.positions.iter().try_for_each(|pos| writeln!(f, "{}", pos.fen()))
    }
}

impl From<OpeningSet> for OpeningsText {
    fn from(set: OpeningSet) -> OpeningsText {
        OpeningsText { variant: set.variant, positions: set.positions.iter().map(Position::fen).collect() }
    }
}

impl TryFrom<OpeningsText> for OpeningSet {
    type Error = OpeningsError;

    fn try_from(text: OpeningsText) -> Result<OpeningSet, OpeningsError> {
        let first = Position::from_fen(text.variant, text.positions.first().ok_or(OpeningsError::Empty)?)
            .map_err(|error| OpeningsError::Position { line: 1, error })?;
        OpeningSet::parse(&text.positions.join("\n"), text.variant, first.size())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start(variant: Variant, size: BoardSize) -> String {
        Position::start(variant, size).unwrap().fen()
    }

    #[test]
    fn comments_and_blank_lines_are_left_out_and_the_set_wraps_round() {
        let size = BoardSize::new(6, 6);
        let mut moved = Position::start(Variant::Breakthrough, size).unwrap();
        let m = moved.legal_moves()[0];
        moved.play(m).unwrap();
        let text = format!("# a set\n\n{}   # 0\n{}\n", start(Variant::Breakthrough, size), moved.fen());
        let set = OpeningSet::parse(&text, Variant::Breakthrough, size).unwrap();
        assert_eq!(set.len(), 2);
        assert_eq!(set.nth(1).fen(), moved.fen());
        assert_eq!(set.nth(2).fen(), set.nth(0).fen(), "the third pair plays the first opening again");
        assert_eq!(OpeningSet::parse(&set.to_string(), Variant::Breakthrough, size).unwrap(), set);
    }

    #[test]
    fn a_bad_line_is_named_and_an_empty_text_refused() {
        let size = BoardSize::new(8, 8);
        let good = start(Variant::LinesOfAction, size);
        let text = format!("{good}\n{good}\nbwq w\n");
        let error = OpeningSet::parse(&text, Variant::LinesOfAction, size).unwrap_err();
        assert!(matches!(error, OpeningsError::Position { line: 3, .. }), "{error}");
        assert_eq!(OpeningSet::parse("# nothing\n\n", Variant::LinesOfAction, size), Err(OpeningsError::Empty));
    }

    #[test]
    fn another_board_or_a_finished_game_is_refused() {
        let other = start(Variant::Breakthrough, BoardSize::new(6, 6));
        let error = OpeningSet::parse(&other, Variant::Breakthrough, BoardSize::new(8, 8)).unwrap_err();
        assert!(matches!(error, OpeningsError::Size { line: 1, .. }), "{error}");
        // A white piece on Black's home rank: White has already broken through.
        let over = "w5/bbbbbb/6/6/6/wwwwww b";
        let error = OpeningSet::parse(over, Variant::Breakthrough, BoardSize::new(6, 6)).unwrap_err();
        assert_eq!(error, OpeningsError::Over { line: 1 });
    }

    #[test]
    fn a_set_survives_a_shard_spec_and_a_damaged_one_is_refused() {
        let size = BoardSize::new(8, 8);
        let set = OpeningSet::parse(&start(Variant::LinesOfAction, size), Variant::LinesOfAction, size).unwrap();
        let json = serde_json::to_string(&set).unwrap();
        assert_eq!(serde_json::from_str::<OpeningSet>(&json).unwrap(), set);
        let damaged = json.replace("\"positions\":[\"", "\"positions\":[\"x");
        assert!(serde_json::from_str::<OpeningSet>(&damaged).is_err());
    }
}
