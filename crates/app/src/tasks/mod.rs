//! Work off the frame loop: the AI's searches, other programs' moves, hints,
//! the analysis and the solver's proofs, each on a background job the frame
//! loop polls.

pub mod ai;
pub mod analysis;
pub(crate) mod hint;
pub(crate) mod job;
pub(crate) mod program;
pub mod proof;
pub(crate) mod search_job;
pub(crate) mod stale;
#[cfg(target_arch = "wasm32")]
mod worker;

use bevy::prelude::*;

/// The wing's logic, headless.
pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((stale::plugin, ai::plugin, hint::plugin, proof::plugin, analysis::plugin));
}

/// The wing's views (need a window).
pub(crate) fn view_plugin(app: &mut App) {
    app.add_plugins((hint::view_plugin, proof::view_plugin));
}
