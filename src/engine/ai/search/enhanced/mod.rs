//! The enhanced alpha-beta player: iterative deepening over the negamax
//! recursion, within a depth and/or time limit, reporting each finished depth,
//! on one thread or several sharing the table (Lazy SMP).

mod negamax;
mod ordering;
mod table;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering as AtomicOrdering};

use crate::engine::ai::eval::{Evaluate, Score, WIN, is_proven};
use crate::engine::rules::types::Move;

use super::minimax::INFINITY;
use super::noise::Noise;
use super::pv::{MAX_PLY, PvTable};
use super::{AiConfig, Control, SearchInfo, SearchResult, StopFlag, Stopped};
use negamax::Searcher;
use ordering::Ordering;
use table::Table;

/// Past this fraction of the time limit a new iteration would most likely be
/// cut off (each takes several times longer than the last), so none starts.
const NEW_ITERATION_BUDGET: f64 = 0.5;
/// Aspiration windows (`aspiration=on`): from this depth on, an iteration first
/// searches a window of this many evaluation steps either side of the last
/// iteration's score, widened fourfold on the side that failed.
const ASPIRATION_MIN_DEPTH: u32 = 5;
const ASPIRATION_STEPS: Score = 5;

/// How a search of the root ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum RootEnd {
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
struct Iteration {
    best: Move,
    score: Score,
    pv: Vec<Move>,
    /// Every root move searched so far, in the order searched.
    scores: Vec<(Move, Score)>,
}

pub(crate) fn search<G: Evaluate>(game: &mut G, config: &AiConfig, ctl: &mut Control) -> SearchResult {
    let max_depth = config.depth().unwrap_or(MAX_PLY as u32 - 2);
    let new_searcher = |table: Table| Searcher {
        config,
        root: game.side_to_move(),
        noise: Noise::new(config, game),
        table: Arc::new(table),
        ordering: Ordering::new(game.size().squares()),
        pv: PvTable::default(),
        tt_hits: 0,
    };
    let mut searcher = new_searcher(Table::new(config.tt_mib()));
    // Helpers get the main table for each iteration and an empty one between.
    let mut helpers: Vec<Searcher> = (1..config.search_threads()).map(|_| new_searcher(Table::new(0))).collect();
    let step = game.eval_step(config.strategy()).max(1);
    let mut root_moves: Vec<Move> = game.legal_moves().to_vec();
    let mut info = SearchInfo { pv: vec![root_moves[0]], score: -INFINITY, ..SearchInfo::default() };
    let mut best = root_moves[0];

    for depth in 1..=max_depth {
        if depth > 1 && ctl.time_used() > NEW_ITERATION_BUDGET {
            break;
        }
        let nodes_before = ctl.nodes;
        let mut delta = ASPIRATION_STEPS * step;
        let mut window = if config.aspiration() && depth >= ASPIRATION_MIN_DEPTH && !is_proven(info.score) {
            (info.score - delta, info.score + delta)
        } else {
            (-INFINITY, INFINITY)
        };
        let (iteration, end) = loop {
            let (iteration, end) = if helpers.is_empty() {
                search_root(&mut searcher, game, ctl, depth, &root_moves, window)
            } else {
                parallel_root(&mut searcher, &mut helpers, game, ctl, depth, &root_moves, max_depth, window)
            };
            delta *= 4;
            match end {
                RootEnd::FailLow => window.0 = (window.0 - delta).max(-INFINITY),
                RootEnd::FailHigh => {
                    window.1 = (window.1 + delta).min(INFINITY);
                    // The move that failed high is searched first next time,
                    // and is the one to play if the clock runs out meanwhile.
                    if let Some(it) = &iteration {
                        best = it.best;
                        if let Some(i) = root_moves.iter().position(|&m| m == it.best) {
                            root_moves[..=i].rotate_right(1);
                        }
                    }
                }
                RootEnd::Finished | RootEnd::Stopped => break (iteration, end),
            }
        };
        let Some(iteration) = iteration else { break };
        if end == RootEnd::Stopped {
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
    window: (Score, Score),
) -> (Option<Iteration>, RootEnd) {
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
                    let mut flag = StopFlag(done);
                    let mut hctl = Control::new(&mut flag, None);
                    let first = (depth + (h as u32 % 2)).min(max_depth);
                    for d in first..=max_depth {
                        let full = (-INFINITY, INFINITY);
                        if search_root(helper, &mut own, &mut hctl, d, root_moves, full).1 != RootEnd::Finished {
                            break;
                        }
                    }
                    hctl.nodes
                })
            })
            .collect();
        let result = search_root(main, game, ctl, depth, root_moves, window);
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

/// Searches every root move at `depth` within `window`, the expected best
/// first. Returns what was found (None if not even the first move finished)
/// and how the search ended; after a fail high the iteration's best is the
/// move that failed high.
fn search_root<G: Evaluate>(
    searcher: &mut Searcher,
    game: &mut G,
    ctl: &mut Control,
    depth: u32,
    root_moves: &[Move],
    (low, high): (Score, Score),
) -> (Option<Iteration>, RootEnd) {
    let mut alpha = low;
    let mut found: Option<Iteration> = None;
    for (i, &m) in root_moves.iter().enumerate() {
        game.play_unchecked(m);
        let r = if i == 0 {
            searcher.negamax(game, ctl, depth - 1, 1, -high, -alpha, true, false)
        } else {
            match searcher.negamax(game, ctl, depth - 1, 1, -alpha - 1, -alpha, false, false) {
                Ok(v) if -v > alpha && -v < high => {
                    searcher.negamax(game, ctl, depth - 1, 1, -high, -alpha, true, false)
                }
                other => other,
            }
        };
        game.undo_unchecked(m);
        let v: Result<Score, Stopped> = r.map(|v| -v);
        let Ok(v) = v else { return (found, RootEnd::Stopped) };
        let it = found.get_or_insert_with(|| Iteration { best: m, score: v, pv: Vec::new(), scores: Vec::new() });
        it.scores.push((m, v));
        if i == 0 || v > it.score {
            it.best = m;
            it.score = v;
            it.pv = std::iter::once(m).chain(searcher.pv.line(1).iter().copied()).collect();
        }
        alpha = alpha.max(v);
        if v >= high {
            return (found, RootEnd::FailHigh);
        }
    }
    match found {
        Some(it) if it.score <= low => (Some(it), RootEnd::FailLow),
        found => (found, RootEnd::Finished),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ai::eval::Strategy;
    use crate::engine::ai::search::Algorithm;
    use crate::engine::rules::game::Game;
    use crate::engine::rules::position::{AnyGame, Position};
    use crate::engine::rules::types::{BoardSize, Variant};

    /// The root searched at `depth` within `window` by a fresh searcher (a
    /// fresh table, so every search sees the same tree).
    fn root_search(pos: &Position, config: &AiConfig, depth: u32, window: (Score, Score)) -> (Score, RootEnd) {
        let AnyGame::Breakthrough64(mut game) = pos.game.clone() else { panic!("8x8 Breakthrough") };
        let mut searcher = Searcher {
            config,
            root: game.side_to_move(),
            noise: Noise::new(config, &game),
            table: Arc::new(Table::new(config.tt_mib())),
            ordering: Ordering::new(game.size().squares()),
            pv: PvTable::default(),
            tt_hits: 0,
        };
        let mut handler = ();
        let mut ctl = Control::new(&mut handler, None);
        let moves = game.legal_moves().to_vec();
        let (found, end) = search_root(&mut searcher, &mut game, &mut ctl, depth, &moves, window);
        (found.expect("a finished search").score, end)
    }

    #[test]
    fn an_aspiration_window_fails_on_the_side_of_the_true_score_and_holds_it_when_wide_enough() {
        let mut pos = Position::start(Variant::Breakthrough, BoardSize::new(8, 8)).unwrap();
        for m in ["d2-d3", "e7-e6", "c2-c3", "d7-d6"] {
            pos.play_text(m).unwrap();
        }
        let config = AiConfig::fixed_depth(Algorithm::Enhanced, Strategy::Expert, 5).unwrap();
        for depth in 1..=5 {
            let (s, end) = root_search(&pos, &config, depth, (-INFINITY, INFINITY));
            assert_eq!(end, RootEnd::Finished);
            assert_eq!(root_search(&pos, &config, depth, (s - 1, s + 1)), (s, RootEnd::Finished), "depth {depth}");
            let (low, end) = root_search(&pos, &config, depth, (s + 1, s + 50));
            assert!(end == RootEnd::FailLow && low <= s + 1, "depth {depth}: {end:?} {low} (true {s})");
            let (high, end) = root_search(&pos, &config, depth, (s - 50, s - 1));
            assert!(end == RootEnd::FailHigh && high >= s - 1, "depth {depth}: {end:?} {high} (true {s})");
        }
    }
}
