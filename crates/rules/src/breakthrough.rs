//! Breakthrough rules: pawns step straight or diagonally forward, capture
//! diagonally, and win by reaching the far rank or capturing every enemy pawn.

use super::bits::Bits;
use super::board::Board;
use super::error::FenError;
use super::game::{Game, MoveList};
use super::placement::Placement;
use super::side_view::SideView;
use crate::{BoardSize, Move, Outcome, Side, Variant, WinReason};

/// A Breakthrough position and the number of plies played to reach it.
#[derive(Clone, Debug, PartialEq)]
pub struct Breakthrough<B: Bits> {
    board: Board<B>,
    plies: u32,
}

/// The start placement: each side's two home rows full, White to move.
pub fn start_placement(size: BoardSize) -> Placement {
    let mut p = Placement::empty(size, Side::White);
    let cols = size.columns as usize;
    let n = size.squares();
    for i in 0..2 * cols {
        p.cells[i] = Some(Side::White);
        p.cells[n - 1 - i] = Some(Side::Black);
    }
    p
}

impl<B: Bits> Breakthrough<B> {
    /// Target sets of the side to move: straight, towards file a, towards the last file.
    #[inline]
    fn targets(&self) -> [B; 3] {
        let view = SideView::of_mover(&self.board);
        let all = view.geometry().all;
        let own = view.own();
        let empty = all & !self.board.occupied();
        let not_own = all & !own;
        let [straight, aside_a, aside_last] = view.pawn_steps(own);
        [straight & empty, aside_a & not_own, aside_last & not_own]
    }

    /// How far back along the board index each target set's origin lies.
    #[inline]
    fn origin_offsets(&self) -> [i32; 3] {
        let cols = self.board.geometry().columns as i32;
        match self.board.side() {
            Side::White => [cols, cols - 1, cols + 1],
            Side::Black => [-cols, -cols - 1, -cols + 1],
        }
    }
}

impl<B: Bits> Game for Breakthrough<B> {
    const VARIANT: Variant = Variant::Breakthrough;
    type Bits = B;

    fn from_placement(p: &Placement) -> Result<Self, FenError> {
        Variant::Breakthrough.check_size(p.size)?;
        let cols = p.size.columns as usize;
        let on_goal = |c: Side| {
            let goal = p.size.goal_rank(c) as usize;
            (0..cols).any(|f| p.cells[goal * cols + f] == Some(c))
        };
        let (white_arrived, black_arrived) = (on_goal(Side::White), on_goal(Side::Black));
        let (nw, nb) = (p.count(Side::White), p.count(Side::Black));
        if nw == 0 && nb == 0 {
            return Err(FenError::Invalid("the board has no pawns"));
        }
        if white_arrived && black_arrived {
            return Err(FenError::Invalid("both sides have reached the far rank"));
        }
        if (white_arrived && nb == 0) || (black_arrived && nw == 0) {
            return Err(FenError::Invalid("a side won twice over (far rank and no enemy pawns)"));
        }
        Ok(Breakthrough { board: Board::from_placement(p), plies: 0 })
    }

    #[inline]
    fn board(&self) -> &Board<B> {
        &self.board
    }

    #[inline]
    fn quick_outcome(&self) -> Outcome {
        let white = SideView::new(&self.board, Side::White);
        let black = white.flip();
        let win = |winner, reason| Outcome::Win { winner, reason };
        if (white.own() & white.goal()).any() {
            win(Side::White, WinReason::ReachedGoal)
        } else if (black.own() & black.goal()).any() {
            win(Side::Black, WinReason::ReachedGoal)
        } else if black.own().is_empty() {
            win(Side::White, WinReason::CapturedAll)
        } else if white.own().is_empty() {
            win(Side::Black, WinReason::CapturedAll)
        } else {
            Outcome::Ongoing
        }
    }

    fn generate_moves(&self, out: &mut MoveList) {
        let enemy = self.board.pieces(self.board.side().opponent());
        let offsets = self.origin_offsets();
        for (set, back) in self.targets().into_iter().zip(offsets) {
            for to in set.squares() {
                let from = (to as i32 - back) as u8;
                out.push(Move::new(from, to as u8, enemy.has(to)));
            }
        }
    }

    #[inline]
    fn count_moves(&self) -> usize {
        self.targets().iter().map(|t| t.count() as usize).sum()
    }

    /// A side with a pawn always has a move while the game is on: its most
    /// advanced pawn has no own pawn on the rank ahead, so each diagonal square
    /// there (one exists with 2+ columns) is empty or holds an enemy to capture.
    #[inline]
    fn has_moves(&self) -> bool {
        self.board.pieces(self.board.side()).any()
    }

    /// A pawn that can step onto the far rank wins.
    #[inline]
    fn wins_next_move(&self) -> bool {
        let goal = SideView::of_mover(&self.board).goal();
        self.targets().iter().any(|&t| (t & goal).any())
    }

    #[inline]
    fn play_unchecked(&mut self, m: Move) {
        self.board.make(m);
        self.plies += 1;
    }

    #[inline]
    fn undo_unchecked(&mut self, m: Move) {
        self.board.unmake(m);
        self.plies -= 1;
    }

    fn play_null(&mut self) {
        self.board.pass();
    }

    fn undo_null(&mut self) {
        self.board.pass();
    }

    fn plies(&self) -> u32 {
        self.plies
    }
}
