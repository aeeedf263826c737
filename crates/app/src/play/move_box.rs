//! The move box in the game panel: type a move (or `describe`), Enter plays
//! it through the usual request path and a refusal shows in one line under
//! the box; the Describe button and the position in words below it, in a
//! label.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;

use crate::board::keyboard::BoardFocus;
use crate::board::typed::{MoveBoxReply, TypedMove, move_hints};
use crate::board::words::{DescribeRequest, PositionWords};
use crate::engine::Variant;
use crate::theme::palette;

/// What is being typed, and whether a key asked for the cursor in the box.
#[derive(Resource, Default, Clone, Debug, PartialEq, Eq)]
pub(crate) struct MoveBoxEntry {
    text: String,
    pub(crate) focus_wanted: bool,
}

/// The move box's part of the panel's parameters.
#[derive(SystemParam)]
pub(crate) struct MoveBoxState<'w> {
    entry: ResMut<'w, MoveBoxEntry>,
    reply: Res<'w, MoveBoxReply>,
    words: Res<'w, PositionWords>,
    focus: Res<'w, BoardFocus>,
    typed: MessageWriter<'w, TypedMove>,
    describe: MessageWriter<'w, DescribeRequest>,
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<MoveBoxEntry>();
}

/// The box, its reply line, the Describe button and the description.
pub(crate) fn section(ui: &mut egui::Ui, state: &mut MoveBoxState, variant: Variant) {
    let (hint, hover) = move_hints(variant);
    // Wrapped: in a narrow window's panel the buttons go under the box.
    ui.horizontal_wrapped(|ui| {
        ui.label("Move").on_hover_text(hover);
        // One id whatever the panel shows above the box (a status line, a
        // refusal): an id from the box's place changed with them after each
        // move, so the box lost the keyboard and the next letters became
        // shortcuts (H asked for a hint).
        let edit = egui::TextEdit::singleline(&mut state.entry.text)
            .id(egui::Id::new("move_box"))
            .hint_text(hint)
            .desired_width(90.0);
        let response = ui.add(edit).on_hover_text("M puts the cursor here");
        if std::mem::take(&mut state.entry.focus_wanted) {
            response.request_focus();
        }
        let entered = response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if (entered || ui.button("Play").clicked()) && !state.entry.text.trim().is_empty() {
            state.typed.write(TypedMove(std::mem::take(&mut state.entry.text)));
            // The cursor stays in the box for the next move.
            response.request_focus();
        }
        if ui.button("Describe").on_hover_text("The position in words (D)").clicked() {
            state.describe.write(DescribeRequest);
        }
    });
    if let Some(refusal) = &state.reply.0 {
        ui.colored_label(palette::ERROR.color32(), refusal);
    }
    let keys =
        if state.focus.on { "Board keys on: arrows, Enter, Esc (K turns off)" } else { "K: play with the arrow keys" };
    ui.small(keys);
    if let Some(words) = &state.words.0 {
        ui.label(words);
    }
}
