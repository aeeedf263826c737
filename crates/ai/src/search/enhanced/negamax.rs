//! The recursion of the enhanced search: principal-variation alpha-beta with
//! the transposition table, ordered moves, late-move reductions and pruning,
//! and null-move pruning, each a step of its own.

use std::sync::{Arc, LazyLock};

use crate::eval::nnue::{AccumulatorStack, net_for};
use crate::eval::{Evaluate, Score, Strategy, WIN, is_proven};
use breakline_rules::bits::Bits;
use breakline_rules::game::{MAX_MOVES, MoveList};
use breakline_rules::{Move, Side, Variant};

use super::super::leaf::{leaf_score, no_moves_score, terminal_score};
use super::super::noise::Noise;
use super::super::pv::{MAX_PLY, PvTable};
use super::super::window::{INFINITY, Window};
use super::super::{AiConfig, Control, Stopped};
use super::ordering::{MoveClass, Ordering, classify, pick_next};
use super::selectivity::{FUTILITY_DEPTH, Margins, REVERSE_FUTILITY_DEPTH};
use super::table::{Bound, Table};

/// Late-move reductions start at this depth and with this move of a node
/// (the earlier ones are the table move, captures and killers, mostly).
const LMR_MIN_DEPTH: u32 = 3;
/// On the principal variation the reductions start with the 4th move; off
/// it with the 2nd.
const LMR_FIRST_MOVE_PV: usize = 3;
const LMR_FIRST_MOVE: usize = 1;

/// The reduction by depth left and move number: 0.75 + ln(depth) x ln(move) / 2.25
/// (the classic logarithmic formula), from [`LMR_MIN_DEPTH`] and
/// [`LMR_FIRST_MOVE`] on.
static LATE_MOVE_REDUCTIONS: LazyLock<[[u8; 64]; 64]> = LazyLock::new(|| {
    let mut table = [[0; 64]; 64];
    for (depth, row) in table.iter_mut().enumerate().skip(1) {
        for (index, r) in row.iter_mut().enumerate().skip(1) {
            *r = (0.75 + (depth as f64).ln() * (index as f64).ln() / 2.25) as u8;
        }
    }
    table
});
/// Late-move pruning: off the principal variation, at most this many plies
/// from the horizon, a quiet move that comes after [`late_moves`] others is
/// not searched (the ordering puts the moves that matter first; the rest
/// rarely change a shallow node's value).
const LMP_MAX_DEPTH: u32 = 3;
/// Null-move pruning skips this many plies on top of the pass itself, one
/// more from [`NULL_DEEPER_FROM`] plies on; with the deep reductions (the
/// selective search's) instead one more for every [`NULL_DEPTH_STEP`] plies
/// left: the pass's test is the cheaper the deeper the node, and a deep
/// node's verdict holds with plies to spare.
const NULL_REDUCTION: u32 = 2;
const NULL_DEEPER_FROM: u32 = 6;
const NULL_DEPTH_STEP: u32 = 4;
/// Internal iterative reduction, with the deep reductions: a node at least
/// this deep that the table holds no move for is searched a ply shallower.
/// Without a move to try first its order is a guess and its search the
/// dearest; if it matters, the next iteration finds its move in the table
/// and searches it at full depth.
const IIR_MIN_DEPTH: u32 = 4;
/// With fewer pieces than this the side to move may be in zugzwang (every
/// move hurts), where passing would overestimate it: no null move then.
const NULL_MIN_PIECES: u32 = 4;

/// What a node is to the search.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum NodeKind {
    /// On the principal variation: its exact value is wanted, so the table
    /// never cuts it off and no null move is tried.
    Pv,
    /// Off it: searched with a null window, to show it fails high (a cut
    /// node) or low (an all node).
    NonPv,
    /// The position after a null move: off the principal variation, and
    /// never followed by a second pass.
    NullReply,
}

/// A node's place in the tree: its kind, the plies left to search below it
/// and its distance from the root.
#[derive(Clone, Copy, Debug)]
pub(super) struct Node {
    pub(super) kind: NodeKind,
    pub(super) depth: u32,
    pub(super) ply: u32,
    /// Expected to fail high (a cut node): the null-window children of the
    /// principal variation are, and off it cut and all nodes alternate.
    pub(super) cut: bool,
}

impl Node {
    /// The root, searched `depth` plies deep.
    pub(super) fn root(depth: u32) -> Node {
        Node { kind: NodeKind::Pv, depth, ply: 0, cut: false }
    }

    /// The child searched with the node's own window (its first move, or a
    /// re-search): a principal-variation node's stays on the variation.
    #[inline]
    fn child(self) -> Node {
        let kind = if self.kind == NodeKind::Pv { NodeKind::Pv } else { NodeKind::NonPv };
        Node { kind, depth: self.depth - 1, ply: self.ply + 1, cut: kind != NodeKind::Pv && !self.cut }
    }

    /// The child of a null-window test, `reduction` plies shallower.
    #[inline]
    fn scout(self, reduction: u32) -> Node {
        let cut = self.kind == NodeKind::Pv || !self.cut;
        Node { kind: NodeKind::NonPv, depth: self.depth - 1 - reduction, ply: self.ply + 1, cut }
    }

    /// The position after passing, searched `reduction` plies shallower besides.
    #[inline]
    fn after_pass(self, reduction: u32) -> Node {
        let depth = self.depth.saturating_sub(1 + reduction);
        Node { kind: NodeKind::NullReply, depth, ply: self.ply + 1, cut: !self.cut }
    }
}

/// Whether a variant's late moves are reduced by the refined rule (cut
/// nodes, the table's capture, killers and history; see
/// `Searcher::reduction`): it gained in Breakthrough (+31 and +35 Elo in two
/// 200-game screens) and not in Lines of Action (-3 and -7), which keeps
/// the plain one.
fn refined_reductions(variant: Variant) -> bool {
    variant == Variant::Breakthrough
}

/// What a move in a node's list is to the reductions.
#[derive(Clone, Copy)]
struct LateMove {
    /// Its place in the node's order.
    index: usize,
    class: MoveClass,
    /// Its ordering score: its histories, for a quiet move.
    history: i32,
    /// Whether the table's move of the node is a capture.
    table_capture: bool,
}

/// What the table says about a node before it is searched.
enum Probe {
    /// A stored value settles the node.
    Cutoff(Score),
    /// Search it, the stored best move (if any) first.
    Search(Option<Move>),
}

/// Everything one search keeps between nodes and iterations.
pub(crate) struct Searcher<'a> {
    pub(crate) config: &'a AiConfig,
    pub(crate) root: Side,
    pub(crate) noise: Noise,
    /// Shared with the other threads of a parallel search.
    pub(crate) table: Arc<Table>,
    pub(crate) ordering: Ordering,
    pub(crate) pv: PvTable,
    pub(crate) tt_hits: u64,
    /// Nodes visited in quiescence, past the horizon.
    pub(crate) quiescence_nodes: u64,
    /// The pruning margins, where the search is selective (not `exact`) and
    /// the strategy's units are known.
    pub(super) margins: Option<Margins>,
    /// Whether late moves are reduced by the refined rule (see
    /// [`refined_reductions`]).
    refined_reductions: bool,
    /// Whether the deep reductions apply (internal iterative reduction, see
    /// [`IIR_MIN_DEPTH`], and a null move growing with depth, see
    /// [`NULL_DEPTH_STEP`]): in every selective search, not in the exact one,
    /// whose fixed-depth values they would change. They gained in Lines of
    /// Action (+51, +74 and +47 Elo at 100 ms, 400 ms and 1 s a move;
    /// docs/lab/time-scaling.md, "After") and, with round six's net, in
    /// Breakthrough (+53 at 200 ms and +106 at 1 s; docs/lab/round-6.md), where
    /// with round five's net they had lost at 1 s.
    deep_reductions: bool,
    /// The static evaluation of the node at each ply of the current line
    /// ([`UNKNOWN`] where it was not taken).
    evals: [Score; MAX_PLY],
    /// The learned evaluation's accumulators along the line, where the
    /// strategy is `nnue` and the board has a net.
    nnue: Option<AccumulatorStack>,
}

/// No static evaluation at this ply.
const UNKNOWN: Score = Score::MIN;

impl<'a> Searcher<'a> {
    /// A searcher for `game` writing to `table`.
    pub(super) fn new<G: Evaluate>(game: &G, config: &'a AiConfig, table: Arc<Table>) -> Searcher<'a> {
        Searcher {
            config,
            root: game.side_to_move(),
            noise: Noise::new(config, game),
            table,
            ordering: Ordering::new(game.size().squares()),
            pv: PvTable::default(),
            tt_hits: 0,
            quiescence_nodes: 0,
            refined_reductions: refined_reductions(G::VARIANT),
            deep_reductions: !config.exact(),
            margins: if config.exact() { None } else { Margins::of(config.strategy(), G::VARIANT) },
            evals: [UNKNOWN; MAX_PLY],
            nnue: (config.strategy() == Strategy::Nnue)
                .then(|| net_for(G::VARIANT, game.size()).ok())
                .flatten()
                .map(|net| AccumulatorStack::new(net, game)),
        }
    }

    /// Plays `m`, keeping the accumulators in step.
    #[inline]
    pub(super) fn play<G: Evaluate>(&mut self, game: &mut G, m: Move) {
        if let Some(stack) = &mut self.nnue {
            stack.push(game, m);
        }
        game.play_unchecked(m);
    }

    /// Takes back `m`, the last move played.
    #[inline]
    pub(super) fn undo<G: Evaluate>(&mut self, game: &mut G, m: Move) {
        if let Some(stack) = &mut self.nnue {
            stack.pop();
        }
        game.undo_unchecked(m);
    }

    /// The root player's heuristic for the side to move: the net's from the
    /// accumulators where it plays, else the strategy's.
    #[inline]
    pub(super) fn static_eval<G: Evaluate>(&self, game: &G) -> Score {
        match &self.nnue {
            Some(stack) => {
                let mover = game.side_to_move();
                let v = stack.score(mover) + game.decided_race(mover);
                let from_root = if mover == self.root { v } else { -v };
                let seen = from_root + self.noise.at(game.hash());
                if mover == self.root { seen } else { -seen }
            }
            None => leaf_score(game, self.config, self.root, &self.noise),
        }
    }

    /// The static evaluation of an interior node where the search prunes by
    /// it (None where it does not, or where the opponent threatens to win and
    /// the evaluation means little), kept for the node two plies down, with
    /// whether it improved on the mover's last one.
    #[inline]
    fn judge<G: Evaluate>(&mut self, game: &mut G, ply: u32) -> (Option<Score>, bool) {
        let p = ply as usize;
        let eval = (self.margins.is_some() && !self.threatened(game)).then(|| self.static_eval(game));
        self.evals[p] = eval.unwrap_or(UNKNOWN);
        let improving = eval.is_some() && p >= 2 && self.evals[p - 2] != UNKNOWN && self.evals[p] > self.evals[p - 2];
        (eval, improving)
    }

    /// The value of `game` for the side to move at `node`, within `window`
    /// (fail-soft: outside it, a bound on the true value).
    pub(super) fn negamax<G: Evaluate>(
        &mut self,
        game: &mut G,
        ctl: &mut Control,
        node: Node,
        window: Window,
    ) -> Result<Score, Stopped> {
        ctl.node()?;
        self.pv.clear(node.ply as usize);
        if let Some(s) = terminal_score(game.quick_outcome(), game.side_to_move(), node.ply) {
            return Ok(s);
        }
        // The depth limit keeps every line within the tables (see `limits::DEPTH`).
        debug_assert!((node.ply as usize) + node.depth as usize <= MAX_PLY - 2);
        if node.depth == 0 {
            if self.margins.is_some() {
                return self.quiesce(game, ctl, node.ply, 0, window);
            }
            return Ok(self.horizon(game, node.ply));
        }
        let key = game.hash();
        let table_move = match self.probe(key, node, window) {
            Probe::Cutoff(score) => return Ok(score),
            Probe::Search(table_move) => table_move,
        };
        let node = self.reduced_without_table_move(node, table_move);
        let (eval, improving) = self.judge(game, node.ply);
        if let Some(e) = eval
            && self.reverse_futile(node, window, e, improving)
        {
            return Ok(e);
        }
        if self.null_move_allowed(game, node, window, eval)
            && let Some(bound) = self.null_move(game, ctl, node, window)?
        {
            self.table.store(key, node.ply, node.depth, bound, Bound::Lower, table_move);
            return Ok(bound);
        }
        let futile = eval.is_some_and(|e| self.futile(node, window, e));
        self.search_moves(game, ctl, node, window, table_move, futile)
    }

    /// The node to search: with the deep reductions, a ply shallower where it
    /// is deep and the table has no move for it (see [`IIR_MIN_DEPTH`]).
    #[inline]
    fn reduced_without_table_move(&self, node: Node, table_move: Option<Move>) -> Node {
        if self.deep_reductions && table_move.is_none() && node.depth >= IIR_MIN_DEPTH {
            Node { depth: node.depth - 1, ..node }
        } else {
            node
        }
    }

    /// Plies skipped by the null move at `node` besides the pass itself.
    #[inline]
    fn null_reduction(&self, node: Node) -> u32 {
        if self.deep_reductions {
            NULL_REDUCTION + node.depth / NULL_DEPTH_STEP
        } else {
            NULL_REDUCTION + u32::from(node.depth >= NULL_DEEPER_FROM)
        }
    }

    /// Reverse futility pruning: off the principal variation near the
    /// horizon, a static evaluation this far above beta is taken as a fail high.
    #[inline]
    fn reverse_futile(&self, node: Node, window: Window, eval: Score, improving: bool) -> bool {
        let Some(margins) = self.margins else { return false };
        node.kind != NodeKind::Pv
            && node.depth <= REVERSE_FUTILITY_DEPTH
            && !is_proven(window.beta)
            && !is_proven(eval)
            && eval - margins.reverse_futility(node.depth, improving) >= window.beta
    }

    /// Futility: off the principal variation near the horizon, a static
    /// evaluation this far below alpha leaves quiet moves no hope of reaching it.
    #[inline]
    fn futile(&self, node: Node, window: Window, eval: Score) -> bool {
        let Some(margins) = self.margins else { return false };
        node.kind != NodeKind::Pv
            && node.depth <= FUTILITY_DEPTH
            && !is_proven(window.alpha)
            && eval + margins.futility(node.depth) <= window.alpha
    }

    /// The value at the horizon: a loss without moves, a win one ply past it
    /// (unless `exact`), else the strategy's judgement.
    #[inline]
    fn horizon<G: Evaluate>(&self, game: &G, ply: u32) -> Score {
        if !game.has_moves() {
            return no_moves_score(ply);
        }
        // A win one ply past the horizon is still a proven win.
        if !self.config.exact() && game.wins_next_move() {
            return WIN - (ply + 1) as Score;
        }
        self.static_eval(game)
    }

    /// Looks the node up: a deeper result is a better one; with `exact` only
    /// this depth's value cuts off, so fixed-depth results do not depend on
    /// the table. A principal-variation node is always searched.
    #[inline(always)]
    fn probe(&mut self, key: u64, node: Node, window: Window) -> Probe {
        let Some(hit) = self.table.probe(key, node.ply) else {
            return Probe::Search(None);
        };
        self.tt_hits += 1;
        let deep_enough = if self.config.exact() { hit.depth == node.depth } else { hit.depth >= node.depth };
        if deep_enough && node.kind != NodeKind::Pv {
            let settles = match hit.bound {
                Bound::Exact => true,
                Bound::Lower => window.fails_high(hit.score),
                Bound::Upper => window.fails_low(hit.score),
            };
            if settles {
                return Probe::Cutoff(hit.score);
            }
        }
        Probe::Search(hit.best)
    }

    /// A null move is tried off the principal variation, not near proven
    /// scores, not in a possible zugzwang, and in a selective search only
    /// where the static evaluation already reaches beta.
    fn null_move_allowed<G: Evaluate>(&self, game: &G, node: Node, window: Window, eval: Option<Score>) -> bool {
        let promising = match (self.margins, eval) {
            (None, _) => true,
            (Some(_), Some(e)) => e >= window.beta,
            (Some(_), None) => false,
        };
        promising
            && self.config.null_move()
            && node.kind == NodeKind::NonPv
            && node.depth > NULL_REDUCTION
            && !is_proven(window.alpha)
            && !is_proven(window.beta)
            && game.board().pieces(game.side_to_move()).count() >= NULL_MIN_PIECES
    }

    /// Null-move pruning: if the side to move can pass and still reach beta
    /// at a reduced depth, the node fails high. Returns the bound to claim.
    fn null_move<G: Evaluate>(
        &mut self,
        game: &mut G,
        ctl: &mut Control,
        node: Node,
        window: Window,
    ) -> Result<Option<Score>, Stopped> {
        game.play_null();
        let r = self.negamax(game, ctl, node.after_pass(self.null_reduction(node)), -window.null_at_beta());
        game.undo_null();
        let v = -r?;
        // Passing proves no forced win, so claim only the bound.
        Ok(window.fails_high(v).then(|| if is_proven(v) { window.beta } else { v }))
    }

    /// Searches the node's moves, best expected first, by principal variation
    /// search: the first with the full window, the others by a null-window
    /// scout first. Stores the result in the table.
    // Always inlined, as `probe`: negamax's steps, in one function as before
    // they were named (a call per node costs about 3% of the search's time).
    #[inline(always)]
    fn search_moves<G: Evaluate>(
        &mut self,
        game: &mut G,
        ctl: &mut Control,
        node: Node,
        mut window: Window,
        table_move: Option<Move>,
        futile: bool,
    ) -> Result<Score, Stopped> {
        let mut moves = MoveList::new();
        game.generate_moves(&mut moves);
        if moves.is_empty() {
            return Ok(no_moves_score(node.ply));
        }
        let p = node.ply as usize;
        let mut scores = [0i32; MAX_MOVES];
        self.ordering.score(game, &moves, table_move, p, &mut scores);
        let start = window;
        let side = game.side_to_move();
        let mut best = -INFINITY;
        let mut best_move = None;
        let prune_after = self.late_moves(node);
        // A capture in the table says the node is sharp: quiet moves matter less.
        let table_capture = table_move.is_some_and(|m| m.capture);
        let mut quiet_tried = MoveList::new();
        for i in 0..moves.len() {
            pick_next(&mut moves, &mut scores, i);
            let m = moves[i];
            let class = classify(game, m, scores[i]);
            let quiet = class == MoveClass::Quiet;
            if quiet && (i >= prune_after || (futile && i > 0)) {
                continue;
            }
            let late = LateMove { index: i, class, history: scores[i], table_capture };
            let reduction = self.reduction(node, late);
            self.play(game, m);
            let r = if i == 0 {
                self.child(game, ctl, node, window)
            } else {
                self.later_child(game, ctl, node, window, reduction)
            };
            self.undo(game, m);
            let v = r?;
            if v > best {
                best = v;
                best_move = Some(m);
                if !window.fails_low(v) {
                    window.raise_alpha(v);
                    self.pv.update(p, m);
                    if window.fails_high(v) {
                        self.ordering.reward(side, m, p, node.depth, &quiet_tried);
                        break;
                    }
                }
            }
            if quiet {
                quiet_tried.push(m);
            }
        }
        self.store(game.hash(), node, start, best, best_move);
        Ok(best)
    }

    /// Stores a searched node's value: exact inside the window it was searched
    /// with, else the bound it is.
    #[inline]
    fn store(&self, key: u64, node: Node, window: Window, best: Score, best_move: Option<Move>) {
        let bound = if window.fails_high(best) {
            Bound::Lower
        } else if window.fails_low(best) {
            Bound::Upper
        } else {
            Bound::Exact
        };
        // A node where every move failed low has no trustworthy best move.
        let stored_move = if bound == Bound::Upper { None } else { best_move };
        self.table.store(key, node.ply, node.depth, best, bound, stored_move);
    }

    /// The value of the move just played at `node`, for the side that played
    /// it, searched with the node's `window`.
    #[inline]
    pub(super) fn child<G: Evaluate>(
        &mut self,
        game: &mut G,
        ctl: &mut Control,
        node: Node,
        window: Window,
    ) -> Result<Score, Stopped> {
        Ok(-self.negamax(game, ctl, node.child(), -window)?)
    }

    /// A later move's value (already played): it only has to show it is no
    /// better than alpha, by a null-window scout, then, if it may be better,
    /// with the full window.
    #[inline]
    pub(super) fn later_child<G: Evaluate>(
        &mut self,
        game: &mut G,
        ctl: &mut Control,
        node: Node,
        window: Window,
        reduction: u32,
    ) -> Result<Score, Stopped> {
        let v = self.scout(game, ctl, node, window, reduction)?;
        if window.contains(v) { self.child(game, ctl, node, window) } else { Ok(v) }
    }

    /// The null-window test of the move just played against alpha: reduced by
    /// `reduction` plies first for a late quiet move, then at full depth if
    /// that beats alpha. Returns a bound: above alpha means it may be better.
    #[inline]
    fn scout<G: Evaluate>(
        &mut self,
        game: &mut G,
        ctl: &mut Control,
        node: Node,
        window: Window,
        reduction: u32,
    ) -> Result<Score, Stopped> {
        let test = -window.null_at_alpha();
        // Without a reduction, go straight to the full-depth null window.
        let mut v = window.alpha + 1;
        if reduction > 0 {
            v = -self.negamax(game, ctl, node.scout(reduction), test)?;
        }
        if v > window.alpha {
            v = -self.negamax(game, ctl, node.scout(0), test)?;
        }
        Ok(v)
    }

    /// How many moves of `node` are searched before late quiet ones are
    /// pruned (all of them on the principal variation, far from the horizon
    /// or with `exact`).
    #[inline]
    fn late_moves(&self, node: Node) -> usize {
        if self.config.exact() || node.kind == NodeKind::Pv || node.depth > LMP_MAX_DEPTH {
            usize::MAX
        } else {
            3 + (node.depth * node.depth) as usize
        }
    }

    /// Late-move reduction for a `late` move of `node`: growing with the
    /// depth left and the moves before it (as the product of their
    /// logarithms), a ply less on the principal variation, always leaving a
    /// ply to search. With the refined reductions (Breakthrough) also from
    /// the 2nd move off the principal variation, killers too, a ply less for
    /// a killer and for a move whose history says it refutes, a ply more at
    /// an expected cut node, after a capture in the table, and for a move
    /// whose history says it fails.
    #[inline]
    fn reduction(&self, node: Node, late: LateMove) -> u32 {
        let refined = self.refined_reductions;
        let first = if node.kind == NodeKind::Pv || !refined { LMR_FIRST_MOVE_PV } else { LMR_FIRST_MOVE };
        let reducible = match late.class {
            MoveClass::Tactical => false,
            MoveClass::Killer => refined,
            MoveClass::Quiet => true,
        };
        if self.config.exact() || node.depth < LMR_MIN_DEPTH || late.index < first || !reducible {
            return 0;
        }
        let mut r = LATE_MOVE_REDUCTIONS[(node.depth as usize).min(63)][late.index.min(63)] as i32;
        r -= i32::from(node.kind == NodeKind::Pv);
        if refined {
            r += i32::from(node.cut) + i32::from(late.table_capture);
            r -= if late.class == MoveClass::Killer { 1 } else { late.history.signum() };
        }
        (r.max(1) as u32).min(node.depth - 2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Algorithm;
    use breakline_rules::position::{AnyGame, Position};
    use breakline_rules::{BoardSize, Variant};

    #[test]
    fn off_the_principal_variation_cut_and_all_nodes_alternate() {
        let root = Node::root(10);
        assert!(!root.child().cut, "the first child of a principal-variation node stays on it");
        let scouted = root.scout(0);
        assert!(scouted.cut, "a null-window test of a later root move expects a fail high");
        assert!(!scouted.child().cut && scouted.child().child().cut);
        assert!(!scouted.scout(1).cut && !scouted.after_pass(2).cut);
    }

    fn searcher_on_start(config: &AiConfig) -> Searcher<'_> {
        let pos = Position::start(Variant::Breakthrough, BoardSize::new(8, 8)).unwrap();
        let AnyGame::Breakthrough64(game) = &pos.game() else { panic!("8x8 Breakthrough") };
        Searcher::new(game, config, Arc::new(Table::new(0)))
    }

    fn searcher_on_loa(config: &AiConfig) -> Searcher<'_> {
        let pos = Position::start(Variant::LinesOfAction, BoardSize::new(8, 8)).unwrap();
        let AnyGame::Loa64(game) = &pos.game() else { panic!("8x8 Lines of Action") };
        Searcher::new(game, config, Arc::new(Table::new(0)))
    }

    #[test]
    fn late_moves_are_reduced_more_at_cut_nodes_after_a_table_capture_and_with_a_failing_history() {
        let config = AiConfig::parse("enhanced:expert:depth=12:exact=off", Variant::Breakthrough).unwrap();
        let searcher = searcher_on_start(&config);
        let node = Node { kind: NodeKind::NonPv, depth: 10, ply: 4, cut: false };
        let quiet = LateMove { index: 6, class: MoveClass::Quiet, history: 0, table_capture: false };
        let r = searcher.reduction(node, quiet);
        assert!(r >= 1);
        assert_eq!(searcher.reduction(Node { cut: true, ..node }, quiet), r + 1);
        assert_eq!(searcher.reduction(node, LateMove { table_capture: true, ..quiet }), r + 1);
        assert_eq!(searcher.reduction(node, LateMove { history: -5, ..quiet }), r + 1);
        assert_eq!(searcher.reduction(node, LateMove { history: 5, ..quiet }), r - 1);
        assert_eq!(searcher.reduction(node, LateMove { class: MoveClass::Killer, ..quiet }), r - 1);
        assert_eq!(searcher.reduction(node, LateMove { class: MoveClass::Tactical, ..quiet }), 0);
        assert_eq!(searcher.reduction(Node { kind: NodeKind::Pv, ..node }, quiet), r - 1);
        let first = LateMove { index: 0, ..quiet };
        assert_eq!(searcher.reduction(node, first), 0, "the first move is never reduced");
        let shallow = Node { depth: 3, ..node };
        assert_eq!(searcher.reduction(shallow, LateMove { index: 40, history: -9, ..quiet }), 1, "a ply is left");
    }

    #[test]
    fn lines_of_action_keeps_the_plain_reductions() {
        let config = AiConfig::parse("enhanced:expert:depth=12:exact=off", Variant::LinesOfAction).unwrap();
        let searcher = searcher_on_loa(&config);
        let node = Node { kind: NodeKind::NonPv, depth: 10, ply: 4, cut: false };
        let quiet = LateMove { index: 6, class: MoveClass::Quiet, history: -5, table_capture: true };
        let r = searcher.reduction(node, quiet);
        assert_eq!(r, u32::from(LATE_MOVE_REDUCTIONS[10][6]));
        assert_eq!(searcher.reduction(Node { cut: true, ..node }, LateMove { history: 5, ..quiet }), r);
        assert_eq!(searcher.reduction(node, LateMove { class: MoveClass::Killer, ..quiet }), 0);
        assert_eq!(searcher.reduction(node, LateMove { index: 2, ..quiet }), 0, "from the 4th move");
    }

    #[test]
    fn a_deep_node_the_table_has_no_move_for_is_searched_a_ply_shallower_in_both_games() {
        let config = AiConfig::parse("master", Variant::LinesOfAction).unwrap();
        let searcher = searcher_on_loa(&config);
        let node = Node { kind: NodeKind::NonPv, depth: 10, ply: 4, cut: true };
        let table_move = Some(Move::new(8, 16, false));
        assert_eq!(searcher.reduced_without_table_move(node, None).depth, 9);
        assert_eq!(searcher.reduced_without_table_move(node, table_move).depth, 10);
        let shallow = Node { depth: IIR_MIN_DEPTH - 1, ..node };
        assert_eq!(searcher.reduced_without_table_move(shallow, None).depth, IIR_MIN_DEPTH - 1);
        let pv = Node { kind: NodeKind::Pv, ..node };
        assert_eq!(searcher.reduced_without_table_move(pv, None).depth, 9, "on the principal variation too");
        let exact = AiConfig::fixed_depth(Algorithm::Enhanced, crate::eval::Strategy::Expert, 12).unwrap();
        assert_eq!(searcher_on_loa(&exact).reduced_without_table_move(node, None).depth, 10, "not when exact");
        let breakthrough = AiConfig::parse("master", Variant::Breakthrough).unwrap();
        assert_eq!(searcher_on_start(&breakthrough).reduced_without_table_move(node, None).depth, 9);
    }

    #[test]
    fn the_null_move_skips_more_plies_the_deeper_the_node_in_both_games() {
        let at = |depth| Node { kind: NodeKind::NonPv, depth, ply: 4, cut: true };
        let skips = |searcher: &Searcher, depths: [u32; 4]| depths.map(|d| searcher.null_reduction(at(d)));
        let config = AiConfig::parse("master", Variant::LinesOfAction).unwrap();
        assert_eq!(skips(&searcher_on_loa(&config), [3, 4, 8, 16]), [2, 3, 4, 6]);
        let exact = AiConfig::fixed_depth(Algorithm::Enhanced, crate::eval::Strategy::Expert, 12).unwrap();
        assert_eq!(skips(&searcher_on_loa(&exact), [3, 5, 6, 16]), [2, 2, 3, 3], "an exact search: the older rule");
        let breakthrough = AiConfig::parse("master", Variant::Breakthrough).unwrap();
        assert_eq!(skips(&searcher_on_start(&breakthrough), [3, 4, 8, 16]), [2, 3, 4, 6]);
    }

    #[test]
    fn an_exact_search_reduces_nothing() {
        let config = AiConfig::fixed_depth(Algorithm::Enhanced, crate::eval::Strategy::Expert, 12).unwrap();
        let searcher = searcher_on_start(&config);
        let node = Node { kind: NodeKind::NonPv, depth: 10, ply: 4, cut: true };
        let quiet = LateMove { index: 20, class: MoveClass::Quiet, history: -9, table_capture: true };
        assert_eq!(searcher.reduction(node, quiet), 0);
    }
}
