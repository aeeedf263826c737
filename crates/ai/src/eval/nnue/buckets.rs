//! Output buckets: a net may have several output layers, and the number of
//! pieces on the board picks the one that scores a position, so an ending
//! is not judged by the weights that fit the opening (as chess engines'
//! nets do). The piece counts from none to the start position's are cut
//! into equal ranges, one a bucket, the fullest board in the last.

use breakline_rules::{BoardSize, Variant};
use breakline_rules::{breakthrough, loa};

/// The most output buckets a net file may state: more than a board's piece
/// counts would leave buckets no position falls in.
pub const MAX_BUCKETS: usize = 16;

/// Which output layer scores a position, by its number of pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Buckets {
    count: usize,
    /// The bucket of each piece count from 0 to the board's cells.
    by_pieces: Vec<u8>,
}

impl Buckets {
    /// `count` buckets (1 to [`MAX_BUCKETS`], which the file reader and the
    /// trainer check) over the piece counts of `variant` on `size`.
    pub fn new(variant: Variant, size: BoardSize, count: usize) -> Buckets {
        debug_assert!((1..=MAX_BUCKETS).contains(&count), "{count} buckets");
        let start = start_pieces(variant, size).max(1);
        let by_pieces = (0..=size.squares())
            .map(|pieces| (pieces.saturating_sub(1) * count / start).min(count - 1) as u8)
            .collect();
        Buckets { count, by_pieces }
    }

    /// How many buckets there are.
    pub fn count(&self) -> usize {
        self.count
    }

    /// The bucket of a position with `pieces` pieces on the board.
    #[inline]
    pub fn of(&self, pieces: usize) -> usize {
        usize::from(self.by_pieces[pieces.min(self.by_pieces.len() - 1)])
    }
}

/// The pieces on the board at the start of `variant` on `size` (both sides).
pub fn start_pieces(variant: Variant, size: BoardSize) -> usize {
    let start = match variant {
        Variant::Breakthrough => breakthrough::start_placement(size),
        Variant::LinesOfAction => loa::start_placement(size),
    };
    start.cells.iter().flatten().count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eight_buckets_cut_the_start_positions_piece_counts_into_equal_ranges() {
        let size = BoardSize::new(8, 8);
        let bt = Buckets::new(Variant::Breakthrough, size, 8);
        assert_eq!(start_pieces(Variant::Breakthrough, size), 32);
        let of = |b: &Buckets, counts: &[usize]| counts.iter().map(|&p| b.of(p)).collect::<Vec<_>>();
        assert_eq!(of(&bt, &[0, 1, 4, 5, 8, 28, 29, 32, 64]), [0, 0, 0, 1, 1, 6, 7, 7, 7]);
        let loa = Buckets::new(Variant::LinesOfAction, size, 8);
        assert_eq!(start_pieces(Variant::LinesOfAction, size), 24);
        assert_eq!(of(&loa, &[1, 3, 4, 12, 13, 21, 22, 24]), [0, 0, 1, 3, 4, 6, 7, 7]);
        let one = Buckets::new(Variant::LinesOfAction, size, 1);
        assert!((0..=64).all(|p| one.of(p) == 0));
    }
}
