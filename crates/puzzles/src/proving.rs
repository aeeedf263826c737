//! Proving a puzzle: what makes its first move the answer ([`Uniqueness`])
//! and the proofs by the df-pn solver that it is, in Breakthrough the only
//! winning first move (every other move is proved to lose), in Lines of
//! Action the only one that wins as fast (every other move is shown by an
//! exact bounded search not to win within the puzzle's length; there a move
//! that does not win is seldom proved to lose, as the solver never claims a
//! draw by repetition).

use serde::{Deserialize, Serialize};
use thiserror::Error;

use breakline_ai::solver::{Solution, SolveConfig, Verdict, shortest_within, solve, wins_within};
use breakline_rules::position::Position;
use breakline_rules::{Move, Side, Variant};

/// What makes a puzzle's first move the answer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Uniqueness {
    /// It is the only move that wins: every other first move is proved to
    /// lose. Breakthrough's rule (a game there always has a winner).
    #[default]
    OnlyWinningMove,
    /// It is the only move that wins as fast: every other first move is shown
    /// not to win within the puzzle's length. Lines of Action's rule.
    OnlyFastestWin,
}

/// A uniqueness rule's name that is not one.
#[derive(Debug, Error)]
#[error("unknown uniqueness rule '{0}' (expected only-winning-move or only-fastest-win)")]
pub struct UniquenessError(String);

impl Uniqueness {
    /// The rule a variant's puzzles are made with unless told: the strict one
    /// where a non-winning move is proved to lose.
    pub fn for_variant(variant: Variant) -> Uniqueness {
        match variant {
            Variant::Breakthrough => Uniqueness::OnlyWinningMove,
            Variant::LinesOfAction => Uniqueness::OnlyFastestWin,
        }
    }

    /// Its name, as a set file and the command line write it.
    pub fn id(self) -> &'static str {
        match self {
            Uniqueness::OnlyWinningMove => "only-winning-move",
            Uniqueness::OnlyFastestWin => "only-fastest-win",
        }
    }

    /// The shortest proved win of `position` for the side to move, of at
    /// most `most` plies, if its first move is the answer by this rule (see
    /// [`prove_unique`] and [`prove_fastest`]).
    pub fn prove(self, position: &Position, most: u32, budget: &SolveConfig) -> Option<Vec<Move>> {
        match self {
            Uniqueness::OnlyWinningMove => prove_unique(position, budget).filter(|line| line.len() <= most as usize),
            Uniqueness::OnlyFastestWin => prove_fastest(position, most, budget),
        }
    }

    /// Serde skips the default (strict) rule, so the sets made before the
    /// rule was written down read and write the same.
    pub(crate) fn is_strict(&self) -> bool {
        *self == Uniqueness::OnlyWinningMove
    }
}

impl std::fmt::Display for Uniqueness {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id())
    }
}

impl std::str::FromStr for Uniqueness {
    type Err = UniquenessError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        [Uniqueness::OnlyWinningMove, Uniqueness::OnlyFastestWin]
            .into_iter()
            .find(|u| u.id() == s)
            .ok_or_else(|| UniquenessError(s.to_string()))
    }
}

/// The line of a proved win for the side to move, at its shortest, if every
/// other first move is proved to lose (within a tenth of `budget` each:
/// another winning move is proved fast).
pub fn prove_unique(position: &Position, budget: &SolveConfig) -> Option<Vec<Move>> {
    let mover = position.side_to_move();
    let found = shortest_win(position, budget)?;
    let first = *found.first()?;
    let nodes = budget.nodes.map(|n| n / 10);
    let refute = SolveConfig { distance: false, nodes, memory_mib: 16, ..budget.clone() };
    let only = position.legal_moves().into_iter().filter(|&m| m != first).all(|m| {
        let mut child = position.clone();
        child.play(m).is_ok()
            && (child.outcome().winner() == Some(mover.opponent())
                || solve(&child, &refute, &mut ()).is_ok_and(|s| s.verdict == Verdict::Win(mover.opponent())))
    });
    only.then_some(found)
}

/// The line of the side to move's shortest win, of at most `most` plies, if
/// no other first move wins within as many plies: the win is found by exact
/// bounded df-pn, and each other move is asked "does the mover win within
/// the plies left?" the same way (a tenth of `budget` each, in a small
/// table; one that runs out counts against the puzzle).
pub fn prove_fastest(position: &Position, most: u32, budget: &SolveConfig) -> Option<Vec<Move>> {
    let mover = position.side_to_move();
    let found = shortest_within(position, most, budget).ok()??;
    let first = *found.first()?;
    // The others must not win in the plies left after their own first move.
    let left = found.len() as u32 - 1;
    let nodes = budget.nodes.map(|n| n / 10);
    let bounded = SolveConfig { distance: false, nodes, memory_mib: 2, ..budget.clone() };
    let only = position.legal_moves().into_iter().filter(|&m| m != first).all(|m| {
        let mut child = position.clone();
        if child.play(m).is_err() {
            return false;
        }
        match child.outcome().winner() {
            Some(winner) => winner != mover,
            None if child.outcome().is_over() || left == 0 => true,
            None => wins_within(&child, mover, left, &bounded).is_ok_and(|wins| wins == Some(false)),
        }
    });
    only.then_some(found)
}

/// The line of the side to move's proved win, at its proved shortest.
fn shortest_win(position: &Position, budget: &SolveConfig) -> Option<Vec<Move>> {
    let found = solve(position, budget, &mut ()).ok()?;
    proved_length(&found, position.side_to_move())?;
    Some(found.line)
}

/// The exact length of `mover`'s proved win, if the solve proved one and
/// found its shortest distance.
fn proved_length(found: &Solution, mover: Side) -> Option<u32> {
    (found.verdict == Verdict::Win(mover)).then_some(found.distance?).filter(|&d| d as usize == found.line.len())
}
