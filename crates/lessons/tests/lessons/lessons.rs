//! The "How to play" lessons: every example's position parses on the real
//! board and its moves are legal in order, with its marks on the board; every
//! try-it position parses, is still being played and has an answer; and for
//! every legal move there the judge says yes to exactly the moves the page
//! asks for (stated here by hand, and for captures and wins also derived
//! from the move list), and gives a one-line reason otherwise.

use std::collections::BTreeSet;

use breakline_lessons::{Accepts, Lesson, all, lesson};
use breakline_rules::position::Position;
use breakline_rules::{BoardSize, Move, Variant};

fn board_lessons() -> Vec<(Variant, Lesson)> {
    all().into_iter().filter_map(|l| l.variant.map(|v| (v, l))).collect()
}

fn names(position: &Position, moves: impl IntoIterator<Item = Move>) -> BTreeSet<String> {
    moves.into_iter().map(|m| position.move_name(m)).collect()
}

#[test]
fn there_is_a_card_for_each_game_and_flow_free_has_no_board() {
    let names: Vec<&str> = all().iter().map(Lesson::name).collect();
    assert_eq!(names, ["Breakthrough", "Lines of Action", "Flow Free"]);
    let flow = lesson(None);
    assert!(flow.pages.len() >= 2);
    assert!(flow.pages.iter().all(|p| p.example.is_none() && p.try_it.is_none()), "Flow Free's card is text only");
    for lesson in all() {
        assert!(lesson.pages.iter().all(|p| !p.title.is_empty() && !p.text.is_empty()), "{}", lesson.name());
    }
}

/// The card names the move limit the rules keep (fresh eyes, round 25: it
/// spoke of "the move limit" and never said what it was).
#[test]
fn lines_of_action_names_its_move_limit() {
    let start = Position::start(Variant::LinesOfAction, Variant::LinesOfAction.default_size()).expect("the start");
    let plies = start.move_limit().expect("Lines of Action has a move limit");
    let said = format!("move limit ({} moves a side)", plies / 2);
    let card = lesson(Some(Variant::LinesOfAction));
    assert!(card.pages.iter().any(|p| p.text.contains(&said)), "a page says {said:?}");
}

#[test]
fn every_example_parses_on_the_real_board_and_plays_legally_in_order() {
    for (variant, lesson) in board_lessons() {
        let mut examples = 0;
        for page in &lesson.pages {
            let Some(example) = &page.example else { continue };
            examples += 1;
            let start = example.position(variant).unwrap_or_else(|e| panic!("{}: {e}", page.title));
            assert_eq!(start.size(), BoardSize::new(8, 8), "{}", page.title);
            assert!(!start.outcome().is_over(), "{}: the example starts in a finished game", page.title);
            assert!(start.pieces().len() <= 12, "{}: a small, clear position", page.title);
            let moves = example.moves(variant).unwrap_or_else(|e| panic!("{}: {e}", page.title));
            assert!(!moves.is_empty(), "{}", page.title);
            // Played again by hand: each move legal where it stands, the sides alternating.
            let mut position = start.clone();
            for (text, &m) in example.moves.iter().zip(&moves) {
                assert!(position.legal_moves().contains(&m), "{}: {text}", page.title);
                assert_eq!(position.move_name(m), *text, "{}: written as the notation writes it", page.title);
                position.play(m).unwrap();
            }
            let size = start.size();
            assert_eq!(example.highlight_squares(size).unwrap().len(), example.highlights.len());
            assert_eq!(example.arrow_squares(size).unwrap().len(), example.arrows.len());
        }
        assert_eq!(examples, lesson.pages.len(), "{}: every page shows its rule on the board", lesson.name());
    }
}

#[test]
fn the_examples_end_as_their_pages_say() {
    let end = |variant: Variant, title: &str| {
        let lesson = lesson(Some(variant));
        let example = lesson.pages.iter().find(|p| p.title == title).unwrap().example.clone().unwrap();
        let mut position = example.position(variant).unwrap();
        for m in example.moves(variant).unwrap() {
            position.play(m).unwrap();
        }
        position.outcome().winner()
    };
    use breakline_rules::Side;
    // The pawn reaches the far row; the last pawn is taken; the group joins.
    assert_eq!(end(Variant::Breakthrough, "The goal"), Some(Side::White));
    assert_eq!(end(Variant::Breakthrough, "How the game ends"), Some(Side::White));
    assert_eq!(end(Variant::LinesOfAction, "The goal"), Some(Side::Black));
    // Both sides connected by one capture: the mover wins.
    assert_eq!(end(Variant::LinesOfAction, "How the game ends"), Some(Side::Black));
    // The other examples stop with the game still going.
    assert_eq!(end(Variant::LinesOfAction, "Jumping and capturing"), None);
    assert_eq!(end(Variant::Breakthrough, "Capturing"), None);
}

/// The moves each try-it asks for, worked out by hand from the diagrams.
fn intended(variant: Variant, title: &str) -> &'static [&'static str] {
    match (variant, title) {
        (Variant::Breakthrough, "How pawns move") => &["d4-c5", "d4-e5"],
        (Variant::Breakthrough, "Capturing") => &["c3xb4", "f4xe5"],
        (Variant::Breakthrough, "How the game ends") => &["f7xe8", "f7-g8"],
        (Variant::LinesOfAction, "How pieces move") => &["d4-b4", "d4-f4"],
        (Variant::LinesOfAction, "Jumping and capturing") => &["c3xe5"],
        (Variant::LinesOfAction, "How the game ends") => &["c3-e3", "f4-e3", "f4-e4"],
        _ => panic!("no expected answers stated for {title}"),
    }
}

#[test]
fn every_try_it_accepts_exactly_the_intended_moves_and_says_why_not_to_the_rest() {
    let mut tries = 0;
    for (variant, lesson) in board_lessons() {
        for page in &lesson.pages {
            let Some(try_it) = &page.try_it else { continue };
            tries += 1;
            let position = try_it.position(variant).unwrap_or_else(|e| panic!("{}: {e}", page.title));
            assert_eq!(position.size(), BoardSize::new(8, 8));
            assert!(!position.outcome().is_over(), "{}", page.title);
            let legal = position.legal_moves();
            let expected: BTreeSet<String> = intended(variant, page.title).iter().map(|s| s.to_string()).collect();
            // The rule-derived kinds, derived again here from the move list.
            let derived: Option<BTreeSet<String>> = match &try_it.accepts {
                Accepts::AnyCapture => Some(names(&position, legal.iter().copied().filter(|m| m.capture))),
                Accepts::Winning => Some(names(
                    &position,
                    legal.iter().copied().filter(|&m| {
                        let mut after = position.clone();
                        after.play(m).unwrap();
                        after.outcome().winner() == Some(position.side_to_move())
                    }),
                )),
                Accepts::Moves { moves, .. } => Some(moves.iter().map(|s| s.to_string()).collect()),
            };
            assert_eq!(derived.as_ref(), Some(&expected), "{}: the hand-stated answers", page.title);
            assert!(!expected.is_empty(), "{}: at least one answer", page.title);
            let judged_yes: BTreeSet<String> =
                names(&position, legal.iter().copied().filter(|&m| try_it.judge(&position, m).is_ok()));
            assert_eq!(judged_yes, expected, "{}: the judge", page.title);
            assert_eq!(names(&position, try_it.accepted(&position)), expected, "{}: accepted()", page.title);
            assert!(judged_yes.len() < legal.len(), "{}: some legal move is wrong, so the page teaches", page.title);
            for &m in &legal {
                if let Err(reason) = try_it.judge(&position, m) {
                    let reason = reason.to_string();
                    assert!(!reason.is_empty() && !reason.contains('\n'), "{}: one line", page.title);
                }
            }
        }
    }
    assert_eq!(tries, 6);
}

#[test]
fn the_judge_explains_a_move_the_rules_refuse() {
    let lesson = lesson(Some(Variant::Breakthrough));
    let try_it = lesson.pages.iter().find_map(|p| p.try_it.clone().filter(|_| p.title == "Capturing")).unwrap();
    let position = try_it.position(Variant::Breakthrough).unwrap();
    // c3 straight onto the black pawn on c4.
    let straight = position.parse_move("c3-c4").unwrap();
    let reason = try_it.judge(&position, straight).unwrap_err().to_string();
    assert!(reason.starts_with("A pawn captures only diagonally"), "{reason}");
    let quiet = position.parse_move("c3-d4").unwrap();
    assert_eq!(try_it.judge(&position, quiet).unwrap_err().to_string(), "That piece moves, but it does not capture.");
    let capture = position.parse_move("c3xb4").unwrap();
    assert_eq!(try_it.judge(&position, capture), Ok(()));
}

/// Finding: an example's capture went unexplained. Each example says what
/// happens in it: its caption names the square its first move leaves, and
/// every capture in it is said to take.
#[test]
fn every_example_says_what_happens_in_it_captures_included() {
    for (_, lesson) in board_lessons() {
        for page in &lesson.pages {
            let Some(example) = &page.example else { continue };
            let caption = example.caption;
            assert!(caption.ends_with('.') && caption.len() > 40, "{}: {caption:?}", page.title);
            let first = example.moves[0];
            let from = first.split(['-', 'x']).next().unwrap_or_default();
            assert!(caption.contains(from), "{}: the caption names {from}, where the example starts", page.title);
            let captures = example.moves.iter().any(|m| m.contains('x'));
            assert_eq!(captures, caption.contains("tak"), "{}: a capture is said ({caption:?})", page.title);
        }
    }
}
