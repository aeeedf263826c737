//! Where the board stands in the window: the free part of the window between
//! the panels, the size and place of the squares in it, the view's flip and
//! the drawing order.

use bevy::prelude::*;

use crate::engine::BoardSize;

/// Draw order: frame < squares < labels < pieces < markers.
pub(crate) const SQUARE_Z: f32 = 0.0;
pub const PIECE_Z: f32 = 2.0;
pub(crate) const MOVING_PIECE_Z: f32 = 2.5;

/// The part of the world the board may use (world units are logical pixels,
/// origin at the window centre). The view keeps it clear of the panel.
#[derive(Resource, Clone, Copy, PartialEq, Debug)]
pub(crate) struct BoardViewport {
    pub(crate) center: Vec2,
    pub(crate) size: Vec2,
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

/// The player's choice to see the board from Black's side (view only;
/// remembered between runs).
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq, Debug)]
pub struct BoardFlip(pub bool);

/// A flip a puzzle sets for the view alone while it lasts (its solver's side
/// at the bottom); `None`: the player's [`BoardFlip`] shows. The player's
/// choice is never touched, so nothing has to be put back or kept from the
/// settings file.
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq, Debug)]
pub struct ViewFlip(pub Option<bool>);

impl ViewFlip {
    /// The flip the board shows.
    pub fn shown(&self, choice: BoardFlip) -> BoardFlip {
        BoardFlip(self.0.unwrap_or(choice.0))
    }

    /// Turns the board the other way: the view's flip while one is set,
    /// otherwise the player's choice.
    pub(crate) fn turn(&mut self, choice: &mut BoardFlip) {
        match &mut self.0 {
            Some(view) => *view = !*view,
            None => choice.0 = !choice.0,
        }
    }
}

impl Default for BoardLayout {
    fn default() -> Self {
        BoardLayout::fit(BoardSize::new(8, 8), &BoardViewport::default())
    }
}

impl BoardLayout {
    /// Room around the squares, in squares, for the frame and coordinates.
    pub(crate) const MARGIN: f32 = 0.55;
    /// Logical pixels kept free around the frame.
    const PADDING: f32 = 12.0;

    pub(crate) fn fit(board: BoardSize, viewport: &BoardViewport) -> BoardLayout {
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

    pub(crate) fn with_flip(mut self, flip: BoardFlip) -> BoardLayout {
        self.flipped = flip.0;
        self
    }

    pub(crate) fn center(&self, file: u8, rank: u8) -> Vec2 {
        self.point(file as f32, rank as f32)
    }

    /// A point given in board files and ranks (fractions allowed, e.g. a
    /// centre of mass; whole numbers are square centres), flip included.
    pub(crate) fn point(&self, file: f32, rank: f32) -> Vec2 {
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
    pub(crate) fn board_center(&self) -> Vec2 {
        self.a1 + Vec2::new(self.board.columns as f32 - 1.0, self.board.rows as f32 - 1.0) * self.square / 2.0
    }

    /// Width and height of the squares together.
    pub(crate) fn board_extent(&self) -> Vec2 {
        Vec2::new(self.board.columns as f32, self.board.rows as f32) * self.square
    }

    /// The square under a world point, if any.
    pub(crate) fn square_at(&self, point: Vec2) -> Option<u8> {
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

/// Where egui is on screen, for board input: the side panels' widths in
/// logical pixels (the board keeps between them), and whether the pointer is
/// over a floating egui window (game over, series).
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq)]
pub(crate) struct PanelWidths {
    pub(crate) left: f32,
    pub(crate) right: f32,
    pub(crate) pointer_over_window: bool,
}

/// The narrowest the right panel may be: Watch & Lab's rows need this much
/// (at 220 an 800-pixel window clipped their first letters at the panel's edge).
const RIGHT_PANEL_MIN: f32 = 240.0;

/// Panel widths for a window `width` logical pixels wide: they narrow
/// before the board has to, down to what their controls need.
pub(crate) fn panel_widths(width: f32) -> (f32, f32) {
    let left = (width * 0.25).clamp(230.0, 330.0);
    let right = (width * 0.23).clamp(RIGHT_PANEL_MIN, 300.0);
    (left, right)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_fits_the_viewport_at_every_size() {
        let viewport = BoardViewport { center: Vec2::new(160.0, 0.0), size: Vec2::new(960.0, 800.0) };
        for (columns, rows) in [(8, 8), (5, 10), (12, 12), (3, 5), (12, 5)] {
            let layout = BoardLayout::fit(BoardSize::new(columns, rows), &viewport);
            let extent = layout.board_extent() + Vec2::splat(2.0 * BoardLayout::MARGIN * layout.square);
            assert!(extent.x <= viewport.size.x + 0.5 && extent.y <= viewport.size.y + 0.5, "{columns}x{rows}");
            let close = layout.square + 2.0;
            assert!(extent.x >= viewport.size.x - close || extent.y >= viewport.size.y - close);
            assert!(layout.board_center().distance(viewport.center) < 0.01);
            assert_eq!(layout.square, layout.square.floor(), "whole-pixel squares");
            for square in 0..(columns * rows) {
                assert_eq!(layout.square_at(layout.square_center(square)), Some(square));
            }
        }
    }

    #[test]
    fn a_flipped_board_puts_black_at_the_bottom_and_maps_points_back() {
        for (columns, rows) in [(8, 8), (5, 7), (12, 6)] {
            let board = BoardSize::new(columns, rows);
            let plain = BoardLayout::fit(board, &BoardViewport::default());
            let flipped = plain.with_flip(BoardFlip(true));
            let (a1, last) = (board.index(0, 0), board.index(columns - 1, rows - 1));
            assert_eq!(flipped.square_center(a1), plain.square_center(last), "a1 sits where the far corner was");
            let black_corner = flipped.square_center(board.index(0, rows - 1));
            assert!(black_corner.y < flipped.square_center(a1).y, "Black's side below");
            for square in 0..columns * rows {
                assert_eq!(flipped.square_at(flipped.square_center(square)), Some(square));
            }
            assert_eq!(flipped.point(0.0, 0.0), flipped.square_center(a1));
        }
    }
}
