//! Play without a mouse: a focus square that the arrow keys move over the
//! board while board focus is on (K turns it on and off, so the arrows keep
//! stepping through the game otherwise). Enter or Space on the focus square
//! is a click there: it picks up a piece and puts it down through the same
//! [`BoardPointer`] path as the mouse. Escape drops the piece held, or,
//! with none held, leaves board focus.

use bevy::prelude::*;

use crate::board::input::{BoardPointer, Selection};
use crate::board::layout::{BoardFlip, ViewFlip};
use crate::engine::BoardSize;
use crate::game::phase::GameSystems;
use crate::game::screen::Screen;
use crate::game::session::GameSession;

/// A step of the focus square as seen on the screen (a flipped board runs
/// the other way).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScreenStep {
    Left,
    Right,
    Up,
    Down,
}

/// A key meant for the board (the window's key reader sends these; the
/// tests send them directly).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardKey {
    /// Board focus on or off.
    Toggle,
    Step(ScreenStep),
    /// A click on the focus square.
    Pick,
    /// Drop the piece held, or leave board focus.
    Drop,
}

/// Whether the board has the keyboard, and the square it points at.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardFocus {
    pub on: bool,
    pub square: Option<u8>,
}

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<BoardKey>()
        .init_resource::<BoardFocus>()
        .add_systems(Update, handle_board_keys.before(GameSystems::Input))
        .add_systems(Update, keys_stay_on_their_screen.run_if(state_changed::<Screen>));
}

/// The board keeps the keyboard on the screen where K gave it (fresh eyes,
/// round 17: its outline followed onto Learn's and Analyse's boards).
fn keys_stay_on_their_screen(mut focus: ResMut<BoardFocus>) {
    if focus.on {
        focus.on = false;
    }
}

pub(crate) fn handle_board_keys(
    mut keys: MessageReader<BoardKey>,
    session: Res<GameSession>,
    (flip, view): (Res<BoardFlip>, Res<ViewFlip>),
    selection: Res<Selection>,
    mut focus: ResMut<BoardFocus>,
    mut pointer: MessageWriter<BoardPointer>,
) {
    let size = session.size();
    // A new game on a smaller board leaves no square behind.
    if focus.square.is_some_and(|sq| sq as usize >= size.squares()) {
        focus.square = None;
    }
    let flipped = view.shown(*flip).0;
    for key in keys.read() {
        match *key {
            BoardKey::Toggle => focus.on = !focus.on,
            BoardKey::Drop if focus.on && selection.square.is_none() => focus.on = false,
            _ if !focus.on => {}
            BoardKey::Step(step) => focus.square = Some(stepped(size, focus.square, step, flipped)),
            BoardKey::Pick => {
                let square = *focus.square.get_or_insert_with(|| corner(size, flipped));
                pointer.write(BoardPointer::Press(square));
                pointer.write(BoardPointer::Release(Some(square)));
            }
            // A click on the piece held lets it go (see `input`).
            BoardKey::Drop => {
                if let Some(held) = selection.square {
                    pointer.write(BoardPointer::Press(held));
                    pointer.write(BoardPointer::Release(Some(held)));
                }
            }
        }
        if focus.on && focus.square.is_none() {
            focus.square = Some(corner(size, flipped));
        }
    }
}

/// The square at the bottom left of the screen, where the focus starts.
fn corner(size: BoardSize, flipped: bool) -> u8 {
    if flipped { size.index(size.columns - 1, size.rows - 1) } else { size.index(0, 0) }
}

/// The focus moved one square on the screen; it stops at the board's edge.
fn stepped(size: BoardSize, from: Option<u8>, step: ScreenStep, flipped: bool) -> u8 {
    let Some(from) = from else { return corner(size, flipped) };
    let (file, rank) = (size.file_of(from) as i16, size.rank_of(from) as i16);
    let (dx, dy) = match step {
        ScreenStep::Left => (-1, 0),
        ScreenStep::Right => (1, 0),
        ScreenStep::Up => (0, 1),
        ScreenStep::Down => (0, -1),
    };
    let sign = if flipped { -1 } else { 1 };
    let file = (file + dx * sign).clamp(0, size.columns as i16 - 1);
    let rank = (rank + dy * sign).clamp(0, size.rows as i16 - 1);
    size.index(file as u8, rank as u8)
}

/// Whether Ctrl is held for a shortcut this frame: a quick Ctrl+Q can press
/// and release Ctrl within one frame, the more so on a slow one (fresh eyes,
/// round 25: Ctrl+Q did nothing on the Library's and Settings' pages).
pub(crate) fn ctrl_held(keys: &ButtonInput<KeyCode>) -> bool {
    let controls = [KeyCode::ControlLeft, KeyCode::ControlRight];
    keys.any_pressed(controls) || keys.any_just_released(controls)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ctrl_pressed_and_released_within_one_frame_still_counts() {
        let mut keys = ButtonInput::<KeyCode>::default();
        keys.press(KeyCode::ControlLeft);
        keys.press(KeyCode::KeyQ);
        keys.release(KeyCode::KeyQ);
        keys.release(KeyCode::ControlLeft);
        assert!(ctrl_held(&keys) && keys.just_pressed(KeyCode::KeyQ));
        keys.clear();
        assert!(!ctrl_held(&keys), "a frame later Ctrl is up");
    }
}
