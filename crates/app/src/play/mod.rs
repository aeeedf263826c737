//! Play: a game against a level or a friend. The play setup's choice and
//! Start ([`setup`], its page [`setup_page`] and the panel sections that set
//! a game up [`setup_sections`], [`program_seat`]), rated games ([`rated`]),
//! what a person asks that may need a yes ([`asks`], [`confirm`]), the
//! game's buttons ([`comforts`]), the move box and the keys for playing
//! without a mouse ([`move_box`], [`board_keys`]), the person's progress
//! ([`progress`]) and the end of a game ([`banner`]).

pub mod asks;
pub(crate) mod banner;
pub(crate) mod board_keys;
pub(crate) mod comforts;
pub(crate) mod confirm;
pub(crate) mod move_box;
pub(crate) mod program_seat;
pub(crate) mod progress;
pub mod rated;
pub mod setup;
pub(crate) mod setup_page;
pub(crate) mod setup_sections;

use bevy::prelude::*;

/// The feature's logic, headless.
pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((rated::plugin, setup::plugin, asks::plugin));
}

/// The move box and the board's keys (need a window).
pub(crate) fn view_plugin(app: &mut App) {
    app.add_plugins(board_keys::plugin);
}
