//! Moves as a person types them into a move box: `e2-e3`, `e2xe3`, `e2e3`,
//! or only the destination `e3` when exactly one legal move goes there; a
//! move number before it (`1.c8-c6`) and OpenSpiel's capture star after it
//! (`b7c6*`) are read past, as pasted from the sites' records.
//! Unlike [`Position::parse_move`] the text is read against the position, so
//! the capture mark is optional and a refusal says what is legal instead.

use thiserror::Error;

use super::error::MoveError;
use super::notation::{move_core, parse_square};
use super::position::Position;
use super::variant::Variant;
use crate::Move;

/// Why typed text names no legal move; each message is one line.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TypedMoveError {
    /// Nothing was typed.
    #[error("type a move, e.g. {example}")]
    Empty {
        /// Moves of the game being played, as typed.
        example: &'static str,
    },
    /// The text is not one or two squares.
    #[error("'{text}' is not a move: type e.g. {example}")]
    Malformed {
        /// What was typed.
        text: String,
        /// Moves of the game being played, as typed.
        example: &'static str,
    },
    /// A square is malformed or off the board, or the game is over.
    #[error(transparent)]
    Move(#[from] MoveError),
    /// The first square holds no piece of the side to move.
    #[error("no {side} piece on {square}")]
    NoPiece {
        /// The square as named on the board.
        square: String,
        /// The side to move, in running text.
        side: &'static str,
    },
    /// The piece there has no legal move at all.
    #[error("the piece on {0} has no legal move")]
    Stuck(String),
    /// The piece cannot reach the square typed; `reachable` lists where it can.
    #[error("the piece on {from} cannot move to {to}; it can go to {reachable}")]
    Unreachable {
        /// The piece's square.
        from: String,
        /// The square typed.
        to: String,
        /// Its legal destinations, comma-separated.
        reachable: String,
    },
    /// Only a destination was typed and no legal move goes there.
    #[error("no {side} piece can move to {to}")]
    NoMoveTo {
        /// The square typed.
        to: String,
        /// The side to move, in running text.
        side: &'static str,
    },
    /// Only a destination was typed and several legal moves go there.
    #[error("{to} is ambiguous: {candidates} go there; type the whole move")]
    Ambiguous {
        /// The square typed.
        to: String,
        /// The legal moves that reach it, in notation.
        candidates: String,
    },
}

/// The legal move that `text` names in `position`: two squares joined by
/// `-`, `x` or nothing, or one destination square. Case and spaces do not
/// matter; the capture mark is not checked.
pub fn read_typed_move(position: &Position, text: &str) -> Result<Move, TypedMoveError> {
    // A refusal quotes what was typed, spaces and all (fresh eyes: `b 7 b6`
    // came back as 'b7b6', which read as a move the box had refused).
    let typed = text.trim().to_string();
    let text: String = text.split_whitespace().collect::<String>().to_ascii_lowercase();
    let (core, _) = move_core(&text);
    let text = core.to_string();
    let example = example(position.variant());
    if text.is_empty() {
        return Err(TypedMoveError::Empty { example });
    }
    let squares = split_squares(&text).ok_or(TypedMoveError::Malformed { text: typed, example })?;
    let size = position.size();
    let to = parse_square(size, squares.last().expect("one or two squares"))?;
    if position.outcome().is_over() {
        return Err(MoveError::GameOver.into());
    }
    match squares.as_slice() {
        [from, _] => move_between(position, parse_square(size, from)?, to),
        _ => move_to(position, to),
    }
}

/// Typed moves of `variant`'s own kind (fresh eyes: a Lines of Action
/// player was shown a Breakthrough pawn's step).
fn example(variant: Variant) -> &'static str {
    match variant {
        Variant::Breakthrough => "e2-e3, e2e3 or just e3",
        Variant::LinesOfAction => "b1-d3, b1d3 or just d3",
    }
}

/// The text as one or two square names: `e2-e3`, `e2xe3`, `e2e3` or `e3`.
fn split_squares(text: &str) -> Option<Vec<&str>> {
    let starts: Vec<usize> = text.char_indices().filter(|(_, c)| c.is_ascii_lowercase()).map(|(i, _)| i).collect();
    match starts.as_slice() {
        [_] => Some(vec![text]),
        [_, second] => {
            let (from, to) = text.split_at(*second);
            let from = from.strip_suffix(['-', 'x']).unwrap_or(from);
            Some(vec![from, to])
        }
        // `e2xe3`: the capture mark is the middle one of three letters.
        [_, mark, second] if text[*mark..].starts_with('x') && *second == mark + 1 => {
            Some(vec![&text[..*mark], &text[*second..]])
        }
        _ => None,
    }
}

fn move_between(position: &Position, from: u8, to: u8) -> Result<Move, TypedMoveError> {
    let side = position.side_to_move();
    if position.piece_at(from) != Some(side) {
        return Err(TypedMoveError::NoPiece { square: position.square_name(from), side: side.name() });
    }
    let mut moves: Vec<Move> = position.legal_moves().into_iter().filter(|m| m.from == from).collect();
    moves.sort_by_key(|m| board_order(position, m.to));
    if let Some(&found) = moves.iter().find(|m| m.to == to) {
        return Ok(found);
    }
    if moves.is_empty() {
        return Err(TypedMoveError::Stuck(position.square_name(from)));
    }
    let reachable: Vec<String> = moves.iter().map(|m| position.square_name(m.to)).collect();
    Err(TypedMoveError::Unreachable {
        from: position.square_name(from),
        to: position.square_name(to),
        reachable: reachable.join(", "),
    })
}

fn move_to(position: &Position, to: u8) -> Result<Move, TypedMoveError> {
    let mut moves: Vec<Move> = position.legal_moves().into_iter().filter(|m| m.to == to).collect();
    moves.sort_by_key(|m| board_order(position, m.from));
    match moves.as_slice() {
        [only] => Ok(*only),
        [] => Err(TypedMoveError::NoMoveTo { to: position.square_name(to), side: position.side_to_move().name() }),
        _ => {
            let names: Vec<String> = moves.iter().map(|&m| position.move_name(m)).collect();
            Err(TypedMoveError::Ambiguous { to: position.square_name(to), candidates: names.join(", ") })
        }
    }
}

/// Squares listed as a person reads a board: by file, then by rank.
fn board_order(position: &Position, square: u8) -> (u8, u8) {
    (position.size().file_of(square), position.size().rank_of(square))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_split_finds_one_or_two_squares() {
        assert_eq!(split_squares("e2-e3"), Some(vec!["e2", "e3"]));
        assert_eq!(split_squares("e2xe3"), Some(vec!["e2", "e3"]));
        assert_eq!(split_squares("e2e3"), Some(vec!["e2", "e3"]));
        assert_eq!(split_squares("a10a11"), Some(vec!["a10", "a11"]));
        assert_eq!(split_squares("x2xx3"), Some(vec!["x2", "x3"]));
        assert_eq!(split_squares("e3"), Some(vec!["e3"]));
        assert_eq!(split_squares("e2-e3-e4"), None);
        assert_eq!(split_squares("22"), None);
    }

    #[test]
    fn a_refusal_quotes_the_text_as_typed() {
        let position = Position::start(Variant::Breakthrough, crate::BoardSize::new(8, 8)).expect("8x8");
        let error = read_typed_move(&position, "  e2 - e3 - e4 ").expect_err("three squares");
        assert_eq!(error.to_string(), "'e2 - e3 - e4' is not a move: type e.g. e2-e3, e2e3 or just e3");
    }
}
