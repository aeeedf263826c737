//! The board takes the looks the person picked: the squares' theme and the
//! piece set, when a square or piece is dressed and whenever the choice
//! changes.

use bevy::prelude::*;

use crate::board::pieces::{BoardSquare, Piece};
use crate::game::phase::GameSystems;
use crate::theme::assets::GameTextures;
use crate::theme::looks::Looks;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, restyle.after(GameSystems::Animate));
}

/// A square's sprite: wood (mirrored to break up the grain) or a plain colour.
pub(crate) fn square_sprite(looks: &Looks, textures: &GameTextures, square: &BoardSquare) -> Sprite {
    // a1 is dark, as on a chessboard.
    let dark = (square.file + square.rank).is_multiple_of(2);
    let mut sprite = match looks.board.squares() {
        None => {
            let wood = if dark { textures.dark_wood.clone() } else { textures.light_wood.clone() };
            let mut sprite = Sprite::from_image(wood);
            sprite.flip_x = square.rank % 2 == 1;
            sprite.flip_y = square.file % 3 == 1;
            sprite
        }
        Some((light, dark_tone)) => Sprite::from_color(if dark { dark_tone } else { light }.color(), Vec2::ONE),
    };
    sprite.custom_size = Some(Vec2::ONE);
    sprite
}

/// A new choice redresses every square and piece (sizes and flags kept).
fn restyle(
    looks: Res<Looks>,
    textures: Res<GameTextures>,
    mut squares: Query<(&BoardSquare, &mut Sprite), Without<Piece>>,
    mut pieces: Query<(&Piece, &mut Sprite), Without<BoardSquare>>,
) {
    if !looks.is_changed() {
        return;
    }
    for (square, mut sprite) in &mut squares {
        *sprite = square_sprite(&looks, &textures, square);
    }
    for (piece, mut sprite) in &mut pieces {
        sprite.image = textures.piece(piece.color, looks.pieces);
    }
}
