//! Puzzles proved by the solver: every shipped puzzle replays to the mover's
//! win and the solver proves it again, a win of its length by its first move
//! only; generation is the same on any number of threads; a bad puzzle is
//! refused with a reason.

use breakline::engine::ai::search::AiConfig;
use breakline::engine::ai::solver::SolveConfig;
use breakline::engine::lab::puzzles::{Puzzle, PuzzleError, PuzzleSet, PuzzleSpec, Uniqueness, generate};
use breakline::engine::{BoardSize, Variant};

/// The shipped sets (Lines of Action's is not made yet: see the README).
const SHIPPED: [(&str, &str); 1] = [("breakthrough", include_str!("../../assets/puzzles/breakthrough-8x8.json"))];

/// The budget the sets were made with (`made_by` says the same).
fn budget() -> SolveConfig {
    SolveConfig { nodes: Some(200_000), memory_mib: 64, ..SolveConfig::default() }
}

#[test]
fn every_shipped_puzzle_is_a_proved_win_by_its_first_move_only() {
    for (name, text) in SHIPPED {
        let set: PuzzleSet = serde_json::from_str(text).unwrap();
        assert!(set.puzzles.len() >= 100, "{name}: {} puzzles", set.puzzles.len());
        let mut lengths: Vec<usize> = set.puzzles.iter().map(Puzzle::win_in).collect();
        lengths.sort_unstable();
        lengths.dedup();
        assert!(lengths.len() >= 3, "{name}: several lengths, {lengths:?}");
        for (i, puzzle) in set.puzzles.iter().enumerate() {
            puzzle.check().unwrap_or_else(|e| panic!("{name} puzzle {}: {e}", i + 1));
            puzzle.prove(&budget()).unwrap_or_else(|e| panic!("{name} puzzle {}: {e}", i + 1));
        }
    }
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
    let set: PuzzleSet = serde_json::from_str(SHIPPED[0].1).unwrap();
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
