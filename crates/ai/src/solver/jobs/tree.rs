//! The master's tree of a job-level proof: proof-number search (Allis 1994)
//! over the top of the game tree, its leaves valued by jobs. The tree is a
//! function of the results known: each wave rebuilds it from the root and
//! the ledger, so a resumed run plans exactly what an uninterrupted one does.

use std::collections::HashMap;

use crate::solver::Verdict;
use breakline_rules::position::Position;
use breakline_rules::{Move, Outcome, Side};

use super::JobResult;

/// Numbers at or above this mean "impossible" (as in df-pn).
pub(super) const INF: u32 = 1 << 30;

/// A node of the master's tree; numbers from its mover's view (negamax):
/// `phi` to prove the mover wins, `delta` to prove it loses.
struct Node {
    pos: Position,
    parent: Option<usize>,
    children: Vec<usize>,
    /// Numbers with the results known; `len` is a solved node's proof length.
    phi: u32,
    delta: u32,
    len: u32,
    /// Numbers with every leaf handed out in this wave counted as lost by
    /// the side that moved into it (a virtual loss), so the next pick differs.
    vphi: u32,
    vdelta: u32,
    /// Handed out in this wave.
    pending: bool,
    /// A job's winning line from here, for a leaf a job solved.
    line: Vec<Move>,
}

/// What the master makes of the results known so far.
pub(super) enum Plan {
    /// The root is solved: the winner, a line to the end, its length.
    Decided { winner: Side, line: Vec<Move>, len: u32 },
    /// These positions (distinct) need jobs; the root's numbers (from its
    /// mover's view) with the results known.
    Wave { positions: Vec<Position>, proof: u32, disproof: u32 },
}

pub(super) struct Tree<'p> {
    nodes: Vec<Node>,
    probe: &'p mut dyn FnMut(&Position) -> JobResult,
}

impl Tree<'_> {
    /// Grows the tree from `root` with the `ledger`'s results until the root
    /// is solved or `width` leaves without a result are handed out.
    /// A new leaf's numbers come from `probe`, a small solve of its own
    /// (which settles the easy ones without a job).
    pub(super) fn plan(
        root: &Position,
        ledger: &HashMap<String, JobResult>,
        width: usize,
        probe: &mut dyn FnMut(&Position) -> JobResult,
    ) -> Plan {
        let mut tree = Tree { nodes: Vec::new(), probe };
        tree.add(root.clone(), None);
        // The root is the one position certain to be hard: no job for it
        // alone (a wave of one), its children go out at once.
        tree.expand(0);
        tree.update(0);
        let mut wave: Vec<Position> = Vec::new();
        while !tree.solved(0) && wave.len() < width.max(1) {
            let Some(leaf) = tree.select() else { break };
            let fen = tree.nodes[leaf].pos.fen();
            match ledger.get(&fen) {
                Some(result) => tree.apply(leaf, result),
                None => {
                    tree.nodes[leaf].pending = true;
                    if !wave.iter().any(|p| p.fen() == fen) {
                        wave.push(tree.nodes[leaf].pos.clone());
                    }
                }
            }
            tree.update(leaf);
        }
        match tree.solved(0) {
            true => {
                let (line, len) = tree.line();
                let mover = root.side_to_move();
                let winner = if tree.nodes[0].phi == 0 { mover } else { mover.opponent() };
                Plan::Decided { winner, line, len }
            }
            false => Plan::Wave { positions: wave, proof: tree.nodes[0].phi, disproof: tree.nodes[0].delta },
        }
    }

    fn add(&mut self, pos: Position, parent: Option<usize>) -> usize {
        let mut line = Vec::new();
        let (phi, delta) = match pos.outcome() {
            Outcome::Win { winner, .. } if winner == pos.side_to_move() => (0, INF),
            // A loss, or a draw (a failure for the mover; only Breakthrough
            // comes here, which has none).
            Outcome::Win { .. } | Outcome::Draw { .. } => (INF, 0),
            // The root is expanded at once.
            Outcome::Ongoing if parent.is_none() => (1, 1),
            Outcome::Ongoing => {
                let probe = (self.probe)(&pos);
                match probe.verdict {
                    Verdict::Win(winner) => {
                        line = probe.moves(&pos);
                        if winner == pos.side_to_move() { (0, INF) } else { (INF, 0) }
                    }
                    Verdict::Unknown => (probe.proof.clamp(1, INF - 1), probe.disproof.clamp(1, INF - 1)),
                }
            }
        };
        let len = line.len() as u32;
        let node =
            Node { pos, parent, children: Vec::new(), phi, delta, len, vphi: phi, vdelta: delta, pending: false, line };
        self.nodes.push(node);
        self.nodes.len() - 1
    }

    fn solved(&self, i: usize) -> bool {
        self.nodes[i].phi == 0 || self.nodes[i].delta == 0
    }

    /// The most-proving leaf by the virtual numbers, or `None` when they
    /// call the root solved (every way on is handed out).
    fn select(&self) -> Option<usize> {
        let mut i = 0;
        loop {
            let n = &self.nodes[i];
            if n.vphi == 0 || n.vdelta == 0 {
                return None;
            }
            if n.children.is_empty() {
                return Some(i);
            }
            // The child hardest to refute is the mover's best: least delta.
            i = *n.children.iter().min_by_key(|&&c| self.nodes[c].vdelta)?;
        }
    }

    /// A job's result at a leaf: solved, or expanded (its children are the
    /// next jobs) when the job ran out of budget.
    fn apply(&mut self, leaf: usize, result: &JobResult) {
        let mover = self.nodes[leaf].pos.side_to_move();
        match result.verdict {
            Verdict::Win(winner) => {
                let n = &mut self.nodes[leaf];
                (n.phi, n.delta) = if winner == mover { (0, INF) } else { (INF, 0) };
                n.line = result.moves(&n.pos);
                n.len = n.line.len() as u32;
            }
            Verdict::Unknown => self.expand(leaf),
        }
    }

    /// Adds the leaf's children (after a job that could not solve it).
    fn expand(&mut self, leaf: usize) {
        if self.solved(leaf) {
            return;
        }
        let pos = self.nodes[leaf].pos.clone();
        for mv in pos.legal_moves() {
            let mut child = pos.clone();
            // Legal by construction; a refusal would be a rules defect.
            if child.play(mv).is_ok() {
                let c = self.add(child, Some(leaf));
                self.nodes[leaf].children.push(c);
            }
        }
        if self.nodes[leaf].children.is_empty() {
            // No legal move loses (never met in Breakthrough).
            let n = &mut self.nodes[leaf];
            (n.phi, n.delta) = (INF, 0);
        }
    }

    /// Recomputes the numbers from `i` up to the root.
    fn update(&mut self, mut i: usize) {
        loop {
            self.recompute(i);
            match self.nodes[i].parent {
                Some(p) => i = p,
                None => return,
            }
        }
    }

    fn recompute(&mut self, i: usize) {
        let n = &self.nodes[i];
        if n.children.is_empty() {
            let (phi, delta, pending) = (n.phi, n.delta, n.pending);
            let n = &mut self.nodes[i];
            (n.vphi, n.vdelta) = if pending && phi != 0 && delta != 0 { (0, INF) } else { (phi, delta) };
            return;
        }
        let real = combine(n.children.iter().map(|&c| (self.nodes[c].phi, self.nodes[c].delta, self.nodes[c].len)));
        let virt = combine(n.children.iter().map(|&c| (self.nodes[c].vphi, self.nodes[c].vdelta, 0)));
        let n = &mut self.nodes[i];
        (n.phi, n.delta, n.len) = real;
        (n.vphi, n.vdelta) = (virt.0, virt.1);
    }

    /// A winning line from the root: the winner takes its shortest proved
    /// win, the loser its longest resistance, and a job's line ends it.
    fn line(&self) -> (Vec<Move>, u32) {
        let mut line = Vec::new();
        let mut i = 0;
        loop {
            let n = &self.nodes[i];
            if n.children.is_empty() {
                line.extend_from_slice(&n.line);
                return (line, self.nodes[0].len);
            }
            let lost = |&&c: &&usize| self.nodes[c].delta == 0;
            let next = match n.phi == 0 {
                true => n.children.iter().filter(lost).min_by_key(|&&c| self.nodes[c].len),
                false => n.children.iter().max_by_key(|&&c| self.nodes[c].len),
            };
            let Some(&next) = next else { return (line, self.nodes[0].len) };
            line.extend(self.nodes[next].pos.moves().last().copied());
            i = next;
        }
    }
}

/// A node's numbers and proof length from its children's, in negamax form.
fn combine(children: impl Iterator<Item = (u32, u32, u32)> + Clone) -> (u32, u32, u32) {
    let phi = children.clone().map(|c| c.1).min().unwrap_or(INF);
    let sum: u64 = children.clone().map(|c| c.0 as u64).sum();
    let delta = if children.clone().any(|c| c.0 >= INF) { INF } else { sum.min(INF as u64 - 1) as u32 };
    if phi == 0 {
        (0, INF, 1 + children.filter(|c| c.1 == 0).map(|c| c.2).min().unwrap_or(0))
    } else if delta == 0 {
        (INF, 0, 1 + children.map(|c| c.2).max().unwrap_or(0))
    } else {
        (phi, delta, 0)
    }
}
