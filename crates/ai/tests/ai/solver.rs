//! The proof-number solver against exhaustive search: whole tiny Breakthrough
//! boards, positions near the end of random games in both variants, and the
//! games' structural knowledge on its own. Every winning line is replayed by
//! the rules, and on Breakthrough every position of it is checked to be lost
//! for the loser whatever it plays.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use breakline_ai::solver::{self, Insight, SolveConfig, SolveError, SolverGame, Verdict};
use breakline_rules::bits::Bits;
use breakline_rules::breakthrough::Breakthrough;
use breakline_rules::game::Game;
use breakline_rules::loa::LinesOfAction;
use breakline_rules::position::Position;
use breakline_rules::{BoardSize, Move, Outcome, Side, Variant};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// Exact value by exhaustive search of a game without cycles: whether the
/// mover wins, and the plies to the end with best play (winner fastest, loser
/// slowest).
fn exact<G: Game>(g: &mut G, memo: &mut HashMap<u64, (bool, u32)>) -> (bool, u32) {
    if let Some(&v) = memo.get(&g.hash()) {
        return v;
    }
    let v = match g.quick_outcome() {
        Outcome::Win { winner, .. } => (winner == g.side_to_move(), 0),
        Outcome::Draw { .. } => unreachable!("breakthrough has no draws"),
        Outcome::Ongoing => {
            let (mut fastest_win, mut slowest_loss) = (None::<u32>, 0);
            for m in g.legal_moves() {
                g.play_unchecked(m);
                let (child_wins, d) = exact(g, memo);
                g.undo_unchecked(m);
                if child_wins {
                    slowest_loss = slowest_loss.max(d + 1);
                } else {
                    fastest_win = Some(fastest_win.map_or(d + 1, |w| w.min(d + 1)));
                }
            }
            fastest_win.map_or((false, slowest_loss), |d| (true, d))
        }
    };
    memo.insert(g.hash(), v);
    v
}

/// Whether `side` can force a win within `plies` plies (any game, cycles
/// included: the bound ends every line), remembering answers in `memo`.
fn wins_within<G: Game>(g: &mut G, side: Side, plies: u32, memo: &mut HashMap<(u64, u32, Side), bool>) -> bool {
    match g.quick_outcome() {
        Outcome::Win { winner, .. } => return winner == side,
        Outcome::Draw { .. } => return false,
        Outcome::Ongoing => {}
    }
    if let Some(&w) = memo.get(&(g.hash(), plies, side)) {
        return w;
    }
    let moves = g.legal_moves();
    let w = if moves.is_empty() {
        g.side_to_move() != side
    } else if plies == 0 {
        false
    } else {
        let attacking = g.side_to_move() == side;
        let mut check = |m: Move| {
            g.play_unchecked(m);
            let w = wins_within(g, side, plies - 1, memo);
            g.undo_unchecked(m);
            w
        };
        if attacking { moves.into_iter().any(&mut check) } else { moves.into_iter().all(&mut check) }
    };
    memo.insert((g.hash(), plies, side), w);
    w
}

/// The shortest forced win of either side within `max` plies, by exhaustive search.
fn shortest_win<G: Game>(g: &mut G, max: u32) -> Option<(Side, u32)> {
    let mut memo = HashMap::new();
    (1..=max).find_map(|d| Side::BOTH.into_iter().find(|&c| wins_within(g, c, d, &mut memo)).map(|c| (c, d)))
}

fn generous() -> SolveConfig {
    SolveConfig { nodes: Some(20_000_000), memory_mib: 16, ..SolveConfig::default() }
}

fn concrete(pos: &Position) -> Breakthrough<u64> {
    Breakthrough::from_placement(&pos.placement()).unwrap()
}

/// Checks a Breakthrough solution against exhaustive search: verdict,
/// distance, and along the winning line that the winner keeps a won position
/// (so every one of the loser's replies is refuted).
fn check_breakthrough(pos: &Position, config: &SolveConfig) {
    let mut memo = HashMap::new();
    let mut game = concrete(pos);
    let (mover_wins, distance) = exact(&mut game, &mut memo);
    let winner = if mover_wins { pos.side_to_move() } else { pos.side_to_move().opponent() };
    let s = solver::solve(pos, config, &mut ()).unwrap();
    assert_eq!(s.verdict, Verdict::Win(winner), "{}", pos.fen());
    assert_eq!(s.distance, Some(distance), "{}", pos.fen());
    assert!(s.bound.unwrap() >= distance);
    solver::check_line(pos, winner, &s.line).unwrap();
    // The line is the distance's: the winner wins as fast as it can, the
    // loser resists as long as it can.
    assert_eq!(s.line.len() as u32, distance, "{}", pos.fen());
    for (i, &m) in s.line.iter().enumerate() {
        let (wins, left) = exact(&mut game, &mut memo);
        assert_eq!(wins, game.side_to_move() == winner, "ply {i} of the line leaves the won path");
        if wins == (game.side_to_move() == winner) && game.side_to_move() == winner {
            assert!(left as usize <= s.line.len() - i, "ply {i}: no win is faster than optimal");
        }
        game.play_unchecked(m);
    }
    assert_eq!(game.outcome().winner(), Some(winner));
}

#[test]
fn tiny_breakthrough_boards_agree_with_exhaustive_search() {
    // Every lever on and off: the structure, the symmetric table keys, two threads.
    let configs = [
        generous(),
        SolveConfig { knowledge: false, ..generous() },
        SolveConfig { symmetry: false, ..generous() },
        SolveConfig { threads: 2, ..generous() },
    ];
    for (c, r) in [(3, 5)] {
        let pos = Position::start(Variant::Breakthrough, BoardSize::new(c, r)).unwrap();
        for config in &configs {
            check_breakthrough(&pos, config);
        }
    }
    // 4x5: too large for exhaustive search in a test; the line is replayed.
    let pos = Position::start(Variant::Breakthrough, BoardSize::new(4, 5)).unwrap();
    let s = solver::solve(&pos, &generous(), &mut ()).unwrap();
    assert_eq!((s.verdict, s.distance), (Verdict::Win(Side::Black), Some(22)));
    solver::check_line(&pos, Side::Black, &s.line).unwrap();
}

/// Positions `before_end` plies before the end of seeded random games.
fn near_ends(variant: Variant, size: BoardSize, games: u64, before_end: usize) -> Vec<Position> {
    let mut out = Vec::new();
    for seed in 0..games {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut pos = Position::start(variant, size).unwrap();
        pos.set_move_limit(200);
        while !pos.outcome().is_over() {
            let moves = pos.legal_moves();
            pos.play(moves[rng.random_range(0..moves.len())]).unwrap();
        }
        // Games drawn by the move limit are left out: only decided endings.
        if pos.outcome().winner().is_some() {
            for _ in 0..before_end.min(pos.moves().len()) {
                pos.undo();
            }
            out.push(pos);
        }
    }
    out
}

/// Checks the solver on a position whose shortest win exhaustive search can
/// find within `max` plies (others are skipped); returns whether it checked.
fn check_endgame(pos: &Position, max: u32) -> bool {
    let budget = SolveConfig { nodes: Some(200_000), ..generous() };
    // The levers do not change what is proved: symmetric keys off, two threads.
    let checked = [SolveConfig { symmetry: false, ..budget.clone() }, SolveConfig { threads: 2, ..budget.clone() }]
        .iter()
        .all(|config| check_endgame_with(pos, max, config));
    check_endgame_with(pos, max, &budget) && checked
}

fn check_endgame_with(pos: &Position, max: u32, config: &SolveConfig) -> bool {
    let s = solver::solve(pos, config, &mut ()).unwrap();
    let found = match pos.variant() {
        Variant::Breakthrough => shortest_win(&mut concrete(pos), max),
        Variant::LinesOfAction => {
            shortest_win(&mut LinesOfAction::<u64>::from_placement(&pos.placement()).unwrap(), max)
        }
    };
    let Some((winner, distance)) = found else {
        if let (Verdict::Win(winner), Some(d)) = (s.verdict, s.distance) {
            assert!(d > max, "{}: exhaustive search missed a win", pos.fen());
            solver::check_line(pos, winner, &s.line).unwrap();
        }
        return false;
    };
    assert_eq!((s.verdict, s.distance), (Verdict::Win(winner), Some(distance)), "{}", pos.fen());
    solver::check_line(pos, winner, &s.line).unwrap();
    assert!(s.line.len() as u32 <= distance);
    true
}

#[test]
fn breakthrough_endgames_agree_with_exhaustive_search() {
    let mut checked = 0;
    for (size, before_end) in [((5, 5), 6), ((6, 5), 5), ((5, 6), 5)] {
        for pos in near_ends(Variant::Breakthrough, BoardSize::new(size.0, size.1), 10, before_end) {
            checked += check_endgame(&pos, 5) as usize;
        }
    }
    assert!(checked >= 8, "{checked}");
}

/// The game with its files mirrored (a and the last file swapped).
fn mirrored(game: &Breakthrough<u64>) -> Breakthrough<u64> {
    let fen = game.placement().to_fen();
    let (ranks, side) = fen.split_once(' ').unwrap();
    let mirror_rank = |rank: &str| {
        let mut row = String::new();
        for c in rank.chars() {
            match c.to_digit(10) {
                Some(n) => row.extend(std::iter::repeat_n('.', n as usize)),
                None => row.push(c),
            }
        }
        let mut out = String::new();
        for (is_empty, run) in
            row.chars().rev().collect::<Vec<_>>().chunk_by(|a, b| (*a == '.') == (*b == '.')).map(|r| (r[0] == '.', r))
        {
            if is_empty { out.push_str(&run.len().to_string()) } else { out.extend(run) }
        }
        out
    };
    let ranks: Vec<String> = ranks.split('/').map(mirror_rank).collect();
    concrete(&Position::from_fen(Variant::Breakthrough, &format!("{} {side}", ranks.join("/"))).unwrap())
}

/// Whether `winner` forces a win within `plies` plies: by exhaustive search
/// where that is quick, else by bounded df-pn with the knowledge off (exact
/// too, and blind to the knowledge under test; the table of the last ranks
/// claims wins of up to twice its attacker's steps, 20 plies and more).
fn forced_within(game: &mut Breakthrough<u64>, winner: Side, plies: u32) -> bool {
    if game.outcome().is_over() || plies <= 9 {
        return wins_within(game, winner, plies, &mut HashMap::new());
    }
    let pos = Position::from_fen(Variant::Breakthrough, &game.placement().to_fen()).unwrap();
    let config = SolveConfig { knowledge: false, nodes: Some(20_000_000), memory_mib: 64, ..SolveConfig::default() };
    solver::wins_within(&pos, winner, plies, &config).unwrap().expect("within the budget")
}

/// What an insight says, apart from which squares (which mirror).
fn verdict_of(insight: Insight) -> (u8, Option<Side>, u32) {
    match insight {
        Insight::Decided { winner, plies } => (0, Some(winner), plies),
        Insight::MustCapture(_) => (1, None, 2),
        Insight::MustDefend { squares, plies } => (2, None, plies * 1000 + squares.count()),
        Insight::Open => (3, None, 0),
    }
}

#[test]
fn breakthrough_knowledge_only_decides_what_search_confirms() {
    let (mut decided, mut defended) = ([0usize; 2], 0);
    let boards = [((5, 5), 300, 9), ((6, 6), 300, 7), ((5, 6), 400, 8), ((4, 7), 200, 9)];
    let starts = boards.into_iter().flat_map(|((c, r), games, before_end)| {
        near_ends(Variant::Breakthrough, BoardSize::new(c, r), games, before_end)
    });
    for pos in starts {
        let mut game = concrete(&pos);
        let tables = game.tables(None).unwrap();
        // Every position along the rest of a random game.
        let mut rng = StdRng::seed_from_u64(pos.hash());
        while !game.outcome().is_over() {
            let insight = game.insight(&tables);
            assert_eq!(
                verdict_of(insight),
                verdict_of(mirrored(&game).insight(&tables)),
                "{}",
                game.placement().to_fen()
            );
            match insight {
                Insight::Decided { winner, plies } => {
                    decided[(plies >= 3) as usize] += 1;
                    let won = forced_within(&mut game, winner, plies);
                    assert!(won, "{} {winner} {plies}", game.placement().to_fen());
                    if winner == game.side_to_move() {
                        // The move the line writer plays keeps the win on time.
                        let m = game.decided_move(&tables).expect("a decided win has its move");
                        game.play_unchecked(m);
                        let kept = forced_within(&mut game, winner, plies - 1);
                        game.undo_unchecked(m);
                        assert!(kept, "{m:?} from {} loses the win", game.placement().to_fen());
                    }
                }
                Insight::MustCapture(square) => {
                    for m in game.legal_moves().into_iter().filter(|m| m.to != square || !m.capture) {
                        game.play_unchecked(m);
                        let mover = game.side_to_move();
                        assert!(wins_within(&mut game, mover, 1, &mut HashMap::new()), "{m:?} should lose at once");
                        game.undo_unchecked(m);
                    }
                }
                Insight::MustDefend { squares, plies } => {
                    defended += 1;
                    for m in game.legal_moves().into_iter().filter(|m| !squares.has(m.to as usize)) {
                        game.play_unchecked(m);
                        let mover = game.side_to_move();
                        assert!(
                            wins_within(&mut game, mover, plies - 1, &mut HashMap::new()),
                            "{m:?} should lose in {plies}"
                        );
                        game.undo_unchecked(m);
                    }
                }
                Insight::Open => {}
            }
            let moves = game.legal_moves();
            game.play_unchecked(moves[rng.random_range(0..moves.len())]);
        }
    }
    assert!(decided[0] > 50 && decided[1] > 50, "the test must see both short and long decisions: {decided:?}");
    assert!(defended > 50, "the test must see moves ruled out: {defended}");
}

#[test]
fn loa_knowledge_decides_exactly_the_wins_in_one() {
    let mut decided = 0;
    for pos in near_ends(Variant::LinesOfAction, BoardSize::new(6, 6), 40, 12) {
        let mut game = LinesOfAction::<u64>::from_placement(&pos.placement()).unwrap();
        let mut rng = StdRng::seed_from_u64(pos.hash());
        while !game.outcome().is_over() {
            let mover = game.side_to_move();
            let wins_now = wins_within(&mut game, mover, 1, &mut HashMap::new());
            let insight = game.insight(&());
            assert_eq!(
                insight == (Insight::Decided { winner: mover, plies: 1 }),
                wins_now,
                "{}",
                game.placement().to_fen()
            );
            if wins_now {
                decided += 1;
                let m = game.decided_move(&()).expect("a winning move");
                game.play_unchecked(m);
                assert_eq!(game.outcome().winner(), Some(mover));
                game.undo_unchecked(m);
            }
            let moves = game.legal_moves();
            game.play_unchecked(moves[rng.random_range(0..moves.len())]);
        }
    }
    assert!(decided > 20, "{decided}");
}

#[test]
fn a_pawn_nobody_can_reach_wins_the_race() {
    // White's a3 pawn needs 3 moves; Black's pawns on e6 and f6 are too far
    // away to catch it and need 5 moves to reach rank 1.
    let pos = Position::from_fen(Variant::Breakthrough, "4bb/6/6/w5/6/6 w").unwrap();
    let game = concrete(&pos);
    assert_eq!(game.insight(&game.tables(None).unwrap()), Insight::Decided { winner: Side::White, plies: 5 });
    let mut g = game.clone();
    let mut memo = HashMap::new();
    assert!(wins_within(&mut g, Side::White, 5, &mut memo) && !wins_within(&mut g, Side::White, 3, &mut memo));
    let s = solver::solve(&pos, &generous(), &mut ()).unwrap();
    assert_eq!((s.verdict, s.distance), (Verdict::Win(Side::White), Some(5)));
    let white: Vec<String> = s.line.iter().map(|&m| pos.move_name(m)).step_by(2).collect();
    assert_eq!(white, ["a3-a4", "a4-a5", "a5-a6"]);
    // Black to move, with a pawn on d4 three moves from rank 1, is faster.
    let pos = Position::from_fen(Variant::Breakthrough, "4bb/6/3b2/w5/6/6 b").unwrap();
    let s = solver::solve(&pos, &generous(), &mut ()).unwrap();
    assert_eq!(s.verdict, Verdict::Win(Side::Black));
}

/// The insight for `fen` (Breakthrough, 6x6 unless the FEN says otherwise),
/// checked by exhaustive search: the win takes exactly `plies` plies.
fn decided_in_exactly(fen: &str, winner: Side, plies: u32) -> Breakthrough<u64> {
    let pos = Position::from_fen(Variant::Breakthrough, fen).unwrap();
    let game = concrete(&pos);
    assert_eq!(game.insight(&game.tables(None).unwrap()), Insight::Decided { winner, plies }, "{fen}");
    let (mut g, mut memo) = (game.clone(), HashMap::new());
    assert!(wins_within(&mut g, winner, plies, &mut memo) && !wins_within(&mut g, winner, plies - 2, &mut memo));
    game
}

#[test]
fn a_pawn_caught_too_late_wins_and_a_step_can_make_one() {
    // Black's d6 pawn could reach the a-file, but only after White's a2 pawn
    // has passed: d6 is 4 ranks and 3 files away (the old cone, drift <= ranks,
    // counted it as a catcher). White needs 4 moves, Black 5.
    decided_in_exactly("3b2/6/6/6/w5/6 w", Side::White, 7);
    // White's b3 pawn can be caught by c6 (which stands in its way on b5),
    // but b3-a4 makes a pawn c6 is too late for: a win in 5 plies.
    let game = decided_in_exactly("2b3/6/6/1w4/6/6 w", Side::White, 5);
    let m = game.decided_move(&game.tables(None).unwrap()).expect("the step");
    let pos = Position::from_fen(Variant::Breakthrough, "2b3/6/6/1w4/6/6 w").unwrap();
    assert_eq!(pos.move_name(m), "b3-a4");
    let s = solver::solve(&pos, &generous(), &mut ()).unwrap();
    assert_eq!((s.verdict, s.distance), (Verdict::Win(Side::White), Some(5)));
}

#[test]
fn the_move_of_a_decided_win_belongs_to_that_win() {
    // White's a3 pawn is a runner but loses the race (Black's b3 and d3
    // pawns are two moves from rank 1); White's win is a breakthrough by
    // pushes from c4 and d4, and the line writer must play a push, not a3-a4.
    let fen = "2bb1/2b2/1bww1/wb1bw/1w2w/4w w";
    let pos = Position::from_fen(Variant::Breakthrough, fen).unwrap();
    let mut game = concrete(&pos);
    let tables = game.tables(None).unwrap();
    let Insight::Decided { winner: Side::White, plies } = game.insight(&tables) else { panic!("{fen} is decided") };
    let m = game.decided_move(&tables).unwrap();
    game.play_unchecked(m);
    assert!(wins_within(&mut game, Side::White, plies - 1, &mut HashMap::new()), "{}", pos.move_name(m));
}

#[test]
fn loa_endgames_agree_with_bounded_exhaustive_search() {
    let mut checked = 0;
    for (size, before_end) in [(6, 3), (6, 4), (7, 3)] {
        for pos in near_ends(Variant::LinesOfAction, BoardSize::new(size, size), 8, before_end) {
            checked += check_endgame(&pos, 3) as usize;
        }
    }
    assert!(checked >= 12, "{checked}");
}

#[test]
fn budgets_end_a_solve_with_unknown_and_finished_games_and_impossible_tables_are_refused() {
    let pos = Position::start(Variant::Breakthrough, BoardSize::new(6, 6)).unwrap();
    let tight = SolveConfig { nodes: Some(5_000), ..generous() };
    let s = solver::solve(&pos, &tight, &mut ()).unwrap();
    assert_eq!(s.verdict, Verdict::Unknown);
    assert!(s.line.is_empty() && s.distance.is_none());
    assert!((5_000..6_200).contains(&s.nodes), "{}", s.nodes);
    assert!(s.progress.proof > 0 && s.progress.disproof > 0);

    let stop = Arc::new(AtomicBool::new(true));
    let s = solver::solve(&pos, &SolveConfig { time: Some(Duration::from_secs(600)), ..generous() }, &mut stop.clone())
        .unwrap();
    assert_eq!(s.verdict, Verdict::Unknown);
    assert!(s.nodes <= 1024, "a raised stop flag ends the solve at the first check: {}", s.nodes);

    let over = Position::from_fen(Variant::Breakthrough, "w4/5/5/2b2/5 b").unwrap();
    assert_eq!(solver::solve(&over, &generous(), &mut ()), Err(SolveError::GameOver));

    // A table no machine can give (an exbibyte) is refused, not an abort,
    // on one thread and on several. (A 32-bit target, the web's, cannot even
    // ask for it.)
    #[cfg(target_pointer_width = "64")]
    for threads in [1, 2] {
        let vast = 1 << 40;
        let config = SolveConfig { memory_mib: vast, threads, ..generous() };
        let refused = solver::solve(&pos, &config, &mut ());
        assert_eq!(refused, Err(SolveError::Memory(vast)));
        assert!(refused.unwrap_err().to_string().contains("1099511627776 MiB is more memory"));
    }
}

#[test]
fn a_line_that_does_not_win_is_rejected() {
    let pos = Position::start(Variant::Breakthrough, BoardSize::new(3, 5)).unwrap();
    let s = solver::solve(&pos, &generous(), &mut ()).unwrap();
    let Verdict::Win(winner) = s.verdict else { panic!("3x5 is solved") };
    assert!(solver::check_line(&pos, winner.opponent(), &s.line).is_err());
    assert!(solver::check_line(&pos, winner, &s.line[..s.line.len() - 1]).is_err());
    let mut bad = s.line.clone();
    bad[0] = bad[1];
    assert!(solver::check_line(&pos, winner, &bad).is_err());
}

#[test]
fn two_threads_prove_what_one_proves() {
    let pos = Position::start(Variant::Breakthrough, BoardSize::new(4, 5)).unwrap();
    let one = solver::solve(&pos, &SolveConfig { distance: false, ..generous() }, &mut ()).unwrap();
    let two = solver::solve(&pos, &SolveConfig { distance: false, threads: 2, ..generous() }, &mut ()).unwrap();
    assert_eq!((one.verdict, two.verdict), (Verdict::Win(Side::Black), Verdict::Win(Side::Black)));
    solver::check_line(&pos, Side::Black, &two.line).unwrap();
    let mut checked = 0;
    for pos in near_ends(Variant::LinesOfAction, BoardSize::new(6, 6), 8, 4) {
        let one = solver::solve(&pos, &SolveConfig { nodes: Some(200_000), ..generous() }, &mut ()).unwrap();
        let config = SolveConfig { nodes: Some(200_000), threads: 2, ..generous() };
        let two = solver::solve(&pos, &config, &mut ()).unwrap();
        if let (Verdict::Win(a), Verdict::Win(b)) = (one.verdict, two.verdict) {
            assert_eq!((a, one.distance), (b, two.distance), "{}", pos.fen());
            solver::check_line(&pos, b, &two.line).unwrap();
            checked += 1;
        }
    }
    assert!(checked >= 4, "{checked}");
}

/// A checkpoint file of its own for each test, removed first.
fn scratch_file(name: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("breakline-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

#[test]
#[cfg_attr(target_family = "wasm", ignore = "files: none in the browser")]
fn a_resumed_proof_equals_an_uninterrupted_one() {
    let pos = Position::start(Variant::Breakthrough, BoardSize::new(4, 5)).unwrap();
    let path = scratch_file("resume");
    let checkpoint = solver::Checkpoint { path: path.clone(), every: Duration::from_secs(3600) };
    let proof_only = SolveConfig { distance: false, ..generous() };
    let whole = solver::solve(&pos, &proof_only, &mut ()).unwrap();
    assert_eq!(whole.verdict, Verdict::Win(Side::Black));

    // Interrupted half way: unknown, but the table is saved.
    let half = SolveConfig { nodes: Some(whole.nodes / 2), checkpoint: Some(checkpoint.clone()), ..proof_only.clone() };
    let first = solver::solve(&pos, &half, &mut ()).unwrap();
    assert_eq!((first.verdict, first.resumed), (Verdict::Unknown, None));
    assert!(path.exists());

    // Resumed: the same result, for less than the whole proof's work.
    let resumed = SolveConfig { checkpoint: Some(checkpoint.clone()), ..generous() };
    let second = solver::solve(&pos, &resumed, &mut ()).unwrap();
    assert_eq!((second.verdict, second.distance), (Verdict::Win(Side::Black), Some(22)));
    assert!(second.resumed.is_some_and(|n| n > 0));
    solver::check_line(&pos, Side::Black, &second.line).unwrap();
    let again = solver::solve(&pos, &SolveConfig { distance: false, ..resumed.clone() }, &mut ()).unwrap();
    assert!(again.nodes < whole.nodes / 10, "a finished proof resumes at once: {} of {}", again.nodes, whole.nodes);

    // Another position, or a damaged file, is refused in one line.
    let other = Position::start(Variant::Breakthrough, BoardSize::new(3, 5)).unwrap();
    let Err(SolveError::Checkpoint(why)) = solver::solve(&other, &resumed, &mut ()) else { panic!("another position") };
    let why = why.to_string();
    assert!(why.contains("not saved by a solve of this position") && !why.contains('\n'), "{why}");
    let bytes = std::fs::read(&path).unwrap();
    std::fs::write(&path, &bytes[..bytes.len() - 5]).unwrap();
    let Err(SolveError::Checkpoint(why)) = solver::solve(&pos, &resumed, &mut ()) else { panic!("a cut file") };
    let why = why.to_string();
    assert!(why.contains("damaged or cut short"), "{why}");
    let _ = std::fs::remove_file(&path);
}

#[test]
fn under_the_tournament_rule_a_move_joining_both_sides_is_no_win() {
    use breakline_rules::connection_rule::BothConnected;
    // Black's only joining move, d3xb1, also leaves White one piece (e6).
    let fen = "4w1/6/6/3b2/6/bw4 b";
    let config = SolveConfig { nodes: Some(200_000), memory_mib: 16, ..SolveConfig::default() };
    for rule in [BothConnected::MoverWins, BothConnected::Draw] {
        let mut pos = Position::from_fen(Variant::LinesOfAction, fen).unwrap();
        pos.set_both_connected(rule);
        let mut game = LinesOfAction::<u64>::from_placement(&pos.placement()).unwrap();
        game.set_both_connected(rule);
        let wins_in_one = Insight::Decided { winner: Side::Black, plies: 1 };
        assert_eq!(game.insight(&()) == wins_in_one, rule == BothConnected::MoverWins, "{rule}");
        let s = solver::solve(&pos, &config, &mut ()).unwrap();
        let solved_in_one = s.verdict == Verdict::Win(Side::Black) && s.distance == Some(1);
        assert_eq!(solved_in_one, rule == BothConnected::MoverWins, "{rule}: {:?} {:?}", s.verdict, s.distance);
    }
}

#[test]
#[cfg_attr(target_family = "wasm", ignore = "files: none in the browser")]
fn a_checkpoint_of_one_rule_for_joining_both_sides_is_refused_by_the_other() {
    use breakline_rules::connection_rule::BothConnected;
    let path = scratch_file("both-connected");
    let checkpoint = solver::Checkpoint { path: path.clone(), every: Duration::from_secs(3600) };
    let config =
        SolveConfig { nodes: Some(2_000), memory_mib: 16, checkpoint: Some(checkpoint), ..SolveConfig::default() };
    let usual = Position::start(Variant::LinesOfAction, BoardSize::new(6, 6)).unwrap();
    let mut tournament = usual.clone();
    tournament.set_both_connected(BothConnected::Draw);
    let first = solver::solve(&tournament, &config, &mut ()).unwrap();
    assert_eq!(first.verdict, Verdict::Unknown);
    assert!(path.exists());
    let Err(SolveError::Checkpoint(why)) = solver::solve(&usual, &config, &mut ()) else { panic!("the usual rule") };
    assert!(why.to_string().contains("not saved by a solve of this position"), "{why}");
    let again = solver::solve(&tournament, &config, &mut ()).unwrap();
    assert!(again.resumed.is_some_and(|n| n > 0), "the same rule resumes");
    let _ = std::fs::remove_file(&path);
}
