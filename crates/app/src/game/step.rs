//! A step of the board between two positions shown in turn: one move
//! played or taken back, which the board animates (anything else is a jump).

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
