//! One move of a site's record read against the position it is played in:
//! with or without a dash, `x` or OpenSpiel's trailing `*` for a capture,
//! a move number glued before it or not; a capture mark on a move that
//! takes nothing is refused. OpenSpiel's Breakthrough counts ranks from the
//! other edge, so its squares are turned over first.

use thiserror::Error;

use crate::Move;
use crate::notation::move_core;
use crate::position::Position;
use crate::typed_move::{TypedMoveError, read_typed_move};

/// Why a move of a record names no legal move.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TokenError {
    /// The text is no legal move here.
    #[error(transparent)]
    Typed(#[from] TypedMoveError),
    /// Marked as a capture (`x` or `*`) but the move takes nothing.
    #[error("it is marked as a capture but takes nothing")]
    NotACapture,
}

/// Whether `token` is only a move number (`12.`, `12...`).
pub fn is_move_number(token: &str) -> bool {
    token.ends_with('.') && move_core(token).0.is_empty()
}

/// The legal move `token` names in `position`; with `flipped` its ranks
/// count from the far edge (OpenSpiel's Breakthrough).
pub fn read_move(position: &Position, token: &str, flipped: bool) -> Result<Move, TokenError> {
    let (core, star) = move_core(token);
    let core = core.to_ascii_lowercase();
    let marked = star || core.contains('x');
    let core = if flipped { flip_ranks(&core, position.size().rows) } else { core };
    let m = read_typed_move(position, &core)?;
    if marked && !m.capture {
        return Err(TokenError::NotACapture);
    }
    Ok(m)
}

/// Every rank number `n` in `text` as `rows + 1 - n`: the same squares seen
/// from the other edge. Numbers off the board are left for the move's check.
pub fn flip_ranks(text: &str, rows: u8) -> String {
    let mut out = String::with_capacity(text.len());
    let mut digits = String::new();
    let flush = |digits: &mut String, out: &mut String| {
        match digits.parse::<u8>() {
            Ok(n) if (1..=rows).contains(&n) => out.push_str(&(rows + 1 - n).to_string()),
            _ => out.push_str(digits),
        }
        digits.clear();
    };
    for c in text.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
        } else {
            flush(&mut digits, &mut out);
            out.push(c);
        }
    }
    flush(&mut digits, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_turn_over() {
        assert_eq!(flip_ranks("a7a6", 8), "a2a3");
        assert_eq!(flip_ranks("b10c9", 10), "b1c2");
        assert_eq!(flip_ranks("a9", 8), "a9");
    }

    #[test]
    fn move_numbers_are_told_from_moves() {
        assert!(is_move_number("1.") && is_move_number("12..."));
        assert!(!is_move_number("1.c8-c6") && !is_move_number("c8-c6") && !is_move_number("12"));
    }
}
