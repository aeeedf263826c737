//! The distance of a proved win: the shortest number of plies in which the
//! winner forces the end. The proof gives an upper bound; bounded df-pn ("does
//! the winner win within N plies?", the table keyed by plies left) then tries
//! N two plies shorter until it fails. Bounded questions have no cycles (each
//! ply lowers N), so their disproofs are exact even in Lines of Action.

use crate::engine::rules::types::{Move, Side};

use super::dfpn::Solver;
use super::knowledge::SolverGame;

/// The shortest forced win, starting from `upper` (the proof's length), with a
/// line of that length (the loser resisting longest); `None` when the budget
/// runs out first.
pub(crate) fn shortest<G: SolverGame>(
    solver: &mut Solver<'_, '_, G>,
    winner: Side,
    upper: u32,
) -> Option<(u32, Option<Vec<Move>>)> {
    let mover = solver.game.side_to_move();
    let mut best = (upper, None);
    while best.0 >= 3 {
        let bound = best.0 - 2;
        solver.clock.progress.distance_bound = bound;
        let mut bounded = solver.bounded(winner, bound);
        let root = bounded.prove().ok()?;
        let winner_in_time = (root.phi == 0) == (mover == winner);
        if !winner_in_time {
            break;
        }
        best = (root.len.min(bound), bounded.line(Some(bound)).ok());
    }
    Some(best)
}
