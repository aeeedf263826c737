//! The distance of a proved win: the shortest number of plies in which the
//! winner forces the end. The proof gives an upper bound; bounded df-pn ("does
//! the winner win within N plies?", the table keyed by plies left) then tries
//! N two plies shorter until it fails. Bounded questions have no cycles (each
//! ply lowers N), so their disproofs are exact even in Lines of Action.

use breakline_rules::{Move, Side};

use super::dfpn::Solver;
use super::knowledge::SolverGame;

/// The shortest forced win, starting from `upper` (the proof's length), with a
/// line of that length (the winner taking the shortest win, the loser
/// resisting longest: written under the exact bound, see `line`); `None`
/// when the budget runs out first, no line when it runs out while writing it.
pub(crate) fn shortest<G: SolverGame>(
    solver: &mut Solver<'_, '_, G>,
    winner: Side,
    upper: u32,
) -> Option<(u32, Option<Vec<Move>>)> {
    let mover = solver.game.side_to_move();
    let mut distance = upper;
    while distance >= 3 {
        let bound = distance - 2;
        solver.clock.progress.distance_bound = bound;
        let root = solver.bounded(winner, bound).prove().ok()?;
        let winner_in_time = (root.phi == 0) == (mover == winner);
        if !winner_in_time {
            break;
        }
        distance = root.len.min(bound);
    }
    Some((distance, solver.bounded(winner, distance).line(Some(distance)).ok()))
}
