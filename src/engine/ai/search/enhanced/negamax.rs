//! The recursion of the enhanced search: principal-variation alpha-beta with
//! the transposition table, ordered moves and null-move pruning.

use std::sync::Arc;

use crate::engine::ai::eval::{Evaluate, Score, WIN, is_proven};
use crate::engine::rules::bits::Bits;
use crate::engine::rules::game::{MAX_MOVES, MoveList};
use crate::engine::rules::types::{Color, Move};

use super::super::minimax::{INFINITY, has_no_moves, leaf_score, terminal_score};
use super::super::noise::Noise;
use super::super::pv::{MAX_PLY, PvTable};
use super::super::{AiConfig, Control, Stopped};
use super::ordering::{Ordering, pick_next, reducible};
use super::table::{Bound, Table};

/// Late-move reductions start at this depth and with this move of a node
/// (the earlier ones are the table move, captures and killers, mostly).
const LMR_MIN_DEPTH: u32 = 3;
const LMR_FIRST_MOVE: usize = 3;
/// Null-move pruning skips this many plies on top of the pass itself.
const NULL_REDUCTION: u32 = 2;
/// With fewer pieces than this the side to move may be in zugzwang (every
/// move hurts), where passing would overestimate it: no null move then.
const NULL_MIN_PIECES: u32 = 4;

/// Everything one search keeps between nodes and iterations.
pub(crate) struct Searcher<'a> {
    pub(crate) config: &'a AiConfig,
    pub(crate) root: Color,
    pub(crate) noise: Noise,
    /// Shared with the other threads of a parallel search.
    pub(crate) table: Arc<Table>,
    pub(crate) ordering: Ordering,
    pub(crate) pv: PvTable,
    pub(crate) tt_hits: u64,
}

impl Searcher<'_> {
    /// The value of `game` for the side to move, `depth` plies deep, within
    /// `(alpha, beta)` (fail-soft: outside it, a bound on the true value).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn negamax<G: Evaluate>(
        &mut self,
        game: &mut G,
        ctl: &mut Control,
        depth: u32,
        ply: u32,
        mut alpha: Score,
        beta: Score,
        is_pv: bool,
        after_null: bool,
    ) -> Result<Score, Stopped> {
        ctl.node()?;
        let p = ply as usize;
        self.pv.clear(p);
        if let Some(s) = terminal_score(game.quick_outcome(), game.side_to_move(), ply) {
            return Ok(s);
        }
        if depth == 0 || p + 2 >= MAX_PLY {
            if has_no_moves(game) {
                return Ok(-(WIN - ply as Score));
            }
            // A win one ply past the horizon is still a proven win.
            if !self.config.exact() && game.wins_next_move() {
                return Ok(WIN - (ply + 1) as Score);
            }
            return Ok(leaf_score(game, self.config, self.root, &self.noise));
        }

        let key = game.hash();
        let mut table_move = None;
        if let Some(hit) = self.table.probe(key, ply) {
            self.tt_hits += 1;
            table_move = hit.best;
            // A deeper result is a better one; with `exact` only this depth's
            // value cuts off, so fixed-depth results do not depend on the table.
            let deep_enough = if self.config.exact() { hit.depth == depth } else { hit.depth >= depth };
            if deep_enough && !is_pv {
                let usable = match hit.bound {
                    Bound::Exact => true,
                    Bound::Lower => hit.score >= beta,
                    Bound::Upper => hit.score <= alpha,
                };
                if usable {
                    return Ok(hit.score);
                }
            }
        }

        if self.null_move_allowed(game, depth, alpha, beta, is_pv, after_null) {
            game.play_null();
            let reduction = if depth >= 6 { NULL_REDUCTION + 1 } else { NULL_REDUCTION };
            let reduced = depth.saturating_sub(1 + reduction);
            let r = self.negamax(game, ctl, reduced, ply + 1, -beta, -beta + 1, false, true);
            game.undo_null();
            let v = -r?;
            if v >= beta {
                // Passing proves no forced win, so claim only the bound.
                let v = if is_proven(v) { beta } else { v };
                self.table.store(key, ply, depth, v, Bound::Lower, table_move);
                return Ok(v);
            }
        }

        let mut moves = MoveList::new();
        game.generate_moves(&mut moves);
        if moves.is_empty() {
            return Ok(-(WIN - ply as Score));
        }
        let mut scores = [0i32; MAX_MOVES];
        self.ordering.score(game, &moves, table_move, p, &mut scores);

        let alpha_start = alpha;
        let side = game.side_to_move();
        let mut best = -INFINITY;
        let mut best_move = None;
        for i in 0..moves.len() {
            pick_next(&mut moves, &mut scores, i);
            let m = moves[i];
            let reduction = self.reduction(game, depth, i, m, scores[i]);
            game.play_unchecked(m);
            let r = if i == 0 {
                self.negamax(game, ctl, depth - 1, ply + 1, -beta, -alpha, is_pv, false).map(|v| -v)
            } else {
                self.later_move(game, ctl, depth, ply, alpha, beta, is_pv, reduction)
            };
            game.undo_unchecked(m);
            let v = r?;
            if v > best {
                best = v;
                best_move = Some(m);
                if v > alpha {
                    alpha = v;
                    self.pv.update(p, m);
                    if alpha >= beta {
                        self.ordering.reward(side, m, p, depth);
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha_start {
            Bound::Exact
        } else {
            Bound::Upper
        };
        // A node where every move failed low has no trustworthy best move.
        let stored_move = if bound == Bound::Upper { None } else { best_move };
        self.table.store(key, ply, depth, best, bound, stored_move);
        Ok(best)
    }

    /// A later move's value for the side that played it (already played):
    /// it only has to show it is no better than alpha, by a null-window
    /// search (reduced by `reduction` plies for a late quiet move), confirmed
    /// at full depth, then with the full window if it may be better.
    #[allow(clippy::too_many_arguments)]
    fn later_move<G: Evaluate>(
        &mut self,
        game: &mut G,
        ctl: &mut Control,
        depth: u32,
        ply: u32,
        alpha: Score,
        beta: Score,
        is_pv: bool,
        reduction: u32,
    ) -> Result<Score, Stopped> {
        let child = depth - 1;
        // Without a reduction, go straight to the full-depth null window.
        let mut v = alpha + 1;
        if reduction > 0 {
            v = -self.negamax(game, ctl, child - reduction, ply + 1, -alpha - 1, -alpha, false, false)?;
        }
        if v > alpha {
            v = -self.negamax(game, ctl, child, ply + 1, -alpha - 1, -alpha, false, false)?;
        }
        if v > alpha && v < beta {
            v = -self.negamax(game, ctl, child, ply + 1, -beta, -alpha, is_pv, false)?;
        }
        Ok(v)
    }

    /// Late-move reduction for the `index`-th move `m` (ordering score `score`).
    fn reduction<G: Evaluate>(&self, game: &G, depth: u32, index: usize, m: Move, score: i32) -> u32 {
        if self.config.exact() || depth < LMR_MIN_DEPTH || index < LMR_FIRST_MOVE || !reducible(game, m, score) {
            0
        } else if depth >= 6 && index >= 2 * LMR_FIRST_MOVE + 6 {
            2
        } else {
            1
        }
    }

    fn null_move_allowed<G: Evaluate>(
        &self,
        game: &G,
        depth: u32,
        alpha: Score,
        beta: Score,
        is_pv: bool,
        after_null: bool,
    ) -> bool {
        self.config.null_move()
            && !is_pv
            && !after_null
            && depth > NULL_REDUCTION
            && !is_proven(alpha)
            && !is_proven(beta)
            && game.board().pieces(game.side_to_move()).count() >= NULL_MIN_PIECES
    }
}
