//! The cards themselves: Breakthrough's, Lines of Action's and Flow Free's
//! pages, written out once.

use breakline_rules::Variant;

use crate::card::{Accepts, Example, Lesson, Page, TryIt};

/// The card for `variant`, or for Flow Free when `None`.
pub fn lesson(variant: Option<Variant>) -> Lesson {
    let pages = match variant {
        Some(Variant::Breakthrough) => breakthrough_pages(),
        Some(Variant::LinesOfAction) => loa_pages(),
        None => flow_pages(),
    };
    Lesson { variant, pages }
}

/// Every card: Breakthrough, Lines of Action, Flow Free.
pub fn all() -> Vec<Lesson> {
    [Some(Variant::Breakthrough), Some(Variant::LinesOfAction), None].into_iter().map(lesson).collect()
}

fn page(title: &'static str, text: &'static str, example: Option<Example>, try_it: Option<TryIt>) -> Page {
    Page { title, text, example, try_it }
}

fn example(
    start: &'static str,
    moves: &[&'static str],
    highlights: &[&'static str],
    arrows: &[(&'static str, &'static str)],
    caption: &'static str,
) -> Option<Example> {
    Some(Example { start, moves: moves.to_vec(), highlights: highlights.to_vec(), arrows: arrows.to_vec(), caption })
}

fn try_it(start: &'static str, instruction: &'static str, accepts: Accepts) -> Option<TryIt> {
    Some(TryIt { start, instruction, accepts })
}

const GOAL_ROW: [&str; 8] = ["a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8"];

fn breakthrough_pages() -> Vec<Page> {
    vec![
        page(
            "The goal",
            "Each side starts with two rows of pawns; White moves up the board, Black down, White first. \
             Get one pawn to the far row and you win at once. Capturing every enemy pawn wins too.",
            example(
                "8/b5b1/8/4w3/8/8/1w6/8 w",
                &["e5-e6", "a7-a6", "e6-e7", "a6-a5", "e7-e8"],
                &GOAL_ROW,
                &[("e5", "e8")],
                "White's pawn walks from e5 to e8, the far row, and wins there; Black's pawn is too far \
                 behind to stop it.",
            ),
            None,
        ),
        page(
            "How pawns move",
            "A pawn moves one square forward, straight ahead or diagonally, onto an empty square. \
             It never moves sideways or back.",
            example(
                "8/7b/6b1/8/3w4/8/8/8 w",
                &["d4-e5", "g6-g5", "e5-e6"],
                &["c5", "d5", "e5"],
                &[("d4", "c5"), ("d4", "d5"), ("d4", "e5")],
                "The pawn on d4 may go to c5, d5 or e5 (the arrows). It goes diagonally to e5, then \
                 straight on to e6.",
            ),
            try_it(
                "8/7b/8/8/3w4/8/8/8 w",
                "Move the pawn on d4 diagonally forward.",
                Accepts::Moves {
                    moves: vec!["d4-c5", "d4-e5"],
                    miss: "That is a move, but straight ahead: this time go diagonally.",
                },
            ),
        ),
        page(
            "Capturing",
            "A pawn captures diagonally forward only, by moving onto the enemy pawn and taking it. \
             Straight ahead an enemy pawn simply blocks it. Capturing is never forced.",
            example(
                "8/8/8/3bb3/3w4/8/8/8 w",
                &["d4xe5", "d5-d4", "e5-e6"],
                &["d5", "e5"],
                &[("d4", "e5")],
                "White's d4 takes the black pawn on e5, diagonally ahead, and the black pawn is gone. The \
                 one on d5, straight ahead, could only block it.",
            ),
            try_it("8/8/8/4bb2/1bb2w2/2w5/8/8 w", "Capture a black pawn.", Accepts::AnyCapture),
        ),
        page(
            "How the game ends",
            "The first pawn to reach the far row wins, and so does taking the last enemy pawn. \
             A side with no move left loses. There are no draws.",
            example(
                "8/8/8/3b4/4w3/8/6w1/8 w",
                &["e4xd5"],
                &["d5"],
                &[("e4", "d5")],
                "White's e4 takes Black's last pawn, on d5: Black has no pawn left, so White wins.",
            ),
            try_it("4bb2/5w2/8/2b5/8/8/w7/8 w", "Win in one move.", Accepts::Winning),
        ),
    ]
}

fn loa_pages() -> Vec<Page> {
    vec![
        page(
            "The goal",
            "Join all your pieces into one group: pieces touching side by side or corner to corner are \
             connected. The first side whose pieces all hang together wins. Black moves first.",
            example(
                "8/w7/5b2/8/3bb3/8/w7/8 b",
                &["f6-f5"],
                &["d4", "e4", "f5"],
                &[("f6", "f5")],
                "Black's f6 steps to f5, corner to corner with e4: d4, e4 and f5 are one group, every black \
                 piece, so Black wins.",
            ),
            None,
        ),
        page(
            "How pieces move",
            "A piece moves in a straight line along its row, its column or a diagonal, exactly as many \
             squares as there are pieces on that whole line: both colours, itself included.",
            example(
                "8/8/2b4w/8/8/2b2w2/8/8 b",
                &["c3-e3", "f3-h3"],
                &["c3", "f3", "c6"],
                &[("c3", "e3"), ("c3", "c5")],
                "Row 3 holds two pieces (c3 and f3), so c3 moves two along it, to e3; its column holds two \
                 as well (c3 and c6), so c5 was open too. White's f3 then moves two along the same row, \
                 to h3.",
            ),
            try_it(
                "1b6/8/8/8/3b2w1/8/8/7w b",
                "Move the piece on d4 along its row.",
                Accepts::Moves {
                    moves: vec!["d4-f4", "d4-b4"],
                    miss: "Not along the row: the row has 2 pieces, so the piece on d4 goes exactly 2 along it.",
                },
            ),
        ),
        page(
            "Jumping and capturing",
            "A piece may jump over its own pieces but never over an enemy piece. It captures by landing \
             on an enemy piece; it may not land on its own.",
            example(
                "b7/3w4/8/3b4/3b4/8/7w/1w6 b",
                &["d4xd7"],
                &["d5", "d7"],
                &[("d4", "d7")],
                "Column d holds three pieces (d4, d5 and the white d7), so d4 moves three up it: over its own \
                 d5, onto d7, taking the white piece there.",
            ),
            try_it("8/b7/2w5/4w3/2w5/2b5/8/8 b", "Capture a white piece.", Accepts::AnyCapture),
        ),
        page(
            "How the game ends",
            "Connect all your pieces and you win (a single piece counts as connected). A move that \
             connects both sides at once wins for the side that made it (a draw under the tournament \
             rule, which New game offers). A side with no move loses; \
             the third time the same position comes back, or at the move limit (250 moves a side), it is \
             a draw.",
            example(
                "8/8/4w1b1/3b4/4b3/8/8/ww6 b",
                &["g6xe6"],
                &["d5", "e4", "a1", "b1"],
                &[("g6", "e6")],
                "Black's g6 moves two along its row (g6 and e6 are on it) and takes e6. Black's three pieces \
                 now touch, and so do White's last two, a1 and b1: one move joined both sides, so Black, \
                 who made it, wins.",
            ),
            try_it("8/w6w/8/8/5b2/2bb4/8/8 b", "Win in one move: connect all your pieces.", Accepts::Winning),
        ),
    ]
}

fn flow_pages() -> Vec<Page> {
    vec![
        page(
            "The goal",
            "Each colour has two dots. Join every pair with a pipe of its colour, and fill every cell \
             of the grid while doing it.",
            None,
            None,
        ),
        page(
            "The pipes",
            "Pipes run from cell to cell, up, down, left or right. They never cross, never branch and \
             never pass through a dot of another colour.",
            None,
            None,
        ),
        page(
            "Playing here",
            "Drag from a dot to draw its pipe; drag back over it to take it back, or drag from the middle \
             of a pipe to go on from there. The puzzle is solved when every pair is joined and no cell \
             is empty. Solve shows how a computer does it, step by step.",
            None,
            None,
        ),
    ]
}
