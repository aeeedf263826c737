//! Home and the ways between screens: the screens' transitions, with the
//! game's mode computed from each ([`screens`]), the studies a screen keeps
//! while the person plays ([`parked_study`]), and the Home page with Resume
//! and a button a mode ([`menu`]).

pub(crate) mod menu;
pub mod parked_study;
pub mod screens;

use bevy::prelude::*;

/// The feature's logic, headless.
pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((screens::plugin, parked_study::plugin))
        .init_resource::<crate::ui::views::ModalOpen>()
        // Before anything this frame answers the key (a solver cancelled, a
        // piece dropped): Escape goes Home only if nothing else takes it.
        .add_systems(PreUpdate, menu::escape_goes_home.after(bevy::input::InputSystems));
}
