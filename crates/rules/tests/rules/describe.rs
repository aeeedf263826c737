//! The position in words (the screen reader's "describe"): it lists exactly
//! the pieces on the board, the last move, the turn and the clocks.

use std::time::Duration;

use breakline_rules::clock::{Clock, TimeControl};
use breakline_rules::describe::describe_position;
use breakline_rules::position::Position;
use breakline_rules::{BoardSize, Side, Variant};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// The squares a description lists for `side`, read back from its text.
fn listed(text: &str, side: Side) -> Vec<String> {
    let head = format!("{} pieces (", side.title());
    let line = text.lines().find(|l| l.starts_with(&head)).expect("a line per side");
    let (count, list) = line[head.len()..].split_once("): ").unwrap();
    let list = list.strip_suffix('.').unwrap();
    let squares: Vec<String> = if list == "none" { vec![] } else { list.split(", ").map(String::from).collect() };
    assert_eq!(count.parse::<usize>().unwrap(), squares.len(), "{line}");
    squares
}

#[test]
fn the_description_lists_exactly_the_pieces_of_random_positions() {
    for (variant, size) in [
        (Variant::Breakthrough, BoardSize::new(8, 8)),
        (Variant::Breakthrough, BoardSize::new(6, 9)),
        (Variant::LinesOfAction, BoardSize::new(8, 8)),
        (Variant::LinesOfAction, BoardSize::new(7, 7)),
    ] {
        for seed in 0..8 {
            let mut rng = StdRng::seed_from_u64(seed);
            let mut pos = Position::start(variant, size).unwrap();
            for _ in 0..rng.random_range(0..40) {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                pos.play(legal[rng.random_range(0..legal.len())]).unwrap();
            }
            let text = describe_position(&pos, None);
            for side in Side::BOTH {
                let mut want: Vec<String> =
                    pos.pieces().into_iter().filter(|&(_, s)| s == side).map(|(sq, _)| pos.square_name(sq)).collect();
                let mut got = listed(&text, side);
                want.sort();
                got.sort();
                assert_eq!(got, want, "{variant} {size} seed {seed}:\n{text}");
            }
        }
    }
}

#[test]
fn the_description_names_the_last_move_the_turn_and_the_clocks() {
    let mut pos = Position::start(Variant::Breakthrough, BoardSize::new(8, 8)).unwrap();
    let text = describe_position(&pos, None);
    assert!(text.starts_with("Breakthrough 8x8.\n"), "{text}");
    assert!(text.contains("\nNo move played yet.\nWhite to move."), "{text}");
    assert!(!text.contains("Clocks"), "{text}");
    pos.play_text("e2-e3").unwrap();
    let mut clock = Clock::new(TimeControl::parse("300+3").unwrap());
    clock.set_remaining(Side::White, Duration::from_millis(9_300));
    let text = describe_position(&pos, Some(&clock));
    assert!(text.contains("\nLast move: White e2-e3.\nBlack to move.\nClocks: White 0:09.3, Black 5:00."), "{text}");
    assert!(text.contains("White pieces (16): a1, a2, b1, b2,"), "{text}");
}

#[test]
fn a_finished_game_is_described_with_its_result() {
    let mut pos = Position::from_fen(Variant::Breakthrough, "5/5/5/2b2/1w3 w").unwrap();
    pos.play_text("b1xc2").unwrap();
    let text = describe_position(&pos, None);
    assert!(text.contains("Black pieces (0): none."), "{text}");
    assert!(text.ends_with("Last move: White b1xc2.\nWhite wins: all enemy pawns captured."), "{text}");
}

/// Fresh eyes, round 6: after a resignation the description still said
/// "White to move."; a game that ended off the board says its result.
#[test]
fn a_game_ended_off_the_board_is_described_by_its_result() {
    use breakline_rules::describe::describe_game;
    use breakline_rules::{Outcome, WinReason};
    let position = Position::start(Variant::Breakthrough, BoardSize::new(8, 8)).unwrap();
    let live = describe_position(&position, None);
    assert!(live.contains("White to move."), "{live}");
    let resigned = Outcome::Win { winner: Side::Black, reason: WinReason::Resignation };
    let ended = describe_game(&position, resigned, None);
    assert!(!ended.contains("to move"), "{ended}");
    assert!(ended.lines().any(|line| line == format!("{}.", resigned.describe())), "{ended}");
}
