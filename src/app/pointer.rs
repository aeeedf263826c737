//! Mouse picking: a left click on a square or a piece becomes a
//! [`SquareClicked`] message. egui's picking backend swallows clicks on the
//! panel, and clicks left of the panel's edge are dropped as well.

use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;

use super::board::{BoardSquare, Piece};
use super::input::SquareClicked;
use super::session::GameSession;
use super::ui::PanelWidth;

pub(super) fn plugin(app: &mut App) {
    app.add_observer(click_square);
}

fn click_square(
    click: On<Pointer<Click>>,
    squares: Query<&BoardSquare>,
    pieces: Query<&Piece>,
    session: Res<GameSession>,
    panel: Res<PanelWidth>,
    mut clicked: MessageWriter<SquareClicked>,
) {
    if click.event.button != PointerButton::Primary || click.pointer_location.position.x <= panel.0 {
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
