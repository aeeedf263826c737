//! The game's looks: the palette every view draws with, and the piece
//! textures.

pub(crate) mod assets;
pub mod palette;

use bevy::prelude::*;

/// The wing's views (need a window).
pub(crate) fn view_plugin(app: &mut App) {
    app.add_plugins(assets::plugin);
}
