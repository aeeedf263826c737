//! Keyboard shortcuts: N new game, Space pause/resume the AI, Left/Right step
//! through the game (or the side line shown), G back to the game, Ctrl+Z
//! undo, Ctrl+Y or Ctrl+Shift+Z redo, Ctrl+S save, Ctrl+O open (the desktop's
//! dialog, else the typed path under Files), Ctrl+C / Ctrl+V copy and paste
//! the game as text, Ctrl+Q quit (on any screen), F flip, H hint, [ and ]
//! fold the settings and game panels, S solve, A analysis on/off (the keys
//! for playing without a mouse are `board_keys`'; while the board has the
//! keyboard, Space and the arrows are its own). Keys typed into a text field
//! of the panel belong to the field.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::egui_wants_any_keyboard_input;

use crate::board::keyboard::{BoardFocus, ctrl_held};
use crate::board::layout::{BoardFlip, ViewFlip};
use crate::files::clipboard::ClipboardAction;
use crate::files::dialog::{ChooseFile, FileChooser, KeyFile, TypedPath};
use crate::files::game_file::{FileAction, FileRequest};
use crate::game::control::AiControl;
use crate::game::notice::Notice;
use crate::game::phase::GameSystems;
use crate::game::request::GameRequest;
use crate::game::screen::{Mode, Screen};
use crate::game::session::GameSession;
use crate::play::asks::Ask;
use crate::tasks::analysis::AnalysisSettings;
use crate::ui::views::PanelLayout;

/// Back to the game from a review or a side line.
pub(crate) const GAME_KEY: KeyCode = KeyCode::KeyG;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            handle_keys
                .before(GameSystems::Input)
                .run_if(in_state(Mode::Board))
                .run_if(not(egui_wants_any_keyboard_input)),
            quit_on_ctrl_q,
        ),
    );
}

/// Ctrl+Q quits from any screen, as the window's close does (the settings
/// and the game in progress are written on the way out).
fn quit_on_ctrl_q(keys: Res<ButtonInput<KeyCode>>, mut exit: MessageWriter<AppExit>) {
    if ctrl_held(&keys) && keys.just_pressed(KeyCode::KeyQ) {
        exit.write(AppExit::Success);
    }
}

/// Ctrl+Z takes back; Ctrl+Y and Ctrl+Shift+Z redo, as in most programs
/// (fresh eyes, round 15: Ctrl+Shift+Z took back). Ctrl is held.
fn undo_or_redo(keys: &ButtonInput<KeyCode>) -> Option<Ask> {
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    if keys.just_pressed(KeyCode::KeyZ) {
        Some(if shift { Ask::Redo } else { Ask::TakeBack })
    } else {
        keys.just_pressed(KeyCode::KeyY).then_some(Ask::Redo)
    }
}

/// What the file keys read and write: the desktop's dialog, or the typed
/// path and the screen (Ctrl+S saves at once where there is no Files).
#[derive(bevy::ecs::system::SystemParam)]
struct FileKeys<'w> {
    files: MessageWriter<'w, ChooseFile>,
    chooser: ResMut<'w, FileChooser>,
    notice: ResMut<'w, Notice>,
    typed: Res<'w, TypedPath>,
    screen: Res<'w, State<Screen>>,
    saves: MessageWriter<'w, FileRequest>,
}

fn handle_keys(
    (keys, session): (Res<ButtonInput<KeyCode>>, Res<GameSession>),
    (control, focus): (Res<AiControl>, Res<BoardFocus>),
    (mut flip, mut view, mut panels, mut analysis): (
        ResMut<BoardFlip>,
        ResMut<ViewFlip>,
        ResMut<PanelLayout>,
        ResMut<AnalysisSettings>,
    ),
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    mut requests: MessageWriter<GameRequest>,
    (mut asks, mut clipboard): (MessageWriter<Ask>, MessageWriter<ClipboardAction>),
    mut file_keys: FileKeys,
) {
    if ctrl_held(&keys) {
        if let Some(ask) = undo_or_redo(&keys) {
            asks.write(ask);
        }
        for (key, action) in [(KeyCode::KeyS, FileAction::Save), (KeyCode::KeyO, FileAction::Load)] {
            if !keys.just_pressed(key) {
                continue;
            }
            let file = &mut file_keys;
            let files_here = crate::frame::screen_panels::has_left(*file.screen.get());
            match file.chooser.by_key(action, (&file.typed, files_here), &mut file.notice) {
                Some(KeyFile::Dialog(choose)) => {
                    file.files.write(choose);
                }
                Some(KeyFile::Save(request)) => {
                    file.saves.write(request);
                }
                // The typed path is in the settings panel: unfold it.
                None => panels.settings_open = Some(true),
            }
        }
        if keys.just_pressed(KeyCode::KeyC) {
            clipboard.write(ClipboardAction::CopyGame);
        }
        if keys.just_pressed(KeyCode::KeyV) {
            clipboard.write(ClipboardAction::PasteGame);
        }
        // Other keys with Ctrl held are someone else's shortcuts.
        return;
    }
    // Where a game is played or studied: in Puzzles or Learn, N asked to
    // end the game that waits (fresh eyes, round 28).
    let game_screen = matches!(file_keys.screen.get(), Screen::Play | Screen::Analyse | Screen::Watch);
    if keys.just_pressed(KeyCode::KeyN) && game_screen {
        requests.write(GameRequest::NewGame { rematch: false });
    }
    // While the board has the keyboard, Space and the arrows are its keys.
    let free = |key: KeyCode| keys.just_pressed(key) && !focus.on;
    if free(KeyCode::Space) {
        requests.write(GameRequest::SetPaused(!control.paused()));
    }
    // The arrows step along the line shown: the game's, or a side line's.
    for (key, forward) in [(KeyCode::ArrowLeft, false), (KeyCode::ArrowRight, true)] {
        if let Some(path) = session.step_along(forward).filter(|_| free(key)) {
            requests.write(GameRequest::ShowLine(path));
        }
    }
    if keys.just_pressed(GAME_KEY) && session.reviewing() {
        requests.write(GameRequest::GoTo { ply: session.plies() });
    }
    if keys.just_pressed(KeyCode::KeyF) {
        view.turn(&mut flip);
    }
    if keys.just_pressed(KeyCode::BracketLeft) {
        let width = window.map_or(crate::ui::views::NARROW_WINDOW, |w| w.width());
        panels.settings_open = Some(!panels.settings_shown(width));
    }
    if keys.just_pressed(KeyCode::BracketRight) {
        panels.game_open = !panels.game_open;
    }
    if keys.just_pressed(KeyCode::KeyS) {
        asks.write(Ask::Solve);
    }
    if keys.just_pressed(KeyCode::KeyH) {
        asks.write(Ask::Hint);
    }
    // Off at once; on asks first in a rated game.
    if keys.just_pressed(KeyCode::KeyA) {
        if analysis.on {
            analysis.on = false;
        } else {
            asks.write(Ask::Analysis);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask(held: &[KeyCode]) -> Option<Ask> {
        let mut keys = ButtonInput::<KeyCode>::default();
        for key in held {
            keys.press(*key);
        }
        undo_or_redo(&keys)
    }

    #[test]
    fn ctrl_z_takes_back_and_ctrl_shift_z_or_ctrl_y_redo() {
        assert_eq!(ask(&[KeyCode::ControlLeft, KeyCode::KeyZ]), Some(Ask::TakeBack));
        assert_eq!(ask(&[KeyCode::ControlLeft, KeyCode::ShiftRight, KeyCode::KeyZ]), Some(Ask::Redo));
        assert_eq!(ask(&[KeyCode::ControlRight, KeyCode::KeyY]), Some(Ask::Redo));
        assert_eq!(ask(&[KeyCode::ControlLeft, KeyCode::KeyS]), None);
    }
}
