//! One MCTS tree: UCT selection, short random playouts scored by the
//! strategy, MCTS-Solver (proven wins and losses propagate up the tree), and,
//! where the config asks, implicit minimax backups of the evaluation and
//! progressive bias.

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use crate::eval::{Evaluate, MAX_EVAL, Score, WIN, logistic_k};
use breakline_rules::game::{Game, MoveList};
use breakline_rules::{Move, Outcome, Side, Variant};

use super::super::leaf::leaf_score;
use super::super::noise::Noise;
use super::super::{AiConfig, Control, SearchInfo, SearchResult, Stopped};

/// Random plies a playout plays before the strategy judges the position.
const PLAYOUT_PLIES: u32 = 6;
/// UCT exploration constant for rewards in [0, 1].
const EXPLORATION: f64 = 0.7;
const NONE: u32 = u32::MAX;
/// An unvisited child's selection value: above any visited child's, leaving
/// room for its prior to order the unvisited ones.
const UNVISITED: f64 = 1e9;

/// What is known for certain about a node, for the side to move there.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Proof {
    Open,
    /// The side to move wins in this many plies.
    Won(u32),
    Lost(u32),
    /// The game is over, drawn.
    Drawn,
}

#[derive(Clone, Copy)]
struct Node {
    /// The move that led here.
    mv: Move,
    first_child: u32,
    child_count: u32,
    visits: u32,
    /// Summed results for the side that played `mv` (1 a win, 0 a loss).
    reward: f64,
    proof: Proof,
    /// The strategy's judgement of this position when it was added, as the
    /// chance that the side that played `mv` wins (progressive bias).
    prior: f32,
    /// The minimax of the children's judgements, backed up from the leaves,
    /// as the same chance (implicit minimax).
    minimax: f32,
}

impl Node {
    fn new(mv: Move) -> Node {
        Node {
            mv,
            first_child: NONE,
            child_count: 0,
            visits: 0,
            reward: 0.0,
            proof: Proof::Open,
            prior: 0.5,
            minimax: 0.5,
        }
    }

    fn children(&self) -> std::ops::Range<usize> {
        if self.first_child == NONE {
            0..0
        } else {
            self.first_child as usize..(self.first_child + self.child_count) as usize
        }
    }

    fn win_rate(&self) -> f64 {
        if self.visits == 0 { 0.5 } else { self.reward / self.visits as f64 }
    }

    /// The chance that the side that moved here wins, by minimax: certain
    /// where the node is proven.
    fn minimax_value(&self) -> f64 {
        match self.proof {
            Proof::Lost(_) => 1.0,
            Proof::Won(_) => 0.0,
            Proof::Drawn => 0.5,
            Proof::Open => self.minimax as f64,
        }
    }
}

/// The root's children as one tree saw them: visits, rewards and proofs, in
/// move generation order (the same in every tree of one search).
pub(super) type RootStats = Vec<(u32, f64, Proof)>;

pub(super) struct Tree<'a> {
    nodes: Vec<Node>,
    config: &'a AiConfig,
    root: Side,
    noise: Noise,
    rng: StdRng,
    /// Mean size of the evaluations seen so far: the sigmoid's scale, so every
    /// strategy's units map to sensible win probabilities.
    eval_scale: f64,
    /// The scale never drops below this (ten of the strategy's smallest steps),
    /// so a run of level positions does not make the next small edge look decisive.
    min_scale: f64,
    evaluations: u64,
    path: Vec<usize>,
    /// Past this many nodes the tree stops growing.
    max_nodes: usize,
    /// Children are judged by the strategy when added (implicit minimax or
    /// progressive bias asks for it).
    informed: bool,
}

impl<'a> Tree<'a> {
    pub(super) fn new<G: Evaluate>(game: &G, config: &'a AiConfig, seed: u64, max_nodes: usize) -> Tree<'a> {
        let step = game.eval_step(config.strategy()).max(1) as f64;
        Tree {
            nodes: vec![Node::new(Move::default())],
            config,
            root: game.side_to_move(),
            noise: Noise::new(config, game),
            rng: StdRng::seed_from_u64(seed),
            eval_scale: step * 10.0,
            min_scale: step * 10.0,
            evaluations: 0,
            path: Vec::new(),
            max_nodes,
            informed: config.implicit() > 0.0 || config.bias() > 0.0,
        }
    }

    pub(super) fn root_proven(&self) -> bool {
        self.nodes[0].proof != Proof::Open
    }

    pub(super) fn root_stats(&self) -> RootStats {
        self.nodes[0].children().map(|c| (self.nodes[c].visits, self.nodes[c].reward, self.nodes[c].proof)).collect()
    }

    /// Adds another tree's root statistics to this one's (root parallelisation):
    /// visits and rewards sum, and a proof found by either tree holds.
    pub(super) fn merge_root(&mut self, stats: &RootStats) {
        let children = self.nodes[0].children();
        if children.len() != stats.len() {
            return;
        }
        for (child, &(visits, reward, proof)) in children.zip(stats) {
            let node = &mut self.nodes[child];
            node.visits += visits;
            node.reward += reward;
            if node.proof == Proof::Open {
                node.proof = proof;
            }
            self.nodes[0].visits += visits;
        }
        self.resolve(0);
    }

    /// The move to play and what the tree knows, after `iterations` playouts.
    pub(super) fn result<G: Evaluate>(&self, game: &G, iterations: u64, ctl: &Control) -> SearchResult {
        let info = self.info::<G>(iterations, ctl);
        let best_move = info.pv.first().copied().unwrap_or_else(|| game.legal_moves()[0]);
        SearchResult { best_move, info }
    }

    pub(super) fn prepare_root<G: Evaluate>(&mut self, game: &mut G, ctl: &mut Control) -> Result<(), Stopped> {
        ctl.node()?;
        self.expand(0, game);
        for child in self.nodes[0].children() {
            if self.nodes[child].proof != Proof::Open {
                continue;
            }
            ctl.node()?;
            let m = self.nodes[child].mv;
            game.play_unchecked(m);
            self.expand(child, game);
            game.undo_unchecked(m);
        }
        for child in self.nodes[0].children() {
            self.resolve(child);
        }
        self.resolve(0);
        Ok(())
    }

    /// One selection, expansion, playout and backup; a stop leaves the tree untouched.
    pub(super) fn iterate<G: Evaluate>(&mut self, game: &mut G, ctl: &mut Control) -> Result<(), Stopped> {
        self.path.clear();
        self.path.push(0);
        let outcome = self.descend(game, ctl);
        for &i in self.path[1..].iter().rev() {
            game.undo_unchecked(self.nodes[i].mv);
        }
        let mut result = outcome?;
        // Back up: each node's reward is for the side that moved into it.
        for k in (0..self.path.len()).rev() {
            let i = self.path[k];
            let node = &mut self.nodes[i];
            node.visits += 1;
            node.reward += result;
            result = 1.0 - result;
            if k + 1 < self.path.len() && self.nodes[self.path[k + 1]].proof != Proof::Open {
                self.resolve(i);
            }
            if self.informed {
                self.back_up_minimax(i);
            }
        }
        Ok(())
    }

    /// Walks down to a new or proven node and returns the result for the side
    /// that moved into the last node of the path.
    fn descend<G: Evaluate>(&mut self, game: &mut G, ctl: &mut Control) -> Result<f64, Stopped> {
        let mut node = 0;
        loop {
            ctl.node()?;
            match self.nodes[node].proof {
                Proof::Won(_) => return Ok(0.0),
                Proof::Lost(_) => return Ok(1.0),
                Proof::Drawn => return Ok(0.5),
                Proof::Open => {}
            }
            let fresh = self.nodes[node].visits == 0 && node != 0;
            if self.nodes[node].first_child == NONE {
                // With the mean all implicit minimax a playout's result would
                // change no choice: the node's own judgement stands in for it.
                if fresh && self.informed && self.config.implicit() >= 1.0 {
                    return Ok(self.nodes[node].minimax_value());
                }
                if fresh || self.nodes.len() >= self.max_nodes {
                    return self.playout(game, ctl);
                }
                self.expand(node, game);
                if self.nodes[node].proof != Proof::Open {
                    continue;
                }
            }
            node = self.select(node);
            game.play_unchecked(self.nodes[node].mv);
            self.path.push(node);
        }
    }

    /// The open child with the best upper confidence bound (unvisited first,
    /// the best judged of them first where children are judged). The mean is
    /// the playouts' win rate, mixed with the implicit minimax value by the
    /// config's `implicit` weight; progressive bias adds `bias` x the child's
    /// judgement / (visits + 1).
    fn select(&self, parent: usize) -> usize {
        let log_visits = (self.nodes[parent].visits.max(1) as f64).ln();
        let (implicit, bias) = (self.config.implicit(), self.config.bias());
        let mut best = (f64::NEG_INFINITY, NONE as usize);
        for child in self.nodes[parent].children() {
            let c = &self.nodes[child];
            // Children won for the opponent are never worth trying again.
            if matches!(c.proof, Proof::Won(_)) {
                continue;
            }
            let value = if c.visits == 0 {
                UNVISITED + c.prior as f64
            } else {
                let visits = c.visits as f64;
                let mean = (1.0 - implicit) * c.win_rate() + implicit * c.minimax_value();
                mean + EXPLORATION * (log_visits / visits).sqrt() + bias * c.prior as f64 / (visits + 1.0)
            };
            if value > best.0 {
                best = (value, child);
            }
        }
        best.1
    }

    /// Sets `node`'s implicit minimax value from its children's.
    fn back_up_minimax(&mut self, node: usize) {
        let best = self.nodes[node].children().map(|c| self.nodes[c].minimax_value()).fold(f64::NAN, f64::max);
        if !best.is_nan() {
            self.nodes[node].minimax = (1.0 - best) as f32;
        }
    }

    /// Adds the children of `node` (whose position `game` is), proving the node
    /// when the game is over there or a child ends it.
    fn expand<G: Evaluate>(&mut self, node: usize, game: &mut G) {
        match game.quick_outcome() {
            Outcome::Ongoing => {}
            Outcome::Draw { .. } => {
                self.nodes[node].proof = Proof::Drawn;
                return;
            }
            // The previous move won: the side to move here has lost.
            Outcome::Win { .. } => {
                self.nodes[node].proof = Proof::Lost(0);
                return;
            }
        }
        let mut moves = MoveList::new();
        game.generate_moves(&mut moves);
        if moves.is_empty() {
            self.nodes[node].proof = Proof::Lost(0);
            return;
        }
        let first = self.nodes.len() as u32;
        for &m in &moves {
            let mut child = Node::new(m);
            game.play_unchecked(m);
            child.proof = match game.quick_outcome() {
                Outcome::Win { .. } => Proof::Lost(0),
                Outcome::Draw { .. } => Proof::Drawn,
                Outcome::Ongoing if game.count_moves() == 0 => Proof::Lost(0),
                Outcome::Ongoing => Proof::Open,
            };
            game.undo_unchecked(m);
            self.nodes.push(child);
        }
        self.nodes[node].first_child = first;
        self.nodes[node].child_count = moves.len() as u32;
        self.resolve(node);
        if self.informed {
            self.judge_children(node, game);
        }
    }

    /// Gives each open child of `node` the strategy's judgement as its prior
    /// and implicit minimax value, and `node` the minimax of those.
    fn judge_children<G: Evaluate>(&mut self, node: usize, game: &mut G) {
        for child in self.nodes[node].children() {
            if self.nodes[child].proof != Proof::Open {
                continue;
            }
            let m = self.nodes[child].mv;
            game.play_unchecked(m);
            // The side to move there is the one that did not play `m`.
            let p = 1.0 - self.win_probability(game);
            game.undo_unchecked(m);
            let c = &mut self.nodes[child];
            c.prior = p as f32;
            c.minimax = p as f32;
        }
        self.back_up_minimax(node);
    }

    /// MCTS-Solver: a child lost for its mover's opponent wins the node; a node
    /// whose every child is won for the opponent is lost.
    fn resolve(&mut self, node: usize) {
        if self.nodes[node].proof != Proof::Open || self.nodes[node].first_child == NONE {
            return;
        }
        let mut fastest_win = None;
        let mut slowest_loss = Some(0);
        for child in self.nodes[node].children() {
            match self.nodes[child].proof {
                Proof::Lost(d) => fastest_win = Some(fastest_win.map_or(d, |w: u32| w.min(d))),
                Proof::Won(d) => slowest_loss = slowest_loss.map(|l: u32| l.max(d)),
                _ => slowest_loss = None,
            }
        }
        if let Some(d) = fastest_win {
            self.nodes[node].proof = Proof::Won(d + 1);
        } else if let Some(d) = slowest_loss {
            self.nodes[node].proof = Proof::Lost(d + 1);
        }
    }

    /// Plays up to [`PLAYOUT_PLIES`] random moves (taking a win when it sees
    /// one) and returns the result for the side that moved into the start.
    fn playout<G: Evaluate>(&mut self, game: &mut G, ctl: &mut Control) -> Result<f64, Stopped> {
        let start_mover = game.side_to_move().opponent();
        let mut played: [Move; PLAYOUT_PLIES as usize] = [Move::default(); PLAYOUT_PLIES as usize];
        let mut count = 0;
        let mut result = Ok(0.5);
        let mut moves = MoveList::new();
        for _ in 0..=PLAYOUT_PLIES {
            if let Err(stop) = ctl.node() {
                result = Err(stop);
                break;
            }
            let to_move = game.side_to_move();
            let for_start = |won: bool| if won == (to_move == start_mover) { 1.0 } else { 0.0 };
            match game.quick_outcome() {
                Outcome::Win { winner, .. } => {
                    result = Ok(for_start(winner == to_move));
                    break;
                }
                Outcome::Draw { .. } => break,
                Outcome::Ongoing => {}
            }
            moves.clear();
            game.generate_moves(&mut moves);
            if moves.is_empty() {
                result = Ok(for_start(false));
                break;
            }
            if count == PLAYOUT_PLIES as usize {
                let p = self.win_probability(game);
                result = Ok(if to_move == start_mover { p } else { 1.0 - p });
                break;
            }
            let m = winning_step::<G>(game, &moves).unwrap_or_else(|| moves[self.rng.random_range(0..moves.len())]);
            game.play_unchecked(m);
            played[count] = m;
            count += 1;
        }
        for &m in played[..count].iter().rev() {
            game.undo_unchecked(m);
        }
        result
    }

    /// The strategy's judgement of `game` as the side to move's chance to win.
    fn win_probability<G: Evaluate>(&mut self, game: &G) -> f64 {
        let v = leaf_score(game, self.config, self.root, &self.noise) as f64;
        self.evaluations += 1;
        self.eval_scale += (v.abs() - self.eval_scale) / self.evaluations.min(1000) as f64;
        1.0 / (1.0 + (-v / self.eval_scale.max(self.min_scale)).exp())
    }

    /// A win rate as a score whose winning chance (`eval::win_chance`) is that
    /// rate: the tree's own judgement, on the scale every calibrated strategy
    /// reports in, rather than on the running scale of its leaf evaluations.
    fn score_of<G: Game>(&self, node: &Node) -> Score {
        match node.proof {
            // A child's proof is for the opponent, who moves there.
            Proof::Lost(d) => WIN - (d as Score + 1),
            Proof::Won(d) => -(WIN - (d as Score + 1)),
            Proof::Drawn => 0,
            Proof::Open => {
                let p = node.win_rate().clamp(1e-6, 1.0 - 1e-6);
                let s = (p / (1.0 - p)).ln() / logistic_k(G::VARIANT);
                (s.round() as Score).clamp(-MAX_EVAL + 1, MAX_EVAL - 1)
            }
        }
    }

    /// The child to play at `parent`: a proven win (fastest), otherwise the most
    /// visited child not proven lost, otherwise the slowest loss.
    fn best_child(&self, parent: usize) -> Option<usize> {
        let rank = |i: usize| {
            let n = &self.nodes[i];
            match n.proof {
                Proof::Lost(d) => (3, -(d as i64)),
                Proof::Won(d) => (0, d as i64),
                _ => (1, n.visits as i64),
            }
        };
        self.nodes[parent].children().max_by_key(|&i| (rank(i), std::cmp::Reverse(i)))
    }

    pub(super) fn info<G: Game>(&self, iterations: u64, ctl: &Control) -> SearchInfo {
        let mut pv = Vec::new();
        let mut node = 0;
        while let Some(child) = self.best_child(node) {
            if self.nodes[child].visits == 0 && self.nodes[child].proof == Proof::Open {
                break;
            }
            pv.push(self.nodes[child].mv);
            node = child;
        }
        let mut root_scores: Vec<(Move, Score)> =
            self.nodes[0].children().map(|c| (self.nodes[c].mv, self.score_of::<G>(&self.nodes[c]))).collect();
        root_scores.sort_by_key(|&(_, s)| -s);
        let score = match self.best_child(0) {
            Some(c) => self.score_of::<G>(&self.nodes[c]),
            None => 0,
        };
        // The played move heads the list even when a less visited move rates higher.
        if let Some(i) = pv.first().and_then(|&first| root_scores.iter().position(|&(m, _)| m == first)) {
            root_scores[..=i].rotate_right(1);
        }
        SearchInfo {
            depth: pv.len() as u32,
            iterations,
            score,
            nodes: ctl.nodes,
            time: ctl.elapsed(),
            pv,
            root_scores,
            ..SearchInfo::default()
        }
    }
}

/// A move that wins on the spot, where that is cheap to see (Breakthrough:
/// reaching the far rank); playouts that miss such wins judge positions badly.
fn winning_step<G: Game>(game: &G, moves: &MoveList) -> Option<Move> {
    if G::VARIANT != Variant::Breakthrough {
        return None;
    }
    let size = game.size();
    let goal = size.goal_rank(game.side_to_move());
    moves.iter().copied().find(|m| size.rank_of(m.to) == goal)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::Strategy;
    use crate::eval::win_chance;
    use crate::search::Algorithm;
    use breakline_rules::BoardSize;
    use breakline_rules::breakthrough::{Breakthrough, start_placement};
    use breakline_rules::loa::LinesOfAction;

    /// A reported score reads back, through the one curve every screen uses,
    /// as the tree's own win rate: a graph of MCTS scores is its judgement,
    /// not the running scale of its leaf evaluations (which made a 60% rate
    /// read as a certain win or loss).
    #[test]
    fn a_reported_score_reads_back_as_the_win_rate() {
        let config = AiConfig::new(Algorithm::Mcts, Strategy::Expert);
        let size = BoardSize::new(8, 8);
        let game = Breakthrough::<u64>::from_placement(&start_placement(size)).unwrap();
        let tree = Tree::new(&game, &config, 1, 16);
        for (reward, visits) in [(6.0, 10), (1.0, 40), (39.0, 40), (5.0, 10)] {
            let node = Node { visits, reward, ..Node::new(Move::default()) };
            let rate = reward / f64::from(visits);
            for (variant, score) in [
                (Variant::Breakthrough, tree.score_of::<Breakthrough<u64>>(&node)),
                (Variant::LinesOfAction, tree.score_of::<LinesOfAction<u64>>(&node)),
            ] {
                let chance = win_chance(variant, score);
                assert!((chance - rate).abs() < 0.005, "{variant:?}: {reward}/{visits} read as {chance}");
            }
        }
    }
}
