//! What every feature's panels and pages draw with: the page a menu screen
//! is drawn on and its way Home ([`page`]), the backdrop around the board
//! ([`backdrop`]), the panels' views of the game ([`views`]), the game's own
//! sections that every game screen shows (status, pacing, statistics, the
//! move list: [`info`], with its side lines [`side_lines`]), one way to
//! number moves ([`numbering`]), the notice as a toast ([`toast`]) and the
//! list of keys ([`keys`]).

pub(crate) mod backdrop;
pub(crate) mod info;
pub(crate) mod keys;
pub(crate) mod numbering;
pub(crate) mod page;
pub(crate) mod side_lines;
pub(crate) mod toast;
pub(crate) mod views;

use bevy::prelude::*;

/// The board's picture in the room between the panels (needs a window).
pub(crate) fn view_plugin(app: &mut App) {
    app.add_plugins(backdrop::plugin);
}
