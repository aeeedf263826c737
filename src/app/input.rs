//! Human moves: a click on one of your pieces selects it and marks its legal
//! destinations; a click on a destination chooses the move; any other click
//! changes or clears the selection.

use bevy::prelude::*;

use super::session::GameSession;
use super::state::{GameSystems, MoveChosen, TurnPhase};
use crate::engine::Move as EngineMove;

/// A square of the board was clicked (the view's pointer observers send it).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareClicked {
    pub square: u8,
}

/// The human's selected piece and where it may go.
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct Selection {
    pub square: Option<u8>,
    pub moves: Vec<EngineMove>,
}

impl Selection {
    pub fn clear(&mut self) {
        self.square = None;
        self.moves.clear();
    }

    pub fn move_to(&self, square: u8) -> Option<EngineMove> {
        self.moves.iter().copied().find(|m| m.to == square)
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<SquareClicked>()
        .init_resource::<Selection>()
        .add_systems(OnExit(TurnPhase::HumanTurn), clear_selection)
        .add_systems(Update, handle_clicks.in_set(GameSystems::Input).run_if(in_state(TurnPhase::HumanTurn)));
}

fn handle_clicks(
    mut clicks: MessageReader<SquareClicked>,
    session: Res<GameSession>,
    mut selection: ResMut<Selection>,
    mut chosen: MessageWriter<MoveChosen>,
) {
    let mut moved = false;
    for click in clicks.read() {
        // Later clicks of this frame were aimed at the position before the move.
        if moved {
            continue;
        }
        if let Some(mv) = selection.move_to(click.square) {
            chosen.write(MoveChosen::human(mv, session.generation, session.position.hash()));
            selection.clear();
            moved = true;
            continue;
        }
        let side = session.position.side_to_move();
        let own_piece = session.position.piece_at(click.square) == Some(side);
        if own_piece && selection.square != Some(click.square) {
            selection.square = Some(click.square);
            selection.moves = session.position.legal_moves().into_iter().filter(|m| m.from == click.square).collect();
        } else {
            selection.clear();
        }
    }
}

fn clear_selection(mut selection: ResMut<Selection>) {
    selection.clear();
}
