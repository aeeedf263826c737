//! The board as entities: one per square and one per piece, placed by a
//! layout that centres the board in the free part of the window and rescales
//! it with the window and the board size.

use bevy::prelude::*;

use super::animation::MoveAnimation;
use super::session::GameSession;
use super::state::{GamePhase, GameSystems};
use crate::engine::{BoardSize, Side};

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

/// Draw order: frame < squares < labels < pieces < markers.
const SQUARE_Z: f32 = 0.0;
pub const PIECE_Z: f32 = 2.0;
pub(crate) const MOVING_PIECE_Z: f32 = 2.5;

/// The part of the world the board may use (world units are logical pixels,
/// origin at the window centre). The view keeps it clear of the panel.
#[derive(Resource, Clone, Copy, PartialEq, Debug)]
pub struct BoardViewport {
    pub center: Vec2,
    pub size: Vec2,
}

impl Default for BoardViewport {
    fn default() -> Self {
        BoardViewport { center: Vec2::ZERO, size: Vec2::new(960.0, 800.0) }
    }
}

/// Where squares are: the size of one square and the centre of the
/// bottom-left square (a1, or the opposite corner when flipped).
#[derive(Resource, Clone, Copy, PartialEq, Debug)]
pub struct BoardLayout {
    board: BoardSize,
    pub square: f32,
    pub(crate) a1: Vec2,
    /// Black at the bottom: files and ranks run the other way on screen.
    flipped: bool,
}

/// The player's choice to see the board from Black's side (view only).
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq, Debug)]
pub struct BoardFlip(pub bool);

impl Default for BoardLayout {
    fn default() -> Self {
        BoardLayout::fit(BoardSize::new(8, 8), &BoardViewport::default())
    }
}

impl BoardLayout {
    /// Room around the squares, in squares, for the frame and coordinates.
    pub const MARGIN: f32 = 0.55;
    /// Logical pixels kept free around the frame.
    const PADDING: f32 = 12.0;

    pub fn fit(board: BoardSize, viewport: &BoardViewport) -> BoardLayout {
        let (columns, rows) = (board.columns as f32, board.rows as f32);
        // A little air between the frame and the window's edges.
        let room = (viewport.size - Vec2::splat(2.0 * Self::PADDING)).max(Vec2::ONE);
        let fit_w = room.x / (columns + 2.0 * Self::MARGIN);
        let fit_h = room.y / (rows + 2.0 * Self::MARGIN);
        // Whole pixels keep square edges crisp; never collapse to nothing.
        let square = fit_w.min(fit_h).floor().max(8.0);
        let a1 = viewport.center - Vec2::new(columns - 1.0, rows - 1.0) * square / 2.0;
        BoardLayout { board, square, a1, flipped: false }
    }

    /// The frame's height in logical pixels, coordinates included.
    pub(crate) fn frame_height(&self) -> f32 {
        self.square * (self.board.rows as f32 + 2.0 * Self::MARGIN)
    }

    pub fn with_flip(mut self, flip: BoardFlip) -> BoardLayout {
        self.flipped = flip.0;
        self
    }

    pub(crate) fn center(&self, file: u8, rank: u8) -> Vec2 {
        self.point(file as f32, rank as f32)
    }

    /// A point given in board files and ranks (fractions allowed, e.g. a
    /// centre of mass; whole numbers are square centres), flip included.
    pub fn point(&self, file: f32, rank: f32) -> Vec2 {
        let (columns, rows) = (self.board.columns as f32, self.board.rows as f32);
        let (file, rank) = if self.flipped { (columns - 1.0 - file, rows - 1.0 - rank) } else { (file, rank) };
        self.a1 + Vec2::new(file, rank) * self.square
    }

    /// Board file and rank to screen column and row (and back: it is its own inverse).
    fn screen_cell(&self, file: u8, rank: u8) -> (u8, u8) {
        if self.flipped { (self.board.columns - 1 - file, self.board.rows - 1 - rank) } else { (file, rank) }
    }

    pub fn square_center(&self, square: u8) -> Vec2 {
        self.center(self.board.file_of(square), self.board.rank_of(square))
    }

    /// The centre of the whole board.
    pub fn board_center(&self) -> Vec2 {
        self.a1 + Vec2::new(self.board.columns as f32 - 1.0, self.board.rows as f32 - 1.0) * self.square / 2.0
    }

    /// Width and height of the squares together.
    pub fn board_extent(&self) -> Vec2 {
        Vec2::new(self.board.columns as f32, self.board.rows as f32) * self.square
    }

    /// The square under a world point, if any.
    pub fn square_at(&self, point: Vec2) -> Option<u8> {
        let rel = (point - self.a1) / self.square + Vec2::splat(0.5);
        let (file, rank) = (rel.x.floor(), rel.y.floor());
        let inside = file >= 0.0 && rank >= 0.0 && file < self.board.columns as f32 && rank < self.board.rows as f32;
        inside.then(|| {
            let (file, rank) = self.screen_cell(file as u8, rank as u8);
            self.board.index(file, rank)
        })
    }

    /// Squares and pieces are drawn in unit size and scaled to a square.
    pub(crate) fn scale(&self) -> Vec3 {
        Vec3::new(self.square, self.square, 1.0)
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BoardViewport>()
        .init_resource::<BoardLayout>()
        .init_resource::<BoardFlip>()
        .add_systems(OnEnter(GamePhase::Playing), spawn_board)
        .add_systems(Update, (update_layout, (place_squares, place_pieces)).chain().in_set(GameSystems::Board));
}

/// One entity per square and per piece of the new game; they live until the
/// next game's setup. Play resumed after the end (an undo) keeps the board.
fn spawn_board(
    mut commands: Commands,
    session: Res<GameSession>,
    viewport: Res<BoardViewport>,
    flip: Res<BoardFlip>,
    existing: Query<(), With<BoardSquare>>,
) {
    if !existing.is_empty() {
        return;
    }
    let size = session.size();
    let layout = BoardLayout::fit(size, &viewport).with_flip(*flip);
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
    flip: Res<BoardFlip>,
    session: Res<GameSession>,
    mut layout: ResMut<BoardLayout>,
) {
    let fitted = BoardLayout::fit(session.size(), &viewport).with_flip(*flip);
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
