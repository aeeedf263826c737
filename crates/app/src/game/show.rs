//! The owner's one message to the board: the position to show now, and the
//! move that separates it from what is shown, when one does.

use bevy::prelude::*;

use crate::engine::Position;
use crate::game::session::Step;

/// Show `position` on the board. `step` names the one move that separates it
/// from what the board shows now, if only one does.
#[derive(Message, Clone, Debug)]
pub(crate) struct ShowPosition {
    pub(crate) position: Position,
    pub(crate) step: Option<Step>,
}

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<ShowPosition>();
}
