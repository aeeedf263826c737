//! Lazy SMP: the searchers of one search. The main one searches each depth
//! as if alone while the helpers search the same root, every second one a ply
//! deeper and each going on deeper until the main one is done, all filling
//! the shared table with results the main search then finds. Only the main
//! searcher's result counts, so results stay those of one search; the
//! helpers' nodes are counted too. The main searcher alone looks for the
//! MultiPV lines; the helpers search for one as ever.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering as AtomicOrdering};

use crate::engine::ai::eval::Evaluate;
use crate::engine::rules::types::Move;

use super::super::window::Window;
use super::super::{AiConfig, Control, StopFlag};
use super::negamax::Searcher;
use super::root::{Iteration, RootEnd, search_root};
use super::table::Table;

/// The main searcher, with its table, and the helpers of a parallel search.
pub(super) struct Team<'a> {
    main: Searcher<'a>,
    /// They get the main table for each iteration and an empty one between.
    helpers: Vec<Searcher<'a>>,
    /// The helpers go on deeper until this depth.
    max_depth: u32,
    /// The root lines the main searcher looks for.
    lines: usize,
}

impl<'a> Team<'a> {
    /// One searcher a thread of `config`, each a copy of `game`'s root, the
    /// main one writing to `table` and looking for `lines` root lines.
    pub(super) fn new<G: Evaluate>(
        game: &G,
        config: &'a AiConfig,
        table: Arc<Table>,
        max_depth: u32,
        lines: usize,
    ) -> Team<'a> {
        let main = Searcher::new(game, config, table);
        let helpers =
            (1..config.search_threads()).map(|_| Searcher::new(game, config, Arc::new(Table::new(0)))).collect();
        Team { main, helpers, max_depth, lines }
    }

    /// Searches the root at `depth` within `window`: see
    /// [`search_root`], which the main searcher runs.
    pub(super) fn search_root<G: Evaluate>(
        &mut self,
        game: &mut G,
        ctl: &mut Control,
        depth: u32,
        moves: &[Move],
        window: Window,
    ) -> (Option<Iteration>, RootEnd) {
        if self.helpers.is_empty() {
            search_root(&mut self.main, game, ctl, depth, moves, window, self.lines)
        } else {
            self.parallel_root(game, ctl, depth, moves, window)
        }
    }

    fn parallel_root<G: Evaluate>(
        &mut self,
        game: &mut G,
        ctl: &mut Control,
        depth: u32,
        moves: &[Move],
        window: Window,
    ) -> (Option<Iteration>, RootEnd) {
        let Team { main, helpers, max_depth, lines } = self;
        let (max_depth, lines) = (*max_depth, *lines);
        let done = AtomicBool::new(false);
        let mut helper_nodes = 0;
        let result = std::thread::scope(|scope| {
            let workers: Vec<_> = helpers
                .iter_mut()
                .enumerate()
                .map(|(h, helper)| {
                    helper.table = Arc::clone(&main.table);
                    let mut own = game.clone();
                    let done = &done;
                    let first = (depth + (h as u32 % 2)).min(max_depth);
                    scope.spawn(move || help(helper, &mut own, done, first..=max_depth, moves))
                })
                .collect();
            let result = search_root(main, game, ctl, depth, moves, window, lines);
            done.store(true, AtomicOrdering::Relaxed);
            for worker in workers {
                helper_nodes += worker.join().unwrap_or(0);
            }
            result
        });
        for helper in helpers.iter_mut() {
            helper.table = Arc::new(Table::new(0));
        }
        ctl.nodes += helper_nodes;
        result
    }

    /// Between iterations: the history ages, and the table grows towards the
    /// next one's size (each costs a few times the last, `nodes`).
    pub(super) fn next_iteration(&mut self, nodes: u64) {
        self.main.ordering.age();
        if let Some(table) = Arc::get_mut(&mut self.main.table) {
            table.reserve(4 * nodes);
        }
    }

    /// The main searcher's table hits.
    pub(super) fn main_tt_hits(&self) -> u64 {
        self.main.tt_hits
    }

    /// Every searcher's table hits.
    pub(super) fn tt_hits(&self) -> u64 {
        self.main.tt_hits + self.helpers.iter().map(|h| h.tt_hits).sum::<u64>()
    }
}

/// A helper's work: the root at each of `depths` with the full window until
/// `done`; returns its nodes.
fn help<G: Evaluate>(
    helper: &mut Searcher,
    game: &mut G,
    done: &AtomicBool,
    depths: std::ops::RangeInclusive<u32>,
    moves: &[Move],
) -> u64 {
    let mut flag = StopFlag(done);
    let mut ctl = Control::new(&mut flag, None);
    for depth in depths {
        if search_root(helper, game, &mut ctl, depth, moves, Window::FULL, 1).1 != RootEnd::Finished {
            break;
        }
    }
    ctl.nodes
}
