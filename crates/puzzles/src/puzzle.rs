//! One puzzle as a set file holds it: the position, the proof's line (the
//! winner's shortest win against the longest defence), where it came from
//! and its uniqueness rule; [`Puzzle::check`] replays the line by the rules,
//! [`Puzzle::prove`] proves it again. Puzzles are graded by the length of
//! the win.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use breakline_ai::solver::{LineError, SolveConfig, check_line};
use breakline_rules::error::{FenError, MoveError};
use breakline_rules::position::Position;
use breakline_rules::{BoardSize, Move, Side, Variant};

use crate::proving::Uniqueness;

/// One puzzle: the side to move wins, and one first move is the answer (by
/// its uniqueness rule).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Puzzle {
    /// The game.
    pub variant: Variant,
    /// Its board.
    pub size: BoardSize,
    /// The position (side to move included).
    pub fen: String,
    /// The proof's line in the project's notation: the winning first move,
    /// then the longest defence against the shortest win, to the end.
    pub line: Vec<String>,
    /// Where it came from: self-play game and ply.
    pub source: String,
    /// Why its first move is the answer (absent in a file: the strict rule).
    #[serde(default, skip_serializing_if = "Uniqueness::is_strict")]
    pub uniqueness: Uniqueness,
}

/// Why a puzzle does not hold.
#[derive(Debug, Error)]
pub enum PuzzleError {
    /// Its position string is not a position.
    #[error(transparent)]
    Fen(#[from] FenError),
    /// A move of its line is not a move here.
    #[error("move {index} '{text}': {source}")]
    Move {
        /// Its place in the line, from 1.
        index: usize,
        /// As written.
        text: String,
        /// Why.
        source: MoveError,
    },
    /// The line does not end in the side to move's win.
    #[error(transparent)]
    Line(#[from] LineError),
    /// The solver does not prove it again: no win of that length, or
    /// another first move that wins (as fast, by the fastest-win rule).
    #[error("the solver does not prove it: no win of its length with its first move the only answer ({0})")]
    NotProved(Uniqueness),
    /// The size it names is not its position's.
    #[error("the puzzle says {said} but its position is {fen}")]
    SizeMismatch {
        /// The size the puzzle names.
        said: BoardSize,
        /// Its position's.
        fen: BoardSize,
    },
    /// The line is empty or of even length (the winner moves last).
    #[error("a line of {0} plies cannot be the mover's win")]
    Length(usize),
}

impl Puzzle {
    /// The position to solve.
    pub fn position(&self) -> Result<Position, PuzzleError> {
        let position = Position::from_fen(self.variant, &self.fen)?;
        if position.size() != self.size {
            return Err(PuzzleError::SizeMismatch { said: self.size, fen: position.size() });
        }
        Ok(position)
    }

    /// The side that plays and wins.
    pub fn winner(&self) -> Result<Side, PuzzleError> {
        Ok(self.position()?.side_to_move())
    }

    /// Moves of the winner in the line: "win in N".
    pub fn win_in(&self) -> usize {
        self.line.len().div_ceil(2)
    }

    /// The line as moves, each checked on the position it is played from.
    pub fn moves(&self) -> Result<Vec<Move>, PuzzleError> {
        let mut pos = self.position()?;
        let mut moves = Vec::new();
        for (i, text) in self.line.iter().enumerate() {
            let m =
                pos.play_text(text).map_err(|source| PuzzleError::Move { index: i + 1, text: text.clone(), source })?;
            moves.push(m);
        }
        Ok(moves)
    }

    /// Proves the puzzle again: the mover's win of the line's length, with
    /// the line's first move the only answer by the puzzle's rule.
    pub fn prove(&self, budget: &SolveConfig) -> Result<(), PuzzleError> {
        let moves = self.moves()?;
        let most = moves.len() as u32;
        let proved =
            self.uniqueness.prove(&self.position()?, most, budget).ok_or(PuzzleError::NotProved(self.uniqueness))?;
        if proved.len() != moves.len() || proved.first() != moves.first() {
            return Err(PuzzleError::NotProved(self.uniqueness));
        }
        Ok(())
    }

    /// Replays the line by the rules: it must end in the mover's win, the
    /// winner making the last move.
    pub fn check(&self) -> Result<(), PuzzleError> {
        if self.line.len().is_multiple_of(2) {
            return Err(PuzzleError::Length(self.line.len()));
        }
        let position = self.position()?;
        Ok(check_line(&position, position.side_to_move(), &self.moves()?)?)
    }
}
