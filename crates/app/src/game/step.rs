//! A step of the board between two positions shown in turn: one move
//! played or taken back, which the board animates (anything else is a jump),
//! and the move that led to the position shown.

use crate::engine::{Move as EngineMove, Position};

/// The one move that separates two positions the board shows in turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// `position` is the shown one with this move played.
    Forward(EngineMove),
    /// `position` is the shown one with this move taken back.
    Back(EngineMove),
}

/// The one move between two positions shown in turn, if one move separates them.
pub(crate) fn step_between(before: &Position, after: &Position) -> Option<Step> {
    let (old, new) = (before.moves(), after.moves());
    if new.len() == old.len() + 1 && new.starts_with(old) {
        new.last().copied().map(Step::Forward)
    } else if old.len() == new.len() + 1 && old.starts_with(new) {
        old.last().copied().map(Step::Back)
    } else {
        None
    }
}

/// The move that led to the shown position: the live game's last move, or
/// while reviewing ply `k`, the k-th move (none at the start).
pub(crate) fn last_shown_move(moves: &[EngineMove], review_ply: Option<usize>) -> Option<EngineMove> {
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
