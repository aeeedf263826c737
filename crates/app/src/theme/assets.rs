//! The game's images (rendered from the SVGs in `assets/svg`), loaded once
//! through the asset server, and the flat discs drawn at start-up.

use bevy::prelude::*;

use crate::engine::Side;
use crate::theme::discs::disc_image;
use crate::theme::looks::PieceSet;

#[derive(Resource, Clone, Debug)]
pub(crate) struct GameTextures {
    white_stone: Handle<Image>,
    black_stone: Handle<Image>,
    white_disc: Handle<Image>,
    black_disc: Handle<Image>,
    pub(crate) glow: Handle<Image>,
    pub(crate) light_wood: Handle<Image>,
    pub(crate) dark_wood: Handle<Image>,
    pub(crate) frame: Handle<Image>,
    pub(crate) target_dot: Handle<Image>,
    pub(crate) target_ring: Handle<Image>,
}

impl GameTextures {
    /// A side's piece in the chosen set.
    pub(crate) fn piece(&self, side: Side, set: PieceSet) -> Handle<Image> {
        match (set, side) {
            (PieceSet::Stones, Side::White) => self.white_stone.clone(),
            (PieceSet::Stones, Side::Black) => self.black_stone.clone(),
            (PieceSet::Discs, Side::White) => self.white_disc.clone(),
            (PieceSet::Discs, Side::Black) => self.black_disc.clone(),
        }
    }
}

/// The assets folder: next to the executable when installed that way,
/// otherwise the source tree's (so the binary runs from any directory).
pub(crate) fn asset_root() -> String {
    let beside_exe = std::env::current_exe().ok().and_then(|exe| exe.parent().map(|dir| dir.join("assets")));
    match beside_exe {
        Some(dir) if dir.join("pieces").is_dir() => dir.to_string_lossy().into_owned(),
        _ => concat!(env!("CARGO_MANIFEST_DIR"), "/../../assets").to_string(),
    }
}

pub(crate) fn plugin(app: &mut App) {
    let server = app.world().resource::<AssetServer>().clone();
    let mut images = app.world_mut().resource_mut::<Assets<Image>>();
    let (white_disc, black_disc) = (images.add(disc_image(Side::White)), images.add(disc_image(Side::Black)));
    app.insert_resource(GameTextures {
        white_disc,
        black_disc,
        white_stone: server.load("pieces/stone_white.png"),
        black_stone: server.load("pieces/stone_black.png"),
        glow: server.load("pieces/glow.png"),
        light_wood: server.load("board/wood_light.png"),
        dark_wood: server.load("board/wood_dark.png"),
        frame: server.load("board/frame.png"),
        target_dot: server.load("board/target_dot.png"),
        target_ring: server.load("board/target_ring.png"),
    });
}
