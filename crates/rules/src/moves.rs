//! A move from one square to another, capture included.

use serde::{Deserialize, Serialize};

/// A move from one square index to another. `capture` is part of the move's
/// identity: notation writes it (`a2xb3`) and a checked play insists it is right.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct Move {
    /// The square the piece leaves.
    pub from: u8,
    /// The square it lands on.
    pub to: u8,
    /// Whether an enemy piece on `to` is taken.
    pub capture: bool,
}

impl Move {
    /// A move from `from` to `to`, taking the piece there if `capture`.
    #[inline]
    pub const fn new(from: u8, to: u8, capture: bool) -> Move {
        Move { from, to, capture }
    }
}
