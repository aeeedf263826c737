//! The root of the enhanced search: its moves in the order the next iteration
//! tries them, and one search of them at a depth within a window.

use crate::engine::ai::eval::{Evaluate, Score};
use crate::engine::rules::types::Move;

use super::super::window::Window;
use super::super::{Control, Stopped};
use super::negamax::{Node, Searcher};

/// The root moves, the expected best first: the last iteration's order by
/// score with its best move leading, or a move that just failed high.
pub(super) struct RootMoves {
    moves: Vec<Move>,
}

impl RootMoves {
    /// The moves in generation order (there is one at least: the game is not over).
    pub(super) fn new(moves: Vec<Move>) -> RootMoves {
        RootMoves { moves }
    }

    pub(super) fn as_slice(&self) -> &[Move] {
        &self.moves
    }

    /// The move to play if the search ends now.
    pub(super) fn best(&self) -> Move {
        self.moves[0]
    }

    /// Puts `m` first, the others keeping their order.
    pub(super) fn promote(&mut self, m: Move) {
        if let Some(i) = self.moves.iter().position(|&r| r == m) {
            self.moves[..=i].rotate_right(1);
        }
    }

    /// Orders the moves as `ranked` (every move with its score, best first),
    /// with `best` leading: a fail-soft bound of a later move may tie it.
    pub(super) fn follow(&mut self, ranked: &[(Move, Score)], best: Move) {
        self.moves = ranked.iter().map(|&(m, _)| m).collect();
        self.promote(best);
    }
}

/// How a search of the root ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum RootEnd {
    /// Every move searched, the best inside the window.
    Finished,
    /// Stopped (or the clock ran out) part way.
    Stopped,
    /// Every move scored at or below the window: the true best is lower.
    FailLow,
    /// A move scored at or above the window: it is better than the window says.
    FailHigh,
}

/// One depth's result at the root.
pub(super) struct Iteration {
    pub(super) best: Move,
    pub(super) score: Score,
    pub(super) pv: Vec<Move>,
    /// Every root move searched so far, in the order searched.
    pub(super) scores: Vec<(Move, Score)>,
}

impl Iteration {
    /// Puts the scores best first (ties keep the order searched).
    pub(super) fn rank(&mut self) {
        self.scores.sort_by_key(|&(_, s)| -s);
    }

    /// Records the score of `m`, the new best if it beats the others (or is
    /// the first), with the line below it from `searcher`.
    fn record(&mut self, m: Move, score: Score, first: bool, searcher: &Searcher) {
        self.scores.push((m, score));
        if first || score > self.score {
            self.best = m;
            self.score = score;
            self.pv = std::iter::once(m).chain(searcher.pv.line(1).iter().copied()).collect();
        }
    }
}

/// Searches every root move at `depth` within `window`, in the order given.
/// Returns what was found (None if not even the first move finished) and how
/// the search ended; after a fail high the iteration's best is the move that
/// failed high.
pub(super) fn search_root<G: Evaluate>(
    searcher: &mut Searcher,
    game: &mut G,
    ctl: &mut Control,
    depth: u32,
    moves: &[Move],
    mut window: Window,
) -> (Option<Iteration>, RootEnd) {
    let given = window;
    let root = Node::root(depth);
    let mut found: Option<Iteration> = None;
    for (i, &m) in moves.iter().enumerate() {
        game.play_unchecked(m);
        let r: Result<Score, Stopped> = if i == 0 {
            searcher.child(game, ctl, root, window)
        } else {
            searcher.later_child(game, ctl, root, window, 0)
        };
        game.undo_unchecked(m);
        let Ok(v) = r else { return (found, RootEnd::Stopped) };
        let it = found.get_or_insert_with(|| Iteration { best: m, score: v, pv: Vec::new(), scores: Vec::new() });
        it.record(m, v, i == 0, searcher);
        window.raise_alpha(v);
        if window.fails_high(v) {
            return (found, RootEnd::FailHigh);
        }
    }
    match found {
        Some(it) if given.fails_low(it.score) => (Some(it), RootEnd::FailLow),
        found => (found, RootEnd::Finished),
    }
}
