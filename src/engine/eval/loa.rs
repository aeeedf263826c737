//! Lines of Action strategies.

use crate::engine::bits::Bits;
use crate::engine::game::Game;
use crate::engine::loa::LinesOfAction;
use crate::engine::types::Color;

use super::{Score, Strategy};

pub fn evaluate<B: Bits>(pos: &LinesOfAction<B>, _strategy: Strategy, me: Color) -> Score {
    let b = pos.board();
    // Fewer own pieces is closer to connection; this stands until classic/expert land.
    let mine = b.pieces[me.index()].count() as i32;
    let theirs = b.pieces[me.opponent().index()].count() as i32;
    10 * (theirs - mine)
}

pub fn eval_step<B: Bits>(_pos: &LinesOfAction<B>, _strategy: Strategy) -> Score {
    1
}
