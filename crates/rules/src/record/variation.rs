//! Side lines: moves tried instead of a game's own, kept beside it without
//! changing it. A line is a list of moves, and any of its moves may have
//! alternatives of its own (lines within lines, as PGN's nested
//! parentheses). Lines hold notation, checked by replaying them from the
//! position they leave.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::error::MoveError;
use crate::position::Position;

/// A line of moves from a position.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Line {
    /// The moves, in the order played.
    pub moves: Vec<LineMove>,
}

/// One move of a line, with the lines played instead of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineMove {
    /// The move in notation.
    pub notation: String,
    /// Lines played instead of this move, from the position before it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub alternatives: Vec<Line>,
}

impl LineMove {
    /// A move without alternatives.
    pub fn new(notation: impl Into<String>) -> LineMove {
        LineMove { notation: notation.into(), alternatives: Vec::new() }
    }
}

/// A side line of a game: played instead of the game's own move at ply `at`
/// (from 0), from the position before that move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideLine {
    /// The game's ply the line replaces, from 0.
    pub at: usize,
    /// The line.
    pub line: Line,
}

/// Why a side line cannot be played.
#[derive(Debug, Clone, PartialEq, Error)]
#[error("side line at ply {at}: move {index} ({notation}): {error}")]
pub struct LineError {
    /// The game's ply (from 1) where the outermost side line leaves the game.
    pub at: usize,
    /// The move's number within its own line, from 1.
    pub index: usize,
    /// The move as written.
    pub notation: String,
    /// Why it cannot be played.
    pub error: MoveError,
}

impl Line {
    /// A line of plain moves.
    pub fn of(moves: &[&str]) -> Line {
        Line { moves: moves.iter().map(|&m| LineMove::new(m)).collect() }
    }

    /// This line replayed from `from`, every move and alternative checked,
    /// with its notation written the rules' way; `at` (the game's ply, from 1)
    /// names it in an error.
    pub fn replayed(&self, from: &Position, at: usize) -> Result<Line, LineError> {
        let mut position = from.clone();
        let mut moves = Vec::with_capacity(self.moves.len());
        for (i, entry) in self.moves.iter().enumerate() {
            let alternatives =
                entry.alternatives.iter().map(|alt| alt.replayed(&position, at)).collect::<Result<Vec<_>, _>>()?;
            let before = position.clone();
            let m = position.play_text(&entry.notation).map_err(|error| LineError {
                at,
                index: i + 1,
                notation: entry.notation.clone(),
                error,
            })?;
            moves.push(LineMove { notation: before.move_name(m), alternatives });
        }
        Ok(Line { moves })
    }
}
