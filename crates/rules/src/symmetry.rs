//! The board symmetries each variant's rules are invariant under: a position
//! and its image under one of them have the same moves (mapped) and the same
//! value, so a search may treat them as one position.

use super::bits::Bits;
use super::board::Board;
use super::hashing;
use crate::{BoardSize, Move, Side, Variant};

/// A rearrangement of the squares that keeps each side's pieces its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Transform {
    /// File a swaps with the last file.
    MirrorFiles,
    /// Rank 1 swaps with the last rank.
    MirrorRanks,
    /// Both mirrors: a half turn.
    HalfTurn,
    /// Files become ranks (square boards only).
    Transpose,
    /// Files become ranks the other way (square boards only).
    AntiTranspose,
    /// A quarter turn (square boards only).
    QuarterTurn,
    /// A quarter turn the other way (square boards only).
    ThreeQuarterTurn,
}

impl Transform {
    /// Every transform other than the identity.
    pub const ALL: [Transform; 7] = [
        Transform::MirrorFiles,
        Transform::MirrorRanks,
        Transform::HalfTurn,
        Transform::Transpose,
        Transform::AntiTranspose,
        Transform::QuarterTurn,
        Transform::ThreeQuarterTurn,
    ];

    /// Whether the transform maps a board of `size` onto itself.
    pub fn fits(self, size: BoardSize) -> bool {
        matches!(self, Transform::MirrorFiles | Transform::MirrorRanks | Transform::HalfTurn)
            || size.columns == size.rows
    }

    /// Where `square` goes (the transform must fit the size).
    pub fn map(self, size: BoardSize, square: u8) -> u8 {
        let (f, r) = (size.file_of(square), size.rank_of(square));
        let (last_f, last_r) = (size.columns - 1, size.rows - 1);
        let (f2, r2) = match self {
            Transform::MirrorFiles => (last_f - f, r),
            Transform::MirrorRanks => (f, last_r - r),
            Transform::HalfTurn => (last_f - f, last_r - r),
            Transform::Transpose => (r, f),
            Transform::AntiTranspose => (last_r - r, last_f - f),
            Transform::QuarterTurn => (r, last_f - f),
            Transform::ThreeQuarterTurn => (last_r - r, f),
        };
        size.index(f2, r2)
    }
}

impl Variant {
    /// The transforms this variant's rules are invariant under on `size`.
    /// Breakthrough's pawns move towards the far rank, so only the files may
    /// be mirrored; Lines of Action's moves, counts along lines and
    /// connections are the same in every direction.
    pub fn symmetries(self, size: BoardSize) -> Vec<Transform> {
        let candidates: &[Transform] = match self {
            Variant::Breakthrough => &[Transform::MirrorFiles],
            Variant::LinesOfAction => &Transform::ALL,
        };
        candidates.iter().copied().filter(|t| t.fits(size)).collect()
    }
}

/// A transform as a table from square to square, for hashing images quickly.
#[derive(Clone, Debug)]
pub struct SquareMap {
    to: Vec<u8>,
}

impl SquareMap {
    /// The table of `transform` on `size` (which it must fit).
    pub fn new(transform: Transform, size: BoardSize) -> SquareMap {
        SquareMap { to: (0..size.squares() as u8).map(|sq| transform.map(size, sq)).collect() }
    }

    /// Where `square` goes.
    #[inline]
    pub fn map(&self, square: usize) -> usize {
        self.to[square] as usize
    }
}

impl<B: Bits> Board<B> {
    /// The hash the board's image under `map` has (equal to the image's
    /// [`Board::hash`]), computed without building the image.
    pub fn hash_under(&self, map: &SquareMap) -> u64 {
        let mut h = 0;
        for c in Side::BOTH {
            for sq in self.pieces(c).squares() {
                h ^= hashing::piece_key(c, map.map(sq));
            }
        }
        if self.side() == Side::Black {
            h ^= hashing::black_to_move_key();
        }
        h
    }

    /// What the side to move playing `m` changes in the image's hash under
    /// `map`: the image of the child is the parent's image hash XOR this.
    #[inline]
    pub fn hash_change_under(&self, map: &SquareMap, m: Move) -> u64 {
        let mover = self.side();
        let (from, to) = (map.map(m.from as usize), map.map(m.to as usize));
        let mut h = hashing::piece_key(mover, from) ^ hashing::piece_key(mover, to) ^ hashing::black_to_move_key();
        if m.capture {
            h ^= hashing::piece_key(mover.opponent(), to);
        }
        h
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::placement::Placement;
    use crate::position::Position;

    #[test]
    fn an_image_hash_is_the_hash_of_the_image_and_follows_moves() {
        let pos = Position::start(Variant::LinesOfAction, BoardSize::new(6, 6)).unwrap();
        let placement = pos.placement();
        let board = Board::<u64>::from_placement(&placement);
        for t in Variant::LinesOfAction.symmetries(placement.size) {
            let map = SquareMap::new(t, placement.size);
            let mut cells = vec![None; placement.cells.len()];
            for (sq, cell) in placement.cells.iter().enumerate() {
                cells[map.map(sq)] = *cell;
            }
            let image = Board::<u64>::from_placement(&Placement { cells, ..placement.clone() });
            assert_eq!(board.hash_under(&map), image.hash(), "{t:?}");
            for m in pos.legal_moves() {
                let mut child = board.clone();
                child.make(m);
                assert_eq!(board.hash_under(&map) ^ board.hash_change_under(&map, m), child.hash_under(&map), "{t:?}");
            }
        }
    }
}
