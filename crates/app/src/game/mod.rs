//! The game itself, headless: where it is (phases), what may change it
//! (requests), what the person set and earned (ratings), the session and its players (and the
//! edits of its side lines), the clock,
//! the notices, the evaluation graph's data, a game left unfinished, and
//! the owner, the one place that applies every change.

pub mod clock;
pub(crate) mod control;
pub mod eval_graph;
pub(crate) mod evaluation_note;
pub mod left;
pub mod length;
pub mod notice;
pub mod owner;
pub mod phase;
pub mod players;
pub mod presets;
pub mod ratings;
pub(crate) mod replay_source;
pub mod request;
pub(crate) mod review;
pub mod screen;
pub mod session;
pub mod settings;
pub(crate) mod show;
pub(crate) mod side_lines;
pub mod sound_cue;
pub(crate) mod step;
pub(crate) mod take_back;
pub mod thinking;
pub mod verdict;
pub(crate) mod wake;

use bevy::prelude::*;

/// The wing's logic, headless.
pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<settings::StudyBoard>().add_plugins((
        phase::plugin,
        owner::plugin,
        clock::plugin,
        notice::plugin,
        evaluation_note::plugin,
        wake::plugin,
        eval_graph::plugin,
        show::plugin,
        thinking::plugin,
        sound_cue::plugin,
        ratings::plugin,
        left::plugin,
    ));
}
