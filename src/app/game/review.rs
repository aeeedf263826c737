//! Review mode: look at any earlier position of the game without changing it.
//! The reviewed ply lives in the [`GameSession`] (requests `GoTo` and
//! `ContinueFromHere` change it); while reviewing, no AI searches and the
//! human cannot move.

use bevy::prelude::*;

use crate::app::game::session::GameSession;
use crate::engine::Move as EngineMove;

/// Run condition: the board follows the game (not reviewing).
pub(crate) fn following_game(session: Option<Res<GameSession>>) -> bool {
    session.is_none_or(|s| !s.reviewing())
}

/// The move that led to the shown position: the live game's last move, or
/// while reviewing ply `k`, the k-th move (none at the start).
pub fn last_shown_move(moves: &[EngineMove], review_ply: Option<usize>) -> Option<EngineMove> {
    let shown = review_ply.map_or(moves.len(), |ply| ply.min(moves.len()));
    moves[..shown].last().copied()
}
