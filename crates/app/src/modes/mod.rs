//! What the person comes to do besides a plain game: lessons, puzzles,
//! rated games and their ratings, what a person asks that may need a yes,
//! AI-vs-AI series, and Flow Free.

pub mod asks;
pub mod flow;
pub mod lessons;
pub mod play_setup;
pub(crate) mod puzzle_cues;
pub mod puzzles;
pub mod rated;
pub mod ratings;
pub mod screens;
pub mod series;

use bevy::prelude::*;

/// The wing's logic, headless.
pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((
        series::plugin,
        flow::plugin,
        ratings::plugin,
        rated::plugin,
        puzzles::plugin,
        lessons::plugin,
        screens::plugin,
        play_setup::plugin,
    ))
    .add_plugins((puzzle_cues::plugin, asks::plugin));
}

/// The wing's views (need a window).
pub(crate) fn view_plugin(app: &mut App) {
    app.add_plugins((flow::view_plugin, puzzles::view_plugin, lessons::view_plugin));
}
