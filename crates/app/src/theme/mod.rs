//! The game's looks: the palette every view draws with, the piece
//! textures, and the board theme, piece set and scale a person picks.

pub(crate) mod assets;
mod discs;
pub mod looks;
pub mod palette;
pub(crate) mod widgets;

use bevy::prelude::*;

/// The wing's logic, headless: the looks picked.
pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<looks::Looks>().init_resource::<looks::InterfaceZoom>();
}

/// The wing's views (need a window).
pub(crate) fn view_plugin(app: &mut App) {
    app.add_plugins(assets::plugin);
}
