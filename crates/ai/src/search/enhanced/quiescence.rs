//! The quiescence search below the horizon of a selective search: the
//! position is judged by its static evaluation only once it is quiet. The
//! side to move may stand pat on that evaluation or capture (and in
//! Breakthrough, on the first plies, step onto the rank before the goal,
//! which threatens to win); a side whose opponent threatens to win next move
//! may not stand pat, since only a capture of the runner saves it.

use crate::eval::{Evaluate, Score, WIN};
use breakline_rules::game::{MAX_MOVES, MoveList};
use breakline_rules::{Move, Variant};

use super::super::leaf::{no_moves_score, terminal_score};
use super::super::pv::MAX_PLY;
use super::super::window::Window;
use super::super::{Control, Stopped};
use super::negamax::Searcher;

/// How many plies below the horizon captures are followed in each variant:
/// Breakthrough's exchanges run long down a file, Lines of Action's captures
/// are a large share of all moves and are cut short.
fn max_plies(variant: Variant) -> u32 {
    match variant {
        Variant::Breakthrough => 12,
        Variant::LinesOfAction => 4,
    }
}

/// Quiet moves that threaten the goal are tried this many plies below the horizon.
const THREAT_PLIES: u32 = 1;

impl Searcher<'_> {
    /// The value of `game` for the side to move, `ply` plies from the root and
    /// `below` plies past the horizon, within `window` (fail-soft).
    pub(super) fn quiesce<G: Evaluate>(
        &mut self,
        game: &mut G,
        ctl: &mut Control,
        ply: u32,
        below: u32,
        mut window: Window,
    ) -> Result<Score, Stopped> {
        ctl.node()?;
        self.quiescence_nodes += 1;
        if let Some(s) = terminal_score(game.quick_outcome(), game.side_to_move(), ply) {
            return Ok(s);
        }
        if game.wins_next_move() {
            return Ok(WIN - (ply + 1) as Score);
        }
        let mut moves = MoveList::new();
        game.generate_moves(&mut moves);
        if moves.is_empty() {
            return Ok(no_moves_score(ply));
        }
        let threatened = self.threatened(game);
        let stand = self.static_eval(game);
        // Threatened, a move that does not stop the runner loses two plies on.
        let mut best = if threatened { -(WIN - (ply + 2) as Score) } else { stand };
        if !threatened && window.fails_high(stand) {
            return Ok(stand);
        }
        if (ply as usize) + 2 >= MAX_PLY || below >= max_plies(G::VARIANT) {
            return Ok(stand);
        }
        // Delta pruning: so far below alpha that no capture can reach it.
        if !threatened && self.margins.is_some_and(|m| stand + m.delta() <= window.alpha) {
            return Ok(stand);
        }
        window.raise_alpha(best);
        let mut scores = [0i32; MAX_MOVES];
        let count = self.noisy_moves(game, &mut moves, &mut scores, below < THREAT_PLIES && !threatened);
        for i in 0..count {
            super::ordering::pick_next_within(&mut moves, &mut scores, i, count);
            let m = moves[i];
            self.play(game, m);
            let r = self.quiesce(game, ctl, ply + 1, below + 1, -window);
            self.undo(game, m);
            let v = -r?;
            if v > best {
                best = v;
                if window.fails_high(v) {
                    break;
                }
                window.raise_alpha(v);
            }
        }
        Ok(best)
    }

    /// Keeps the moves worth following below the horizon at the front of
    /// `moves`, scored for their order, and returns how many: captures (in
    /// Breakthrough the one nearest our home first), and with `threats`
    /// Breakthrough's quiet steps onto the rank before the goal.
    fn noisy_moves<G: Evaluate>(
        &self,
        game: &G,
        moves: &mut MoveList,
        scores: &mut [i32; MAX_MOVES],
        threats: bool,
    ) -> usize {
        let breakthrough = G::VARIANT == Variant::Breakthrough;
        let size = game.size();
        let side = game.side_to_move();
        let goal = size.goal_rank(side);
        let before_goal = |m: Move| (m.to / size.columns).abs_diff(goal) == 1;
        let mut kept = 0;
        for i in 0..moves.len() {
            let m = moves[i];
            let keep = m.capture || (breakthrough && threats && before_goal(m));
            if keep {
                let home_distance = (m.to / size.columns).abs_diff(goal) as i32;
                scores[kept] = if m.capture { 100 + home_distance } else { 0 };
                moves.swap(kept, i);
                kept += 1;
            }
        }
        kept
    }

    /// Whether the opponent would win with its next move were it its turn:
    /// then the side to move cannot rest on its evaluation.
    #[inline]
    pub(super) fn threatened<G: Evaluate>(&self, game: &mut G) -> bool {
        if G::VARIANT != Variant::Breakthrough {
            return false;
        }
        game.play_null();
        let threat = game.wins_next_move();
        game.undo_null();
        threat
    }
}
