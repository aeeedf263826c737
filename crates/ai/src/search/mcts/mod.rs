//! Monte Carlo tree search: the entry point, on one thread or several. With
//! N threads each grows a tree of its own (root parallelisation: no locks, a
//! different playout seed each) and their root statistics are summed before
//! the move is chosen.

mod tree;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use crate::eval::Evaluate;

use super::{AiConfig, Control, SearchResult, StopFlag};
use tree::{RootStats, Tree};

/// Past this many nodes, summed over the trees, no tree grows further (about
/// 80 MiB) and playouts start from the leaves.
const MAX_TREE_NODES: usize = 2_000_000;
const REPORT_INTERVAL: Duration = Duration::from_millis(100);
/// Iterations between a helper tree's tallies of its work so far.
const TALLY_INTERVAL: u64 = 256;

/// The helper trees' work so far, for the main tree's live reports (fresh
/// eyes, round 25: a live line counted one tree's nodes of two, then the
/// move's figures counted both).
#[derive(Default)]
struct Tally {
    nodes: AtomicU64,
    iterations: AtomicU64,
}

pub(crate) fn search<G: Evaluate>(game: &mut G, config: &AiConfig, ctl: &mut Control) -> SearchResult {
    let threads = config.search_threads();
    let limit = config.iterations();
    // A playout limit is shared out between the trees.
    let share = limit.map(|n| n.div_ceil(threads as u64));
    let max_nodes = MAX_TREE_NODES / threads;
    let mut tree = Tree::new(game, config, config.seed(), max_nodes);
    if threads == 1 {
        let iterations = grow(&mut tree, game, ctl, share, Shared::default(), true);
        return tree.result(game, iterations, ctl);
    }
    // Set when the main tree is done or any tree proves the root.
    let done = AtomicBool::new(false);
    let tally = Tally::default();
    let mut helpers_done: Vec<(RootStats, u64, u64)> = Vec::new();
    let iterations = std::thread::scope(|scope| {
        let workers: Vec<_> = (1..threads as u64)
            .map(|t| {
                let mut own = game.clone();
                let shared = Shared { done: Some(&done), tally: Some(&tally) };
                let done = &done;
                scope.spawn(move || {
                    let seed = config.seed() ^ t.wrapping_mul(0x9E37_79B9_7F4A_7C15);
                    let mut helper = Tree::new(&own, config, seed, max_nodes);
                    let mut flag = StopFlag(done);
                    let mut hctl = Control::new(&mut flag, None);
                    let n = grow(&mut helper, &mut own, &mut hctl, share, shared, false);
                    (helper.root_stats(), n, hctl.nodes)
                })
            })
            .collect();
        let n = grow(&mut tree, game, ctl, share, Shared { done: Some(&done), tally: Some(&tally) }, true);
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

/// What the trees of one search share: `done`, set when the main tree is
/// done or any tree proves the root, and the helpers' tally.
#[derive(Clone, Copy, Default)]
struct Shared<'a> {
    done: Option<&'a AtomicBool>,
    tally: Option<&'a Tally>,
}

/// Runs playouts in `tree` until its limit, a stop, a proven root or (with
/// several trees) `done`; sets `done` when it proves the root. The main tree
/// (`report`) reports as it goes, counting the helpers' tally; a helper adds
/// to the tally. Returns the playouts run.
fn grow<G: Evaluate>(
    tree: &mut Tree,
    game: &mut G,
    ctl: &mut Control,
    limit: Option<u64>,
    shared: Shared,
    report: bool,
) -> u64 {
    let mut iterations = 0;
    // The root and its children open at once, so wins and losses in one are
    // proven before the first playout.
    if tree.prepare_root(game, ctl).is_err() {
        return 0;
    }
    let mut next_report = REPORT_INTERVAL;
    let mut tallied = (0, 0);
    let done = shared.done;
    while !tree.root_proven() && limit.is_none_or(|n| iterations < n) {
        if done.is_some_and(|d| d.load(Ordering::Relaxed)) || tree.iterate(game, ctl).is_err() {
            break;
        }
        iterations += 1;
        if report && ctl.elapsed() >= next_report {
            next_report = ctl.elapsed() + REPORT_INTERVAL;
            let mut info = tree.info::<G>(iterations, ctl);
            if let Some(tally) = shared.tally {
                info.nodes += tally.nodes.load(Ordering::Relaxed);
                info.iterations += tally.iterations.load(Ordering::Relaxed);
            }
            ctl.report(&info);
        } else if !report
            && iterations % TALLY_INTERVAL == 0
            && let Some(tally) = shared.tally
        {
            tally.nodes.fetch_add(ctl.nodes - tallied.0, Ordering::Relaxed);
            tally.iterations.fetch_add(iterations - tallied.1, Ordering::Relaxed);
            tallied = (ctl.nodes, iterations);
        }
    }
    if tree.root_proven()
        && let Some(done) = done
    {
        done.store(true, Ordering::Relaxed);
    }
    iterations
}
