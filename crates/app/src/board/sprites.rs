//! What the board looks like: squares (in the chosen theme) with highlight
//! overlays and move markers, stone sprites with a winner's halo, the frame
//! and the coordinates along its edges.

use bevy::prelude::*;

use crate::board::input::Selection;
use crate::board::layout::BoardLayout;
use crate::board::pieces::CaptureAnimation;
use crate::board::pieces::{BoardSquare, Piece};
use crate::game::phase::{GamePhase, GameSystems};
use crate::game::session::GameSession;
use crate::theme::assets::GameTextures;
use crate::theme::looks::{InterfaceZoom, Looks};
use crate::theme::palette;

/// Tints a square for the last move or the selection.
#[derive(Component)]
struct SquareOverlay;

/// Marks a legal destination of the selected piece.
#[derive(Component)]
struct TargetMarker;

/// The halo under a winning piece.
#[derive(Component)]
struct WinnerGlow;

/// One of the frame's four sides: top, bottom, left, right. The frame is
/// drawn as strips around the squares, not as one sprite under them: the wood
/// under the squares is never seen, and a software renderer pays for every
/// pixel it covers.
#[derive(Component, Clone, Copy)]
struct BoardFrame(u8);

/// How far the frame's strips reach under the squares, in pixels: no seam
/// of background shows between them whatever the rounding.
const FRAME_TUCK: f32 = 1.0;

/// A file letter below the board or a rank number left of it.
#[derive(Component, Clone, Copy)]
enum CoordinateLabel {
    File(u8),
    Rank(u8),
}

const PIECE_SIZE: f32 = 0.86;
const LABEL_COLOR: Color = palette::LABEL.color();
/// Local z offsets inside a square or piece (children share its transform).
const OVERLAY_Z: f32 = 0.1;
const MARKER_Z: f32 = 3.0;
const GLOW_Z: f32 = -0.3;

pub(crate) fn plugin(app: &mut App) {
    app.add_observer(dress_square)
        .add_observer(dress_piece)
        .add_systems(OnEnter(GamePhase::Playing), spawn_frame_and_labels)
        .add_systems(
            Update,
            (place_frame, place_labels, show_highlights, show_winners, fade_captured).after(GameSystems::Animate),
        );
}

fn dress_square(
    add: On<Add, BoardSquare>,
    squares: Query<&BoardSquare>,
    (textures, looks): (Res<GameTextures>, Res<Looks>),
    mut commands: Commands,
) {
    let Ok(square) = squares.get(add.entity) else {
        return;
    };
    let sprite = crate::board::styles::square_sprite(&looks, &textures, square);
    // Only squares and pieces are `Pickable`: sprite picking looks at nothing else.
    commands.entity(add.entity).insert((sprite, Pickable::default())).with_children(|square| {
        // Hidden while clear: a transparent sprite still costs its pixels.
        square.spawn((
            SquareOverlay,
            Sprite::from_color(Color::NONE, Vec2::ONE),
            Transform::from_xyz(0.0, 0.0, OVERLAY_Z),
            Visibility::Hidden,
        ));
        let mut marker = Sprite::from_image(textures.target_dot.clone());
        marker.custom_size = Some(Vec2::ONE);
        square.spawn((TargetMarker, marker, Transform::from_xyz(0.0, 0.0, MARKER_Z), Visibility::Hidden));
    });
}

fn dress_piece(
    add: On<Add, Piece>,
    pieces: Query<&Piece>,
    (textures, looks): (Res<GameTextures>, Res<Looks>),
    mut commands: Commands,
) {
    let Ok(piece) = pieces.get(add.entity) else {
        return;
    };
    let mut sprite = Sprite::from_image(textures.piece(piece.color, looks.pieces));
    sprite.custom_size = Some(Vec2::splat(PIECE_SIZE));
    let mut glow = Sprite::from_image(textures.glow.clone());
    glow.custom_size = Some(Vec2::splat(1.25));
    commands.entity(add.entity).insert((sprite, Pickable::default())).with_child((
        WinnerGlow,
        glow,
        Transform::from_xyz(0.0, 0.0, GLOW_Z),
        Visibility::Hidden,
    ));
}

fn spawn_frame_and_labels(mut commands: Commands, session: Res<GameSession>, textures: Res<GameTextures>) {
    for side in 0..4 {
        commands.spawn((
            Name::new("Board frame"),
            BoardFrame(side),
            Sprite::from_image(textures.frame.clone()),
            Transform::default(),
            // Shown once placed, which waits for the image's size.
            Visibility::Hidden,
            DespawnOnEnter(GamePhase::Setup),
        ));
    }
    let size = session.size();
    let labels = (0..size.columns).map(CoordinateLabel::File).chain((0..size.rows).map(CoordinateLabel::Rank));
    for label in labels {
        let text = match label {
            CoordinateLabel::File(file) => ((b'a' + file) as char).to_string(),
            CoordinateLabel::Rank(rank) => (rank + 1).to_string(),
        };
        commands.spawn((
            label,
            Text2d::new(text),
            TextColor(LABEL_COLOR),
            TextFont::from_font_size(14.0),
            Transform::default(),
            DespawnOnEnter(GamePhase::Setup),
        ));
    }
}

/// Where frame side `side` lies in the world, and the part of the frame's
/// image (`image`: its size in pixels) it shows: the same image stretched
/// over the whole frame, as one sprite would show it.
fn frame_side(layout: &BoardLayout, side: u8, image: Vec2) -> (Rect, Rect) {
    let margin = BoardLayout::MARGIN * layout.square;
    let extent = layout.board_extent();
    let outer = Rect::from_center_size(layout.board_center(), extent + Vec2::splat(2.0 * margin));
    let inner = Rect::from_center_size(layout.board_center(), extent - Vec2::splat(2.0 * FRAME_TUCK));
    let world = match side {
        0 => Rect::new(outer.min.x, inner.max.y, outer.max.x, outer.max.y),
        1 => Rect::new(outer.min.x, outer.min.y, outer.max.x, inner.min.y),
        2 => Rect::new(outer.min.x, inner.min.y, inner.min.x, inner.max.y),
        _ => Rect::new(inner.max.x, inner.min.y, outer.max.x, inner.max.y),
    };
    // The world's y grows upwards, the image's downwards.
    let to_image = |x: f32, y: f32| {
        Vec2::new((x - outer.min.x) / outer.width() * image.x, (outer.max.y - y) / outer.height() * image.y)
    };
    (world, Rect::from_corners(to_image(world.min.x, world.max.y), to_image(world.max.x, world.min.y)))
}

/// Places the frame's sides around the squares, once its image is loaded.
fn place_frame(
    layout: Res<BoardLayout>,
    (textures, looks): (Res<GameTextures>, Res<Looks>),
    images: Res<Assets<Image>>,
    mut sides: Query<(&BoardFrame, &mut Transform, &mut Sprite, &mut Visibility)>,
) {
    let Some(image) = images.get(&textures.frame).map(|image| image.size_f32()) else {
        return;
    };
    for (side, mut transform, mut sprite, mut visibility) in &mut sides {
        let (world, part) = frame_side(&layout, side.0, image);
        let at = world.center().extend(-1.0);
        if transform.translation != at {
            transform.translation = at;
        }
        if sprite.custom_size != Some(world.size()) || sprite.rect != Some(part) {
            sprite.custom_size = Some(world.size());
            sprite.rect = Some(part);
        }
        let tint = looks.board.frame().color();
        if sprite.color != tint {
            sprite.color = tint;
        }
        visibility.set_if_neq(Visibility::Inherited);
    }
}

/// A label that appeared this frame.
type JustAdded = Added<CoordinateLabel>;

/// A coordinate label and what placing it changes.
type LabelParts = (&'static CoordinateLabel, &'static mut Transform, &'static mut TextFont);

fn place_labels(
    (layout, zoom): (Res<BoardLayout>, Res<InterfaceZoom>),
    mut labels: Query<LabelParts, Without<BoardFrame>>,
    added: Query<(), JustAdded>,
) {
    if !layout.is_changed() && !zoom.is_changed() && added.is_empty() {
        return;
    }
    let margin = BoardLayout::MARGIN * layout.square;
    let font_size = label_size(layout.square, zoom.0);
    let edge = layout.a1 - Vec2::splat(layout.square / 2.0 + margin / 2.0);
    for (label, mut transform, mut font) in &mut labels {
        let at = match *label {
            CoordinateLabel::File(file) => Vec2::new(layout.center(file, 0).x, edge.y),
            CoordinateLabel::Rank(rank) => Vec2::new(edge.x, layout.center(0, rank).y),
        };
        transform.translation = at.extend(0.5);
        if font.font_size != FontSize::Px(font_size) {
            font.font_size = FontSize::Px(font_size);
        }
    }
}

/// The coordinates' size in pixels: a share of a square, within what the
/// interface's zoom makes legible (they grew with neither a 4K window nor
/// a 200% interface), and never more than the frame holds. Even sizes only:
/// every distinct size makes a new glyph atlas.
fn label_size(square: f32, zoom: f32) -> f32 {
    let wanted = (square * 0.28).clamp(10.0 * zoom, 26.0 * zoom);
    let room = square * BoardLayout::MARGIN * 0.8;
    (wanted.min(room).max(8.0) / 2.0).round() * 2.0
}

/// A sprite and whether it is drawn.
type Shown = (&'static mut Sprite, &'static mut Visibility);

fn show_highlights(
    session: Res<GameSession>,
    selection: Res<Selection>,
    (textures, looks): (Res<GameTextures>, Res<Looks>),
    squares: Query<(&BoardSquare, &Children)>,
    mut overlays: Query<Shown, (With<SquareOverlay>, Without<TargetMarker>)>,
    mut markers: Query<(&mut Sprite, &mut Visibility), With<TargetMarker>>,
) {
    let size = session.size();
    let (last_tone, selected_tone) = looks.board.marks();
    let (last_tint, selected_tint) = (last_tone.color(), selected_tone.color());
    let last = session.shown_last_move();
    for (square, children) in &squares {
        let index = size.index(square.file, square.rank);
        let tint = if selection.square == Some(index) {
            selected_tint
        } else if last.is_some_and(|m| m.from == index || m.to == index) {
            last_tint
        } else {
            Color::NONE
        };
        let target = selection.move_to(index);
        for child in children.iter() {
            if let Ok((mut overlay, mut visibility)) = overlays.get_mut(child) {
                if overlay.color != tint {
                    overlay.color = tint;
                }
                // A clear tint is not drawn at all: on a software renderer
                // every covered pixel is shaded and blended, seen or not.
                let shown = if tint == Color::NONE { Visibility::Hidden } else { Visibility::Inherited };
                visibility.set_if_neq(shown);
            }
            if let Ok((mut marker, mut visibility)) = markers.get_mut(child) {
                let shown = if target.is_some() { Visibility::Inherited } else { Visibility::Hidden };
                visibility.set_if_neq(shown);
                if let Some(mv) = target {
                    let image = if mv.capture { &textures.target_ring } else { &textures.target_dot };
                    if marker.image != *image {
                        marker.image = image.clone();
                    }
                }
            }
        }
    }
}

/// Lights the winning pieces' halos, gently pulsing, once the game is over.
fn show_winners(
    session: Res<GameSession>,
    phase: Res<State<GamePhase>>,
    time: Res<Time>,
    pieces: Query<(&Piece, &Children)>,
    mut glows: Query<(&mut Visibility, &mut Sprite), With<WinnerGlow>>,
) {
    let winners = if *phase.get() == GamePhase::Over { session.shown_winners() } else { Vec::new() };
    let pulse = 0.75 + 0.25 * (time.elapsed_secs() * 3.0).sin();
    for (piece, children) in &pieces {
        let lit = winners.contains(&piece.square);
        for child in children.iter() {
            if let Ok((mut visibility, mut sprite)) = glows.get_mut(child) {
                visibility.set_if_neq(if lit { Visibility::Inherited } else { Visibility::Hidden });
                if lit {
                    sprite.color = Color::WHITE.with_alpha(pulse);
                }
            }
        }
    }
}

fn fade_captured(mut captured: Query<(&CaptureAnimation, &mut Sprite)>) {
    for (animation, mut sprite) in &mut captured {
        sprite.color = Color::WHITE.with_alpha(1.0 - animation.progress());
    }
}

#[cfg(test)]
mod tests {
    use super::label_size;

    #[test]
    fn coordinates_grow_with_the_interface_and_fit_the_frame() {
        // An 800x600 window's board (squares of about 60 pixels): as before.
        assert_eq!(label_size(60.0, 1.0), 16.0);
        // A 4K window's board (squares of about 230) at its zoom of 2.
        assert_eq!(label_size(230.0, 2.0), 52.0);
        // A 200% interface on a small board: its smallest legible size.
        assert_eq!(label_size(60.0, 2.0), 20.0);
        // Never more than the frame holds.
        assert_eq!(label_size(40.0, 2.0), 18.0);
    }
}
