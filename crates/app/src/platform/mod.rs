//! The game's place on the desktop: the resting window and its fit to the
//! screen, files read and written with one line of error, engine programs
//! installed here, screenshots, the launch options and the window's title.

#[cfg(target_arch = "wasm32")]
pub(crate) mod browser_files;
pub mod file_error;
pub(crate) mod installed_programs;
pub mod launch;
pub(crate) mod screenshot;
pub mod window_fit;
pub(crate) mod window_rest;
pub mod window_title;

use bevy::prelude::*;

/// The wing's views (need a window).
pub(crate) fn view_plugin(app: &mut App) {
    app.add_plugins((window_rest::view_plugin, window_fit::view_plugin, window_title::view_plugin, screenshot::plugin));
}
