//! Keyboard shortcuts: N new game, Space pause/resume the AI, Left/Right step
//! through the game, Ctrl+Z / Ctrl+Y undo/redo, F flip, H hint. Keys typed
//! into a text field of the panel belong to the field.

use bevy::prelude::*;
use bevy_egui::input::egui_wants_any_keyboard_input;

use super::board::BoardFlip;
use super::hint::HintRequest;
use super::history::{Redo, Undo};
use super::review::{Review, ReviewGoTo};
use super::session::GameSession;
use super::state::{AiControl, GameSystems, NewGame};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, handle_keys.before(GameSystems::Input).run_if(not(egui_wants_any_keyboard_input)));
}

#[allow(clippy::too_many_arguments)]
fn handle_keys(
    keys: Res<ButtonInput<KeyCode>>,
    session: Res<GameSession>,
    review: Res<Review>,
    mut control: ResMut<AiControl>,
    mut flip: ResMut<BoardFlip>,
    mut new_game: MessageWriter<NewGame>,
    mut go_to: MessageWriter<ReviewGoTo>,
    mut undo: MessageWriter<Undo>,
    mut redo: MessageWriter<Redo>,
    mut hint: MessageWriter<HintRequest>,
) {
    let controls = [KeyCode::ControlLeft, KeyCode::ControlRight];
    // A quick Ctrl+Z can press and release Ctrl within one frame.
    let ctrl = keys.any_pressed(controls) || keys.any_just_released(controls);
    if ctrl {
        if keys.just_pressed(KeyCode::KeyZ) {
            undo.write(Undo);
        }
        if keys.just_pressed(KeyCode::KeyY) {
            redo.write(Redo);
        }
        // Other keys with Ctrl held are someone else's shortcuts.
        return;
    }
    if keys.just_pressed(KeyCode::KeyN) {
        new_game.write(NewGame::default());
    }
    if keys.just_pressed(KeyCode::Space) {
        control.paused = !control.paused;
        control.error = None;
    }
    let live = session.position.moves().len();
    let shown = review.ply.unwrap_or(live);
    if keys.just_pressed(KeyCode::ArrowLeft) && shown > 0 {
        go_to.write(ReviewGoTo { ply: shown - 1 });
    }
    if keys.just_pressed(KeyCode::ArrowRight) && shown < live {
        go_to.write(ReviewGoTo { ply: shown + 1 });
    }
    if keys.just_pressed(KeyCode::KeyF) {
        flip.0 = !flip.0;
    }
    if keys.just_pressed(KeyCode::KeyH) {
        hint.write(HintRequest);
    }
}
