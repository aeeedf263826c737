//! Lazy SMP: the helper threads of one search. The main searcher deepens as
//! if alone; each helper deepens on its own from the same root for the whole
//! search, with its own aspiration windows, root order and history, all
//! filling the shared table with results the main search then finds; they
//! drift apart in depth and order by themselves, as in today's Stockfish.
//! The search's result is the deepest iteration any of them finished (the
//! main searcher's where it is as deep), and a helper that finishes the last
//! depth first ends the search, as in Stockfish; the helpers' nodes are
//! counted too. For MultiPV the main searcher alone looks for the lines and
//! its result alone counts; the helpers search for one.
//!
//! Helpers once started afresh with each of the main searcher's iterations
//! and aspiration windows, always with the full window: they threw their
//! root order away, and their full-window bounds helped the main search's
//! narrow windows little. Stockfish's older pattern of helpers skipping
//! alternate depths was slower on two threads (docs/lab/round-5.md).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering as AtomicOrdering};
use std::sync::{Arc, Mutex};

use crate::eval::{Evaluate, Score};

use super::super::window::INFINITY;
use super::super::{AiConfig, Control, StopFlag};
use super::aspiration::Aspiration;
use super::negamax::Searcher;
use super::root::{Iteration, RootEnd, RootMoves, proven_within};
use super::table::Table;

/// What the helpers did, once the main searcher is done.
#[derive(Default)]
pub(super) struct HelperWork {
    pub(super) nodes: u64,
    pub(super) tt_hits: u64,
    /// The deepest iteration a helper finished, with its depth.
    pub(super) deepest: Option<(u32, Iteration)>,
}

/// What the helpers share: when to stop, their nodes so far, and their
/// deepest finished iteration.
struct Shared {
    done: AtomicBool,
    nodes: AtomicU64,
    deepest: Mutex<Option<(u32, Iteration)>>,
    /// Raised by a helper that finished `max_depth`, for the main searcher.
    finished: Arc<AtomicBool>,
    /// Whether helpers' iterations count (not for MultiPV).
    count: bool,
    max_depth: u32,
}

impl Shared {
    fn new(lines: usize, max_depth: u32) -> Shared {
        Shared {
            done: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            deepest: Mutex::new(None),
            finished: Arc::new(AtomicBool::new(false)),
            count: lines == 1,
            max_depth,
        }
    }

    /// A helper finished `depth` with `iteration`: kept if the deepest yet,
    /// and the search ends if it was the last depth.
    fn offer(&self, depth: u32, iteration: Iteration) {
        if !self.count {
            return;
        }
        if let Ok(mut deepest) = self.deepest.lock()
            && deepest.as_ref().is_none_or(|&(d, _)| d < depth)
        {
            *deepest = Some((depth, iteration));
        }
        if depth >= self.max_depth {
            self.finished.store(true, AtomicOrdering::Relaxed);
        }
    }
}

/// Runs `main`, the main searcher's iterative deepening on `game` and
/// `ctl`, with `helpers` more threads deepening beside it on `table` up to
/// `max_depth` until it returns. `main` is given the helpers' node count so
/// far, for its reports; `ctl` stops when a helper finishes the last depth,
/// if `lines` is one.
pub(super) fn alongside<G: Evaluate, R>(
    game: &mut G,
    ctl: &mut Control,
    config: &AiConfig,
    table: &Arc<Table>,
    (helpers, max_depth, lines): (usize, u32, usize),
    main: impl FnOnce(&mut G, &mut Control, &AtomicU64) -> R,
) -> (R, HelperWork) {
    let shared = Shared::new(lines, max_depth);
    ctl.finished_elsewhere = Some(Arc::clone(&shared.finished));
    let (result, tt_hits) = std::thread::scope(|scope| {
        let workers: Vec<_> = (1..=helpers)
            .map(|_| {
                let (own, table, shared) = (game.clone(), Arc::clone(table), &shared);
                scope.spawn(move || help(own, config, table, shared))
            })
            .collect();
        let result = main(game, ctl, &shared.nodes);
        shared.done.store(true, AtomicOrdering::Relaxed);
        (result, workers.into_iter().map(|w| w.join().unwrap_or(0)).sum())
    });
    ctl.finished_elsewhere = None;
    let deepest = shared.deepest.into_inner().ok().flatten();
    (result, HelperWork { nodes: shared.nodes.into_inner(), tt_hits, deepest })
}

/// A helper's search: iterative deepening until the search is done or its
/// last depth, adding its nodes to the shared count after each depth and
/// offering each finished iteration; returns its table hits.
fn help<G: Evaluate>(mut game: G, config: &AiConfig, table: Arc<Table>, shared: &Shared) -> u64 {
    let mut searcher = Searcher::new(&game, config, table);
    let aspiration = Aspiration::new(config, &game, 1);
    let mut root = RootMoves::new(game.legal_moves().to_vec());
    let mut flag = StopFlag(&shared.done);
    let mut ctl = Control::new(&mut flag, None);
    let (mut score, mut counted): (Score, u64) = (-INFINITY, 0);
    for depth in 1..=shared.max_depth {
        let (iteration, end) = aspiration.search(&mut searcher, &mut game, &mut ctl, depth, &mut root, score);
        shared.nodes.fetch_add(ctl.nodes - counted, AtomicOrdering::Relaxed);
        counted = ctl.nodes;
        let Some(mut iteration) = iteration else { break };
        if end == RootEnd::Stopped {
            break;
        }
        iteration.rank();
        root.follow(&iteration.scores, iteration.best());
        score = iteration.score();
        shared.offer(depth, iteration);
        searcher.ordering.age();
        if proven_within(score, depth) {
            break;
        }
    }
    searcher.tt_hits
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::PvLine;
    use breakline_rules::Move;

    use super::super::lines::TopLines;

    fn iteration(score: Score) -> Iteration {
        Iteration { lines: TopLines::new(1, PvLine { score, pv: vec![Move::new(8, 16, false)] }), scores: vec![] }
    }

    fn deepest(shared: &Shared) -> Option<(u32, Score)> {
        shared.deepest.lock().unwrap().as_ref().map(|(d, it)| (*d, it.score()))
    }

    #[test]
    fn the_deepest_helper_iteration_counts_and_the_last_depth_ends_the_search() {
        let shared = Shared::new(1, 6);
        shared.offer(4, iteration(10));
        shared.offer(3, iteration(20));
        shared.offer(4, iteration(30));
        assert_eq!(deepest(&shared), Some((4, 10)), "a shallower or equal iteration does not replace it");
        assert!(!shared.finished.load(AtomicOrdering::Relaxed));
        shared.offer(6, iteration(40));
        assert_eq!(deepest(&shared), Some((6, 40)));
        assert!(shared.finished.load(AtomicOrdering::Relaxed), "the last depth ends the search");
    }

    #[test]
    fn for_several_lines_the_helpers_iterations_do_not_count() {
        let shared = Shared::new(3, 6);
        shared.offer(6, iteration(40));
        assert_eq!(deepest(&shared), None);
        assert!(!shared.finished.load(AtomicOrdering::Relaxed));
    }
}
