//! The interface every variant's position implements; perft, search and the
//! dynamic [`Position`](super::Position) are written against it once.

use std::fmt::Debug;

use arrayvec::ArrayVec;

use super::bits::Bits;
use super::board::Board;
use super::error::FenError;
use super::placement::Placement;
use crate::{BoardSize, Move, Outcome, Side, Variant, WinReason};

/// Room for every move of every position the parser accepts, whatever its
/// piece count: the bound below on the largest board (a test checks that no
/// supported size needs more).
pub const MAX_MOVES: usize = move_bound(Variant::LinesOfAction, BoardSize::new(12, 12));

/// The most moves the side to move can have in any placement of `variant` on
/// `size` (368 for Lines of Action on 12x12, 216 for Breakthrough).
///
/// Breakthrough: a move is fixed by its origin and its direction (3), and
/// equally by its target and its direction; no target holds an own pawn, so
/// with `n` pawns on `s` squares there are at most `3 * min(n, s - n)`.
///
/// Lines of Action: take one line (rank, file or diagonal) of `len` squares
/// holding `k` pieces. A move along it joins two of its squares `k` apart, and
/// there are `len - k` such pairs; a pair carries at most one move, from its
/// own end to the other. Each own piece moves at most twice along the line,
/// and there are at most `k` of them. So the line carries at most
/// `min(len - k, 2k) <= 2 * len / 3` moves, and the bound is that sum over
/// the four line families.
pub const fn move_bound(variant: Variant, size: BoardSize) -> usize {
    let (columns, rows) = (size.columns as usize, size.rows as usize);
    match variant {
        Variant::Breakthrough => 3 * (columns * rows / 2),
        Variant::LinesOfAction => {
            let mut total = rows * line_bound(columns) + columns * line_bound(rows);
            // Each diagonal family has columns + rows - 1 lines.
            let mut d = 0;
            while d < columns + rows - 1 {
                let len = min(min(d + 1, columns + rows - 1 - d), min(columns, rows));
                total += 2 * line_bound(len);
                d += 1;
            }
            total
        }
    }
}

/// The most Lines of Action moves along one line of `len` squares.
const fn line_bound(len: usize) -> usize {
    2 * len / 3
}

const fn min(a: usize, b: usize) -> usize {
    if a < b { a } else { b }
}

/// A move list on the stack, with room for any position's moves.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

/// A position of one variant at one bit width, with its moves and rules.
pub trait Game: Clone + Send + Sync + Debug + 'static {
    /// The variant these rules are.
    const VARIANT: Variant;
    /// The bit set the board is kept in (wide enough for the board's squares).
    type Bits: Bits;

    /// Reads a position, checking that the variant is played on its size and
    /// that the placement could arise in a game.
    fn from_placement(p: &Placement) -> Result<Self, FenError>;
    /// The pieces, side to move and hash.
    fn board(&self) -> &Board<Self::Bits>;

    /// Every rule except "the side to move with no legal move loses", which
    /// needs move generation: searches that generate moves anyway check that
    /// themselves, everyone else calls [`Game::outcome`].
    fn quick_outcome(&self) -> Outcome;

    /// Moves of the side to move, ignoring whether the game is already over.
    fn generate_moves(&self, out: &mut MoveList);
    /// The number of moves `generate_moves` would produce, without listing them.
    fn count_moves(&self) -> usize;
    /// Whether `generate_moves` would produce any move (stops at the first).
    fn has_moves(&self) -> bool;

    /// Whether the side to move, in an unfinished position, has a move that
    /// wins at once, where the variant can tell cheaply without generating
    /// moves; `false` means "no, or not known cheaply".
    #[inline]
    fn wins_next_move(&self) -> bool {
        false
    }

    /// Plays a move from `generate_moves` with no check at all.
    fn play_unchecked(&mut self, m: Move);
    /// Takes back the last move played, which must be `m`.
    fn undo_unchecked(&mut self, m: Move);
    /// Passes the turn (for null-move pruning); undone by `undo_null`.
    fn play_null(&mut self);
    /// Takes back a pass made by `play_null`.
    fn undo_null(&mut self);

    /// Plies played since the position was set up.
    fn plies(&self) -> u32;

    /// The result so far, the side to move losing when it has no move.
    #[inline]
    fn outcome(&self) -> Outcome {
        match self.quick_outcome() {
            Outcome::Ongoing if !self.has_moves() => {
                Outcome::Win { winner: self.side_to_move().opponent(), reason: WinReason::NoMoves }
            }
            o => o,
        }
    }

    /// The moves that may be played now: none once the game is over.
    fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        if !self.quick_outcome().is_over() {
            self.generate_moves(&mut list);
        }
        list
    }

    /// The position's Zobrist hash (pieces and side to move).
    #[inline]
    fn hash(&self) -> u64 {
        self.board().hash()
    }

    /// The side whose turn it is.
    #[inline]
    fn side_to_move(&self) -> Side {
        self.board().side()
    }

    /// The board's dimensions.
    #[inline]
    fn size(&self) -> BoardSize {
        self.board().size()
    }

    /// The colour of the piece on `square`, if any.
    #[inline]
    fn piece_at(&self, square: u8) -> Option<Side> {
        self.board().piece_at(square)
    }

    /// The pieces and the side to move, as a variant-free placement.
    fn placement(&self) -> Placement {
        self.board().placement()
    }
}
