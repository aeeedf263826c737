//! Settings: the settings file, which remembers every feature's choices
//! between runs ([`store`]), and the Settings screen ([`page`], with its
//! Sound section [`sound`]).

pub(crate) mod page;
pub(crate) mod sound;
pub mod store;

use bevy::prelude::*;

/// The feature's logic, headless.
pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(store::plugin);
}
