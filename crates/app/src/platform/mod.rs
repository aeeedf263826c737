//! The game's place on the desktop: the resting window and its fit to the screen, the settings file,
//! the library of finished games, game files and their dialog, where an opened game goes, the clipboard,
//! engine programs installed here,
//! screenshots and the launch options.

pub(crate) mod clipboard;
pub mod file_dialog;
pub mod file_error;
pub mod files;
pub(crate) mod installed_programs;
pub mod launch;
pub mod library;
pub(crate) mod opening;
pub(crate) mod screenshot;
pub mod settings_store;
pub mod window_fit;
pub(crate) mod window_rest;

use bevy::prelude::*;

/// The wing's logic, headless.
pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((files::plugin, settings_store::plugin, file_dialog::plugin, library::plugin));
}

/// The wing's views (need a window).
pub(crate) fn view_plugin(app: &mut App) {
    app.add_plugins((
        window_rest::view_plugin,
        window_fit::view_plugin,
        file_dialog::view_plugin,
        clipboard::view_plugin,
        screenshot::plugin,
    ));
}
