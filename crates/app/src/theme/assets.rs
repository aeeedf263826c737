//! The game's images (rendered from the SVGs in `assets/svg`), built into the
//! binary and decoded once at start-up, and the flat discs drawn then.

use bevy::asset::RenderAssetUsages;
use bevy::image::{CompressedImageFormats, ImageSampler, ImageType, TextureError};
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

/// The game's images, as the binary carries them: a downloaded game runs
/// from any folder, with no `assets/` beside it and no source tree.
const EMBEDDED_IMAGES: [(&str, &[u8]); 8] = [
    ("pieces/stone_white.png", include_bytes!("../../../../assets/pieces/stone_white.png")),
    ("pieces/stone_black.png", include_bytes!("../../../../assets/pieces/stone_black.png")),
    ("pieces/glow.png", include_bytes!("../../../../assets/pieces/glow.png")),
    ("board/wood_light.png", include_bytes!("../../../../assets/board/wood_light.png")),
    ("board/wood_dark.png", include_bytes!("../../../../assets/board/wood_dark.png")),
    ("board/frame.png", include_bytes!("../../../../assets/board/frame.png")),
    ("board/target_dot.png", include_bytes!("../../../../assets/board/target_dot.png")),
    ("board/target_ring.png", include_bytes!("../../../../assets/board/target_ring.png")),
];

/// An embedded PNG decoded as the asset server's loader would (sRGB, the
/// default sampler); one that will not decode (a bug the tests catch) is
/// logged and drawn as a blank square rather than stopping the game.
fn decode_png(name: &str, bytes: &[u8]) -> Image {
    png_image(bytes).unwrap_or_else(|error| {
        error!("the embedded image {name} does not decode: {error}");
        Image::default()
    })
}

fn png_image(bytes: &[u8]) -> Result<Image, TextureError> {
    let (srgb, sampler, usage) = (true, ImageSampler::Default, RenderAssetUsages::default());
    Image::from_buffer(bytes, ImageType::Extension("png"), CompressedImageFormats::NONE, srgb, sampler, usage)
}

pub(crate) fn plugin(app: &mut App) {
    let mut images = app.world_mut().resource_mut::<Assets<Image>>();
    let [white_stone, black_stone, glow, light_wood, dark_wood, frame, target_dot, target_ring] =
        EMBEDDED_IMAGES.map(|(name, bytes)| images.add(decode_png(name, bytes)));
    let (white_disc, black_disc) = (images.add(disc_image(Side::White)), images.add(disc_image(Side::Black)));
    app.insert_resource(GameTextures {
        white_stone,
        black_stone,
        white_disc,
        black_disc,
        glow,
        light_wood,
        dark_wood,
        frame,
        target_dot,
        target_ring,
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_embedded_image_decodes_at_its_size() {
        for (name, bytes) in EMBEDDED_IMAGES {
            let image = png_image(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
            let side = if name.starts_with("pieces/") { 256 } else { 128 };
            assert_eq!((image.width(), image.height()), (side, side), "{name}");
        }
    }
}
