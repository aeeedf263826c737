//! Moves typed into the move box, read against a position: whole moves with
//! or without a mark, a destination alone, and refusals that say why.

use breakline_rules::position::Position;
use breakline_rules::typed_move::{TypedMoveError, read_typed_move};
use breakline_rules::{BoardSize, Move, Variant};

fn start(variant: Variant) -> Position {
    Position::start(variant, variant.default_size()).unwrap()
}

fn named(pos: &Position, text: &str) -> String {
    pos.move_name(read_typed_move(pos, text).unwrap())
}

#[test]
fn whole_moves_read_with_any_mark_and_case() {
    let pos = start(Variant::Breakthrough);
    for text in ["e2-e3", "e2e3", "E2E3", " e2xe3 ", "e2 e3", "e2 - e3"] {
        assert_eq!(named(&pos, text), "e2-e3", "{text}");
    }
    // A capture typed without its mark is still the capture.
    let pos = Position::from_fen(Variant::Breakthrough, "5/5/5/2b2/1w3 w").unwrap();
    assert_eq!(read_typed_move(&pos, "b1c2"), Ok(Move { capture: true, ..pos.parse_move("b1xc2").unwrap() }));
}

#[test]
fn a_destination_alone_plays_the_only_move_there() {
    // Breakthrough: only b2 reaches a3 (a2 goes straight, b2 diagonally: two moves).
    let pos = start(Variant::Breakthrough);
    let err = read_typed_move(&pos, "a3").unwrap_err();
    assert_eq!(err.to_string(), "a3 is ambiguous: a2-a3, b2-a3 go there; type the whole move");
    let pos = Position::from_fen(Variant::Breakthrough, "b4/5/5/5/1w3 w").unwrap();
    assert_eq!(named(&pos, "a2"), "b1-a2");
    // Lines of Action: every destination square against the position's own list.
    let pos = start(Variant::LinesOfAction);
    let size = pos.size();
    let legal = pos.legal_moves();
    for sq in 0..size.squares() as u8 {
        let there: Vec<Move> = legal.iter().copied().filter(|m| m.to == sq).collect();
        let got = read_typed_move(&pos, &pos.square_name(sq));
        match there.as_slice() {
            [only] => assert_eq!(got, Ok(*only)),
            [] => assert!(matches!(got, Err(TypedMoveError::NoMoveTo { .. })), "{}", pos.square_name(sq)),
            _ => assert!(matches!(got, Err(TypedMoveError::Ambiguous { .. })), "{}", pos.square_name(sq)),
        }
    }
    assert!(legal.iter().any(|m| legal.iter().filter(|n| n.to == m.to).count() == 1));
}

#[test]
fn refusals_say_why_in_one_line() {
    let pos = start(Variant::Breakthrough);
    let said = |text: &str| read_typed_move(&pos, text).unwrap_err().to_string();
    assert_eq!(said(""), "type a move, e.g. d2-d3 or d2d3");
    assert_eq!(said("e7-e6"), "no white piece on e7");
    assert_eq!(said("e2-e4"), "the piece on e2 cannot move to e4; it can go to d3, e3, f3");
    assert_eq!(said("e1-e2"), "the piece on e1 has no legal move");
    assert_eq!(said("e5"), "no white piece can move to e5");
    assert_eq!(said("hello"), "'hello' is not a move: type e.g. d2-d3 or d2d3");
    assert_eq!(said("e9"), "square e9 is off the 8x8 board");
    assert_eq!(said("z2-e3"), "square z2 is off the 8x8 board");
    assert!(said("e2-e").starts_with("malformed square 'e'"));
    for text in ["", "e7-e6", "e2-e4", "e5", "hello", "e2-e", "x", "-", "22", "e2--e3"] {
        assert!(!said(text).contains('\n'), "{text}");
    }
    // Fresh eyes, round 8: Lines of Action's examples are its own moves.
    let loa = start(Variant::LinesOfAction);
    let said = read_typed_move(&loa, "hello").unwrap_err().to_string();
    assert_eq!(said, "'hello' is not a move: type e.g. c1-a3, c1a3 or just a3");
    assert!(read_typed_move(&loa, "a3").is_ok(), "the example is a legal first move");
}

#[test]
fn a_finished_game_takes_no_typed_move() {
    let mut pos = Position::from_fen(Variant::Breakthrough, "5/5/5/2b2/1w3 w").unwrap();
    pos.play_text("b1xc2").unwrap();
    assert_eq!(read_typed_move(&pos, "c2-c3").unwrap_err().to_string(), "the game is over: no move can be played");
}

#[test]
fn every_legal_move_reads_back_from_its_name_on_every_size() {
    for (variant, size) in [
        (Variant::Breakthrough, BoardSize::new(12, 12)),
        (Variant::LinesOfAction, BoardSize::new(10, 10)),
        (Variant::Breakthrough, BoardSize::new(5, 5)),
    ] {
        let pos = Position::start(variant, size).unwrap();
        for m in pos.legal_moves() {
            let name = pos.move_name(m);
            assert_eq!(read_typed_move(&pos, &name), Ok(m), "{name}");
            assert_eq!(read_typed_move(&pos, &name.replace(['-', 'x'], "")), Ok(m), "{name}");
        }
    }
}
