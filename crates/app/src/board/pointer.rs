//! The mouse on the board: the left button going down or up over a square
//! becomes a [`BoardPointer`] message (unless the pointer is over the side
//! panels or a floating egui window), and while a piece is dragged its
//! sprite follows the pointer; dropped, it goes back to its square unless
//! the move was played.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::board::input::{BoardPointer, Selection};
use crate::board::layout::PanelWidths;
use crate::board::layout::{BoardLayout, MOVING_PIECE_Z, PIECE_Z};
use crate::board::picture::BoardCamera;
use crate::board::pieces::MoveAnimation;
use crate::board::pieces::Piece;
use crate::game::phase::GameSystems;
use crate::game::screen::Mode;

/// A piece lifted off its square by a drag.
#[derive(Component)]
struct Dragged;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (read_pointer.before(GameSystems::Input).run_if(in_state(Mode::Board)), follow_drag.after(GameSystems::Board)),
    );
}

/// The board square under the cursor, if the cursor is over the board and
/// not over a panel.
fn square_under_cursor(
    window: &Window,
    camera: (&Camera, &GlobalTransform),
    layout: &BoardLayout,
    panels: &PanelWidths,
) -> Option<(u8, Vec2)> {
    let cursor = window.cursor_position()?;
    let over_panel = cursor.x <= panels.left || cursor.x >= window.width() - panels.right || panels.pointer_over_window;
    if over_panel {
        return None;
    }
    let world = camera.0.viewport_to_world_2d(camera.1, cursor).ok()?;
    layout.square_at(world).map(|square| (square, world))
}

fn read_pointer(
    buttons: Res<ButtonInput<MouseButton>>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<BoardCamera>>,
    layout: Res<BoardLayout>,
    panels: Res<PanelWidths>,
    mut pointer: MessageWriter<BoardPointer>,
) {
    let (pressed, released) = (buttons.just_pressed(MouseButton::Left), buttons.just_released(MouseButton::Left));
    if !pressed && !released {
        return;
    }
    let square = square_under_cursor(&window, *camera, &layout, &panels).map(|(square, _)| square);
    if pressed && let Some(square) = square {
        pointer.write(BoardPointer::Press(square));
    }
    if released {
        pointer.write(BoardPointer::Release(square));
    }
}

/// The dragged piece follows the pointer once it leaves the middle of its
/// square (so a plain click does not twitch it); any other lifted piece
/// goes back to its square.
fn follow_drag(
    mut commands: Commands,
    selection: Res<Selection>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<BoardCamera>>,
    layout: Res<BoardLayout>,
    mut pieces: Query<(Entity, &Piece, &mut Transform, Has<Dragged>), Without<MoveAnimation>>,
) {
    let cursor = window.cursor_position().and_then(|c| camera.0.viewport_to_world_2d(camera.1, c).ok());
    let lifted = selection.square.filter(|_| selection.dragging);
    for (entity, piece, mut transform, dragged) in &mut pieces {
        let home = layout.square_center(piece.square);
        match (lifted, cursor) {
            (Some(from), Some(point))
                if piece.square == from && (dragged || point.distance(home) > layout.square * 0.3) =>
            {
                transform.translation = point.extend(MOVING_PIECE_Z);
                if !dragged {
                    commands.entity(entity).insert(Dragged);
                }
            }
            (Some(from), Some(_)) if piece.square == from => {}
            _ if dragged => {
                transform.translation = home.extend(PIECE_Z);
                commands.entity(entity).remove::<Dragged>();
            }
            _ => {}
        }
    }
}
