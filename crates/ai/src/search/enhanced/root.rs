//! The root of the enhanced search: its moves in the order the next iteration
//! tries them, and one search of them at a depth within a window, for one
//! line or several (MultiPV).

use crate::eval::{Evaluate, Score, WIN, is_proven};
use breakline_rules::Move;

use super::super::window::Window;
use super::super::{Control, PvLine, Stopped};
use super::lines::TopLines;
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

/// Whether `score` is a result proven within `depth` plies: final, as deeper
/// search cannot change it.
pub(super) fn proven_within(score: Score, depth: u32) -> bool {
    is_proven(score) && ((WIN - score.abs()) as u32) <= depth
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
    /// The best lines, as many as the search wants: the first is the
    /// iteration's best move, its score and principal variation.
    pub(super) lines: TopLines,
    /// Every root move searched so far, in the order searched.
    pub(super) scores: Vec<(Move, Score)>,
}

/// `m` followed by the line `searcher` just found below it.
fn line_of(m: Move, searcher: &Searcher) -> Vec<Move> {
    std::iter::once(m).chain(searcher.pv.line(1).iter().copied()).collect()
}

impl Iteration {
    /// The iteration once its first move `m` is searched, scored `score`.
    fn first(m: Move, score: Score, searcher: &Searcher, wanted: usize) -> Iteration {
        let lines = TopLines::new(wanted, PvLine { score, pv: line_of(m, searcher) });
        Iteration { lines, scores: vec![(m, score)] }
    }

    fn main(&self) -> &PvLine {
        self.lines.best()
    }

    /// The best move found.
    pub(super) fn best(&self) -> Move {
        self.main().pv[0]
    }

    /// The best move's score.
    pub(super) fn score(&self) -> Score {
        self.main().score
    }

    /// Puts the scores best first (ties keep the order searched).
    pub(super) fn rank(&mut self) {
        self.scores.sort_by_key(|&(_, s)| -s);
    }

    /// Records the score of a later move `m`, and its line from `searcher`
    /// if it joins the best lines.
    fn record(&mut self, m: Move, score: Score, searcher: &Searcher) {
        self.scores.push((m, score));
        self.lines.offer(score, || line_of(m, searcher));
    }
}

/// Searches every root move at `depth` within `window`, in the order given,
/// for the best `wanted` lines. The first `wanted` moves are searched with
/// the window as given (the full one for several lines: their scores are
/// exact); after them alpha is the worst kept line's score, so a later move
/// is only scouted against it and searched in full where it beats it.
/// With one line this is plain principal variation search at the root.
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
    wanted: usize,
) -> (Option<Iteration>, RootEnd) {
    let given = window;
    let root = Node::root(depth);
    let mut found: Option<Iteration> = None;
    for (i, &m) in moves.iter().enumerate() {
        searcher.play(game, m);
        let r: Result<Score, Stopped> = if i < wanted {
            searcher.child(game, ctl, root, window)
        } else {
            searcher.later_child(game, ctl, root, window, 0)
        };
        searcher.undo(game, m);
        let Ok(v) = r else { return (found, RootEnd::Stopped) };
        let it = match found {
            Some(ref mut it) => {
                it.record(m, v, searcher);
                it
            }
            None => found.insert(Iteration::first(m, v, searcher, wanted)),
        };
        if let Some(bar) = it.lines.bar() {
            window.raise_alpha(bar);
        }
        if window.fails_high(v) {
            return (found, RootEnd::FailHigh);
        }
    }
    match found {
        Some(it) if given.fails_low(it.score()) => (Some(it), RootEnd::FailLow),
        found => (found, RootEnd::Finished),
    }
}
