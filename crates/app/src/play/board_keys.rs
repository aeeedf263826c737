//! Keys for playing without a mouse: K gives the board the keyboard (then
//! the arrows move the focus square, Enter or Space picks up and puts down,
//! Escape drops the piece or gives the keyboard back), M puts the cursor in
//! the move box, D describes the position. Keys typed into a text field
//! belong to the field.

use bevy::prelude::*;
use bevy_egui::input::egui_wants_any_keyboard_input;

use crate::board::keyboard::{BoardFocus, BoardKey, ScreenStep};
use crate::board::words::DescribeRequest;
use crate::game::phase::GameSystems;
use crate::game::screen::Mode;
use crate::play::move_box::MoveBoxEntry;

/// Board focus on and off.
pub(crate) const TOGGLE_KEY: KeyCode = KeyCode::KeyK;
/// Into the move box.
pub(crate) const MOVE_BOX_KEY: KeyCode = KeyCode::KeyM;
/// The position in words.
pub(crate) const DESCRIBE_KEY: KeyCode = KeyCode::KeyD;

const STEPS: [(KeyCode, ScreenStep); 4] = [
    (KeyCode::ArrowLeft, ScreenStep::Left),
    (KeyCode::ArrowRight, ScreenStep::Right),
    (KeyCode::ArrowUp, ScreenStep::Up),
    (KeyCode::ArrowDown, ScreenStep::Down),
];
const PICK_KEYS: [KeyCode; 3] = [KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Space];

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        // Before the board reads them, in the same frame: a window at rest
        // drew K's outline only at the next key (fresh eyes, round 16).
        read_keys
            .before(GameSystems::Input)
            .before(crate::board::keyboard::handle_board_keys)
            .run_if(in_state(Mode::Board))
            .run_if(not(egui_wants_any_keyboard_input)),
    );
}

fn read_keys(
    keys: Res<ButtonInput<KeyCode>>,
    focus: Res<BoardFocus>,
    mut entry: ResMut<MoveBoxEntry>,
    mut board: MessageWriter<BoardKey>,
    mut describe: MessageWriter<DescribeRequest>,
) {
    // Ctrl with a letter is another shortcut (Ctrl+D is nobody's, but stays free).
    if crate::board::keyboard::ctrl_held(&keys) {
        return;
    }
    if keys.just_pressed(TOGGLE_KEY) {
        board.write(BoardKey::Toggle);
    }
    if keys.just_pressed(MOVE_BOX_KEY) {
        entry.focus_wanted = true;
    }
    if keys.just_pressed(DESCRIBE_KEY) {
        describe.write(DescribeRequest);
    }
    if !focus.on {
        return;
    }
    for (key, step) in STEPS {
        if keys.just_pressed(key) {
            board.write(BoardKey::Step(step));
        }
    }
    if keys.any_just_pressed(PICK_KEYS) {
        board.write(BoardKey::Pick);
    }
    if keys.just_pressed(KeyCode::Escape) {
        board.write(BoardKey::Drop);
    }
}
