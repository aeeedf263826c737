//! The game-over banner over the board: winner, reason, the game's
//! statistics, and buttons to play again or start the next game.

use bevy_egui::egui::{self, Align2, RichText};

use bevy::prelude::*;

use crate::engine::Outcome;
use crate::game::request::GameRequest;
use crate::game::session::GameSession;
use crate::game::settings::GameSettings;
use crate::modes::play_setup::PlayRequest;
use crate::theme::palette;
use crate::ui::info::statistics_grid;
use crate::ui::progress::ProgressState;

/// What the banner shows and the buttons it has.
pub(crate) struct Banner<'a, 'w> {
    pub(crate) session: &'a GameSession,
    pub(crate) settings: &'a GameSettings,
    pub(crate) progress: &'a ProgressState<'w>,
    pub(crate) requests: &'a mut MessageWriter<'w, GameRequest>,
    /// In Play: Rematch and New opponent instead of Play again and New game.
    pub(crate) play: Option<&'a mut MessageWriter<'w, PlayRequest>>,
}

/// What the banner asks of the screens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BannerChoice {
    NewOpponent,
}

/// `board_center_x`: the middle between the panels, in egui points.
pub(crate) fn show(ctx: &egui::Context, state: Banner, board_center_x: f32) -> Option<BannerChoice> {
    let mut choice = None;
    let outcome = state.session.outcome();
    let headline = match outcome {
        Outcome::Win { winner, .. } => format!("{} wins!", winner.title()),
        Outcome::Draw { .. } => "Draw".to_string(),
        Outcome::Ongoing => return None,
    };
    // A compact strip at the top of the board, so the final position stays in view.
    let offset = egui::vec2(board_center_x - ctx.viewport_rect().center().x, 6.0);
    egui::Window::new("Game over").title_bar(false).anchor(Align2::CENTER_TOP, offset).resizable(false).show(
        ctx,
        |ui| {
            ui.horizontal(|ui| {
                ui.label(RichText::new(headline).size(20.0).strong().color(palette::HEADLINE.color32()));
                ui.label(RichText::new(outcome.describe()));
            });
            if let Some(change) = crate::ui::progress::rating_change(state.progress, state.session.generation()) {
                ui.label(RichText::new(change).strong());
            }
            ui.horizontal(|ui| {
                if let Some(play) = state.play {
                    let hover = "The same opponent again, colours swapped";
                    if ui.button(RichText::new("Rematch").size(15.0)).on_hover_text(hover).clicked() {
                        play.write(PlayRequest::Rematch);
                    }
                    if ui.button(RichText::new("New opponent").size(15.0)).clicked() {
                        choice = Some(BannerChoice::NewOpponent);
                    }
                    return;
                }
                let rematch = format!("Same board: {} {}", state.session.variant().title(), state.session.size());
                if ui.button(RichText::new("Play again").size(15.0)).on_hover_text(rematch).clicked() {
                    state.requests.write(GameRequest::NewGame { rematch: true });
                }
                let next = format!("Settings: {} {}", state.settings.variant.title(), state.settings.size);
                if ui.button(RichText::new("New game").size(15.0)).on_hover_text(next).clicked() {
                    state.requests.write(GameRequest::NewGame { rematch: false });
                }
                ui.label(RichText::new(format!("{} plies", state.session.record().moves.len())).weak());
            });
            egui::CollapsingHeader::new("Statistics")
                .id_salt("final_stats_header")
                .default_open(false)
                .show(ui, |ui| statistics_grid(ui, state.session, "final_stats"));
        },
    );
    choice
}
