//! The small values every part of the engine shares: sides, variants, board
//! sizes, moves and game outcomes.

use std::fmt;

use serde::{Deserialize, Serialize};

use thiserror::Error;

/// Score units, shared by evaluations, searches and records. Heuristic scores
/// stay well inside `±WIN`; proven results use `±(WIN - plies to the end)`,
/// so shorter wins score higher.
pub type Score = i32;
/// The score of a win on the board; a win `n` plies ahead scores `WIN - n`.
pub const WIN: Score = 1_000_000;

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
    pub(crate) fn id(self) -> &'static str {
        match self {
            Variant::Breakthrough => "breakthrough",
            Variant::LinesOfAction => "loa",
        }
    }

    pub(crate) fn title(self) -> &'static str {
        match self {
            Variant::Breakthrough => "Breakthrough",
            Variant::LinesOfAction => "Lines of Action",
        }
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
        let file = (b'a' + self.file_of(square)) as char;
        format!("{file}{}", self.rank_of(square) + 1)
    }

    /// A move's name, e.g. `a2-a3` (quiet) or `a2xb3` (capture).
    pub fn move_name(self, m: Move) -> String {
        let sep = if m.capture { 'x' } else { '-' };
        format!("{}{sep}{}", self.square_name(m.from), self.square_name(m.to))
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

/// On a board of `rows` ranks, the index of the rank `steps` ranks in front
/// of `color`'s home rank (White's home is rank 0, Black's the top one): the
/// one statement of which way each side faces. An involution, so it also
/// turns a rank index into steps from home.
#[inline]
pub(crate) const fn rank_in_front(color: Side, rows: usize, steps: usize) -> usize {
    match color {
        Side::White => steps,
        Side::Black => rows - 1 - steps,
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

/// Why a game was won.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WinReason {
    /// Breakthrough: a pawn reached the far rank.
    ReachedGoal,
    /// Breakthrough: the opponent has no pawns left.
    CapturedAll,
    /// Lines of Action: all pieces form one connected group.
    Connected,
    /// The side to move had no legal move.
    NoMoves,
    /// The loser gave up (only the game front-ends produce this).
    Resignation,
    /// The loser, a program in a match, gave an illegal, malformed or late answer.
    Forfeit,
    /// The loser's time ran out (a game under a time control).
    Time,
}

/// Why a game was drawn (Lines of Action only).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawReason {
    /// The same position occurred for the third time.
    Repetition,
    /// The game reached its move limit undecided.
    MoveLimit,
}

/// The state of a game: going on, won or drawn.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Not decided yet.
    Ongoing,
    /// Won by one side.
    Win {
        /// The side that won.
        winner: Side,
        /// How it won.
        reason: WinReason,
    },
    /// Drawn.
    Draw {
        /// Why.
        reason: DrawReason,
    },
}

impl Outcome {
    /// Whether a side won because the other's time ran out.
    pub fn reason_is_time(self) -> bool {
        matches!(self, Outcome::Win { reason: WinReason::Time, .. })
    }

    /// Whether the game has ended (won or drawn).
    #[inline]
    pub fn is_over(self) -> bool {
        self != Outcome::Ongoing
    }

    /// The winning side, if the game was won.
    pub fn winner(self) -> Option<Side> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            _ => None,
        }
    }

    /// A sentence for banners and logs, e.g. "White wins: a pawn reached the far rank".
    pub(crate) fn describe(self) -> String {
        match self {
            Outcome::Ongoing => "game in progress".to_string(),
            Outcome::Win { winner, reason } => {
                let why = match reason {
                    WinReason::ReachedGoal => "a pawn reached the far rank",
                    WinReason::CapturedAll => "all enemy pawns captured",
                    WinReason::Connected => "all pieces connected",
                    WinReason::NoMoves => "the opponent had no legal move",
                    WinReason::Resignation => "the opponent resigned",
                    WinReason::Forfeit => "the opponent forfeited (an illegal, malformed or late answer)",
                    WinReason::Time => "the opponent's time ran out",
                };
                let name = if winner == Side::White { "White" } else { "Black" };
                format!("{name} wins: {why}")
            }
            Outcome::Draw { reason: DrawReason::Repetition } => {
                "Draw: the same position occurred three times".to_string()
            }
            Outcome::Draw { reason: DrawReason::MoveLimit } => "Draw: the move limit was reached".to_string(),
        }
    }
}
