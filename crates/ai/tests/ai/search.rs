//! The AI players against each other and against hand-made endgames: pruning
//! must not change minimax's value, tactics in one or three moves are found,
//! and stops, time limits and seeds behave.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use breakline_ai::eval::Strategy;
use breakline_ai::eval::{MAX_EVAL, WIN};
use breakline_ai::search::{self, ConfigError, Limit, SearchMemory, SearchRequest, SearchResult, score_text};
use breakline_ai::search::{AiConfig, Algorithm, SearchHandler};
use breakline_rules::position::Position;
use breakline_rules::{BoardSize, Outcome, Side, Variant};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// A position reached by `plies` seeded random moves from the start, still undecided.
fn random_position(variant: Variant, size: u8, plies: usize, seed: u64) -> Position {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut pos = Position::start(variant, BoardSize::new(size, size)).unwrap();
    for _ in 0..plies {
        let moves = pos.legal_moves();
        let m = moves[rng.random_range(0..moves.len())];
        pos.play(m).unwrap();
        if pos.outcome().is_over() {
            pos.undo();
            break;
        }
    }
    pos
}

fn run(pos: &Position, config: &AiConfig) -> SearchResult {
    search::search(pos, config, &mut ()).unwrap()
}

fn fixed(algorithm: Algorithm, strategy: Strategy, depth: u32) -> AiConfig {
    AiConfig::fixed_depth(algorithm, strategy, depth).unwrap()
}

/// `algorithm` with `strategy` within `limits` alone.
fn limited(algorithm: Algorithm, strategy: Strategy, limits: &[Limit]) -> AiConfig {
    AiConfig::new(algorithm, strategy).with_limits(limits).unwrap()
}

/// `config` changed by setters that must accept their values.
fn with(mut config: AiConfig, change: impl FnOnce(&mut AiConfig) -> Result<(), ConfigError>) -> AiConfig {
    change(&mut config).unwrap();
    config
}

/// The strategies that evaluate `variant`.
fn strategies(variant: Variant) -> Vec<Strategy> {
    Strategy::for_variant(variant)
}

/// Positions of both variants with the depths plain minimax can afford on them.
fn sample_positions() -> Vec<(Position, u32)> {
    let mut out = Vec::new();
    for seed in 0..6 {
        out.push((random_position(Variant::Breakthrough, 8, 4 + 3 * seed as usize, seed), 3));
        out.push((random_position(Variant::Breakthrough, 6, 6 + 2 * seed as usize, 100 + seed), 4));
        out.push((random_position(Variant::LinesOfAction, 6, 4 + 2 * seed as usize, 200 + seed), 3));
        out.push((random_position(Variant::LinesOfAction, 8, 3 * seed as usize, 300 + seed), 2));
    }
    out
}

#[test]
fn alphabeta_value_equals_minimax() {
    for (pos, max_depth) in sample_positions() {
        for strategy in strategies(pos.variant()) {
            for noise in [0.0, 0.7] {
                for depth in 1..=max_depth {
                    let player = |a| with(fixed(a, strategy, depth).with_seed(5), |c| c.set_noise(noise));
                    let mm = run(&pos, &player(Algorithm::Minimax));
                    let ab = run(&pos, &player(Algorithm::AlphaBeta));
                    assert_eq!(ab.info.score, mm.info.score, "{} {strategy} depth {depth} noise {noise}", pos.fen());
                    assert_eq!(ab.best_move, mm.best_move, "{} {strategy} depth {depth}", pos.fen());
                    assert!(ab.info.nodes <= mm.info.nodes);
                }
            }
        }
    }
}

#[test]
fn enhanced_value_equals_alphabeta_with_and_without_table() {
    let mut positions = sample_positions();
    for seed in 0..4 {
        positions.push((random_position(Variant::Breakthrough, 8, 10 + 4 * seed as usize, 400 + seed), 5));
    }
    for (pos, max_depth) in positions {
        for strategy in strategies(pos.variant()) {
            for depth in 1..=max_depth {
                let ab = run(&pos, &fixed(Algorithm::AlphaBeta, strategy, depth));
                // Without a table too: see the enhanced search's own tests.
                for tt_mib in [1, 16] {
                    let config = with(fixed(Algorithm::Enhanced, strategy, depth), |c| {
                        c.set_tt_mib(tt_mib)?;
                        c.set_null_move(false)
                    });
                    let en = run(&pos, &config);
                    assert_eq!(en.info.score, ab.info.score, "{} {strategy} depth {depth} tt {tt_mib}", pos.fen());
                    assert_legal_line(&pos, &en.info.pv);
                    assert_eq!(en.info.pv.first(), Some(&en.best_move));
                    assert_eq!(en.info.root_scores.len(), pos.legal_moves().len());
                }
            }
        }
    }
}

fn assert_legal_line(pos: &Position, line: &[breakline_rules::Move]) {
    let mut p = pos.clone();
    for &m in line {
        assert!(p.play(m).is_ok(), "{} is not legal in {} (line {line:?})", p.move_name(m), p.fen());
    }
}

/// Every algorithm, shallow and deep, on one strategy of the variant.
fn all_players(strategy: Strategy) -> Vec<AiConfig> {
    vec![
        fixed(Algorithm::Minimax, strategy, 1),
        fixed(Algorithm::AlphaBeta, strategy, 1),
        fixed(Algorithm::AlphaBeta, strategy, 3),
        fixed(Algorithm::Enhanced, strategy, 1),
        limited(Algorithm::Enhanced, strategy, &[Limit::TimeMs(200)]),
        limited(Algorithm::Mcts, strategy, &[Limit::Iterations(300)]),
    ]
}

/// The same player without the safety guard: the algorithm on its own.
fn unguarded(mut config: AiConfig) -> AiConfig {
    config.set_guard(false);
    config
}

#[test]
fn every_algorithm_takes_a_win_in_one_by_itself() {
    // a7-a8 wins; d4 is a capture to tempt the capture-minded strategies.
    let pos = Position::from_fen(Variant::Breakthrough, "8/w7/8/8/3b4/4w3/7b/8 w").unwrap();
    for strategy in strategies(Variant::Breakthrough) {
        for config in all_players(strategy).into_iter().map(unguarded) {
            let r = run(&pos, &config);
            let mut after = pos.clone();
            after.play(r.best_move).unwrap();
            assert_eq!(after.outcome().winner(), Some(Side::White), "{config}");
            assert_eq!(r.info.score, WIN - 1, "{config}: {}", score_text(r.info.score));
        }
    }
}

/// Black's c2 pawn reaches the first rank next move unless b1xc2 takes it;
/// e4xf5 is a tempting capture that loses.
const LOSS_IN_ONE_THREAT: &str = "8/6b1/8/5b2/4w3/8/2b5/1w6 w";

#[test]
fn algorithms_that_look_two_plies_ahead_avoid_a_loss_in_one_by_themselves() {
    let pos = Position::from_fen(Variant::Breakthrough, LOSS_IN_ONE_THREAT).unwrap();
    for strategy in strategies(Variant::Breakthrough) {
        for config in [
            fixed(Algorithm::Minimax, strategy, 2),
            fixed(Algorithm::AlphaBeta, strategy, 3),
            fixed(Algorithm::Enhanced, strategy, 2),
            limited(Algorithm::Enhanced, strategy, &[Limit::TimeMs(200)]),
        ] {
            let r = run(&pos, &unguarded(config.clone()));
            assert_eq!(pos.move_name(r.best_move), "b1xc2", "{config}");
        }
    }
}

#[test]
fn the_guard_makes_every_player_avoid_a_loss_in_one_and_says_so() {
    // The first threat as above. In the second, White's last pawn is taken
    // next move after either capture; only d4-d5 keeps it.
    let threats = [(LOSS_IN_ONE_THREAT, "b1xc2"), ("8/8/1b3b2/2b1b3/3w4/8/8/8 w", "d4-d5")];
    let mut changed = 0;
    for (fen, only_move) in threats {
        let pos = Position::from_fen(Variant::Breakthrough, fen).unwrap();
        changed += guarded_players_play(&pos, only_move);
    }
    assert!(changed > 0, "depth-1 players need the guard in these positions");
}

/// Checks every player plays `only_move`; returns how many needed the guard.
fn guarded_players_play(pos: &Position, only_move: &str) -> usize {
    let mut changed = 0;
    for strategy in strategies(Variant::Breakthrough) {
        for config in all_players(strategy) {
            assert!(config.guard(), "the guard is on by default");
            let r = run(pos, &config);
            assert_eq!(pos.move_name(r.best_move), only_move, "{config}");
            // The figures describe the move played.
            assert_eq!(r.info.pv.first(), Some(&r.best_move), "{config}");
            if let Some(&(first, score)) = r.info.root_scores.first() {
                assert_eq!((first, score), (r.best_move, r.info.score), "{config}");
            }
            let alone = run(pos, &unguarded(config.clone()));
            if alone.best_move != r.best_move {
                changed += 1;
                // The guard searched two plies to change the move, and counted them.
                assert!(r.info.depth >= 2, "{config}: depth {}", r.info.depth);
                assert!(r.info.nodes > alone.info.nodes, "{config}");
                let lost = alone.best_move;
                assert!(r.info.root_scores.iter().any(|&(m, s)| m == lost && s == -(WIN - 2)), "{config}");
            }
        }
    }
    changed
}

#[test]
fn forced_win_in_three_is_found() {
    // White walks a5 to the last rank in three moves (by a6 or b6); Black's pawns are too far to stop it
    // or to win first.
    let pos = Position::from_fen(Variant::Breakthrough, "7b/7b/8/w7/8/8/8/7w w").unwrap();
    for config in [
        fixed(Algorithm::AlphaBeta, Strategy::Offensive1, 5),
        fixed(Algorithm::Enhanced, Strategy::Offensive1, 7),
        // Ends at the proof; the limit only bounds a broken search.
        limited(Algorithm::Enhanced, Strategy::Defensive1, &[Limit::TimeMs(60_000)]),
        with(limited(Algorithm::Enhanced, Strategy::Expert, &[Limit::TimeMs(60_000)]), |c| {
            c.set_exact(false)?;
            c.set_aspiration(true)
        }),
    ] {
        let r = run(&pos, &config);
        assert_eq!(r.info.score, WIN - 5, "{config}");
        assert_eq!(score_text(r.info.score), "win in 3");
        assert!(["a5-a6", "a5-b6"].contains(&pos.move_name(r.best_move).as_str()), "{config}");
        assert_legal_line(&pos, &r.info.pv);
    }
}

#[test]
fn mcts_solver_proves_a_won_endgame() {
    let pos = Position::from_fen(Variant::Breakthrough, "7b/7b/8/w7/8/8/8/7w w").unwrap();
    let config = limited(Algorithm::Mcts, Strategy::Offensive1, &[Limit::Iterations(50_000)]);
    let r = run(&pos, &config);
    assert!(r.info.score > MAX_EVAL, "score {}", score_text(r.info.score));
    assert_eq!(score_text(r.info.score), "win in 3");
    assert!(["a5-a6", "a5-b6"].contains(&pos.move_name(r.best_move).as_str()));
    assert!(r.info.iterations < 50_000, "a proven root ends the search early");
}

#[test]
fn mcts_with_evaluation_backups_and_several_trees_proves_the_won_endgame() {
    let pos = Position::from_fen(Variant::Breakthrough, "7b/7b/8/w7/8/8/8/7w w").unwrap();
    let base = limited(Algorithm::Mcts, Strategy::Offensive1, &[Limit::Iterations(50_000)]);
    for config in [
        with(base.clone(), |c| c.set_implicit(0.4)),
        with(base.clone(), |c| c.set_bias(2.0)),
        with(base.clone(), |c| c.set_threads(2)),
        with(base.clone(), |c| {
            c.set_threads(3)?;
            c.set_implicit(1.0)?;
            c.set_bias(1.0)
        }),
        // Ends at the proof; the limit only bounds a broken search.
        with(base.with_limits(&[Limit::TimeMs(60_000)]).unwrap(), |c| c.set_threads(2)),
    ] {
        let r = run(&pos, &config);
        assert_eq!(score_text(r.info.score), "win in 3", "{config}");
        assert!(["a5-a6", "a5-b6"].contains(&pos.move_name(r.best_move).as_str()), "{config}");
        assert_legal_line(&pos, &r.info.pv);
    }
}

#[test]
fn parallel_mcts_plays_legal_moves_and_counts_every_tree() {
    for (pos, _) in sample_positions().into_iter().take(8) {
        let strategy = strategies(pos.variant())[0];
        let config = with(limited(Algorithm::Mcts, strategy, &[Limit::Iterations(600)]), |c| {
            c.set_threads(2)?;
            c.set_implicit(0.3)
        });
        let r = run(&pos, &config);
        assert!(pos.legal_moves().contains(&r.best_move), "{config}");
        assert_legal_line(&pos, &r.info.pv);
        // The playouts are shared out between the trees (300 each), unless a
        // tree proves the root first.
        assert!(r.info.iterations <= 600, "{} playouts", r.info.iterations);
        assert!(r.info.iterations >= 300 || r.info.score.abs() > MAX_EVAL, "{} playouts", r.info.iterations);
    }
}

#[test]
fn same_seed_same_move() {
    for (pos, _) in sample_positions().into_iter().step_by(3) {
        let strategy = strategies(pos.variant())[0];
        for config in [
            with(fixed(Algorithm::AlphaBeta, strategy, 2).with_seed(11), |c| c.set_noise(0.9)),
            with(fixed(Algorithm::Enhanced, strategy, 3).with_seed(11), |c| c.set_noise(0.9)),
            limited(Algorithm::Mcts, strategy, &[Limit::Iterations(400)]).with_seed(3),
            with(limited(Algorithm::Mcts, strategy, &[Limit::Iterations(400)]).with_seed(3), |c| {
                c.set_implicit(0.4)?;
                c.set_bias(1.0)
            }),
        ] {
            let (a, b) = (run(&pos, &config), run(&pos, &config));
            assert_eq!(a.best_move, b.best_move, "{config}");
            assert_eq!(a.info.score, b.info.score, "{config}");
            assert_eq!(a.info.nodes, b.info.nodes, "{config}");
        }
    }
}

/// How long a search may take to return once told to: far more than the
/// milliseconds it needs, so a loaded machine cannot fail the tests, and far
/// less than the hours the searches below would run if they ignored it.
const PROMPTLY: Duration = Duration::from_secs(10);

/// Runs the search on its own thread, sets its stop flag once it has started,
/// and waits at most `PROMPTLY` past that for its result.
fn stopped(pos: &Position, config: &AiConfig) -> SearchResult {
    let flag = Arc::new(AtomicBool::new(false));
    let (tx, rx) = std::sync::mpsc::channel();
    let (p, c, handler) = (pos.clone(), config.clone(), flag.clone());
    thread::spawn(move || {
        let mut handler = handler;
        let _ = tx.send(search::search(&p, &c, &mut handler as &mut dyn SearchHandler));
    });
    thread::sleep(Duration::from_millis(50));
    flag.store(true, Ordering::Relaxed);
    rx.recv_timeout(PROMPTLY)
        .unwrap_or_else(|e| panic!("{config}: no result {PROMPTLY:?} after the stop: {e}"))
        .unwrap()
}

#[test]
#[cfg_attr(target_family = "wasm", ignore = "the stop comes from another thread: none in the browser")]
fn stop_flag_ends_long_searches_quickly() {
    let bt = Position::start(Variant::Breakthrough, BoardSize::new(8, 8)).unwrap();
    let loa = Position::start(Variant::LinesOfAction, BoardSize::new(8, 8)).unwrap();
    for (pos, strategy) in [(bt, Strategy::Offensive1), (loa, Strategy::Expert)] {
        // Unstopped, each of these would search for hours.
        for config in [
            fixed(Algorithm::Minimax, strategy, 12),
            fixed(Algorithm::AlphaBeta, strategy, 20),
            fixed(Algorithm::Enhanced, strategy, 64),
            limited(Algorithm::Mcts, strategy, &[Limit::Iterations(1_000_000_000)]),
        ] {
            let r = stopped(&pos, &config);
            assert!(pos.legal_moves().contains(&r.best_move), "{config}");
        }
    }
}

#[test]
#[cfg_attr(target_family = "wasm", ignore = "the stop comes from another thread: none in the browser")]
fn time_limit_is_honoured() {
    // Without its 300 ms limit each search would run for hours (the enhanced
    // one to depth 62, MCTS without a playout limit); with it, it returns on
    // its own, well within PROMPTLY.
    let pos = Position::start(Variant::Breakthrough, BoardSize::new(8, 8)).unwrap();
    for algorithm in [Algorithm::Enhanced, Algorithm::Mcts] {
        let config = limited(algorithm, Strategy::Offensive1, &[Limit::TimeMs(300)]);
        let (tx, rx) = std::sync::mpsc::channel();
        let (p, c) = (pos.clone(), config.clone());
        let start = Instant::now();
        thread::spawn(move || {
            let _ = tx.send(run(&p, &c));
        });
        let r = rx.recv_timeout(PROMPTLY).unwrap_or_else(|e| panic!("{config}: no result in {PROMPTLY:?}: {e}"));
        let took = start.elapsed();
        assert!(r.info.time <= took, "{config}");
        assert!(r.info.time >= Duration::from_millis(100), "{config} gave up after {:?}", r.info.time);
        assert!(pos.legal_moves().contains(&r.best_move));
    }
}

#[test]
fn enhanced_reports_every_completed_depth() {
    let mut pos = Position::start(Variant::Breakthrough, BoardSize::new(8, 8)).unwrap();
    pos.play_text("a2-a3").unwrap();
    let config = fixed(Algorithm::Enhanced, Strategy::Offensive1, 5);
    let bench = search::bench::timed_search(&pos, &config).unwrap();
    let depths: Vec<u32> = bench.reports.iter().map(|r| r.depth).collect();
    assert_eq!(depths, [1, 2, 3, 4, 5]);
    for pair in bench.reports.windows(2) {
        assert!(pair[0].nodes < pair[1].nodes);
    }
    for report in &bench.reports {
        assert_legal_line(&pos, &report.pv);
        assert_eq!(report.root_scores[0].0, report.pv[0]);
        assert_eq!(report.root_scores[0].1, report.score);
    }
    assert_eq!(bench.result.info.depth, 5);
    assert_eq!(pos.outcome(), Outcome::Ongoing);
}

#[test]
fn parallel_search_plays_legal_moves_and_agrees_on_values_and_proofs() {
    // Fixed depth with `exact`: every thread's table entries are true bounds
    // of their depth, so the value is the one-thread value.
    for (pos, max_depth) in sample_positions().into_iter().step_by(2) {
        let strategy = strategies(pos.variant())[0];
        for depth in 1..=max_depth + 1 {
            let one = with(fixed(Algorithm::Enhanced, strategy, depth), |c| c.set_null_move(false));
            let two = with(one.clone(), |c| c.set_threads(2));
            let (a, b) = (run(&pos, &one), run(&pos, &two));
            assert_eq!(a.info.score, b.info.score, "{} {two}", pos.fen());
            assert!(pos.legal_moves().contains(&b.best_move), "{two}");
            assert_legal_line(&pos, &b.info.pv);
        }
    }
    // The forced win in three is proven whatever the threads. The timed search
    // ends as soon as it has the proof; its limit only bounds a broken search
    // (a short one could run out on a loaded machine before depth 5).
    let pos = Position::from_fen(Variant::Breakthrough, "7b/7b/8/w7/8/8/8/7w w").unwrap();
    for threads in [2, 3] {
        for config in [
            with(fixed(Algorithm::Enhanced, Strategy::Offensive1, 7), |c| c.set_threads(threads)),
            with(limited(Algorithm::Enhanced, Strategy::Expert, &[Limit::TimeMs(60_000)]), |c| c.set_threads(threads)),
        ] {
            let r = run(&pos, &config);
            assert_eq!(r.info.score, WIN - 5, "{config}");
            assert!(["a5-a6", "a5-b6"].contains(&pos.move_name(r.best_move).as_str()), "{config}");
        }
    }
    // Middle-game positions at a time limit: a legal move, a legal line.
    for (pos, _) in sample_positions().into_iter().take(4) {
        let strategy = strategies(pos.variant())[0];
        let config = with(limited(Algorithm::Enhanced, strategy, &[Limit::TimeMs(50)]), |c| c.set_threads(2));
        let r = run(&pos, &config);
        assert!(pos.legal_moves().contains(&r.best_move), "{config}");
        assert_legal_line(&pos, &r.info.pv);
    }
}

#[test]
fn a_kept_table_carries_one_search_into_the_next() {
    let pos = random_position(Variant::Breakthrough, 8, 6, 3);
    let config = fixed(Algorithm::Enhanced, Strategy::Expert, 7);
    let memory = SearchMemory::new();
    let first =
        search::run(&pos, &config, SearchRequest { memory: Some(&memory), ..Default::default() }, &mut ()).unwrap();
    let again =
        search::run(&pos, &config, SearchRequest { memory: Some(&memory), ..Default::default() }, &mut ()).unwrap();
    assert!(again.info.nodes * 2 < first.info.nodes, "{} then {} nodes", first.info.nodes, again.info.nodes);
    // The exact search's value does not depend on what the table holds.
    assert_eq!(again.info.score, first.info.score);
    assert_eq!(search::search(&pos, &config, &mut ()).unwrap().info.score, first.info.score);
}

#[test]
fn a_kept_table_starts_afresh_for_another_config_or_game() {
    let bt = random_position(Variant::Breakthrough, 8, 6, 4);
    let loa = random_position(Variant::LinesOfAction, 8, 4, 4);
    let expert = fixed(Algorithm::Enhanced, Strategy::Expert, 6);
    let other = fixed(Algorithm::Enhanced, Strategy::Offensive2, 6);
    let alone = |pos: &Position, config: &AiConfig| {
        search::run(pos, config, SearchRequest { memory: Some(&SearchMemory::new()), ..Default::default() }, &mut ())
            .unwrap()
            .info
            .nodes
    };
    let memory = SearchMemory::new();
    search::run(&bt, &expert, SearchRequest { memory: Some(&memory), ..Default::default() }, &mut ()).unwrap();
    let switched =
        search::run(&bt, &other, SearchRequest { memory: Some(&memory), ..Default::default() }, &mut ()).unwrap();
    assert_eq!(switched.info.nodes, alone(&bt, &other), "a new strategy starts with an empty table");
    let moved_on =
        search::run(&loa, &expert, SearchRequest { memory: Some(&memory), ..Default::default() }, &mut ()).unwrap();
    assert_eq!(moved_on.info.nodes, alone(&loa, &expert), "so does another game");
    memory.clear();
    let cleared =
        search::run(&loa, &expert, SearchRequest { memory: Some(&memory), ..Default::default() }, &mut ()).unwrap();
    assert_eq!(cleared.info.nodes, alone(&loa, &expert), "and a cleared memory");
}

/// Stops nothing, but asks for no new depth once any time has passed.
struct NoNewDepth;

impl SearchHandler for NoNewDepth {
    fn iteration_budget(&self) -> f64 {
        0.0
    }
}

#[test]
fn the_handler_decides_whether_a_new_depth_starts() {
    let pos = random_position(Variant::Breakthrough, 8, 6, 5);
    // One thread: a Lazy SMP helper is not held by the budget, and the
    // deepest iteration it finished before the main searcher stopped counts.
    let config = with(limited(Algorithm::Enhanced, Strategy::Expert, &[Limit::TimeMs(60_000)]), |c| c.set_threads(1));
    let result = search::search(&pos, &config, &mut NoNewDepth).unwrap();
    assert_eq!(result.info.depth, 1);
}

#[test]
fn under_the_tournament_rule_the_search_scores_joining_both_sides_as_no_win() {
    use breakline_ai::eval::is_proven;
    use breakline_ai::eval::loa::CONNECT_NEXT;
    use breakline_rules::connection_rule::BothConnected;
    // Black's only joining move, d3xb1, also leaves White one piece (e6).
    // One ply: deeper, Black has real wins to find (the evaluation's part is
    // checked in the eval tests).
    let fen = "4w1/6/6/3b2/6/bw4 b";
    for algorithm in [Algorithm::Minimax, Algorithm::AlphaBeta, Algorithm::Enhanced] {
        let mut pos = Position::from_fen(Variant::LinesOfAction, fen).unwrap();
        let usual = run(&pos, &fixed(algorithm, Strategy::Expert, 1)).info.score;
        assert!(is_proven(usual) && usual > 0, "{algorithm:?}: {usual}");
        pos.set_both_connected(BothConnected::Draw);
        let score = run(&pos, &fixed(algorithm, Strategy::Expert, 1)).info.score;
        assert!(!is_proven(score) || score <= 0, "{algorithm:?}: {score}");
        assert!(score < CONNECT_NEXT / 2, "{algorithm:?}: {score}");
    }
}
