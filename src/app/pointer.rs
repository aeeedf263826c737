//! Mouse picking: a left click on a square or a piece becomes a
//! [`SquareClicked`] message, unless it lands on the side panels' columns or
//! a floating egui window.

use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use super::board::{BoardSquare, Piece};
use super::input::SquareClicked;
use super::session::GameSession;
use super::ui::PanelWidths;

pub(super) fn plugin(app: &mut App) {
    app.add_observer(click_square);
}

fn click_square(
    click: On<Pointer<Click>>,
    squares: Query<&BoardSquare>,
    pieces: Query<&Piece>,
    session: Res<GameSession>,
    panels: Res<PanelWidths>,
    window: Single<&Window, With<PrimaryWindow>>,
    mut clicked: MessageWriter<SquareClicked>,
) {
    let x = click.pointer_location.position.x;
    let over_panel = x <= panels.left || x >= window.width() - panels.right || panels.pointer_over_window;
    if click.event.button != PointerButton::Primary || over_panel {
        debug!("board click at {x} ignored (panels {panels:?})");
        return;
    }
    let square = if let Ok(piece) = pieces.get(click.entity) {
        Some(piece.square)
    } else {
        squares.get(click.entity).ok().map(|s| session.size().index(s.file, s.rank))
    };
    if let Some(square) = square {
        clicked.write(SquareClicked { square });
    }
}
