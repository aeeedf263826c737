//! The position in words, as lichess's blind mode gives it to a screen
//! reader: the game, each side's pieces by square, the last move, whose turn
//! it is (or the result), and the clocks. One fact a line, so a reader can
//! step through them.

use super::clock::{Clock, clock_text};
use super::position::Position;
use crate::{Outcome, Side};

/// `position` in words, one line each: the game and board, White's pieces,
/// Black's pieces (by square, file then rank), the last move, the side to
/// move or the result, and the clocks where the game has them.
pub fn describe_position(position: &Position, clock: Option<&Clock>) -> String {
    describe_game(position, position.outcome(), clock)
}

/// The same for a game that ended off the board (a resignation, a flag):
/// `outcome` is the game's, said in place of the side to move.
pub fn describe_game(position: &Position, outcome: Outcome, clock: Option<&Clock>) -> String {
    let mut lines = vec![format!("{} {}.", position.variant().title(), position.size())];
    for side in Side::BOTH {
        lines.push(pieces_line(position, side));
    }
    lines.push(match position.moves().last() {
        Some(&m) => format!("Last move: {} {}.", position.side_to_move().opponent().title(), position.move_name(m)),
        None => "No move played yet.".to_string(),
    });
    lines.push(if outcome.is_over() {
        format!("{}.", outcome.describe())
    } else {
        format!("{} to move.", position.side_to_move().title())
    });
    if let Some(clock) = clock {
        let time = |side: Side| format!("{} {}", side.title(), clock_text(clock.remaining(side)));
        lines.push(format!("Clocks: {}, {}.", time(Side::White), time(Side::Black)));
    }
    lines.join("\n")
}

/// "White pieces (3): a1, c1, b2." listed file by file (a1, a2, .., b1),
/// the order a person scans a board in; "White pieces (0): none." when none.
fn pieces_line(position: &Position, side: Side) -> String {
    let size = position.size();
    let mut squares: Vec<u8> = position.pieces().into_iter().filter(|&(_, s)| s == side).map(|(sq, _)| sq).collect();
    squares.sort_by_key(|&sq| (size.file_of(sq), size.rank_of(sq)));
    let names: Vec<String> = squares.iter().map(|&sq| position.square_name(sq)).collect();
    let list = if names.is_empty() { "none".to_string() } else { names.join(", ") };
    format!("{} pieces ({}): {list}.", side.title(), names.len())
}
