//! Lines of Action rules: a piece moves exactly as many squares as there are
//! pieces on its line, jumps own pieces but not enemy ones, captures by landing,
//! and a side wins by joining all its pieces into one 8-connected group.

use std::ops::ControlFlow;

use super::bits::Bits;
use super::board::Board;
use super::connection_rule::BothConnected;
use super::error::FenError;
use super::game::{Game, MoveList};
use super::geometry::Geometry;
use super::placement::Placement;
use crate::{BoardSize, DrawReason, Move, Outcome, Side, Variant, WinReason};

/// Plies after which a game without a winner is drawn, unless set otherwise.
const DEFAULT_MOVE_LIMIT: u32 = 500;

/// One entry per position reached, for the threefold-repetition rule.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Reached {
    hash: u64,
    /// Plies since the last capture: no earlier position can repeat this one.
    reversible: u32,
}

/// A Lines of Action position, with the history its repetition and move-limit rules need.
#[derive(Clone, Debug, PartialEq)]
pub struct LinesOfAction<B: Bits> {
    board: Board<B>,
    history: Vec<Reached>,
    move_limit: u32,
    both_connected: BothConnected,
}

/// The start placement: Black on the bottom and top ranks, White on the first
/// and last files, corners empty, Black to move.
pub fn start_placement(size: BoardSize) -> Placement {
    let mut p = Placement::empty(size, Side::Black);
    let n = size.columns as usize;
    for i in 1..n - 1 {
        p.cells[i] = Some(Side::Black);
        p.cells[(n - 1) * n + i] = Some(Side::Black);
        p.cells[i * n] = Some(Side::White);
        p.cells[i * n + n - 1] = Some(Side::White);
    }
    p
}

impl<B: Bits> LinesOfAction<B> {
    pub(crate) fn move_limit(&self) -> u32 {
        self.move_limit
    }

    /// What a move that joins both sides' pieces does in this game.
    pub fn both_connected(&self) -> BothConnected {
        self.both_connected
    }

    /// Sets what a move that joins both sides' pieces does.
    pub fn set_both_connected(&mut self, rule: BothConnected) {
        self.both_connected = rule;
    }

    /// Sets the number of plies after which the game is drawn.
    pub fn set_move_limit(&mut self, plies: u32) {
        self.move_limit = plies;
    }

    #[inline]
    fn is_connected(&self, set: B) -> bool {
        match set.squares().next() {
            None => false,
            Some(seed) => self.board.geometry().connected_from(B::bit(seed), set) == set,
        }
    }

    fn is_threefold(&self) -> bool {
        let last = self.history.len() - 1;
        let now = self.history[last];
        let mut seen = 1;
        let mut back = 2;
        while back as u32 <= now.reversible && back <= last {
            if self.history[last - back].hash == now.hash {
                seen += 1;
                if seen >= 3 {
                    return true;
                }
            }
            back += 2;
        }
        false
    }

    /// Calls `emit(from, to, capture)` for every move of the side to move,
    /// until it answers `Break`.
    #[inline]
    fn for_each_move(&self, mut emit: impl FnMut(usize, usize, bool) -> ControlFlow<()>) {
        let b = &self.board;
        let own = b.pieces(b.side());
        let enemy = b.pieces(b.side().opponent());
        for from in own.squares() {
            if piece_moves(b.geometry(), own, enemy, from, |to, capture| emit(from, to, capture)).is_break() {
                return;
            }
        }
    }
}

/// The moves of the piece on `from` (one of `own`): calls `emit(to, capture)`
/// for each until it answers `Break`. Move generation and the evaluation's
/// mobility both read the movement rule from here.
#[inline]
pub fn piece_moves<B: Bits>(
    geo: &Geometry<B>,
    own: B,
    enemy: B,
    from: usize,
    mut emit: impl FnMut(usize, bool) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let occupied = own | enemy;
    for (line, &mask) in geo.lines[from].iter().enumerate() {
        let distance = (mask & occupied).count();
        for dir in [2 * line, 2 * line + 1] {
            if (geo.ray_len[from][dir] as u32) < distance {
                continue;
            }
            let to = (from as i32 + distance as i32 * geo.step[dir]) as usize;
            let target = B::bit(to);
            if (own & target).any() {
                continue;
            }
            // Squares after `from` up to and including `to`.
            let path = geo.rays[from][dir] ^ geo.rays[to][dir];
            if (path & enemy & !target).any() {
                continue;
            }
            emit(to, (enemy & target).any())?;
        }
    }
    ControlFlow::Continue(())
}

impl<B: Bits> Game for LinesOfAction<B> {
    const VARIANT: Variant = Variant::LinesOfAction;
    type Bits = B;

    fn from_placement(p: &Placement) -> Result<Self, FenError> {
        Variant::LinesOfAction.check_size(p.size)?;
        if p.count(Side::White) == 0 || p.count(Side::Black) == 0 {
            return Err(FenError::Invalid("each side needs at least one piece"));
        }
        let board = Board::from_placement(p);
        let history = vec![Reached { hash: board.hash(), reversible: 0 }];
        Ok(LinesOfAction { board, history, move_limit: DEFAULT_MOVE_LIMIT, both_connected: BothConnected::default() })
    }

    #[inline]
    fn board(&self) -> &Board<B> {
        &self.board
    }

    fn quick_outcome(&self) -> Outcome {
        let (white, black) = (self.board.pieces(Side::White), self.board.pieces(Side::Black));
        let win = |winner| Outcome::Win { winner, reason: WinReason::Connected };
        match (self.is_connected(white), self.is_connected(black)) {
            // A move that joins both sides wins for the side that made it, or draws by the tournament rule.
            (true, true) => match self.both_connected {
                BothConnected::MoverWins => win(self.board.side().opponent()),
                BothConnected::Draw => Outcome::Draw { reason: DrawReason::BothConnected },
            },
            (true, false) => win(Side::White),
            (false, true) => win(Side::Black),
            (false, false) if self.is_threefold() => Outcome::Draw { reason: DrawReason::Repetition },
            (false, false) if self.plies() >= self.move_limit => Outcome::Draw { reason: DrawReason::MoveLimit },
            (false, false) => Outcome::Ongoing,
        }
    }

    fn generate_moves(&self, out: &mut MoveList) {
        self.for_each_move(|from, to, capture| {
            out.push(Move::new(from as u8, to as u8, capture));
            ControlFlow::Continue(())
        });
    }

    fn count_moves(&self) -> usize {
        let mut n = 0;
        self.for_each_move(|_, _, _| {
            n += 1;
            ControlFlow::Continue(())
        });
        n
    }

    fn has_moves(&self) -> bool {
        let mut any = false;
        self.for_each_move(|_, _, _| {
            any = true;
            ControlFlow::Break(())
        });
        any
    }

    #[inline]
    fn play_unchecked(&mut self, m: Move) {
        self.board.make(m);
        let reversible = if m.capture { 0 } else { self.history[self.history.len() - 1].reversible + 1 };
        self.history.push(Reached { hash: self.board.hash(), reversible });
    }

    #[inline]
    fn undo_unchecked(&mut self, m: Move) {
        self.board.unmake(m);
        self.history.pop();
    }

    fn play_null(&mut self) {
        self.board.pass();
        // A pass is no real move: do not let repetitions be counted across it.
        self.history.push(Reached { hash: self.board.hash(), reversible: 0 });
    }

    fn undo_null(&mut self) {
        self.board.pass();
        self.history.pop();
    }

    #[inline]
    fn plies(&self) -> u32 {
        self.history.len() as u32 - 1
    }
}
