//! Review mode: look at any earlier position of the game without changing it.

use bevy::prelude::*;

/// Go to the position after `ply` moves of the game; going to the live ply
/// (all moves played) ends review. The move list and the evaluation graph send it.
#[derive(Message, Clone, Copy, Debug)]
pub struct ReviewGoTo {
    pub ply: usize,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<ReviewGoTo>();
}
