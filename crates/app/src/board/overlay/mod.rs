//! The AI's thinking as board data: the principal variation and the root
//! moves' scores from the search's latest progress report, kept only while
//! they describe the position on the board (not while reviewing an earlier
//! one). The view draws them as numbered
//! arrows ([`pv`]) and tinted destination squares ([`scores`]).

pub(crate) mod lines;
mod pv;
mod scores;

use bevy::prelude::*;

pub use lines::{ThinkingLine, ThinkingOverlay};

/// The overlay's data, headless.
pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(lines::plugin);
}

/// Window-only parts: the arrows, their numbers and the square tints.
pub(crate) fn view_plugin(app: &mut App) {
    app.add_plugins((pv::plugin, scores::plugin));
}
