//! Bit-set building blocks the Breakthrough strategies share, all written
//! relative to one side's direction of travel so every term is colour-symmetric.

use breakline_rules::Side;
use breakline_rules::bits::Bits;
use breakline_rules::board::Board;
use breakline_rules::geometry::Geometry;
use breakline_rules::side_view::SideView;

/// One side's view of the board, for the evaluation's terms: the rules'
/// [`SideView`] (goal, rank from home, forward, pawn attacks) with its
/// pieces and sizes at hand.
#[derive(Clone, Copy)]
pub(crate) struct SideFeatures<'a, B: Bits> {
    view: SideView<'a, B>,
    geo: &'a Geometry<B>,
    pub(crate) color: Side,
    pub(crate) own: B,
    pub(crate) enemy: B,
    pub(crate) rows: usize,
    pub(crate) cols: u32,
}

impl<'a, B: Bits> SideFeatures<'a, B> {
    pub(crate) fn new(board: &'a Board<B>, color: Side) -> SideFeatures<'a, B> {
        SideFeatures::of(SideView::new(board, color))
    }

    fn of(view: SideView<'a, B>) -> SideFeatures<'a, B> {
        let geo = view.geometry();
        SideFeatures {
            view,
            geo,
            color: view.color(),
            own: view.own(),
            enemy: view.enemy(),
            rows: view.rows(),
            cols: geo.columns,
        }
    }

    /// The same board seen by the other side.
    pub(crate) fn flip(self) -> SideFeatures<'a, B> {
        SideFeatures { view: self.view.flip(), color: self.color.opponent(), own: self.enemy, enemy: self.own, ..self }
    }

    /// The squares of the rank `k` steps from this side's home rank.
    #[inline]
    pub(crate) fn rank(&self, k: usize) -> B {
        self.view.rank(k)
    }

    /// How many steps `square` lies from this side's home rank.
    #[inline]
    pub(crate) fn rel_rank(&self, square: usize) -> usize {
        self.view.rank_from_home(square)
    }

    /// `set` moved one rank towards this side's goal.
    #[inline]
    fn forward(&self, set: B) -> B {
        self.view.forward(set)
    }

    /// `set` moved one rank back towards this side's home.
    #[inline]
    fn backward(&self, set: B) -> B {
        self.view.backward(set)
    }

    /// `set` plus its left and right neighbours on the same rank.
    #[inline]
    fn widen(&self, set: B) -> B {
        let g = self.geo;
        set | (set & g.not_first_file).shr(1) | (set.shl(1) & g.not_first_file)
    }

    /// Squares this side's pawns attack.
    #[inline]
    pub(crate) fn attacks(&self) -> B {
        self.view.attacks()
    }

    /// Squares the enemy's pawns attack.
    #[inline]
    fn enemy_attacks(&self) -> B {
        self.flip().attacks()
    }

    /// Own pawns defended by another own pawn (a recapture is ready).
    #[inline]
    pub(crate) fn protected(&self) -> B {
        self.own & self.attacks()
    }

    /// Own pawns an enemy pawn can capture now or next turn.
    #[inline]
    pub(crate) fn attacked(&self) -> B {
        self.own & self.enemy_attacks()
    }

    /// The rank (counted from home) of the most advanced own pawn, 0 without pawns.
    #[inline]
    pub(crate) fn front(&self) -> usize {
        (0..self.rows).rev().find(|&k| (self.own & self.rank(k)).any()).unwrap_or(0)
    }

    /// Sum over own pawns of `weight(rank from home)`.
    #[inline]
    pub(crate) fn by_rank(&self, weight: impl Fn(usize) -> i32) -> i32 {
        (0..self.rows).map(|k| (self.own & self.rank(k)).count() as i32 * weight(k)).sum()
    }

    /// Own pawns with no enemy pawn ahead of them on their own or a neighbouring
    /// file: nothing can ever step into their way or capture them.
    pub(crate) fn runaways(&self) -> B {
        let mut shadow = B::EMPTY;
        let mut ahead = self.backward(self.widen(self.enemy));
        while ahead.any() {
            shadow |= ahead;
            ahead = self.backward(ahead) & !shadow;
        }
        self.own & !shadow
    }

    /// Pairs of own pawns side by side on a rank.
    #[inline]
    pub fn horizontal_links(&self) -> u32 {
        (self.own & (self.own & self.geo.not_first_file).shr(1)).count()
    }

    /// Pairs of own pawns one behind the other on a file.
    #[inline]
    pub(crate) fn vertical_links(&self) -> u32 {
        (self.own & self.forward(self.own)).count()
    }

    /// Files without an own pawn, and how many of those hold an enemy pawn.
    pub(crate) fn empty_files(&self) -> (i32, i32) {
        let (mut empty, mut contested) = (0, 0);
        for &file in &self.geo.files {
            if (self.own & file).is_empty() {
                empty += 1;
                contested += (self.enemy & file).any() as i32;
            }
        }
        (empty, contested)
    }

    /// Moves this side would have if it were its turn.
    #[inline]
    pub fn mobility(&self) -> u32 {
        let g = self.geo;
        let empty = g.all & !(self.own | self.enemy);
        let free = g.all & !self.own;
        let [straight, left, right] = self.view.pawn_steps(self.own);
        let (straight, left, right) = (straight & empty, left & free, right & free);
        straight.count() + left.count() + right.count()
    }
}

/// The side that wins on its next move whatever the other does, if any: the
/// side to move with a pawn one step from its goal, or the other side with more
/// such pawns than the side to move can capture in one move.
pub(crate) fn race<B: Bits>(board: &Board<B>) -> Option<Side> {
    let mover = SideFeatures::new(board, board.side());
    if (mover.own & mover.rank(mover.rows - 2)).any() {
        return Some(mover.color);
    }
    let waiting = mover.flip();
    let runners = waiting.own & waiting.rank(waiting.rows - 2);
    let stoppable = runners.count() == 1 && (runners & mover.attacks()).any();
    (runners.any() && !stoppable).then_some(waiting.color)
}
