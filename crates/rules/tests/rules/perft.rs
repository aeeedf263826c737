//! Perft tables from the start positions, checked against counts from an
//! independent implementation, and from positions reached in play (captures,
//! wins and repetitions inside the tree), checked against the grid reference.
//! The deepest rows run in release builds only.

use breakline_rules::position::Position;
use breakline_rules::{BoardSize, Variant};

use crate::rules_property::Reference;

fn check(variant: Variant, columns: u8, rows: u8, expected: &[u64]) {
    let pos = Position::start(variant, BoardSize::new(columns, rows)).unwrap();
    // Debug builds stop below ~10M nodes to stay quick.
    let limit = if cfg!(debug_assertions) { 10_000_000 } else { u64::MAX };
    for (i, &nodes) in expected.iter().enumerate() {
        if nodes > limit {
            break;
        }
        let depth = i as u32 + 1;
        assert_eq!(pos.perft(depth), nodes, "{variant} {columns}x{rows} depth {depth}");
    }
}

#[test]
fn breakthrough_8x8() {
    check(Variant::Breakthrough, 8, 8, &[22, 484, 11132, 256036, 6182818, 149264638]);
}

#[test]
fn breakthrough_7x7() {
    check(Variant::Breakthrough, 7, 7, &[19, 361, 7220, 144251, 3042166]);
}

#[test]
fn breakthrough_6x6() {
    check(Variant::Breakthrough, 6, 6, &[16, 256, 4308, 71478, 1248290]);
}

#[test]
fn breakthrough_5x10() {
    check(Variant::Breakthrough, 5, 10, &[13, 169, 2366, 33124, 502502]);
}

#[test]
fn lines_of_action_8x8() {
    check(Variant::LinesOfAction, 8, 8, &[36, 1244, 44952, 1563208, 55963132]);
}

#[test]
fn wide_boards_agree_with_narrow_ones_on_the_first_plies() {
    // 12x12 runs on the three-word bit set, 10x10 on u128: both give the
    // counts of independent code, and of the grid reference.
    check(Variant::LinesOfAction, 12, 12, &[60, 3548, 217524]);
    check(Variant::LinesOfAction, 10, 10, &[48, 2252, 110056]);
    check(Variant::Breakthrough, 12, 12, &[34, 1156, 40460]);
    for (variant, n) in [(Variant::LinesOfAction, 12), (Variant::LinesOfAction, 10), (Variant::Breakthrough, 12)] {
        let pos = Position::start(variant, BoardSize::new(n, n)).unwrap();
        assert_eq!(Reference::of(&pos).perft(2), pos.perft(2), "{variant} {n}x{n}");
    }
}

/// Checks `counts` (depth 1 up) from `fen` after `moves`, the moves' history
/// included (repetitions count), against the engine and, while the tree is
/// small enough for it, the grid reference of `rules_property`.
fn check_played(variant: Variant, fen: &str, moves: &[&str], counts: &[u64]) {
    let mut pos = Position::from_fen(variant, fen).unwrap();
    for m in moves {
        pos.play_text(m).unwrap();
    }
    let (engine_limit, reference_limit) =
        if cfg!(debug_assertions) { (10_000_000, 100_000) } else { (u64::MAX, 500_000) };
    let mut reference = Reference::of(&pos);
    for (i, &nodes) in counts.iter().enumerate() {
        let depth = i as u32 + 1;
        if nodes <= engine_limit {
            assert_eq!(pos.perft(depth), nodes, "{variant} {fen} {moves:?} depth {depth}");
        }
        if nodes <= reference_limit {
            assert_eq!(reference.perft(depth), nodes, "reference: {variant} {fen} {moves:?} depth {depth}");
        }
    }
}

#[test]
fn breakthrough_mid_game_and_end_game() {
    // Positions from seeded random games: a third of the way in, and a few
    // plies before the end (wins and captures inside the tree).
    let bt = Variant::Breakthrough;
    check_played(bt, "bbbb2b1/3bbbbb/bbb4b/6b1/4b1w1/2w3ww/w3www1/wwwww2w w", &[], &[26, 857, 22041, 696725, 17842626]);
    check_played(bt, "b1b3b1/1b5b/3bb3/b2b3w/3w1w1w/4w2b/b7/w7 w", &[], &[10, 210, 2148, 46359, 485179, 10551322]);
    check_played(
        bt,
        "bb2b1b2b1b/bb2b2b1bb1/1b1bbb2bb2/3b5b1b/3b2b1b3/10w1/12/4w3w2w/2w6w2/1ww1w1w1w3/1www4ww1w/w1ww1ww1ww2 b",
        &[],
        &[44, 2066, 91892, 4333927],
    );
    check_played(
        bt,
        "11b/2b5w3/b3wb5b/1b1bb1b1b2w/12/12/2b9/2w4bw3/1b2w5w1/2ww2ww2w1/ww3w6/2w9 b",
        &[],
        &[31, 1206, 34137, 1321548],
    );
}

#[test]
fn lines_of_action_mid_game_and_end_game() {
    let loa = Variant::LinesOfAction;
    check_played(loa, "2bb2bb/2ww3w/2w1bb2/7b/3w3w/7b/w6w/1bw1b3 w", &[], &[32, 767, 24356, 635367]);
    check_played(loa, "8/wb4bb/8/7b/8/2b3w1/8/bb6 b", &[], &[32, 325, 10756, 105060, 3482024]);
    check_played(loa, "1b5bb1/w9/1b6b1/w7w1/1wb2w1b2/w9/8b1/2b3b3/w2w5w/5b2b1 w", &[], &[30, 1615, 50605, 2682830]);
    check_played(loa, "b3b5b1/3w2b2w1w/1b8w1/12/11w/2b8w/12/3w7w/9w2/12/12/8b1b1 w", &[], &[43, 1472, 64608, 2240124]);
    check_played(loa, "12/1b10/11w/8b3/6w5/12/w11/9w2/12/10w1/9w2/12 b", &[], &[16, 609, 8661, 326725, 4421433]);
}

#[test]
fn lines_of_action_repetitions_inside_the_tree() {
    // After this shuffle and b1-b3 once more, a2-a8 b3-b1 a8-a2 repeats the
    // start a third time: a draw three plies into the tree, so depth 4 counts
    // fewer paths than from the same placement without its history.
    let start = "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b";
    let moves = ["b1-b3", "a2-a8", "b3-b1", "a8-a2", "b1-b3"];
    let counts = [34, 1263, 43334, 1583656, 54233606];
    check_played(Variant::LinesOfAction, start, &moves, &counts);
    let mut played = Position::from_fen(Variant::LinesOfAction, start).unwrap();
    for m in moves {
        played.play_text(m).unwrap();
    }
    let fresh = Position::from_fen(Variant::LinesOfAction, &played.fen()).unwrap();
    assert_eq!(fresh.perft(3), counts[2]);
    assert_eq!(fresh.perft(4), 1584628, "without the history nothing repeats");
}
