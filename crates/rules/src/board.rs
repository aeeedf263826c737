//! The piece placement both variants share: two bit sets, the side to move and
//! an incrementally kept Zobrist hash.

use super::bits::Bits;
use super::geometry::Geometry;
use super::hashing;
use super::placement::Placement;
use crate::{BoardSize, Move, Side};

/// Both sides' pieces, the side to move and the Zobrist hash, kept equal to
/// [`Board::compute_hash`] by every change.
#[derive(Clone, Debug)]
pub struct Board<B: Bits> {
    pieces: [B; 2],
    side: Side,
    hash: u64,
    geo: &'static Geometry<B>,
}

impl<B: Bits> PartialEq for Board<B> {
    fn eq(&self, other: &Self) -> bool {
        self.pieces == other.pieces && self.side == other.side && self.geo.size == other.geo.size
    }
}

impl<B: Bits> Board<B> {
    pub(crate) fn from_placement(p: &Placement) -> Board<B> {
        let geo = Geometry::<B>::get(p.size);
        let mut pieces = [B::EMPTY; 2];
        for (sq, cell) in p.cells.iter().enumerate() {
            if let Some(c) = cell {
                pieces[c.index()] |= B::bit(sq);
            }
        }
        let mut board = Board { pieces, side: p.side, hash: 0, geo };
        board.hash = board.compute_hash();
        board
    }

    /// The pieces and side to move as a variant-free placement.
    pub fn placement(&self) -> Placement {
        let cells = (0..self.size().squares()).map(|sq| self.piece_at(sq as u8)).collect();
        Placement { size: self.size(), cells, side: self.side }
    }

    /// The squares holding `color`'s pieces.
    #[inline]
    pub fn pieces(&self, color: Side) -> B {
        self.pieces[color.index()]
    }

    /// The side to move.
    #[inline]
    pub fn side(&self) -> Side {
        self.side
    }

    /// The incrementally kept Zobrist hash; always equals [`Board::compute_hash`].
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The precomputed masks and rays of this board's size.
    #[inline]
    pub fn geometry(&self) -> &'static Geometry<B> {
        self.geo
    }

    /// The board's dimensions.
    #[inline]
    pub fn size(&self) -> BoardSize {
        self.geo.size
    }

    /// The squares holding a piece of either side.
    #[inline]
    pub fn occupied(&self) -> B {
        self.pieces[0] | self.pieces[1]
    }

    /// The colour of the piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: u8) -> Option<Side> {
        let b = B::bit(sq as usize);
        if (self.pieces[0] & b).any() {
            Some(Side::White)
        } else if (self.pieces[1] & b).any() {
            Some(Side::Black)
        } else {
            None
        }
    }

    /// The hash recomputed from scratch; the incremental one must always equal it.
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for c in Side::BOTH {
            for sq in self.pieces[c.index()].squares() {
                h ^= hashing::piece_key(c, sq);
            }
        }
        if self.side == Side::Black {
            h ^= hashing::black_to_move_key();
        }
        h
    }

    /// Moves the mover's piece, removes a captured one and passes the turn.
    /// Undone by [`Board::unmake`] with the same move.
    #[inline]
    pub(crate) fn make(&mut self, m: Move) {
        self.toggle(self.side, m);
        self.side = self.side.opponent();
    }

    #[inline]
    pub(crate) fn unmake(&mut self, m: Move) {
        self.side = self.side.opponent();
        self.toggle(self.side, m);
    }

    /// Flips the squares and hash keys a move by `us` changes; applying it
    /// twice restores the board, which is what makes `unmake` the inverse.
    #[inline]
    fn toggle(&mut self, us: Side, m: Move) {
        let them = us.opponent();
        let (from, to) = (m.from as usize, m.to as usize);
        self.pieces[us.index()] ^= B::bit(from) | B::bit(to);
        let mut h = hashing::piece_key(us, from) ^ hashing::piece_key(us, to);
        if m.capture {
            self.pieces[them.index()] ^= B::bit(to);
            h ^= hashing::piece_key(them, to);
        }
        self.hash ^= h ^ hashing::black_to_move_key();
    }

    /// Passes the turn without moving (null-move pruning).
    #[inline]
    pub(crate) fn pass(&mut self) {
        self.side = self.side.opponent();
        self.hash ^= hashing::black_to_move_key();
    }
}
