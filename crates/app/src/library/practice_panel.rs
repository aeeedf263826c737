//! Learn from your mistakes: on the Library screen, the exercises left per
//! variant with a button to practise them; on the board, the task, the
//! judge's verdict, the next exercise and the way back to the game.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui::{RichText, Ui};

use crate::engine::Variant;
use crate::library::practice::{Practice, PracticeRequest};
use crate::theme::palette;
use crate::ui::page::section_heading;

/// What the board's section reads and asks.
#[derive(SystemParam)]
pub(crate) struct PracticeState<'w> {
    practice: Res<'w, Practice>,
    requests: MessageWriter<'w, PracticeRequest>,
}

/// The Library screen's part: exercises left per variant, each with Practise.
pub(crate) fn library_section(ui: &mut Ui, left: &[(Variant, u64)], requests: &mut MessageWriter<PracticeRequest>) {
    section_heading(ui, "Learn from your mistakes");
    if left.is_empty() {
        // "Left" read as if some had been (fresh eyes, round 16).
        let none = "No exercises to practise: a game report makes one of each mistake and blunder of yours.";
        ui.label(RichText::new(none).weak());
    }
    for &(variant, count) in left {
        ui.horizontal(|ui| {
            ui.label(format!("{}: {count} left", variant.title()));
            if ui.button("Practise").on_hover_text("Find a better move than yours, on the board").clicked() {
                requests.write(PracticeRequest::Start(variant));
            }
        });
    }
}

/// The board's part while an exercise is on it.
pub(crate) fn board_section(ui: &mut Ui, state: &mut PracticeState) {
    let Some(task) = state.practice.task() else { return };
    let Some(variant) = state.practice.current.as_ref().map(|exercise| exercise.variant) else { return };
    ui.label(RichText::new(task).strong().color(palette::HEADLINE.color32()));
    if let Some(words) = state.practice.judging_words() {
        ui.horizontal_wrapped(|ui| {
            ui.spinner();
            ui.label(words);
            if ui.button("Cancel").on_hover_text("Stop judging; the move is taken back").clicked() {
                state.requests.write(PracticeRequest::CancelJudging);
            }
        });
    } else if let Some((words, accepted)) = &state.practice.verdict {
        let colour = if *accepted { palette::SUCCESS } else { palette::ERROR };
        ui.label(RichText::new(words).color(colour.color32()));
    } else {
        ui.label(RichText::new("Play your move on the board.").weak());
    }
    ui.horizontal(|ui| {
        if ui.button("Next exercise").clicked() {
            state.requests.write(PracticeRequest::Start(variant));
        }
        if ui.button("Back to the game").clicked() {
            state.requests.write(PracticeRequest::Stop);
        }
    });
    ui.separator();
}
