//! Typed errors for everything that crosses the engine's boundary: squares,
//! moves and position strings (sizes: [`SizeError`], beside the sizes). Each
//! message is one clear line.

use std::sync::Arc;

use thiserror::Error;

use crate::{BoardSize, Move, Side, SizeError};

/// Why a move's text could not be read or the move could not be played.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError {
    /// The text is not a file letter followed by a rank number.
    #[error("malformed square '{0}' (expected a file letter and a rank number, e.g. a2)")]
    MalformedSquare(String),
    /// The square is well formed but lies outside the board.
    #[error("square {square} is off the {size} board")]
    OffBoard {
        /// The square as written.
        square: String,
        /// The board it is off.
        size: BoardSize,
    },
    /// The text is not two squares joined by `-` or `x`.
    #[error("malformed move '{0}' (expected e.g. a2-a3 or a2xb3)")]
    Malformed(String),
    /// The move's first square holds no piece of the side to move.
    #[error("illegal move {}: no {side} piece on {}", .size.move_name(*.played), .size.square_name(.played.from))]
    NoPieceToMove {
        /// The move as given.
        played: Move,
        /// The board size, for naming the squares.
        size: BoardSize,
        /// The side to move.
        side: Side,
    },
    /// The piece there cannot reach the move's second square.
    #[error("illegal move {}", .size.move_name(*.played))]
    Illegal {
        /// The move as given.
        played: Move,
        /// The board size, for naming the squares.
        size: BoardSize,
    },
    /// The legal move `legal` captures but was written with `-`.
    #[error("{} is a capture: write it with x", .size.move_name(*.legal))]
    CaptureNotMarked {
        /// The legal move between the same squares.
        legal: Move,
        /// The board size, for naming the squares.
        size: BoardSize,
    },
    /// The legal move `legal` is quiet but was written with `x`.
    #[error("{} is not a capture: write it with -", .size.move_name(*.legal))]
    CaptureMarkedWrongly {
        /// The legal move between the same squares.
        legal: Move,
        /// The board size, for naming the squares.
        size: BoardSize,
    },
    /// The game has ended, so no move is legal.
    #[error("the game is over: no move can be played")]
    GameOver,
}

/// Why a position string could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FenError {
    /// The string is empty or blank.
    #[error("empty position string")]
    Empty,
    /// The ranks are not followed by a side to move.
    #[error("position string needs ranks and a side to move, e.g. '8/8/.. w'")]
    MissingSide,
    /// The side to move is neither `w` nor `b`.
    #[error("side to move must be w or b, not '{0}'")]
    BadSide(String),
    /// Something follows the side to move.
    #[error("unexpected text after the side to move: '{0}'")]
    TrailingText(String),
    /// A rank holds a character other than `w`, `b` or a digit.
    #[error("unexpected character '{0}' in position string (use w, b and digits)")]
    BadChar(char),
    /// The ranks do not all have the same number of squares.
    #[error("rank {rank} (from the top) has {found} squares but the first has {expected}")]
    RaggedRank {
        /// The rank, counted from 1 at the top.
        rank: usize,
        /// Its number of squares.
        found: usize,
        /// The first rank's number of squares.
        expected: usize,
    },
    /// A rank (counted from 1 at the top) has an empty-square count of 0.
    #[error("empty-square count 0 in rank {0}")]
    ZeroRun(usize),
    /// The board's size is not supported by the variant.
    #[error(transparent)]
    Size(#[from] SizeError),
    /// The string or the placement it describes is invalid, for the reason given.
    #[error("invalid position: {0}")]
    Invalid(&'static str),
}

/// A cause kept inside an error that is `Clone` and `PartialEq`, which a
/// file's or a parser's own error is not: shared, so a clone keeps the same
/// cause, and compared by its message. The error that holds it names it as
/// its `source`, so the cause stays a typed error rather than its text.
#[derive(Debug, Clone)]
pub struct SharedSource(Arc<dyn std::error::Error + Send + Sync + 'static>);

impl SharedSource {
    /// Keeps `error` as a shared cause.
    pub fn new(error: impl std::error::Error + Send + Sync + 'static) -> SharedSource {
        SharedSource(Arc::new(error))
    }
}

impl PartialEq for SharedSource {
    fn eq(&self, other: &SharedSource) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || self.0.to_string() == other.0.to_string()
    }
}

impl Eq for SharedSource {}

impl std::fmt::Display for SharedSource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for SharedSource {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.0.source()
    }
}
