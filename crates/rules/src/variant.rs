//! The game being played, Breakthrough or Lines of Action, and the boards
//! each is played on: their dimensions and why a size or name was refused.

use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::{Move, Side, rank_in_front};

/// The game being played.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    /// Pawns move forward; the first to reach the far rank wins.
    Breakthrough,
    /// A piece moves as many squares as its line holds pieces; the first to connect all its pieces wins.
    #[serde(rename = "loa")]
    LinesOfAction,
}

impl Variant {
    /// Both variants, Breakthrough first.
    pub const ALL: [Variant; 2] = [Variant::Breakthrough, Variant::LinesOfAction];

    /// The short name used on the command line and in the engine protocol.
    pub fn id(self) -> &'static str {
        match self {
            Variant::Breakthrough => "breakthrough",
            Variant::LinesOfAction => "loa",
        }
    }

    /// The name people read: "Breakthrough" or "Lines of Action".
    pub fn title(self) -> &'static str {
        match self {
            Variant::Breakthrough => "Breakthrough",
            Variant::LinesOfAction => "Lines of Action",
        }
    }

    /// Whether a game of it can end drawn: Lines of Action by repetition,
    /// its move limit or the tournament rule; Breakthrough never.
    pub fn can_draw(self) -> bool {
        self == Variant::LinesOfAction
    }

    /// The board used when none is given: 8x8 for both variants.
    pub fn default_size(self) -> BoardSize {
        BoardSize { columns: 8, rows: 8 }
    }

    /// The fewest and most columns this variant supports.
    pub fn column_range(self) -> (u8, u8) {
        match self {
            Variant::Breakthrough => (3, 12),
            Variant::LinesOfAction => (6, 12),
        }
    }

    /// The fewest and most rows this variant supports.
    pub fn row_range(self) -> (u8, u8) {
        match self {
            Variant::Breakthrough => (5, 12),
            Variant::LinesOfAction => (6, 12),
        }
    }

    /// Checks that this variant is played on `size`.
    pub fn check_size(self, size: BoardSize) -> Result<(), SizeError> {
        let (cmin, cmax) = self.column_range();
        let (rmin, rmax) = self.row_range();
        let square_only = self == Variant::LinesOfAction;
        if size.columns < cmin || size.columns > cmax || size.rows < rmin || size.rows > rmax {
            return Err(SizeError::Unsupported { variant: self, size });
        }
        if square_only && size.columns != size.rows {
            return Err(SizeError::NotSquare { size });
        }
        Ok(())
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl std::str::FromStr for Variant {
    type Err = SizeError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "breakthrough" | "bt" => Ok(Variant::Breakthrough),
            "loa" | "lines-of-action" | "linesofaction" => Ok(Variant::LinesOfAction),
            _ => Err(SizeError::UnknownVariant(s.to_string())),
        }
    }
}

/// Why a variant name or board size was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SizeError {
    /// The text names no variant.
    #[error("unknown variant '{0}' (expected breakthrough or loa)")]
    UnknownVariant(String),
    /// The text is not of the form `COLUMNSxROWS`.
    #[error("malformed board size '{0}' (expected COLUMNSxROWS, e.g. 8x8 or 5x10)")]
    Malformed(String),
    /// The size lies outside the variant's supported range.
    #[error("{variant} is not played on {size}: {}", size_hint(*.variant))]
    Unsupported {
        /// The variant asked for.
        variant: Variant,
        /// The size it is not played on.
        size: BoardSize,
    },
    /// Lines of Action was asked for on a board that is not square.
    #[error("lines of action needs a square board, not {size}")]
    NotSquare {
        /// The size asked for.
        size: BoardSize,
    },
}

fn size_hint(variant: Variant) -> String {
    let (cmin, cmax) = variant.column_range();
    let (rmin, rmax) = variant.row_range();
    match variant {
        Variant::Breakthrough => {
            format!("columns {cmin}-{cmax} and rows {rmin}-{rmax} are supported")
        }
        Variant::LinesOfAction => format!("square boards {cmin}x{cmin} to {cmax}x{cmax} are supported"),
    }
}

/// Board dimensions: files `a`.. left to right, ranks `1`.. bottom to top.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct BoardSize {
    /// Files, left to right.
    pub columns: u8,
    /// Ranks, bottom to top.
    pub rows: u8,
}

impl BoardSize {
    /// A board of `columns` files and `rows` ranks (not checked against any variant).
    pub const fn new(columns: u8, rows: u8) -> BoardSize {
        BoardSize { columns, rows }
    }

    /// The number of squares.
    pub fn squares(self) -> usize {
        self.columns as usize * self.rows as usize
    }

    /// The square index of `file` and `rank` (both from 0): rank by rank from a1.
    #[inline]
    pub fn index(self, file: u8, rank: u8) -> u8 {
        rank * self.columns + file
    }

    /// The file of `square`, from 0 (file a).
    #[inline]
    pub fn file_of(self, square: u8) -> u8 {
        square % self.columns
    }

    /// The rank of `square`, from 0 (rank 1, the bottom).
    #[inline]
    pub fn rank_of(self, square: u8) -> u8 {
        square / self.columns
    }

    /// A square's name, e.g. `a1`: its file letter and rank number.
    pub fn square_name(self, square: u8) -> String {
        let mut name = String::with_capacity(4);
        self.push_square_name(&mut name, square);
        name
    }

    /// A move's name, e.g. `a2-a3` (quiet) or `a2xb3` (capture).
    pub fn move_name(self, m: Move) -> String {
        // Built by hand, not with `format!`: every move of a game read or
        // recorded is named, and the formatting machinery was a tenth of a
        // library import's time.
        let mut name = String::with_capacity(8);
        self.push_square_name(&mut name, m.from);
        name.push(if m.capture { 'x' } else { '-' });
        self.push_square_name(&mut name, m.to);
        name
    }

    /// Appends a square's name (file letter, rank number from 1) to `out`.
    fn push_square_name(self, out: &mut String, square: u8) {
        out.push((b'a' + self.file_of(square)) as char);
        let rank = u32::from(self.rank_of(square)) + 1;
        if rank >= 100 {
            out.push(char::from_digit(rank / 100, 10).unwrap_or('?'));
        }
        if rank >= 10 {
            out.push(char::from_digit(rank / 10 % 10, 10).unwrap_or('?'));
        }
        out.push(char::from_digit(rank % 10, 10).unwrap_or('?'));
    }

    /// The rank `color` starts from: White's is the bottom one, Black's the top.
    #[inline]
    pub fn home_rank(self, color: Side) -> u8 {
        self.rank_index(color, 0)
    }

    /// Breakthrough: the rank `color`'s pawns win on (the far one from its home rows).
    #[inline]
    pub fn goal_rank(self, color: Side) -> u8 {
        self.rank_index(color, self.rows - 1)
    }

    /// The rank `steps` ranks in front of `color`'s home rank.
    #[inline]
    pub fn rank_index(self, color: Side, steps: u8) -> u8 {
        rank_in_front(color, self.rows as usize, steps as usize) as u8
    }

    /// How many ranks `square` lies in front of `color`'s home rank.
    #[inline]
    pub fn rank_from_home(self, color: Side, square: u8) -> u8 {
        self.rank_index(color, self.rank_of(square))
    }
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.columns, self.rows)
    }
}

impl std::str::FromStr for BoardSize {
    type Err = SizeError;
    /// `8x8`, `5x10` (columns x rows), or a single number for a square board.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || SizeError::Malformed(s.to_string());
        let (c, r) = match s.split_once(['x', 'X']) {
            Some((c, r)) => (c, r),
            None => (s, s),
        };
        let columns: u8 = c.trim().parse().map_err(|_| bad())?;
        let rows: u8 = r.trim().parse().map_err(|_| bad())?;
        Ok(BoardSize { columns, rows })
    }
}
