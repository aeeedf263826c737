//! Depth-first proof-number search, df-pn (Nagai 2002, "Df-pn algorithm for
//! searching AND/OR trees and its applications"), over proof-number search
//! (Allis 1994), in negamax form: each node keeps `phi` (the work left to prove
//! that its mover succeeds) and `delta` (to prove that it fails), with
//! `phi = min(child delta)` and `delta = sum(child phi)`. Thresholds let the
//! search stay in one subtree until it is solved or no longer the most
//! promising, with the 1+epsilon trick (Pawlewicz and Lew 2007).
//!
//! "Succeeds" is measured against a target side: a node's mover succeeds when
//! it is the target and the target wins, or it is the defender and the target
//! does not (a draw counts for the defender). Optionally a ply bound turns the
//! question into "does the target win within N plies" (for the distance).

use arrayvec::ArrayVec;

use crate::eval::Strategy;
use crate::search::Stopped;
use breakline_rules::bits::{Bits, Wide};
use breakline_rules::game::MoveList;
use breakline_rules::{Move, Outcome, Side};

use super::busy::Busy;
use super::checkpoint::Saver;
use super::clock::Clock;
use super::knowledge::{Insight, SolverGame};
use super::table::{Entry, Table};
use breakline_rules::symmetry::SquareMap;

/// Proof numbers at or above this mean "impossible": the other side is proved.
const INF: u32 = 1 << 30;

/// The deepest path the solver follows in a game with cycles; deeper nodes
/// count as failures for the target (sound for proofs, see `mod.rs`).
const MAX_PATH: usize = 1000;

/// The largest initial proof or disproof number (the evaluation's certainty
/// spreads new nodes between 1 and this).
const INIT_SPREAD: f64 = 1024.0;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Value {
    pub(crate) phi: u32,
    pub(crate) delta: u32,
    /// For a solved node, plies to the end along the proof (winner shortest,
    /// loser longest).
    pub(crate) len: u32,
}

impl Value {
    const fn succeeds(len: u32) -> Value {
        Value { phi: 0, delta: INF, len }
    }

    const fn fails(len: u32) -> Value {
        Value { phi: INF, delta: 0, len }
    }
}

/// What a node is before its children are looked at.
enum Decision {
    Done(Value),
    Open(Option<Focus>),
}

/// The moves a node needs looked at when the game's structure rules the
/// others out: they lose within `others_lose_within` plies.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Focus {
    /// Captures on this square.
    Capture(u8),
    /// Moves ending on these squares; the others lose within the plies.
    Defend(Wide, u32),
}

impl Focus {
    fn keeps(&self, m: Move) -> bool {
        match self {
            Focus::Capture(square) => m.to == *square && m.capture,
            Focus::Defend(squares, _) => squares.has(m.to as usize),
        }
    }

    /// The longest a move left out lasts: a node lost through its kept moves
    /// lasts at least this long (the loser's longest line).
    fn others_lose_within(&self) -> u32 {
        match self {
            Focus::Capture(_) => 2,
            Focus::Defend(_, plies) => *plies,
        }
    }
}

pub(crate) struct Child {
    pub(crate) mv: Move,
    key: u64,
    pub(crate) value: Value,
    /// Repeats a position on the path: its value is fixed, not looked up.
    pinned: bool,
}

/// What every solving thread of one solve shares: the table, the game's
/// tables for its knowledge, the symmetries keys fold and the busy marks.
pub(crate) struct Context<'a, G: SolverGame> {
    pub(crate) table: &'a Table,
    pub(crate) tables: &'a G::Tables,
    /// The board symmetries whose images share a table entry (none: off).
    pub(crate) images: &'a [SquareMap],
    /// With several threads: which nodes some thread is searching now.
    pub(crate) busy: Option<&'a Busy>,
    /// Where the table is saved as the proof goes, if anywhere.
    pub(crate) saver: Option<&'a Saver>,
    pub(crate) knowledge: bool,
}

impl<G: SolverGame> Clone for Context<'_, G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: SolverGame> Copy for Context<'_, G> {}

pub(crate) struct Solver<'a, 'h, G: SolverGame> {
    pub(crate) game: &'a mut G,
    pub(crate) ctx: Context<'a, G>,
    pub(crate) clock: &'a mut Clock<'h>,
    pub(crate) target: Side,
    /// Plies left at the root in a bounded search.
    bound: Option<u32>,
    path: Vec<u64>,
}

impl<'a, 'h, G: SolverGame> Solver<'a, 'h, G> {
    pub(crate) fn new(
        game: &'a mut G,
        ctx: Context<'a, G>,
        clock: &'a mut Clock<'h>,
        target: Side,
        bound: Option<u32>,
    ) -> Self {
        Solver { game, ctx, clock, target, bound, path: Vec::new() }
    }

    /// A solver on the same game, table and budget for another question.
    pub(crate) fn bounded(&mut self, target: Side, bound: u32) -> Solver<'_, 'h, G> {
        Solver {
            game: &mut *self.game,
            ctx: self.ctx,
            clock: &mut *self.clock,
            target,
            bound: Some(bound),
            path: Vec::new(),
        }
    }

    /// The current position's table identity: the smallest hash among its
    /// images under the symmetries, so that mirrored positions share an entry.
    fn position_key(&self) -> u64 {
        let board = self.game.board();
        self.ctx.images.iter().fold(board.hash(), |h, map| h.min(board.hash_under(map)))
    }

    /// The current position's hashes under each symmetry, from which its
    /// children's follow by a few keys each (`child_key`).
    fn image_hashes(&self) -> ArrayVec<u64, 7> {
        let board = self.game.board();
        self.ctx.images.iter().map(|map| board.hash_under(map)).collect()
    }

    /// `position_key` of the child after `mv` (played), from the parent's
    /// image hashes (before `mv`): the same value, much cheaper.
    fn child_key(&self, parent_images: &[u64], mv: Move, child_hash: u64) -> u64 {
        let parent = self.game.board();
        self.ctx
            .images
            .iter()
            .zip(parent_images)
            .fold(child_hash, |h, (map, image)| h.min(image ^ parent.hash_change_under(map, mv)))
    }

    /// Searches the root until it is solved (or the budget runs out).
    pub(crate) fn prove(&mut self) -> Result<Value, Stopped> {
        self.path.clear();
        let key = self.key(self.position_key(), self.bound);
        self.mid(self.bound, key, INF, INF)
    }

    /// The table key: the position, and in a bounded search the plies left; in
    /// a game with draws, also the target (draws count for the defender).
    fn key(&self, hash: u64, remaining: Option<u32>) -> u64 {
        let mut key = hash;
        if let Some(r) = remaining {
            key ^= (r as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
        if G::CAN_REPEAT && self.target == Side::Black {
            key ^= 0xD1B5_4A32_D192_ED03;
        }
        key
    }

    /// The value of a node where the target wins (`true`) or fails, for its mover.
    fn verdict(&self, mover: Side, target_wins: bool, len: u32) -> Value {
        if (mover == self.target) == target_wins { Value::succeeds(len) } else { Value::fails(len) }
    }

    /// The node's value if its outcome, the bound, the unbounded proof (with
    /// `reuse`) or the game's structure settles it; else the forced capture, if any.
    fn decide(&self, remaining: Option<u32>, reuse: bool) -> Decision {
        let mover = self.game.side_to_move();
        match self.game.quick_outcome() {
            Outcome::Win { winner, .. } => return Decision::Done(self.verdict(mover, winner == self.target, 0)),
            Outcome::Draw { .. } => return Decision::Done(self.verdict(mover, false, 0)),
            Outcome::Ongoing => {}
        }
        if remaining == Some(0) || (G::CAN_REPEAT && self.path.len() >= MAX_PATH) {
            return Decision::Done(self.verdict(mover, false, 0));
        }
        if let Some(r) = remaining
            && reuse
            && let Some(v) = self.unbounded_result(mover, r)
        {
            return Decision::Done(v);
        }
        if !self.ctx.knowledge {
            return Decision::Open(None);
        }
        match self.game.insight(self.ctx.tables) {
            Insight::Decided { winner, plies } if winner != self.target || remaining.is_none_or(|r| plies <= r) => {
                Decision::Done(self.verdict(mover, winner == self.target, plies))
            }
            Insight::MustCapture(square) => Decision::Open(Some(Focus::Capture(square))),
            // In a bounded search the defender's left-out moves must lose
            // within the plies left.
            Insight::MustDefend { squares, plies } if mover == self.target || remaining.is_none_or(|r| r >= plies) => {
                Decision::Open(Some(Focus::Defend(squares, plies)))
            }
            _ => Decision::Open(None),
        }
    }

    /// In a bounded search, what the unbounded proof already settled: a win
    /// whose proof fits in the plies left, or (in a game without cycles, where
    /// disproofs are exact) a position the target cannot win at all.
    fn unbounded_result(&self, mover: Side, remaining: u32) -> Option<Value> {
        let e = self.ctx.table.get(self.key(self.position_key(), None))?;
        let target_wins = (e.phi == 0) == (mover == self.target);
        match (e.phi == 0 || e.delta == 0, target_wins) {
            (true, true) if e.len as u32 <= remaining => Some(self.verdict(mover, true, e.len as u32)),
            (true, false) if !G::CAN_REPEAT => Some(self.verdict(mover, false, 0)),
            _ => None,
        }
    }

    fn moves(&self, focus: Option<Focus>) -> MoveList {
        let mut moves = MoveList::new();
        self.game.generate_moves(&mut moves);
        if let Some(focus) = focus {
            moves.retain(|m| focus.keeps(*m));
        }
        moves
    }

    /// Proof and disproof numbers of a new, undecided node, from the expert
    /// evaluation (after Winands and Schadd 2010, evaluation-based initial
    /// numbers): the likelier the evaluation makes a success for the mover,
    /// the smaller `phi` and the larger `delta`. On Breakthrough 4x5 and a 5x5
    /// position this needs a third of the nodes of the usual (1, moves).
    fn initial(&self) -> Value {
        let h = self.game.evaluate(Strategy::Expert, self.game.side_to_move()) as f64;
        let p = 1.0 / (1.0 + (-h / G::EVAL_SCALE).exp());
        let phi = 1.0 + INIT_SPREAD * (1.0 - p);
        let delta = 1.0 + INIT_SPREAD * p;
        Value { phi: phi as u32, delta: delta as u32, len: 0 }
    }

    /// The children of the current node with their best known values; stops
    /// early at a child that proves the node.
    pub(crate) fn expand(&mut self, focus: Option<Focus>, remaining: Option<u32>) -> Vec<Child> {
        let moves = self.moves(focus);
        let below = remaining.map(|r| r - 1);
        let watch_path = G::CAN_REPEAT && remaining.is_none();
        // First the keys, with their buckets fetched ahead: table look-ups
        // (cache misses) are most of a node's cost.
        // (An `ArrayVec`, not an array: zeroing room for the most moves of any
        // board cost a sixth of a 5x5 proof's instructions.)
        let mut keys = ArrayVec::<(u64, u64), { breakline_rules::game::MAX_MOVES }>::new();
        let images = self.image_hashes();
        for &mv in &moves {
            self.game.play_unchecked(mv);
            let hash = self.game.hash();
            self.game.undo_unchecked(mv);
            let child = self.child_key(&images, mv, hash);
            #[cfg(debug_assertions)]
            {
                self.game.play_unchecked(mv);
                debug_assert_eq!(child, self.position_key(), "incremental symmetric key");
                self.game.undo_unchecked(mv);
            }
            let key = self.key(child, below);
            self.ctx.table.prefetch(key);
            keys.push((hash, key));
        }
        let mut children = Vec::with_capacity(moves.len());
        for (&mv, &(hash, key)) in moves.iter().zip(&keys) {
            let pinned = watch_path && self.path.contains(&hash);
            let value = if pinned {
                // A repetition: a draw, which counts for the defender.
                self.verdict(self.game.side_to_move().opponent(), false, 0)
            } else if let Some(e) = self.ctx.table.get(key) {
                Value { phi: e.phi, delta: e.delta, len: e.len as u32 }
            } else {
                self.game.play_unchecked(mv);
                let value = match self.decide(below, true) {
                    Decision::Done(v) => v,
                    Decision::Open(_) => self.initial(),
                };
                self.game.undo_unchecked(mv);
                value
            };
            children.push(Child { mv, key, value, pinned });
            if value.delta == 0 {
                break;
            }
        }
        children
    }

    fn refresh(&self, children: &mut [Child]) {
        for c in children.iter() {
            self.ctx.table.prefetch(c.key);
        }
        // A solved child stays solved: a table entry under its key can only be
        // an older guess (say, from a mirror image the structure did not
        // decide), and taking it back would search the child forever.
        for c in children.iter_mut().filter(|c| !c.pinned && c.value.phi != 0 && c.value.delta != 0) {
            if let Some(e) = self.ctx.table.get(c.key) {
                c.value = Value { phi: e.phi, delta: e.delta, len: e.len as u32 };
            }
        }
    }

    fn store(&mut self, key: u64, v: Value, work: u64) {
        let work = work.min(u32::MAX as u64) as u32;
        // With several threads, another may have solved this node while this
        // one searched it from older numbers: never overwrite a result with a
        // guess (on 5x5 with 2 threads this took the overhead from about 13%
        // to about 7% more nodes than one thread).
        if self.ctx.busy.is_some() && v.phi != 0 && v.delta != 0 && self.ctx.table.get(key).is_some_and(|e| e.solved())
        {
            return;
        }
        let len = v.len.min(u16::MAX as u32) as u16;
        self.ctx.table.put(Entry { key, phi: v.phi, delta: v.delta, work, len });
    }

    /// The multiple-iterative-deepening step: searches the current node (whose
    /// table key the parent already knows) until its numbers reach a
    /// threshold, and returns them.
    fn mid(&mut self, remaining: Option<u32>, key: u64, th_phi: u32, th_delta: u32) -> Result<Value, Stopped> {
        self.clock.tick()?;
        if self.clock.checkpoint_due {
            self.clock.checkpoint_due = false;
            self.ctx.saver.inspect(|s| s.save(self.ctx.table));
        }
        let first_node = self.clock.nodes;
        let hash = self.game.hash();
        let focus = match self.decide(remaining, true) {
            Decision::Done(v) => return Ok(v),
            Decision::Open(focus) => focus,
        };
        let mut children = self.expand(focus, remaining);
        let floor = focus.map_or(0, |f| f.others_lose_within());
        if children.is_empty() {
            // No legal move: the mover loses, which fails whichever side it is.
            let v = Value::fails(0);
            self.store(key, v, 1);
            return Ok(v);
        }
        let below = remaining.map(|r| r - 1);
        loop {
            let v = combine(&children, floor);
            if self.path.is_empty() {
                self.note_root(v);
            }
            if v.phi >= th_phi || v.delta >= th_delta {
                self.store(key, v, self.clock.nodes - first_node);
                return Ok(v);
            }
            let (best, second) = select(&children, self.ctx.busy, th_phi);
            let child = &children[best];
            let child_th_phi = (th_delta as u64 - v.delta as u64 + child.value.phi as u64).min(INF as u64) as u32;
            let widened = second as u64 + second as u64 / 4 + 1;
            let child_th_delta = (th_phi as u64).min(widened) as u32;
            let (mv, child_key) = (child.mv, child.key);
            self.path.push(hash);
            self.game.play_unchecked(mv);
            self.ctx.busy.inspect(|b| b.enter(child_key));
            let result = self.mid(below, child_key, child_th_phi, child_th_delta);
            self.ctx.busy.inspect(|b| b.leave(child_key));
            self.game.undo_unchecked(mv);
            self.path.pop();
            children[best].value = result?;
            self.refresh(&mut children);
        }
    }

    fn note_root(&mut self, v: Value) {
        let p = &mut self.clock.progress;
        p.target = self.target;
        (p.proof, p.disproof) =
            if self.game.side_to_move() == self.target { (v.phi, v.delta) } else { (v.delta, v.phi) };
        p.table_fill = self.ctx.table.fill();
    }

    /// The current node's value, re-proved if the table lost it.
    pub(crate) fn solve_here(&mut self, remaining: Option<u32>) -> Result<Value, Stopped> {
        let key = self.key(self.position_key(), remaining);
        match self.ctx.table.get(key) {
            Some(e) if e.phi == 0 || e.delta == 0 => Ok(Value { phi: e.phi, delta: e.delta, len: e.len as u32 }),
            _ => self.mid(remaining, key, INF, INF),
        }
    }

    /// Whether the current node is decided by its outcome, the bound or knowledge.
    pub(crate) fn decided(&self, remaining: Option<u32>) -> Option<Value> {
        match self.decide(remaining, false) {
            Decision::Done(v) => Some(v),
            Decision::Open(_) => None,
        }
    }

    /// The moves to consider at the current node (after a must-capture or
    /// a must-defend).
    pub(crate) fn focus(&self, remaining: Option<u32>) -> Option<Focus> {
        match self.decide(remaining, false) {
            Decision::Open(focus) => focus,
            Decision::Done(_) => None,
        }
    }

    pub(crate) fn push_path(&mut self) {
        let hash = self.game.hash();
        self.path.push(hash);
    }

    pub(crate) fn pop_path(&mut self) {
        self.path.pop();
    }

    pub(crate) fn decided_move(&self) -> Option<Move> {
        self.game.decided_move(self.ctx.tables)
    }
}

/// A node's numbers from its children's, in negamax form; a lost node lasts
/// at least `floor` plies (its left-out moves' longest).
fn combine(children: &[Child], floor: u32) -> Value {
    let phi = children.iter().map(|c| c.value.delta).min().unwrap_or(INF);
    let sum: u64 = children.iter().map(|c| c.value.phi as u64).sum();
    let delta = if children.iter().any(|c| c.value.phi >= INF) { INF } else { sum.min(INF as u64 - 1) as u32 };
    let len = if phi == 0 {
        1 + children.iter().filter(|c| c.value.delta == 0).map(|c| c.value.len).min().unwrap_or(0)
    } else if delta == 0 {
        (1 + children.iter().map(|c| c.value.len).max().unwrap_or(0)).max(floor)
    } else {
        0
    };
    Value { phi: if delta == 0 { INF } else { phi }, delta: if phi == 0 { INF } else { delta }, len }
}

/// The most promising child (smallest delta) and the second smallest delta.
/// With several threads, a child k other threads are searching looks k + 1
/// times as hard (a virtual delta, after Kaneko 2010), so threads spread over the
/// tree; never so far that the child chosen could not be searched within
/// the node's threshold `th_phi`, where the plain choice is kept.
fn select(children: &[Child], busy: Option<&Busy>, th_phi: u32) -> (usize, u32) {
    if let Some(busy) = busy {
        let virtual_delta = |c: &Child| {
            let d = c.value.delta;
            let others = busy.count(c.key) as u32;
            if d > 0 && d < INF && others > 0 { d.saturating_mul(1 + others).min(INF - 1) } else { d }
        };
        let (best, second) = least_two(children, virtual_delta);
        if children[best].value.delta < th_phi {
            return (best, second);
        }
    }
    least_two(children, |c| c.value.delta)
}

/// The child with the smallest `delta` by `delta_of`, and the second smallest.
fn least_two(children: &[Child], delta_of: impl Fn(&Child) -> u32) -> (usize, u32) {
    let mut best = 0;
    let mut best_delta = delta_of(&children[0]);
    let mut second = INF;
    for (i, c) in children.iter().enumerate().skip(1) {
        let d = delta_of(c);
        if d < best_delta {
            second = best_delta;
            (best, best_delta) = (i, d);
        } else if d < second {
            second = d;
        }
    }
    (best, second)
}
