//! The game-over banner over the board: winner, reason, the game's
//! statistics, and buttons to play again or start the next game.

use bevy_egui::egui::{self, Align2, RichText};

use super::PanelState;
use super::info::statistics_grid;
use crate::app::side_title;
use crate::app::state::NewGame;
use crate::engine::Outcome;

/// `board_center_x`: the middle between the panels, in egui points.
pub(super) fn show(ctx: &egui::Context, state: &mut PanelState, board_center_x: f32) {
    let outcome = state.session.outcome();
    let headline = match outcome {
        Outcome::Win { winner, .. } => format!("{} wins!", side_title(winner)),
        Outcome::Draw { .. } => "Draw".to_string(),
        Outcome::Ongoing => return,
    };
    let offset = egui::vec2(board_center_x - ctx.viewport_rect().center().x, 0.0);
    egui::Window::new("Game over").anchor(Align2::CENTER_CENTER, offset).collapsible(true).resizable(false).show(
        ctx,
        |ui| {
            ui.vertical_centered(|ui| {
                ui.label(RichText::new(headline).size(28.0).strong().color(egui::Color32::from_rgb(250, 210, 90)));
                ui.label(RichText::new(outcome.describe()).size(15.0));
                ui.label(format!(
                    "{} plies · {} vs {}",
                    state.session.record.moves.len(),
                    state.players.white.label(),
                    state.players.black.label()
                ));
            });
            ui.separator();
            statistics_grid(ui, &state.session, "final_stats");
            ui.separator();
            ui.horizontal(|ui| {
                let rematch = format!("Same board: {} {}", state.session.variant().title(), state.session.size());
                if ui.button(RichText::new("Play again").size(16.0)).on_hover_text(rematch).clicked() {
                    state.new_game.write(NewGame { rematch: true });
                }
                let next = format!("Settings: {} {}", state.settings.variant.title(), state.settings.size);
                if ui.button(RichText::new("New game").size(16.0)).on_hover_text(next).clicked() {
                    state.new_game.write(NewGame { rematch: false });
                }
            });
        },
    );
}
