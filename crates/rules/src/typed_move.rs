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
        /// Moves legal in the position, as typed.
        example: String,
    },
    /// The text is not one or two squares.
    #[error("'{text}' is not a move: type e.g. {example}")]
    Malformed {
        /// What was typed.
        text: String,
        /// Moves legal in the position, as typed.
        example: String,
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
    let example = TypedExample::of(position).to_string();
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

/// A move the side to move may play in a position, as a person could type
/// it, for the box's grey example and its refusals: taken from the
/// position's legal moves (fresh eyes: a fixed "b1-d3" named Black's
/// squares to White in Lines of Action, and "just e3" is ambiguous at the
/// start of Breakthrough, where three pawns reach e3).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TypedExample {
    from: String,
    to: String,
    /// Whether the destination alone names the move (one legal move goes there).
    to_alone: bool,
}

impl TypedExample {
    /// The example for `position`: a move whose destination alone names it
    /// where there is one, from the middle files and straight ahead where it
    /// can be (as a person would pick one); the variant's first move where
    /// nothing can move (a finished game).
    pub fn of(position: &Position) -> TypedExample {
        let legal = position.legal_moves();
        let alone = |m: &Move| legal.iter().filter(|other| other.to == m.to).count() == 1;
        let size = position.size();
        let width = i32::from(size.columns);
        let file = |square: u8| i32::from(size.file_of(square));
        let chosen = legal.iter().min_by_key(|m| {
            let off_centre = (2 * file(m.from) - (width - 1)).abs();
            let sideways = (file(m.to) - file(m.from)).abs();
            (!alone(m), off_centre, sideways, board_order(position, m.from), board_order(position, m.to))
        });
        let Some((chosen, to_alone)) = chosen.map(|m| (*m, alone(m))) else {
            let (from, to) = match position.variant() {
                Variant::Breakthrough => ("e2", "e3"),
                Variant::LinesOfAction => ("b1", "d3"),
            };
            return TypedExample { from: from.to_string(), to: to.to_string(), to_alone: false };
        };
        TypedExample { from: position.square_name(chosen.from), to: position.square_name(chosen.to), to_alone }
    }

    /// The short form for a narrow box: "a2-a3" or "a2-c4 or c4".
    pub fn short(&self) -> String {
        let (from, to) = (&self.from, &self.to);
        if self.to_alone { format!("{from}-{to} or {to}") } else { format!("{from}-{to}") }
    }
}

/// Every form: "a2-c4, a2c4 or just c4", or "a2-a3 or a2a3".
impl std::fmt::Display for TypedExample {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (from, to) = (&self.from, &self.to);
        if self.to_alone {
            write!(f, "{from}-{to}, {from}{to} or just {to}")
        } else {
            write!(f, "{from}-{to} or {from}{to}")
        }
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
        assert_eq!(error.to_string(), "'e2 - e3 - e4' is not a move: type e.g. d2-d3 or d2d3");
    }

    /// Fresh eyes: the examples were fixed texts, Black's squares for White
    /// in Lines of Action and an ambiguous "just e3" in Breakthrough. Each
    /// example is legal for the side to move, read back to the same move.
    #[test]
    fn the_example_is_a_legal_move_of_the_side_to_move() {
        let size = crate::BoardSize::new(8, 8);
        let mut lines = Position::start(Variant::LinesOfAction, size).expect("8x8");
        for position in [Position::start(Variant::Breakthrough, size).expect("8x8"), lines.clone()] {
            let example = TypedExample::of(&position);
            let whole = read_typed_move(&position, &format!("{}-{}", example.from, example.to)).expect("legal");
            if example.to_alone {
                assert_eq!(read_typed_move(&position, &example.to), Ok(whole), "{example}");
            } else {
                assert!(read_typed_move(&position, &example.to).is_err(), "{example}");
            }
        }
        assert!(TypedExample::of(&lines).from.ends_with('1'), "Black moves first, from rank 1 or 8");
        let black_move = read_typed_move(&lines, "b1-b3").expect("legal");
        lines.play(black_move).expect("played");
        let white = TypedExample::of(&lines);
        assert!(
            ["a", "h"].iter().any(|file| white.from.starts_with(file)),
            "White's pieces start on the a and h files: {white}"
        );
        assert!(read_typed_move(&lines, &format!("{}{}", white.from, white.to)).is_ok(), "{white}");
    }
}
