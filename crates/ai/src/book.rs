//! Opening books: a move for each position of the first plies, found by the
//! engine's own deep searches (`breakline book`) and shipped as small text
//! assets (`assets/book/`), one `<ranks> <side> <move>` line per position.
//! Lookups go by the position's hash and are checked against the rules.

use std::collections::HashMap;
use std::sync::OnceLock;

use thiserror::Error;

use breakline_rules::error::FenError;
use breakline_rules::position::Position;
use breakline_rules::{BoardSize, Move, Variant};

/// The shipped books: 8x8 only.
const BREAKTHROUGH_8X8: &str = include_str!("../../../assets/book/breakthrough-8x8.txt");
const LOA_8X8: &str = include_str!("../../../assets/book/loa-8x8.txt");

/// Why a book's text was refused; lines count from 1.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BookError {
    /// The line is not a position string followed by a move.
    #[error("book line {line}: expected '<ranks> <side> <move>'")]
    Malformed {
        /// The line.
        line: usize,
    },
    /// The line's position cannot be read or is not valid.
    #[error("book line {line}: {reason}")]
    Position {
        /// The line.
        line: usize,
        /// Why the position was refused.
        #[source]
        reason: FenError,
    },
    /// The line's move cannot be read, or is not legal in its position.
    #[error("book line {line}: move {notation} is not legal there")]
    Illegal {
        /// The line.
        line: usize,
        /// The move as written.
        notation: String,
    },
}

/// Moves by position hash.
#[derive(Clone, Debug, Default)]
pub struct Book {
    moves: HashMap<u64, Move>,
}

impl Book {
    /// Reads a book's text, checking that every move is legal in its position.
    pub fn parse(variant: Variant, text: &str) -> Result<Book, BookError> {
        let mut moves = HashMap::new();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let raw = raw.trim();
            if raw.is_empty() || raw.starts_with('#') {
                continue;
            }
            let [ranks, side, notation] = raw.split_whitespace().collect::<Vec<_>>()[..] else {
                return Err(BookError::Malformed { line });
            };
            let pos = Position::from_fen(variant, &format!("{ranks} {side}"))
                .map_err(|reason| BookError::Position { line, reason })?;
            let m = pos
                .parse_move(notation)
                .ok()
                .filter(|m| pos.legal_moves().contains(m))
                .ok_or_else(|| BookError::Illegal { line, notation: notation.to_string() })?;
            moves.insert(pos.hash(), m);
        }
        Ok(Book { moves })
    }

    /// The shipped book for a variant and size, if there is one.
    pub fn builtin(variant: Variant, size: BoardSize) -> Option<&'static Book> {
        static BOOKS: OnceLock<[Book; 2]> = OnceLock::new();
        if size != BoardSize::new(8, 8) {
            return None;
        }
        let books = BOOKS.get_or_init(|| {
            // The assets are checked by the tests; a bad one would be an empty book.
            let read = |v, text| Book::parse(v, text).unwrap_or_default();
            [read(Variant::Breakthrough, BREAKTHROUGH_8X8), read(Variant::LinesOfAction, LOA_8X8)]
        });
        Some(&books[(variant == Variant::LinesOfAction) as usize])
    }

    /// The book's move in `pos`, if it has one and it is legal there.
    pub fn lookup(&self, pos: &Position) -> Option<Move> {
        let m = *self.moves.get(&pos.hash())?;
        pos.legal_moves().contains(&m).then_some(m)
    }

    /// The number of positions the book holds.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the book holds no position.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
}
