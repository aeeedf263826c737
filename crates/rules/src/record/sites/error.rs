//! Why a record cannot be read (always with the line it happened on) or
//! written in a format.

use thiserror::Error;

use super::Format;
use super::token::TokenError;
use crate::Side;
use crate::SizeError;
use crate::error::FenError;

/// A record that cannot be read, and the line of the text where it fails.
#[derive(Debug, Clone, PartialEq, Error)]
#[error("line {line}: {kind}")]
pub struct ReadError {
    /// The line of the whole text, from 1.
    pub line: usize,
    /// What is wrong there.
    pub kind: ReadErrorKind,
}

/// What is wrong with a record; each is said in one line.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum ReadErrorKind {
    /// The text holds no game.
    #[error("no game in the text")]
    Empty,
    /// A line that starts like a tag but is not `[Name "value"]`.
    #[error("not a tag ('[Name \"value\"]'): {0}")]
    Tag(String),
    /// A game Breakline does not play (an SGF game number, a PGN variant).
    #[error("not a game Breakline plays: {0}")]
    Game(String),
    /// The size is malformed or unsupported.
    #[error(transparent)]
    Size(#[from] SizeError),
    /// The start position cannot be read.
    #[error("bad start position: {0}")]
    Start(#[from] FenError),
    /// A move that cannot be read or played.
    #[error("{place} {text}: {error}", place = crate::record::PlyName(*.ply))]
    Move {
        /// The ply, from 1.
        ply: usize,
        /// The move as written.
        text: String,
        /// Why.
        error: TokenError,
    },
    /// An SGF move by the side not to move.
    #[error("{place} is written as {written}'s, but {to_move} is to move", place = crate::record::PlyName(*.ply))]
    Colour {
        /// The ply, from 1.
        ply: usize,
        /// The side the record names.
        written: Side,
        /// The side to move.
        to_move: Side,
    },
    /// A `BothConnected` tag (SGF: `BC`) that names no rule.
    #[error("[BothConnected]: {0}")]
    BothConnected(#[from] crate::connection_rule::UnknownRule),
    /// A stated result that another contradicts (the tag and the moves' end).
    #[error("the result '{0}' does not fit the moves")]
    Result(String),
    /// A stated result that the board contradicts, with what the board says.
    #[error("the result '{written}' does not fit the moves: {board}")]
    Contradicts {
        /// The result as the record wrote it.
        written: String,
        /// What the board says ("the board shows 0-1, Black's win ...").
        board: String,
    },
    /// A draw on an undecided board: Breakline records no agreed draw.
    #[error("a draw on an undecided board (agreed): Breakline records no agreed draws")]
    AgreedDraw,
    /// Text after the game's end (a result or a resignation).
    #[error("'{0}' after the end of the game")]
    AfterEnd(String),
    /// SGF whose brackets or parentheses do not match.
    #[error("SGF: {0}")]
    Sgf(&'static str),
}

/// Why a game cannot be written in a format.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum WriteError {
    /// Breakline's own forms have their own writers.
    #[error("{0} is written by Breakline's own writer, not as a site's record")]
    NotHere(Format),
    /// SGF here says no start position, so a game needs the usual one.
    #[error("SGF cannot say a start other than the usual one here")]
    SgfStart,
    /// OpenSpiel's moves say no start, so they need the usual one.
    #[error("OpenSpiel's moves cannot say a start other than the usual one")]
    OpenSpielStart,
}
