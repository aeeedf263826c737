//! Home and the ways between screens: the screens' transitions, with the
//! game's mode computed from each ([`screens`]), and the Home page with
//! Resume and a button a mode ([`menu`]).

pub(crate) mod menu;
pub mod screens;

use bevy::prelude::*;

use crate::game::phase::GameSystems;

/// The feature's logic, headless.
pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(screens::plugin)
        .init_resource::<crate::ui::views::ModalOpen>()
        .add_systems(Update, menu::escape_goes_home.before(GameSystems::Input));
}
