//! The board on screen: squares and pieces as entities, their layout, the
//! one path from the position to the pieces, animation, input from the
//! pointer and the keyboard, typed moves, the position in words, which way up it is shown, sprites, and the analysis layers and thinking overlays.

pub(crate) mod animation;
mod focus_outline;
pub mod input;
pub mod keyboard;
pub mod layers;
pub mod layout;
mod orientation;
pub mod overlay;
pub(crate) mod picture;
mod picture_copy;
pub mod pieces;
pub(crate) mod pointer;
pub(crate) mod sprites;
pub(crate) mod styles;
pub(crate) mod sync;
pub mod typed;
pub mod words;

use bevy::prelude::*;

/// The wing's logic, headless.
pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((pieces::plugin, sync::plugin, input::plugin, animation::plugin, overlay::plugin, layers::plugin))
        .add_plugins((keyboard::plugin, typed::plugin, words::plugin, orientation::plugin));
}

/// The wing's views (need a window).
pub(crate) fn view_plugin(app: &mut App) {
    app.add_plugins((
        sprites::plugin,
        picture::plugin,
        picture_copy::plugin,
        styles::plugin,
        pointer::plugin,
        overlay::view_plugin,
        layers::view_plugin,
        focus_outline::plugin,
    ));
}
