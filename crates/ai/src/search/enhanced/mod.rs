//! The enhanced alpha-beta player, in the anchors' shape: iterative
//! deepening (here) over the root ([`root`]: its move order and one search of
//! it), aspiration windows ([`aspiration`]), the threads ([`lazy_smp`]) and
//! the negamax recursion ([`negamax`]) with its table and move ordering;
//! within a depth and/or time limit, reporting each finished depth with its
//! best root line, or its best few ([`lines`]: MultiPV).

mod aspiration;
mod lazy_smp;
mod lines;
mod memory;
mod negamax;
mod ordering;
mod quiescence;
mod root;
mod selectivity;
mod table;

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering as AtomicOrdering};

use crate::eval::Evaluate;

use super::pv::MAX_PLY;
use super::window::INFINITY;
use super::{AiConfig, Control, PvLine, SearchInfo, SearchResult};
use aspiration::Aspiration;
use lazy_smp::HelperWork;
pub use memory::SearchMemory;
use negamax::Searcher;
use root::{Iteration, RootEnd, RootMoves, proven_within};
use table::Table;

/// The deepest iteration of a search limited by time alone: the tables' reach.
const TIMED_MAX_DEPTH: u32 = MAX_PLY as u32 - 2;

/// Iterative deepening: each depth searched in full (through the aspiration
/// windows), its root order kept for the next, until the depth limit, the
/// clock, a stop or a result proven within the horizon ends it. Each reports
/// the best `lines` root lines (fewer if there are fewer moves). A depth cut
/// short still counts where its first move finished, if one line is wanted
/// (or no depth finished). The table is `memory`'s where one is given and
/// free, else a fresh one. With helper threads (Lazy SMP) the result is the
/// deepest iteration any thread finished: see [`lazy_smp`].
pub(crate) fn search<G: Evaluate>(
    game: &mut G,
    config: &AiConfig,
    lines: usize,
    memory: Option<&SearchMemory>,
    ctl: &mut Control,
) -> SearchResult {
    let max_depth = config.depth().unwrap_or(TIMED_MAX_DEPTH);
    let helpers = config.search_threads() - 1;
    let lease = memory.and_then(|m| m.table(G::VARIANT, game.size(), config));
    let table =
        lease.as_ref().map_or_else(|| Arc::new(fresh_table(config.tt_mib(), helpers)), |l| Arc::clone(&l.table));
    let mut main = Searcher::new(game, config, table);
    let (result, helper_work) = if helpers == 0 {
        (deepen(game, &mut main, config, lines, max_depth, ctl, &AtomicU64::new(0)), HelperWork::default())
    } else {
        let table = Arc::clone(&main.table);
        let team = (helpers, max_depth, lines);
        lazy_smp::alongside(game, ctl, config, &table, team, |game, ctl, helper_nodes| {
            deepen(game, &mut main, config, lines, max_depth, ctl, helper_nodes)
        })
    };
    ctl.nodes += helper_work.nodes;
    let mut result = match helper_work.deepest {
        Some((depth, iteration)) if depth > result.info.depth => {
            let best_move = iteration.best();
            let info = completed(depth, iteration, ctl, &main);
            ctl.report(&info);
            SearchResult { best_move, info }
        }
        _ => result,
    };
    result.info.tt_hits = main.tt_hits + helper_work.tt_hits;
    result
}

/// A table of at most `mib` MiB for a search with `helpers`: a lone
/// searcher's grows with its iterations, but one the helpers share cannot be
/// swapped for a larger one under them, so it starts at its full size.
fn fresh_table(mib: u32, helpers: usize) -> Table {
    if helpers == 0 { Table::new(mib) } else { Table::full(mib) }
}

/// The main searcher's iterative deepening: see [`search`]. Its reports
/// count `helper_nodes` too.
fn deepen<G: Evaluate>(
    game: &mut G,
    main: &mut Searcher,
    config: &AiConfig,
    lines: usize,
    max_depth: u32,
    ctl: &mut Control,
    helper_nodes: &AtomicU64,
) -> SearchResult {
    let aspiration = Aspiration::new(config, game, lines);
    let mut root = RootMoves::new(game.legal_moves().to_vec());
    let mut info = SearchInfo { pv: vec![root.best()], score: -INFINITY, ..SearchInfo::default() };
    let budget = ctl.iteration_budget();
    for depth in 1..=max_depth {
        if depth > 1 && ctl.time_used() > budget {
            break;
        }
        let nodes_before = ctl.nodes;
        let (iteration, end) = aspiration.search(main, game, ctl, depth, &mut root, info.score);
        let Some(mut iteration) = iteration else { break };
        if end == RootEnd::Stopped {
            if lines == 1 || info.lines.is_empty() {
                root.promote(iteration.best());
                info = cut_short(info, iteration);
            }
            break;
        }
        iteration.rank();
        root.follow(&iteration.scores, iteration.best());
        info = completed(depth, iteration, ctl, main);
        info.nodes += helper_nodes.load(AtomicOrdering::Relaxed);
        ctl.report(&info);
        if proven_within(info.score, depth) {
            break;
        }
        main.ordering.age();
        if let Some(table) = Arc::get_mut(&mut main.table) {
            // Each iteration costs a few times the last.
            table.reserve(4 * (ctl.nodes - nodes_before));
        }
    }
    SearchResult { best_move: root.best(), info }
}

/// What a finished iteration at `depth` reports.
fn completed(depth: u32, iteration: Iteration, ctl: &Control, main: &Searcher) -> SearchInfo {
    let Iteration { lines, scores } = iteration;
    let PvLine { score, pv } = lines.best().clone();
    SearchInfo {
        depth,
        score,
        nodes: ctl.nodes,
        time: ctl.elapsed(),
        pv,
        tt_hits: main.tt_hits,
        quiescence_nodes: main.quiescence_nodes,
        root_scores: scores,
        lines: lines.into_lines(),
        ..SearchInfo::default()
    }
}

/// The last finished iteration's `info` after a search for one line stopped
/// part way through the next `iteration`: the moves searched so far, the
/// previous best first, all at the new depth, so their best is at least as
/// well founded as the last iteration's; it is played, with its score and
/// line. (A search for several lines keeps the last finished iteration's
/// where there is one: the moves not searched again would leave lines of two
/// depths.)
fn cut_short(info: SearchInfo, iteration: Iteration) -> SearchInfo {
    let PvLine { score, pv } = iteration.lines.best().clone();
    SearchInfo { score, pv, lines: iteration.lines.into_lines(), ..info }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::{Score, Strategy};
    use crate::search::{Algorithm, search as search_position};
    use breakline_rules::game::Game;
    use breakline_rules::position::{AnyGame, Position};
    use breakline_rules::{BoardSize, Variant};
    use root::search_root;

    use super::super::window::Window;

    /// The root searched at `depth` within `window` by a fresh searcher with a
    /// table of `tt_mib` (fresh, so every search sees the same tree).
    fn root_search(pos: &Position, config: &AiConfig, tt_mib: u32, depth: u32, window: Window) -> (Score, RootEnd) {
        let AnyGame::Breakthrough64(mut game) = pos.game().clone() else { panic!("8x8 Breakthrough") };
        let mut searcher = Searcher::new(&game, config, Arc::new(Table::new(tt_mib)));
        let mut handler = ();
        let mut ctl = Control::new(&mut handler, None);
        let moves = game.legal_moves().to_vec();
        let (found, end) = search_root(&mut searcher, &mut game, &mut ctl, depth, &moves, window, 1);
        (found.expect("a finished search").score(), end)
    }

    fn opening() -> Position {
        let mut pos = Position::start(Variant::Breakthrough, BoardSize::new(8, 8)).unwrap();
        for m in ["d2-d3", "e7-e6", "c2-c3", "d7-d6"] {
            pos.play_text(m).unwrap();
        }
        pos
    }

    #[test]
    fn an_aspiration_window_fails_on_the_side_of_the_true_score_and_holds_it_when_wide_enough() {
        let pos = opening();
        let config = AiConfig::fixed_depth(Algorithm::Enhanced, Strategy::Expert, 5).unwrap();
        for depth in 1..=5 {
            let search = |window| root_search(&pos, &config, 16, depth, window);
            let (s, end) = search(Window::FULL);
            assert_eq!(end, RootEnd::Finished);
            assert_eq!(search(Window::around(s, 1)), (s, RootEnd::Finished), "depth {depth}");
            let (low, end) = search(Window { alpha: s + 1, beta: s + 50 });
            assert!(end == RootEnd::FailLow && low <= s + 1, "depth {depth}: {end:?} {low} (true {s})");
            let (high, end) = search(Window { alpha: s - 50, beta: s - 1 });
            assert!(end == RootEnd::FailHigh && high >= s - 1, "depth {depth}: {end:?} {high} (true {s})");
        }
    }

    #[test]
    fn without_a_table_the_exact_search_keeps_alpha_betas_values() {
        let pos = opening();
        for depth in 1..=4 {
            let mut config = AiConfig::fixed_depth(Algorithm::Enhanced, Strategy::Expert, depth).unwrap();
            config.set_null_move(false).unwrap();
            let mut alphabeta = AiConfig::fixed_depth(Algorithm::AlphaBeta, Strategy::Expert, depth).unwrap();
            alphabeta.set_guard(false);
            let expected = search_position(&pos, &alphabeta, &mut ()).unwrap().info.score;
            for tt_mib in [0, 16] {
                let (score, end) = root_search(&pos, &config, tt_mib, depth, Window::FULL);
                assert_eq!((score, end), (expected, RootEnd::Finished), "depth {depth}, {tt_mib} MiB");
            }
        }
    }

    #[test]
    fn the_quiescence_nodes_are_counted_within_the_nodes_and_grow_with_the_tree() {
        let pos = opening();
        // Quiescence is one of the selective search's refinements: the exact one has none.
        let counts = |algorithm: &str, depth| {
            let text = format!("{algorithm}:expert:exact=off:book=off:threads=1:depth={depth}");
            let config = AiConfig::parse(&text, Variant::Breakthrough).unwrap();
            let info = search_position(&pos, &config, &mut ()).unwrap().info;
            (info.quiescence_nodes, info.nodes)
        };
        let (shallow, _) = counts("enhanced", 3);
        let (quiescence, nodes) = counts("enhanced", 6);
        assert!(0 < shallow && shallow < quiescence && quiescence < nodes, "{shallow}, {quiescence} of {nodes}");
        let exact = AiConfig::fixed_depth(Algorithm::Enhanced, Strategy::Expert, 4).unwrap();
        assert_eq!(
            search_position(&pos, &exact, &mut ()).unwrap().info.quiescence_nodes,
            0,
            "the exact search has none"
        );
    }
}
