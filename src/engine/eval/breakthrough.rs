//! Breakthrough strategies. Scores are in thousandths of the classic
//! assignment's units (weight 3 on a fraction = up to 3000 points).

use crate::engine::bits::Bits;
use crate::engine::breakthrough::Breakthrough;
use crate::engine::game::Game;
use crate::engine::types::Color;

use super::{Score, Strategy};

/// One unit of the classic heuristics.
pub const UNIT: Score = 1000;

pub fn evaluate<B: Bits>(pos: &Breakthrough<B>, strategy: Strategy, me: Color) -> Score {
    let b = pos.board();
    let full = 2 * b.size().columns as i32;
    let mine = b.pieces[me.index()].count() as i32;
    let theirs = b.pieces[me.opponent().index()].count() as i32;
    match strategy {
        // offensive1: 3 x fraction of the enemy's pawns captured.
        Strategy::Offensive1 => 3 * UNIT * (full - theirs).max(0) / full,
        // defensive1: 3 x fraction of own pawns still on the board.
        Strategy::Defensive1 => 3 * UNIT * mine.min(full) / full,
        _ => 3 * UNIT * (full - theirs).max(0) / full,
    }
}

pub fn eval_step<B: Bits>(pos: &Breakthrough<B>, _strategy: Strategy) -> Score {
    let b = pos.board();
    (3 * UNIT / (2 * b.size().columns as i32 * b.size().rows as i32)).max(1)
}
