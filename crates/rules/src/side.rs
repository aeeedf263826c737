//! A side: its pieces, its turn, and which way it faces.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A side: its pieces and its turn.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// Starts on the bottom ranks in Breakthrough and moves first there.
    White,
    /// Starts on the top ranks in Breakthrough and moves first in Lines of Action.
    Black,
}

impl Side {
    /// White, then Black (the order of [`Side::index`]).
    pub const BOTH: [Side; 2] = [Side::White, Side::Black];

    /// The other side.
    #[inline]
    pub fn opponent(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// 0 for White, 1 for Black: the index of per-side arrays.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The letter used in position strings.
    pub(crate) fn letter(self) -> char {
        match self {
            Side::White => 'w',
            Side::Black => 'b',
        }
    }

    /// The side's name in running text ("white"): records, logs, the command line.
    pub fn name(self) -> &'static str {
        ["white", "black"][self.index()]
    }

    /// The side's name with a capital ("White"): panels and banners.
    pub fn title(self) -> &'static str {
        ["White", "Black"][self.index()]
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// On a board of `rows` ranks, the index of the rank `steps` ranks in front
/// of `color`'s home rank (White's home is rank 0, Black's the top one): the
/// one statement of which way each side faces. An involution, so it also
/// turns a rank index into steps from home.
#[inline]
pub const fn rank_in_front(color: Side, rows: usize, steps: usize) -> usize {
    match color {
        Side::White => steps,
        Side::Black => rows - 1 - steps,
    }
}
