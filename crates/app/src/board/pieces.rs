//! The board as entities: one per square and one per piece, placed by a
//! layout that centres the board in the free part of the window and rescales
//! it with the window and the board size.

use bevy::prelude::*;

use crate::board::layout::{BoardFlip, BoardLayout, BoardViewport, PIECE_Z, SQUARE_Z, ViewFlip};
use crate::engine::Side;
use crate::game::phase::{GamePhase, GameSystems};
use crate::game::session::GameSession;

#[derive(Component, Clone, Copy, PartialEq, Eq, Debug)]
pub struct BoardSquare {
    pub(crate) file: u8,
    pub(crate) rank: u8,
}

/// A piece on the board. Captured pieces lose this component while they fade.
#[derive(Component, Clone, Copy, PartialEq, Eq, Debug)]
pub struct Piece {
    pub color: Side,
    pub square: u8,
}

/// A piece sliding from `from_square` to the square its `Piece` names now.
#[derive(Component, Clone, Copy, Debug)]
pub struct MoveAnimation {
    pub(crate) from_square: u8,
    pub(crate) elapsed: f32,
    pub(crate) duration: f32,
}

/// A captured piece on its way out; despawned when done.
#[derive(Component, Clone, Copy, Debug)]
pub struct CaptureAnimation {
    pub(crate) elapsed: f32,
    pub(crate) duration: f32,
}

impl CaptureAnimation {
    /// 0 at the capture, 1 when gone.
    pub(crate) fn progress(&self) -> f32 {
        if self.duration <= 0.0 { 1.0 } else { (self.elapsed / self.duration).clamp(0.0, 1.0) }
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<BoardViewport>()
        .init_resource::<BoardLayout>()
        .init_resource::<BoardFlip>()
        .init_resource::<ViewFlip>()
        .add_systems(OnEnter(GamePhase::Playing), spawn_board)
        .add_systems(Update, (update_layout, (place_squares, place_pieces)).chain().in_set(GameSystems::Board));
}

/// One entity per square and per piece of the new game; they live until the
/// next game's setup. Play resumed after the end (an undo) keeps the board.
fn spawn_board(
    mut commands: Commands,
    session: Res<GameSession>,
    viewport: Res<BoardViewport>,
    (flip, view): (Res<BoardFlip>, Res<ViewFlip>),
    existing: Query<(), With<BoardSquare>>,
) {
    if !existing.is_empty() {
        return;
    }
    let size = session.size();
    let layout = BoardLayout::fit(size, &viewport).with_flip(view.shown(*flip));
    commands.insert_resource(layout);
    for rank in 0..size.rows {
        for file in 0..size.columns {
            commands.spawn((
                Name::new(format!("Square {}", session.position().square_name(size.index(file, rank)))),
                BoardSquare { file, rank },
                Transform::from_translation(layout.center(file, rank).extend(SQUARE_Z)).with_scale(layout.scale()),
                Visibility::default(),
                DespawnOnEnter(GamePhase::Setup),
            ));
        }
    }
}

pub(crate) fn piece_bundle(layout: &BoardLayout, piece: Piece) -> impl Bundle {
    (
        Name::new(format!("{} piece", piece.color)),
        piece,
        Transform::from_translation(layout.square_center(piece.square).extend(PIECE_Z)).with_scale(layout.scale()),
        Visibility::default(),
        DespawnOnEnter(GamePhase::Setup),
    )
}

fn update_layout(
    viewport: Res<BoardViewport>,
    (flip, view): (Res<BoardFlip>, Res<ViewFlip>),
    session: Res<GameSession>,
    mut layout: ResMut<BoardLayout>,
) {
    let fitted = BoardLayout::fit(session.size(), &viewport).with_flip(view.shown(*flip));
    layout.set_if_neq(fitted);
}

fn place_squares(layout: Res<BoardLayout>, mut squares: Query<(&BoardSquare, &mut Transform)>) {
    if !layout.is_changed() {
        return;
    }
    for (square, mut transform) in &mut squares {
        transform.translation = layout.center(square.file, square.rank).extend(SQUARE_Z);
        transform.scale = layout.scale();
    }
}

/// Puts resting pieces on their squares (moving ones follow their animation).
fn place_pieces(layout: Res<BoardLayout>, mut pieces: Query<(Ref<Piece>, &mut Transform), Without<MoveAnimation>>) {
    for (piece, mut transform) in &mut pieces {
        if layout.is_changed() || piece.is_changed() {
            transform.translation = layout.square_center(piece.square).extend(PIECE_Z);
            transform.scale = layout.scale();
        }
    }
}
