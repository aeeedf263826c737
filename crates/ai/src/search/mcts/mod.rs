//! Monte Carlo tree search: the entry point, on one thread or several. With
//! N threads each grows a tree of its own (root parallelisation: no locks, a
//! different playout seed each) and their root statistics are summed before
//! the move is chosen.

mod tree;

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::eval::Evaluate;

use super::{AiConfig, Control, SearchResult, StopFlag};
use tree::{RootStats, Tree};

/// Past this many nodes, summed over the trees, no tree grows further (about
/// 80 MiB) and playouts start from the leaves.
const MAX_TREE_NODES: usize = 2_000_000;
const REPORT_INTERVAL: Duration = Duration::from_millis(100);

pub(crate) fn search<G: Evaluate>(game: &mut G, config: &AiConfig, ctl: &mut Control) -> SearchResult {
    let threads = config.search_threads();
    let limit = config.iterations();
    // A playout limit is shared out between the trees.
    let share = limit.map(|n| n.div_ceil(threads as u64));
    let max_nodes = MAX_TREE_NODES / threads;
    let mut tree = Tree::new(game, config, config.seed(), max_nodes);
    if threads == 1 {
        let iterations = grow(&mut tree, game, ctl, share, None, true);
        return tree.result(game, iterations, ctl);
    }
    // Set when the main tree is done or any tree proves the root.
    let done = AtomicBool::new(false);
    let mut helpers_done: Vec<(RootStats, u64, u64)> = Vec::new();
    let iterations = std::thread::scope(|scope| {
        let workers: Vec<_> = (1..threads as u64)
            .map(|t| {
                let mut own = game.clone();
                let done = &done;
                scope.spawn(move || {
                    let seed = config.seed() ^ t.wrapping_mul(0x9E37_79B9_7F4A_7C15);
                    let mut helper = Tree::new(&own, config, seed, max_nodes);
                    let mut flag = StopFlag(done);
                    let mut hctl = Control::new(&mut flag, None);
                    let n = grow(&mut helper, &mut own, &mut hctl, share, Some(done), false);
                    (helper.root_stats(), n, hctl.nodes)
                })
            })
            .collect();
        let n = grow(&mut tree, game, ctl, share, Some(&done), true);
        done.store(true, Ordering::Relaxed);
        for worker in workers {
            if let Ok(stats) = worker.join() {
                helpers_done.push(stats);
            }
        }
        n
    });
    let mut total = iterations;
    for (stats, n, nodes) in helpers_done {
        tree.merge_root(&stats);
        total += n;
        ctl.nodes += nodes;
    }
    tree.result(game, total, ctl)
}

/// Runs playouts in `tree` until its limit, a stop, a proven root or (with
/// several trees) `done`; sets `done` when it proves the root. Returns the
/// playouts run.
fn grow<G: Evaluate>(
    tree: &mut Tree,
    game: &mut G,
    ctl: &mut Control,
    limit: Option<u64>,
    done: Option<&AtomicBool>,
    report: bool,
) -> u64 {
    let mut iterations = 0;
    // The root and its children open at once, so wins and losses in one are
    // proven before the first playout.
    if tree.prepare_root(game, ctl).is_err() {
        return 0;
    }
    let mut next_report = REPORT_INTERVAL;
    while !tree.root_proven() && limit.is_none_or(|n| iterations < n) {
        if done.is_some_and(|d| d.load(Ordering::Relaxed)) || tree.iterate(game, ctl).is_err() {
            break;
        }
        iterations += 1;
        if report && ctl.elapsed() >= next_report {
            next_report = ctl.elapsed() + REPORT_INTERVAL;
            let info = tree.info::<G>(iterations, ctl);
            ctl.report(&info);
        }
    }
    if tree.root_proven()
        && let Some(done) = done
    {
        done.store(true, Ordering::Relaxed);
    }
    iterations
}
