//! Flow Free (puzzle) mode: pick a shipped puzzle, draw its paths by
//! dragging, or let a solver fill the board step by step. The board game
//! waits untouched while this mode shows (see [`Mode`]). Its panels are
//! [`panels`].

pub(crate) mod game;
pub(crate) mod panels;
mod picture;
mod requests;
pub(crate) mod solver;
mod view;

use bevy::prelude::*;

pub(crate) use game::OpenFlow;
pub use game::{FlowGame, FlowRequest, SolveNote};
pub use solver::FlowSolve;

/// The mode's logic, headless.
pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((game::plugin, solver::plugin, requests::plugin));
}

/// The board, the paths and the pointer (need a window).
pub(crate) fn view_plugin(app: &mut App) {
    app.add_plugins(view::plugin);
}
