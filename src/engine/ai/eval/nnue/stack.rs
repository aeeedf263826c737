//! The accumulators a search carries down its line: one pair (White's view,
//! Black's) a ply, the next made from the last by the move between them
//! (a quiet move one subtraction and one addition a view, a capture one more
//! subtraction), and dropped when the move is taken back.

use crate::engine::ai::eval::Score;
use crate::engine::rules::game::Game;
use crate::engine::rules::types::{Move, Side};

use super::net::{Accumulator, Net, feature};

/// The line's accumulators, the position on the board's on top.
#[derive(Clone)]
pub struct AccumulatorStack {
    net: &'static Net,
    accs: Vec<[Accumulator; 2]>,
}

impl AccumulatorStack {
    /// The stack for a search from `game`, its accumulators computed in full.
    pub fn new<G: Game>(net: &'static Net, game: &G) -> AccumulatorStack {
        let mut accs = Vec::with_capacity(256);
        accs.push(super::refresh(net, game));
        AccumulatorStack { net, accs }
    }

    /// Pushes the accumulators after `m`, about to be played in `game` (not yet played).
    #[inline]
    pub fn push<G: Game>(&mut self, game: &G, m: Move) {
        let size = game.size();
        let mover = game.side_to_move();
        let mut next = *self.accs.last().expect("the root's accumulators");
        for (view, acc) in Side::BOTH.into_iter().zip(next.iter_mut()) {
            self.net.sub(acc, feature(size, view, mover, m.from as usize));
            self.net.add(acc, feature(size, view, mover, m.to as usize));
            if m.capture {
                self.net.sub(acc, feature(size, view, mover.opponent(), m.to as usize));
            }
        }
        self.accs.push(next);
    }

    /// Drops the accumulators of the last move pushed.
    #[inline]
    pub fn pop(&mut self) {
        debug_assert!(self.accs.len() > 1, "the root's accumulators stay");
        self.accs.pop();
    }

    /// The top position's accumulators (White's view, Black's).
    pub fn top(&self) -> &[Accumulator; 2] {
        self.accs.last().expect("the root's accumulators")
    }

    /// The net's score of the top position for `mover`, the side to move there.
    #[inline]
    pub fn score(&self, mover: Side) -> Score {
        let top = self.top();
        self.net.output(&top[mover.index()], &top[mover.opponent().index()])
    }
}
