//! Puzzles proved by the solver: every shipped puzzle replays to the mover's
//! win and the solver proves it again, a win of its length with its first
//! move the only answer by the puzzle's rule (the only winning move in
//! Breakthrough, the only one as fast in Lines of Action); the fastest-win
//! rule refuses two equally fast wins and keeps slower ones; generation is
//! the same on any number of threads; a bad puzzle is refused with a reason.

use breakline_ai::search::AiConfig;
use breakline_ai::solver::{SolveConfig, wins_within};
use breakline_puzzles::proving::{prove_fastest, prove_unique};
use breakline_puzzles::{Puzzle, PuzzleError, PuzzleSet, PuzzleSpec, Uniqueness, generate};
use breakline_rules::position::Position;
use breakline_rules::{BoardSize, Side, Variant};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// The shipped sets, each with its variant and rule.
const SHIPPED: [(Variant, Uniqueness, &str); 2] = [
    (
        Variant::Breakthrough,
        Uniqueness::OnlyWinningMove,
        include_str!("../../../../assets/puzzles/breakthrough-8x8.json"),
    ),
    (
        Variant::LinesOfAction,
        Uniqueness::OnlyFastestWin,
        include_str!("../../../../assets/puzzles/lines-of-action-8x8.json"),
    ),
];

/// The budget the sets were made with (`made_by` says the same).
fn budget() -> SolveConfig {
    SolveConfig { nodes: Some(200_000), memory_mib: 64, ..SolveConfig::default() }
}

/// Checks every puzzle of a shipped set and proves again those `prove` picks.
fn shipped_set_holds(index: usize, prove: impl Fn(usize) -> bool) {
    let (variant, rule, text) = SHIPPED[index];
    let set: PuzzleSet = serde_json::from_str(text).unwrap();
    assert_eq!(PuzzleSet::shipped(variant), Some(&set), "{variant}: the game reads the same set");
    assert!(set.puzzles.len() >= 100, "{variant}: {} puzzles", set.puzzles.len());
    let mut lengths: Vec<usize> = set.puzzles.iter().map(Puzzle::win_in).collect();
    lengths.sort_unstable();
    lengths.dedup();
    assert!(lengths.len() >= 3, "{variant}: several lengths, {lengths:?}");
    for (i, puzzle) in set.puzzles.iter().enumerate() {
        assert_eq!((puzzle.variant, puzzle.uniqueness), (variant, rule), "{variant} puzzle {}", i + 1);
        puzzle.check().unwrap_or_else(|e| panic!("{variant} puzzle {}: {e}", i + 1));
        if prove(i) {
            puzzle.prove(&budget()).unwrap_or_else(|e| panic!("{variant} puzzle {}: {e}", i + 1));
        }
    }
}

#[test]
fn every_shipped_breakthrough_puzzle_is_a_proved_win_by_its_first_move_only() {
    shipped_set_holds(0, |_| true);
}

/// Proving all 120 takes about 50 s in release (the refutations are searched
/// to depth), so a seeded sample of 25 is proved and every puzzle checked.
#[test]
fn every_shipped_lines_of_action_puzzle_replays_and_a_seeded_sample_is_proved_fastest() {
    let n = serde_json::from_str::<PuzzleSet>(SHIPPED[1].2).unwrap().puzzles.len();
    let mut rng = StdRng::seed_from_u64(21);
    let mut order: Vec<usize> = (0..n).collect();
    for i in 0..25.min(n) {
        let j = rng.random_range(i..n);
        order.swap(i, j);
    }
    let sample = &order[..25.min(n)];
    shipped_set_holds(1, |i| sample.contains(&i));
}

#[test]
fn the_strict_rule_is_not_written_so_the_breakthrough_set_reads_and_writes_the_same() {
    let (_, _, text) = SHIPPED[0];
    let set: PuzzleSet = serde_json::from_str(text).unwrap();
    assert_eq!(serde_json::to_string_pretty(&set).unwrap().trim_end(), text.trim_end());
    let (_, _, text) = SHIPPED[1];
    assert!(text.contains("\"uniqueness\": \"only-fastest-win\""));
}

fn loa(fen: &str) -> Position {
    Position::from_fen(Variant::LinesOfAction, fen).unwrap()
}

/// Whether `side` wins within `plies` after `mv` is played from `position`.
fn wins_after(position: &Position, mv: &str, side: Side, plies: u32) -> Option<bool> {
    let mut child = position.clone();
    child.play_text(mv).unwrap();
    let bounded = SolveConfig { nodes: Some(20_000), memory_mib: 2, distance: false, ..SolveConfig::default() };
    wins_within(&child, side, plies, &bounded).unwrap()
}

#[test]
fn the_fastest_win_rule_refuses_two_equally_fast_wins_and_keeps_slower_others() {
    // From a seeded self-play game: Black wins in two by e8-d8 or by e8-d7.
    let two = loa("4b3/8/3w4/w1bbbw2/2bwbb1w/6ww/6ww/w7 b");
    for mv in ["e8-d8", "e8-d7"] {
        assert_eq!(wins_after(&two, mv, Side::Black, 2), Some(true), "{mv}");
    }
    assert_eq!(prove_fastest(&two, 3, &budget()), None);

    // Shipped Lines of Action puzzle 18: Black wins in two by its first move
    // only; c1-d2, c1-b2 and d4-b6 win too, but a move later.
    let slower = loa("5w2/3www2/2wbb3/1bbbw3/1bwbb3/2ww3w/8/2b5 b");
    let line = prove_fastest(&slower, 3, &budget()).expect("the only win in two");
    assert_eq!(line.len(), 3);
    for mv in ["c1-d2", "c1-b2", "d4-b6"] {
        assert_ne!(slower.move_name(line[0]), mv);
        assert_eq!(wins_after(&slower, mv, Side::Black, 2), Some(false), "{mv} does not win as fast");
        assert_eq!(wins_after(&slower, mv, Side::Black, 4), Some(true), "{mv} wins a move later");
    }
    // The strict rule refuses it, and a puzzle is proved by its own rule.
    assert_eq!(prove_unique(&slower, &budget()), None);
    let set = PuzzleSet::shipped(Variant::LinesOfAction).unwrap();
    let mut puzzle = set.puzzles.iter().find(|p| p.fen == slower.fen()).expect("shipped").clone();
    puzzle.prove(&budget()).unwrap();
    puzzle.uniqueness = Uniqueness::OnlyWinningMove;
    assert!(matches!(puzzle.prove(&budget()), Err(PuzzleError::NotProved(Uniqueness::OnlyWinningMove))));
}

fn spec(variant: Variant) -> PuzzleSpec {
    PuzzleSpec {
        variant,
        size: BoardSize::new(6, 6),
        player: AiConfig::parse("alphabeta:expert:depth=2:noise=1", variant).unwrap(),
        uniqueness: Uniqueness::for_variant(variant),
        opening_plies: 2,
        plies: 3..=7,
        solve: SolveConfig { nodes: Some(20_000), memory_mib: 16, ..SolveConfig::default() },
        seed: 5,
    }
}

#[test]
fn generation_gives_the_same_puzzles_on_any_number_of_threads() {
    let spec = spec(Variant::Breakthrough);
    let one = generate(&spec, 3, 1, |_, _| {}).unwrap();
    let two = generate(&spec, 3, 2, |_, _| {}).unwrap();
    assert_eq!(one, two);
    for puzzle in &one {
        puzzle.check().unwrap();
        puzzle.prove(&spec.solve).unwrap();
        assert!(puzzle.line.len() % 2 == 1 && (3..=7).contains(&puzzle.line.len()));
    }
}

#[test]
fn a_puzzle_that_does_not_hold_is_refused_with_its_reason() {
    let set: PuzzleSet = serde_json::from_str(SHIPPED[0].2).unwrap();
    let good = &set.puzzles[0];
    let mut short = good.clone();
    short.line.pop();
    assert!(matches!(short.check(), Err(PuzzleError::Length(_))));
    let mut wrong = good.clone();
    wrong.line[0] = "a1-a2".into();
    assert!(matches!(wrong.check(), Err(PuzzleError::Move { index: 1, .. })));
    let mut cut = good.clone();
    cut.line.truncate(1);
    if good.line.len() > 1 {
        assert!(matches!(cut.check(), Err(PuzzleError::Line(_))), "one move does not win yet");
    }
    let mut sized = good.clone();
    sized.size = BoardSize::new(7, 7);
    assert!(matches!(sized.position(), Err(PuzzleError::SizeMismatch { .. })));
    let mut bad_fen = good.clone();
    bad_fen.fen = "nonsense".into();
    assert!(matches!(bad_fen.position(), Err(PuzzleError::Fen(_))));
}

/// Fresh eyes, round 22 (major): Lines of Action's first puzzle, "win in 3",
/// took b7-d5 (a win, but slower) as right and ran on to move 5. A move
/// off the line is judged against the plies left: the puzzle's own first
/// move wins within them, b7-d5 only more slowly, and a line given for a
/// win in time is no longer than the plies left.
#[test]
fn a_move_off_the_line_must_win_within_the_puzzle_s_moves() {
    use breakline_ai::judgement::Judgement;
    use breakline_puzzles::judge::judge_move;
    let set = PuzzleSet::shipped(Variant::LinesOfAction).expect("the shipped set");
    let puzzle = &set.puzzles[0];
    assert_eq!(puzzle.line[0], "g6-f5", "the puzzle the finding played");
    let start = puzzle.position().unwrap();
    let left = puzzle.line.len() as u32 - 1;
    let after = |name: &str| {
        let mut position = start.clone();
        let mv = start.legal_moves().into_iter().find(|&m| start.move_name(m) == name).expect(name);
        position.play(mv).unwrap();
        position
    };
    match judge_move(&after("g6-f5"), Side::Black, left) {
        Judgement::ProvedWin { line } => assert!(line.len() as u32 <= left, "{} plies", line.len()),
        other => panic!("the puzzle's move: {other:?}"),
    }
    assert_eq!(judge_move(&after("b7-d5"), Side::Black, left), Judgement::Slower);
    // It does win, given the time: slower, not wrong.
    // It does win, given the time (in ten more plies): slower, not wrong.
    match judge_move(&after("b7-d5"), Side::Black, left + 8) {
        Judgement::ProvedWin { line } => assert!(line.len() as u32 <= left + 8, "{} plies", line.len()),
        other => panic!("b7-d5 given twelve plies: {other:?}"),
    }
}
