//! Game files: a game saved and opened as JSON or text ([`game_file`]),
//! through the desktop's file dialog or a typed path ([`dialog`]), copied and
//! pasted through the clipboard ([`clipboard`], the desktop's or the
//! browser's: [`system_clipboard`]), where an opened game goes
//! ([`opening`]), and the panel's Files section ([`section`]).

pub(crate) mod clipboard;
pub mod dialog;
pub mod game_file;
pub(crate) mod opening;
pub(crate) mod section;
pub(crate) mod system_clipboard;

use bevy::prelude::*;

/// The feature's logic, headless.
pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((game_file::plugin, dialog::plugin));
}

/// The desktop's dialog and clipboard (need a window).
pub(crate) fn view_plugin(app: &mut App) {
    app.add_plugins((dialog::view_plugin, clipboard::view_plugin));
}
