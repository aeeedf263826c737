//! A result as a record states it, checked against the board: a finished
//! board must agree; on an undecided board a win is as the record says
//! (a resignation, a fallen flag, a forfeit, a game left), or unstated.

use super::error::ReadErrorKind;
use crate::position::Position;
use crate::{Outcome, Side, Variant, WinReason};

/// How a record says a game was won off the board, if it says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum How {
    /// It does not say (PGN's `1-0`, SGF's `B+`).
    Unsaid,
    /// The loser resigned (`resign`, SGF's `+R`).
    Resignation,
    /// The loser's time ran out (PGN's time termination, SGF's `+T`).
    Time,
    /// The loser forfeited (SGF's `+F`).
    Forfeit,
    /// The loser left the game (PGN's `abandoned` termination).
    Abandoned,
}

/// A result as a record states it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stated {
    /// No result, or PGN's `*`.
    Unknown,
    /// A side won.
    Win {
        /// The side that won.
        winner: Side,
        /// How, if the record says.
        how: How,
    },
    /// A draw.
    Draw,
}

impl Stated {
    /// PGN's result token: `1-0`, `0-1`, `1/2-1/2`, `*`.
    pub fn from_pgn(token: &str) -> Option<Stated> {
        match token {
            "1-0" => Some(Stated::Win { winner: Side::White, how: How::Unsaid }),
            "0-1" => Some(Stated::Win { winner: Side::Black, how: How::Unsaid }),
            "1/2-1/2" => Some(Stated::Draw),
            "*" => Some(Stated::Unknown),
            _ => None,
        }
    }

    /// This result, said `how` (when it is a win).
    pub fn said(self, how: How) -> Stated {
        match self {
            Stated::Win { winner, .. } => Stated::Win { winner, how },
            other => other,
        }
    }
}

/// PGN's token of an outcome.
pub fn pgn_token(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Ongoing => "*",
        Outcome::Win { winner: Side::White, .. } => "1-0",
        Outcome::Win { winner: Side::Black, .. } => "0-1",
        Outcome::Draw { .. } => "1/2-1/2",
    }
}

/// What the board at the end says of the result, for an error that refuses
/// another: in Lines of Action, that Black moves first (a result written
/// as "the first mover won" reads as White's there).
pub fn board_says(end: &Position) -> String {
    let first = if end.variant() == Variant::LinesOfAction { " (in Lines of Action Black moves first)" } else { "" };
    match end.outcome() {
        Outcome::Ongoing => {
            "the game is not over, and only a win ends it unfinished (by resignation, time or forfeit)".to_string()
        }
        Outcome::Win { winner, .. } => {
            format!("the board shows {}, {}'s win{first}", pgn_token(end.outcome()), winner.title())
        }
        Outcome::Draw { .. } => format!("the board shows a draw, 1/2-1/2{first}"),
    }
}

/// The game's outcome: the board's, or the stated win off the board;
/// `written` is the result as the record wrote it, for the error.
pub fn settle(end: &Position, stated: Stated, written: &str) -> Result<Outcome, ReadErrorKind> {
    let board = end.outcome();
    let contradiction = || ReadErrorKind::Contradicts { written: written.to_string(), board: board_says(end) };
    match (stated, board) {
        (Stated::Unknown, _) => Ok(board),
        (Stated::Win { winner, .. }, Outcome::Win { winner: shown, .. }) if winner == shown => Ok(board),
        (Stated::Win { winner, how }, Outcome::Ongoing) => {
            let reason = match how {
                How::Time => WinReason::Time,
                How::Forfeit => WinReason::Forfeit,
                How::Abandoned => WinReason::Abandoned,
                How::Resignation => WinReason::Resignation,
                // Said as a resignation, a plain `1-0` put words in the loser's mouth.
                How::Unsaid => WinReason::Unstated,
            };
            Ok(Outcome::Win { winner, reason })
        }
        (Stated::Draw, Outcome::Draw { .. }) => Ok(board),
        (Stated::Draw, Outcome::Ongoing) => Err(ReadErrorKind::AgreedDraw),
        _ => Err(contradiction()),
    }
}
