//! A card's parts: a game's [`Lesson`], its pages, each page's example
//! played on the board and its try-it position, and why one could not be read.

use thiserror::Error;

use breakline_rules::error::{FenError, MoveError};
use breakline_rules::notation::parse_square;
use breakline_rules::position::Position;
use breakline_rules::{BoardSize, Move, Variant};

/// One game's card: its pages in reading order.
#[derive(Clone, Debug, PartialEq)]
pub struct Lesson {
    /// The board game taught; `None` for Flow Free, which needs no board.
    pub variant: Option<Variant>,
    /// The pages, first to last.
    pub pages: Vec<Page>,
}

/// One page: a title and a few sentences, shown on the board by an example
/// and practised by a try-it position.
#[derive(Clone, Debug, PartialEq)]
pub struct Page {
    /// A short heading ("Capturing").
    pub title: &'static str,
    /// The rule in words.
    pub text: &'static str,
    /// Moves played one by one on the board to show the rule.
    pub example: Option<Example>,
    /// A position where the person makes the move the page asks for.
    pub try_it: Option<TryIt>,
}

/// A short animation: a position, the moves played from it in turn, and
/// the squares and arrows marked on the board meanwhile.
#[derive(Clone, Debug, PartialEq)]
pub struct Example {
    /// A position string on the real 8x8 board.
    pub start: &'static str,
    /// Moves in notation, played in order (the sides alternate).
    pub moves: Vec<&'static str>,
    /// Squares to light up, by name.
    pub highlights: Vec<&'static str>,
    /// Arrows from one square to another, by name: shown on the start
    /// position, gone once its first move is played.
    pub arrows: Vec<(&'static str, &'static str)>,
    /// What happens in it, move by move, in a sentence or two.
    pub caption: &'static str,
}

/// A position and the move the person is asked to make there.
#[derive(Clone, Debug, PartialEq)]
pub struct TryIt {
    /// A position string; the person plays the side to move.
    pub start: &'static str,
    /// What to do, in one line ("Capture a black pawn.").
    pub instruction: &'static str,
    /// Which moves answer it.
    pub accepts: Accepts,
}

/// How a try-it position judges a move.
#[derive(Clone, Debug, PartialEq)]
pub enum Accepts {
    /// These moves (in notation), and what to say to any other legal move.
    Moves {
        /// The intended moves.
        moves: Vec<&'static str>,
        /// One line for a legal move that is not one of them.
        miss: &'static str,
    },
    /// Any capture the move generator finds.
    AnyCapture,
    /// Any move after which the mover has won.
    Winning,
}

/// Why a lesson's position, move or square could not be read.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum LessonError {
    /// The position string.
    #[error("lesson position: {0}")]
    Fen(#[from] FenError),
    /// A move or square, or a move the position does not allow.
    #[error("lesson move: {0}")]
    Move(#[from] MoveError),
}

impl Lesson {
    /// "Breakthrough", "Lines of Action" or "Flow Free".
    pub fn name(&self) -> &'static str {
        self.variant.map_or("Flow Free", Variant::title)
    }
}

impl Example {
    /// The start position.
    pub fn position(&self, variant: Variant) -> Result<Position, LessonError> {
        Ok(Position::from_fen(variant, self.start)?)
    }

    /// The moves, each checked legal in turn from the start position.
    pub fn moves(&self, variant: Variant) -> Result<Vec<Move>, LessonError> {
        let mut position = self.position(variant)?;
        self.moves.iter().map(|text| Ok(position.play_text(text)?)).collect()
    }

    /// The highlighted squares as indices on `size`.
    pub fn highlight_squares(&self, size: BoardSize) -> Result<Vec<u8>, LessonError> {
        self.highlights.iter().map(|name| Ok(parse_square(size, name)?)).collect()
    }

    /// The arrows as (from, to) indices on `size`.
    pub fn arrow_squares(&self, size: BoardSize) -> Result<Vec<(u8, u8)>, LessonError> {
        self.arrows.iter().map(|(from, to)| Ok((parse_square(size, from)?, parse_square(size, to)?))).collect()
    }
}
