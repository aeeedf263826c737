//! Learn: the "How to play" lessons, whose examples and try-its borrow the
//! real board ([`lessons`]), and their card over the panels ([`card`]).

pub(crate) mod card;
pub mod lessons;

use bevy::prelude::*;

/// The feature's logic, headless.
pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(lessons::plugin);
}

/// The lesson's arrows on the board (need a window).
pub(crate) fn view_plugin(app: &mut App) {
    app.add_plugins(lessons::view_plugin);
}
