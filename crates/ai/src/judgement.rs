//! What the engine says of a person's move where a task asked for one: a
//! puzzle's (does it still win?) and an exercise's (is it good enough against
//! the best move?). One type for both judges, here where each can reach it:
//! the library judges exercises and the puzzles wing judges puzzles, both by
//! this wing's solver and search.

use breakline_rules::Move;

/// What became of a person's move.
#[derive(Clone, Debug, PartialEq)]
pub enum Judgement {
    /// The move wins by proof (or ends the game won): the proof's line from
    /// the position after it, the opponent's reply first (empty when the
    /// move ended the game).
    ProvedWin {
        /// The winning line after the move.
        line: Vec<Move>,
    },
    /// Not proved to win, but it loses less than the threshold of winning
    /// chance against the search's choice (the choice itself loses nothing).
    Good {
        /// Points of winning chance it loses against the search's choice.
        loss: f64,
    },
    /// It loses the threshold or more against the search's choice.
    TooWeak {
        /// Points of winning chance it loses.
        loss: f64,
        /// The search's choice, in notation.
        best: String,
    },
    /// It wins, but not within the task's length (a puzzle's "win in N"
    /// asked for a faster win).
    Slower,
    /// Where only a win would do, it does not win: the opponent's answer
    /// that shows why (the solver's proved one, else the search's), if any.
    Refuted {
        /// The answer that refutes the move.
        answer: Option<Move>,
    },
}

impl Judgement {
    /// Whether the move is accepted.
    pub fn accepted(&self) -> bool {
        matches!(self, Judgement::ProvedWin { .. } | Judgement::Good { .. })
    }

    /// The answer that refutes a refused move, if one was found.
    pub fn refutation(&self) -> Option<Move> {
        match self {
            Judgement::Refuted { answer } => *answer,
            _ => None,
        }
    }
}
