//! Puzzles: a shipped puzzle borrows the board as a visit and judges the
//! person's moves ([`puzzle`]), and says its verdict out loud ([`cues`]).
//! The puzzle rating lives with the person's other ratings
//! (`game::ratings`); the Puzzles panel section with the rest of the
//! person's progress (`play::progress`).

pub(crate) mod cues;
pub mod puzzle;

use bevy::prelude::*;

/// The feature's logic, headless.
pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((puzzle::plugin, cues::plugin));
}

/// Keeps the window drawing while the scripted reply comes (needs a window).
pub(crate) fn view_plugin(app: &mut App) {
    app.add_plugins(puzzle::view_plugin);
}
