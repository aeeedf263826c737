//! One side's view of a board: its pieces and the enemy's, its home and goal
//! ranks, which way is forward, and the squares its pawns attack. Every
//! colour-relative fact of the rules is written here once; the evaluations,
//! the solver's knowledge, the tuner's features, the analysis layers and the
//! move generator read them from here.

use super::bits::Bits;
use super::board::Board;
use super::geometry::Geometry;
use crate::{Side, rank_in_front};

/// The board as `color` sees it.
#[derive(Clone, Copy, Debug)]
pub struct SideView<'a, B: Bits> {
    geo: &'a Geometry<B>,
    color: Side,
    own: B,
    enemy: B,
}

impl<'a, B: Bits> SideView<'a, B> {
    /// `board` seen by `color`.
    #[inline]
    pub fn new(board: &'a Board<B>, color: Side) -> SideView<'a, B> {
        SideView { geo: board.geometry(), color, own: board.pieces(color), enemy: board.pieces(color.opponent()) }
    }

    /// `board` seen by the side to move.
    #[inline]
    pub fn of_mover(board: &'a Board<B>) -> SideView<'a, B> {
        SideView::new(board, board.side())
    }

    /// The same board seen by the other side.
    #[inline]
    pub fn flip(self) -> SideView<'a, B> {
        SideView { color: self.color.opponent(), own: self.enemy, enemy: self.own, ..self }
    }

    /// The side whose view this is.
    #[inline]
    pub fn color(&self) -> Side {
        self.color
    }

    /// Its pieces.
    #[inline]
    pub fn own(&self) -> B {
        self.own
    }

    /// The other side's pieces.
    #[inline]
    pub fn enemy(&self) -> B {
        self.enemy
    }

    /// The board's tables.
    #[inline]
    pub fn geometry(&self) -> &'a Geometry<B> {
        self.geo
    }

    /// The number of ranks.
    #[inline]
    pub fn rows(&self) -> usize {
        self.geo.ranks.len()
    }

    /// The squares of the rank `k` steps from this side's home rank.
    #[inline]
    pub fn rank(&self, k: usize) -> B {
        self.geo.ranks[rank_in_front(self.color, self.rows(), k)]
    }

    /// Breakthrough: the rank this side's pawns win on.
    #[inline]
    pub fn goal(&self) -> B {
        self.geo.ranks[self.geo.size.goal_rank(self.color) as usize]
    }

    /// How many steps `square` lies from this side's home rank.
    #[inline]
    pub fn rank_from_home(&self, square: usize) -> usize {
        rank_in_front(self.color, self.rows(), square / self.geo.columns as usize)
    }

    /// How many steps `square` lies from this side's goal rank.
    #[inline]
    pub fn steps_to_goal(&self, square: usize) -> usize {
        self.rows() - 1 - self.rank_from_home(square)
    }

    /// `set` moved one rank towards this side's goal (squares that leave the board dropped).
    #[inline]
    pub fn forward(&self, set: B) -> B {
        match self.color {
            Side::White => set.shl(self.geo.columns) & self.geo.all,
            Side::Black => set.shr(self.geo.columns),
        }
    }

    /// `set` moved one rank back towards this side's home.
    #[inline]
    pub fn backward(&self, set: B) -> B {
        self.flip().forward(set)
    }

    /// Where pawns of this side standing on `set` step to: straight ahead,
    /// ahead towards file a, ahead towards the last file. One shift each (the
    /// move generator's hot path); for White the sets may hold squares past
    /// the last rank, which the caller masks off with the board.
    #[inline]
    pub fn pawn_steps(&self, set: B) -> [B; 3] {
        let (g, cols) = (self.geo, self.geo.columns);
        let (aside_a, aside_last) = (set & g.not_first_file, set & g.not_last_file);
        match self.color {
            Side::White => [set.shl(cols), aside_a.shl(cols - 1), aside_last.shl(cols + 1)],
            Side::Black => [set.shr(cols), aside_a.shr(cols + 1), aside_last.shr(cols - 1)],
        }
    }

    /// The squares pawns of this side standing on `set` could capture on:
    /// one step forward and one file aside.
    #[inline]
    pub fn pawn_attacks(&self, set: B) -> B {
        let [_, aside_a, aside_last] = self.pawn_steps(set);
        (aside_a | aside_last) & self.geo.all
    }

    /// The squares this side's pawns attack.
    #[inline]
    pub fn attacks(&self) -> B {
        self.pawn_attacks(self.own)
    }

    /// This side's pawns that could capture on `square`.
    #[inline]
    pub fn attackers_of(&self, square: usize) -> B {
        self.own & self.flip().pawn_attacks(B::bit(square))
    }
}
