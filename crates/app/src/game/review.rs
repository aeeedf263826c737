//! Review mode: look at any earlier position of the game without changing it.
//! The reviewed ply lives in the [`GameSession`] (requests `GoTo` and
//! `ContinueFromHere` change it); while reviewing, no AI searches, and a
//! move made on the board is tried as a side line (`TryMove`).

use bevy::prelude::*;

use crate::game::session::GameSession;

/// Run condition: the board follows the game (not reviewing).
pub(crate) fn following_game(session: Option<Res<GameSession>>) -> bool {
    session.is_none_or(|s| !s.reviewing())
}
