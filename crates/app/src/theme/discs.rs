//! The flat disc pieces, drawn into images at start-up: a plain face with a
//! rim in the other side's colour, and a mark that tells the sides apart by
//! shape as well as by colour (a ring on White's, a dot on Black's).

use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

use crate::engine::Side;
use crate::theme::palette::{self, Tone};

/// The image's side in pixels (the piece is drawn at most a few hundred wide).
const SIZE: u32 = 128;

/// A side's disc as an image.
pub(crate) fn disc_image(side: Side) -> Image {
    let (face, ink) = match side {
        Side::White => (palette::DISC_WHITE, palette::DISC_BLACK),
        Side::Black => (palette::DISC_BLACK, palette::DISC_WHITE),
    };
    let mut data = Vec::with_capacity((SIZE * SIZE * 4) as usize);
    let centre = SIZE as f32 / 2.0;
    for y in 0..SIZE {
        for x in 0..SIZE {
            // Distance from the centre in units of the disc's radius.
            let d = Vec2::new(x as f32 + 0.5 - centre, y as f32 + 0.5 - centre).length() / (centre - 2.0);
            let (tone, alpha) = pixel(side, d, face, ink);
            data.extend_from_slice(&tone.rgba_bytes(alpha));
        }
    }
    let size = Extent3d { width: SIZE, height: SIZE, depth_or_array_layers: 1 };
    Image::new(size, TextureDimension::D2, data, TextureFormat::Rgba8UnormSrgb, RenderAssetUsages::RENDER_WORLD)
}

/// The colour and coverage at distance `d` (1 = the disc's edge).
fn pixel(side: Side, d: f32, face: Tone, ink: Tone) -> (Tone, f32) {
    // One pixel of soft edge, in radius units.
    let soft = 1.5 / SIZE as f32 * 2.0;
    let inside = |r: f32| ((r - d) / soft + 0.5).clamp(0.0, 1.0);
    let coverage = inside(1.0);
    let rim = 1.0 - inside(0.88);
    let mark = match side {
        Side::White => inside(0.42) * (1.0 - inside(0.30)),
        Side::Black => inside(0.26),
    };
    let ink_share = rim.max(mark);
    (face.mix(ink, ink_share), coverage)
}
