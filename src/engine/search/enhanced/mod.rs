//! The enhanced alpha-beta player: iterative deepening over the negamax
//! recursion, within a depth and/or time limit, reporting each finished depth,
//! on one thread or several sharing the table (Lazy SMP).

mod negamax;
mod ordering;
mod table;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering as AtomicOrdering};

use crate::engine::eval::{Evaluate, Score, WIN, is_proven};
use crate::engine::types::Move;

use super::minimax::INFINITY;
use super::noise::Noise;
use super::pv::{MAX_PLY, PvTable};
use super::{AiConfig, Control, SearchHandler, SearchInfo, SearchResult, Stopped};
use negamax::Searcher;
use ordering::Ordering;
use table::Table;

/// Depth used when the config gives neither a depth nor a time.
const DEFAULT_DEPTH: u32 = 6;
/// Past this fraction of the time limit a new iteration would most likely be
/// cut off (each takes several times longer than the last), so none starts.
const NEW_ITERATION_BUDGET: f64 = 0.5;

/// One depth's result at the root.
struct Iteration {
    best: Move,
    score: Score,
    pv: Vec<Move>,
    /// Every root move searched so far, in the order searched.
    scores: Vec<(Move, Score)>,
}

pub(crate) fn search<G: Evaluate>(game: &mut G, config: &AiConfig, ctl: &mut Control) -> SearchResult {
    let max_depth = match (config.depth, config.time_ms) {
        (Some(d), _) => d,
        (None, Some(_)) => MAX_PLY as u32 - 2,
        (None, None) => DEFAULT_DEPTH,
    }
    .clamp(1, MAX_PLY as u32 - 2);
    let new_searcher = |table: Table| Searcher {
        config,
        root: game.side_to_move(),
        noise: Noise::new(config, game),
        table: Arc::new(table),
        ordering: Ordering::new(game.size().squares()),
        pv: PvTable::default(),
        tt_hits: 0,
    };
    let mut searcher = new_searcher(Table::new(config.tt_mib));
    // Helpers get the main table for each iteration and an empty one between.
    let mut helpers: Vec<Searcher> = (1..config.threads.max(1)).map(|_| new_searcher(Table::new(0))).collect();
    let mut root_moves: Vec<Move> = game.legal_moves().to_vec();
    let mut info = SearchInfo { pv: vec![root_moves[0]], score: -INFINITY, ..SearchInfo::default() };
    let mut best = root_moves[0];

    for depth in 1..=max_depth {
        if depth > 1 && ctl.time_used() > NEW_ITERATION_BUDGET {
            break;
        }
        let nodes_before = ctl.nodes;
        let (iteration, finished) = if helpers.is_empty() {
            search_root(&mut searcher, game, ctl, depth, &root_moves)
        } else {
            parallel_root(&mut searcher, &mut helpers, game, ctl, depth, &root_moves, max_depth)
        };
        let Some(iteration) = iteration else { break };
        if !finished {
            // The moves searched so far, the previous best first, all at the new
            // depth: their best is at least as well founded as the last iteration's.
            best = iteration.best;
            info.score = iteration.score;
            info.pv = iteration.pv;
            break;
        }
        best = iteration.best;
        let mut root_scores = iteration.scores;
        root_scores.sort_by_key(|&(_, s)| -s);
        root_moves = root_scores.iter().map(|&(m, _)| m).collect();
        // The best move leads the list: a fail-soft bound of a later move may tie it.
        if let Some(i) = root_moves.iter().position(|&m| m == best) {
            root_moves[..=i].rotate_right(1);
        }
        info = SearchInfo {
            depth,
            score: iteration.score,
            nodes: ctl.nodes,
            time: ctl.elapsed(),
            pv: iteration.pv,
            tt_hits: searcher.tt_hits,
            root_scores,
            ..SearchInfo::default()
        };
        ctl.report(&info);
        // A result proven within the horizon is final: deeper search cannot change it.
        if is_proven(iteration.score) && ((WIN - iteration.score.abs()) as u32) <= depth {
            break;
        }
        searcher.ordering.age();
        // Each iteration costs a few times the last one.
        if let Some(table) = Arc::get_mut(&mut searcher.table) {
            table.reserve(4 * (ctl.nodes - nodes_before));
        }
    }
    info.tt_hits = searcher.tt_hits + helpers.iter().map(|h| h.tt_hits).sum::<u64>();
    SearchResult { best_move: best, info }
}

/// Stops a helper thread once the main thread has finished its iteration.
struct IterationDone<'a>(&'a AtomicBool);

impl SearchHandler for IterationDone<'_> {
    fn should_stop(&self) -> bool {
        self.0.load(AtomicOrdering::Relaxed)
    }
}

/// Lazy SMP: the main thread searches `depth` as alone while the helpers
/// search the same root, every second one a ply deeper and each going on
/// deeper until the main thread is done, all filling the shared table with
/// results the main thread's search then finds. Only the main thread's
/// result counts, so results stay those of one search; the helpers' nodes
/// are counted too.
#[allow(clippy::too_many_arguments)]
fn parallel_root<G: Evaluate>(
    main: &mut Searcher,
    helpers: &mut [Searcher],
    game: &mut G,
    ctl: &mut Control,
    depth: u32,
    root_moves: &[Move],
    max_depth: u32,
) -> (Option<Iteration>, bool) {
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
                scope.spawn(move || {
                    let mut flag = IterationDone(done);
                    let mut hctl = Control::new(&mut flag, None);
                    let first = (depth + (h as u32 % 2)).min(max_depth);
                    for d in first..=max_depth {
                        if !search_root(helper, &mut own, &mut hctl, d, root_moves).1 {
                            break;
                        }
                    }
                    hctl.nodes
                })
            })
            .collect();
        let result = search_root(main, game, ctl, depth, root_moves);
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

/// Searches every root move at `depth`, the expected best first. Returns what
/// was found (None if not even the first move finished) and whether all finished.
fn search_root<G: Evaluate>(
    searcher: &mut Searcher,
    game: &mut G,
    ctl: &mut Control,
    depth: u32,
    root_moves: &[Move],
) -> (Option<Iteration>, bool) {
    let mut alpha = -INFINITY;
    let mut found: Option<Iteration> = None;
    for (i, &m) in root_moves.iter().enumerate() {
        game.play_unchecked(m);
        let r = if i == 0 {
            searcher.negamax(game, ctl, depth - 1, 1, -INFINITY, INFINITY, true, false)
        } else {
            match searcher.negamax(game, ctl, depth - 1, 1, -alpha - 1, -alpha, false, false) {
                Ok(v) if -v > alpha => searcher.negamax(game, ctl, depth - 1, 1, -INFINITY, -alpha, true, false),
                other => other,
            }
        };
        game.undo_unchecked(m);
        let v: Result<Score, Stopped> = r.map(|v| -v);
        let Ok(v) = v else { return (found, false) };
        let it = found.get_or_insert_with(|| Iteration { best: m, score: v, pv: Vec::new(), scores: Vec::new() });
        it.scores.push((m, v));
        if i == 0 || v > alpha {
            alpha = v;
            it.best = m;
            it.score = v;
            it.pv = std::iter::once(m).chain(searcher.pv.line(1).iter().copied()).collect();
        }
    }
    (found, true)
}
