//! The Keys window: F1 or ? opens it on any screen, F1, ?, Esc or Close
//! shut it (Esc then does nothing else: a key does one thing).

use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;
use bevy_egui::{EguiContexts, egui};

use crate::ui::keys::{KeysHelp, shortcut_grid};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<KeysHelp>().add_systems(Update, (toggle, close_on_escape));
}

/// Whether `keys` ask for the list: F1, or ? (Shift and the slash key).
pub(crate) fn asks_for_keys(keys: &ButtonInput<KeyCode>) -> bool {
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    keys.just_pressed(KeyCode::F1) || (shift && keys.just_pressed(KeyCode::Slash))
}

/// A "?" typed into a text field is the field's.
fn toggle(keys: Option<Res<ButtonInput<KeyCode>>>, text: Option<Res<EguiWantsInput>>, mut help: ResMut<KeysHelp>) {
    let typing = text.is_some_and(|wants| wants.wants_any_keyboard_input());
    if !typing && keys.is_some_and(|keys| asks_for_keys(&keys)) {
        help.0 = !help.0;
    }
}

/// Escape shuts the window; Home's Escape (in PreUpdate, before this) saw
/// it open and left the screen alone.
fn close_on_escape(keys: Option<Res<ButtonInput<KeyCode>>>, mut help: ResMut<KeysHelp>) {
    if help.0 && keys.is_some_and(|keys| keys.just_pressed(KeyCode::Escape)) {
        help.0 = false;
    }
}

/// The window, over whatever the screen shows.
pub(crate) fn draw(mut contexts: EguiContexts, mut help: ResMut<KeysHelp>) -> Result {
    if !help.0 {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    let room = ctx.content_rect().size();
    egui::Window::new("Keys")
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .max_width((room.x - 40.0).max(200.0))
        .max_height((room.y - 80.0).max(120.0))
        .show(ctx, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| shortcut_grid(ui, "keys_window"));
            ui.add_space(6.0);
            if ui.button("Close (Esc)").clicked() {
                help.0 = false;
            }
        });
    if !open {
        help.0 = false;
    }
    Ok(())
}
