//! Typed errors for everything that crosses the engine's boundary: sizes,
//! squares, moves and position strings. Each message is one clear line.

use thiserror::Error;

use super::notation::{move_name, square_name};
use super::types::{BoardSize, Color, Move, Variant};

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SizeError {
    #[error("unknown variant '{0}' (expected breakthrough or loa)")]
    UnknownVariant(String),
    #[error("malformed board size '{0}' (expected COLUMNSxROWS, e.g. 8x8 or 5x10)")]
    Malformed(String),
    #[error("{variant} is not played on {size}: {}", size_hint(*.variant))]
    Unsupported { variant: Variant, size: BoardSize },
    #[error("lines of action needs a square board, not {size}")]
    NotSquare { size: BoardSize },
}

fn size_hint(variant: Variant) -> String {
    let (cmin, cmax) = variant.column_range();
    let (rmin, rmax) = variant.row_range();
    match variant {
        Variant::Breakthrough => {
            format!("columns {cmin}-{cmax} and rows {rmin}-{rmax} are supported")
        }
        Variant::LinesOfAction => format!("square boards {cmin}x{cmin} to {cmax}x{cmax} are supported"),
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError {
    #[error("malformed square '{0}' (expected a file letter and a rank number, e.g. a2)")]
    MalformedSquare(String),
    #[error("square {square} is off the {size} board")]
    OffBoard { square: String, size: BoardSize },
    #[error("malformed move '{0}' (expected e.g. a2-a3 or a2xb3)")]
    Malformed(String),
    /// The move's first square holds no piece of the side to move.
    #[error("illegal move {}: no {side} piece on {}", move_name(*.size, *.played), square_name(*.size, .played.from))]
    NoPieceToMove { played: Move, size: BoardSize, side: Color },
    /// The piece there cannot reach the move's second square.
    #[error("illegal move {}", move_name(*.size, *.played))]
    Illegal { played: Move, size: BoardSize },
    /// The legal move `legal` captures but was written with `-`.
    #[error("{} is a capture: write it with x", move_name(*.size, *.legal))]
    CaptureNotMarked { legal: Move, size: BoardSize },
    /// The legal move `legal` is quiet but was written with `x`.
    #[error("{} is not a capture: write it with -", move_name(*.size, *.legal))]
    CaptureMarkedWrongly { legal: Move, size: BoardSize },
    #[error("the game is over: no move can be played")]
    GameOver,
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FenError {
    #[error("empty position string")]
    Empty,
    #[error("position string needs ranks and a side to move, e.g. '8/8/.. w'")]
    MissingSide,
    #[error("side to move must be w or b, not '{0}'")]
    BadSide(String),
    #[error("unexpected text after the side to move: '{0}'")]
    TrailingText(String),
    #[error("unexpected character '{0}' in position string (use w, b and digits)")]
    BadChar(char),
    #[error("rank {rank} (from the top) has {found} squares but the first has {expected}")]
    RaggedRank { rank: usize, found: usize, expected: usize },
    #[error("empty-square count 0 in rank {0}")]
    ZeroRun(usize),
    #[error(transparent)]
    Size(#[from] SizeError),
    #[error("invalid position: {0}")]
    Invalid(&'static str),
}
