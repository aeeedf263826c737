//! MultiPV: the enhanced search's best few root lines. Each is a legal line
//! from its own root move, best first, as many as asked for (or as there are
//! moves); the first is the one a plain search finds, and each scores what
//! a search of the position after its move finds, seen from the root.

use std::cell::Cell;

use breakline_ai::eval::Strategy;
use breakline_ai::eval::is_proven;
use breakline_ai::search::{AiConfig, Algorithm, SearchHandler};
use breakline_ai::search::{ConfigError, PvLine, SearchError, SearchInfo, SearchRequest, SearchResult, run};
use breakline_rules::position::Position;
use breakline_rules::{BoardSize, Variant};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// A position reached by `plies` seeded random moves from the start, still undecided.
/// The search for the best `lines` root lines (MultiPV).
fn search_lines(
    pos: &Position,
    config: &AiConfig,
    lines: usize,
    handler: &mut dyn SearchHandler,
) -> Result<SearchResult, SearchError> {
    run(pos, config, SearchRequest { lines, ..Default::default() }, handler)
}

fn random_position(variant: Variant, plies: usize, seed: u64) -> Position {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut pos = Position::start(variant, BoardSize::new(8, 8)).unwrap();
    for _ in 0..plies {
        let moves = pos.legal_moves();
        pos.play(moves[rng.random_range(0..moves.len())]).unwrap();
        if pos.outcome().is_over() {
            pos.undo();
            break;
        }
    }
    pos
}

/// Both variants on 8x8: the start and a few positions further on.
fn positions() -> Vec<Position> {
    let mut out = Vec::new();
    for variant in [Variant::Breakthrough, Variant::LinesOfAction] {
        for (plies, seed) in [(0, 0), (6, 1), (14, 2)] {
            out.push(random_position(variant, plies, seed));
        }
    }
    out
}

/// The enhanced expert at a fixed `depth` on one thread, changed by `change`.
fn enhanced(depth: u32, change: impl FnOnce(&mut AiConfig) -> Result<(), ConfigError>) -> AiConfig {
    let mut config = AiConfig::fixed_depth(Algorithm::Enhanced, Strategy::Expert, depth).unwrap();
    config.set_threads(1).unwrap();
    change(&mut config).unwrap();
    config
}

fn lines_of(pos: &Position, config: &AiConfig, lines: usize) -> SearchResult {
    search_lines(pos, config, lines, &mut ()).unwrap()
}

/// Every line is legal from `pos` (played with the rules' checks), they
/// start with distinct moves, come best first, are as many as asked for or
/// as there are moves, and the first is the search's own score and line.
fn assert_well_formed(pos: &Position, result: &SearchResult, asked: usize) {
    let (info, fen) = (&result.info, pos.fen());
    assert_eq!(info.lines.len(), asked.min(pos.legal_moves().len()), "{fen}: {info:?}");
    for line in &info.lines {
        let mut p = pos.clone();
        for &m in &line.pv {
            assert!(p.play(m).is_ok(), "{fen}: {} is illegal in line {line:?}", p.move_name(m));
        }
    }
    let mut firsts: Vec<_> = info.lines.iter().map(|l| l.pv[0]).collect();
    firsts.sort_by_key(|m| pos.move_name(*m));
    firsts.dedup();
    assert_eq!(firsts.len(), info.lines.len(), "{fen}: a root move twice: {:?}", info.lines);
    assert!(info.lines.windows(2).all(|w| w[0].score >= w[1].score), "{fen}: not best first: {:?}", info.lines);
    assert_eq!(info.lines[0], PvLine { score: info.score, pv: info.pv.clone() }, "{fen}");
    assert_eq!(info.lines[0].pv[0], result.best_move, "{fen}");
}

#[test]
fn the_lines_are_legal_distinct_best_first_and_as_many_as_asked() {
    for pos in positions() {
        for asked in [1, 3, 5] {
            assert_well_formed(&pos, &lines_of(&pos, &enhanced(4, |_| Ok(())), asked), asked);
        }
    }
    // More lines asked for than there are moves: every move gets its line.
    let start = Position::start(Variant::Breakthrough, BoardSize::new(8, 8)).unwrap();
    assert_eq!(start.legal_moves().len(), 22);
    assert_well_formed(&start, &lines_of(&start, &enhanced(3, |_| Ok(())), 32), 32);
    // Lazy SMP: the main searcher's lines, the helpers' work aside.
    assert_well_formed(&start, &lines_of(&start, &enhanced(4, |c| c.set_threads(3)), 3), 3);
    // Unproven refinements (null move, late-move reductions, the table at any depth) on.
    for pos in positions() {
        assert_well_formed(&pos, &lines_of(&pos, &enhanced(5, |c| c.set_exact(false)), 3), 3);
    }
}

#[test]
fn every_report_of_a_multipv_search_carries_its_lines() {
    #[derive(Default)]
    struct Reports(Vec<SearchInfo>);
    impl SearchHandler for Reports {
        fn report(&mut self, info: &SearchInfo) {
            self.0.push(info.clone());
        }
    }
    let pos = random_position(Variant::LinesOfAction, 6, 1);
    let mut reports = Reports::default();
    search_lines(&pos, &enhanced(4, |_| Ok(())), 3, &mut reports).unwrap();
    let depths: Vec<u32> = reports.0.iter().map(|r| r.depth).collect();
    assert_eq!(depths, [1, 2, 3, 4]);
    for info in &reports.0 {
        assert_eq!(info.lines.len(), 3, "depth {}", info.depth);
        assert_eq!(info.lines[0], PvLine { score: info.score, pv: info.pv.clone() }, "depth {}", info.depth);
    }
}

#[test]
fn the_first_line_is_the_one_a_plain_search_finds() {
    for pos in positions() {
        for depth in 2..=5 {
            let config = enhanced(depth, |_| Ok(()));
            let plain = lines_of(&pos, &config, 1);
            let multi = lines_of(&pos, &config, 3);
            assert_eq!(multi.info.score, plain.info.score, "{} depth {depth}", pos.fen());
        }
    }
}

/// A score one ply further from the root: a proven result is a ply further off.
fn one_ply_on(score: i32) -> i32 {
    if is_proven(score) { score - score.signum() } else { score }
}

#[test]
fn each_line_scores_what_a_search_after_its_move_finds() {
    for pos in positions() {
        for depth in [3, 4] {
            for tt_mib in [1, 64] {
                let config = |depth| {
                    enhanced(depth, |c| {
                        c.set_guard(false);
                        c.set_tt_mib(tt_mib)?;
                        c.set_null_move(false)
                    })
                };
                let result = lines_of(&pos, &config(depth), 4);
                for line in &result.info.lines {
                    let mut after = pos.clone();
                    after.play(line.pv[0]).unwrap();
                    let expected = if after.outcome().is_over() {
                        line.score
                    } else {
                        one_ply_on(-lines_of(&after, &config(depth - 1), 1).info.score)
                    };
                    let name = pos.move_name(line.pv[0]);
                    assert_eq!(line.score, expected, "{} depth {depth} tt {tt_mib}: {name}", pos.fen());
                }
            }
        }
    }
}

/// Asks to stop `polls` stop checks (one every few hundred nodes) after
/// depth 3 is reported: the search ends at depth 4 or a little later, most
/// often part way through an iteration.
struct StopAfter3 {
    reports: Vec<SearchInfo>,
    polls: Cell<u32>,
    allowed: u32,
}

impl SearchHandler for StopAfter3 {
    fn should_stop(&self) -> bool {
        if self.reports.last().is_none_or(|r| r.depth < 3) {
            return false;
        }
        self.polls.set(self.polls.get() + 1);
        self.polls.get() > self.allowed
    }

    fn report(&mut self, info: &SearchInfo) {
        self.reports.push(info.clone());
    }
}

#[test]
fn a_stopped_search_reports_the_last_finished_iterations_lines() {
    let mut config = enhanced(8, |_| Ok(()));
    config.set_guard(false);
    let mut partial = 0;
    for pos in positions() {
        for allowed in [0, 5, 20, 50] {
            let mut handler = StopAfter3 { reports: Vec::new(), polls: Cell::new(0), allowed };
            let result = search_lines(&pos, &config, 3, &mut handler).unwrap();
            let last = handler.reports.last().unwrap();
            let info = &result.info;
            assert!(last.depth < 8, "{}: stopped", pos.fen());
            assert_eq!((info.depth, &info.lines), (last.depth, &last.lines), "{} after {allowed}", pos.fen());
            assert_eq!((info.score, &info.pv), (last.score, &last.pv), "{} after {allowed}", pos.fen());
            assert_eq!(result.best_move, last.lines[0].pv[0], "{} after {allowed}", pos.fen());
            // One line: the part of the next depth searched counts, as ever.
            let mut handler = StopAfter3 { reports: Vec::new(), polls: Cell::new(0), allowed };
            let one = search_lines(&pos, &config, 1, &mut handler).unwrap();
            assert_eq!(one.info.lines, [PvLine { score: one.info.score, pv: one.info.pv.clone() }]);
            assert_eq!(one.best_move, one.info.pv[0]);
            partial += usize::from(one.info.pv.len() > one.info.depth as usize);
        }
    }
    assert!(partial > 0, "some searches stopped part way through a depth");
}

#[test]
fn other_algorithms_give_one_line_and_a_bad_count_is_refused() {
    let pos = random_position(Variant::Breakthrough, 6, 1);
    for algorithm in [Algorithm::AlphaBeta, Algorithm::Minimax] {
        let config = AiConfig::fixed_depth(algorithm, Strategy::Expert, 2).unwrap();
        let result = lines_of(&pos, &config, 3);
        assert!(result.info.lines.is_empty(), "{algorithm:?}");
        let main = PvLine { score: result.info.score, pv: result.info.pv.clone() };
        assert_eq!(result.info.lines_or_main(), [main]);
    }
    let config = enhanced(2, |_| Ok(()));
    for bad in [0, 33] {
        assert_eq!(search_lines(&pos, &config, bad, &mut ()), Err(SearchError::LineCount(bad)));
    }
}
