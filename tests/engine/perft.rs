//! Perft tables from the start positions, checked against counts from an
//! independent implementation. The deepest rows run in release builds only
//! (the README's test command is a release build).

use breakline::engine::{BoardSize, Position, Variant};

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
    // 12x12 runs on the three-word bit set, 10x10 on u128: both must give the
    // same counts a plain reading of the rules gives.
    let bt12 = Position::start(Variant::Breakthrough, BoardSize::new(12, 12)).unwrap();
    assert_eq!(bt12.perft(1), 34); // 12 straight + 22 diagonal steps - none blocked
    let loa12 = Position::start(Variant::LinesOfAction, BoardSize::new(12, 12)).unwrap();
    let loa10 = Position::start(Variant::LinesOfAction, BoardSize::new(10, 10)).unwrap();
    assert!(loa12.perft(2) > 0 && loa10.perft(2) > 0);
}
