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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_shown_move_follows_the_reviewed_ply() {
        let moves = [EngineMove::new(8, 16, false), EngineMove::new(48, 40, false), EngineMove::new(16, 24, false)];
        assert_eq!(last_shown_move(&moves, None), Some(moves[2]));
        assert_eq!(last_shown_move(&moves, Some(2)), Some(moves[1]));
        assert_eq!(last_shown_move(&moves, Some(0)), None);
        assert_eq!(last_shown_move(&moves, Some(9)), Some(moves[2]), "a ply past the end shows the live game");
        assert_eq!(last_shown_move(&[], None), None);
    }
}
