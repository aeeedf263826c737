//! The end of a game, at the top of the game panel beside the board (so the
//! final position stays in view): the result from the player's side, what
//! happened to the rating, the game report one click away, the next game's
//! buttons, Close; and the game's statistics.

use bevy_egui::egui::{self, RichText};

use bevy::prelude::*;

use crate::engine::Side;
use crate::game::players::Players;
use crate::game::request::GameRequest;
use crate::game::session::GameSession;
use crate::game::settings::GameSettings;
use crate::game::verdict::verdict;
use crate::play::progress::ProgressState;
use crate::play::setup::PlayRequest;
use crate::theme::palette;
use crate::ui::info::statistics_grid;

/// What the end section shows and the buttons it has.
pub(crate) struct Banner<'a, 'w> {
    pub(crate) session: &'a GameSession,
    pub(crate) players: &'a Players,
    pub(crate) settings: &'a GameSettings,
    pub(crate) progress: &'a ProgressState<'w>,
    pub(crate) requests: &'a mut MessageWriter<'w, GameRequest>,
    /// In Play: Rematch swaps colours and New game… opens the setup.
    pub(crate) play: Option<&'a mut MessageWriter<'w, PlayRequest>>,
    /// A game studied beside the game in progress: the person did not play
    /// it, so no word of their rating and no next game (the game that
    /// waits is theirs).
    pub(crate) studied: bool,
}

/// What the end section asks of the screens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BannerChoice {
    NewOpponent,
    /// The game report, on the Analyse screen.
    GameReport,
}

/// The section, unless the game goes on or the person closed it.
pub(crate) fn section(ui: &mut egui::Ui, state: Banner) -> Option<BannerChoice> {
    let (headline, sentence) = verdict(state.session, state.players)?;
    let generation = state.session.generation();
    if ui.ctx().data(|d| d.get_temp::<u64>(crate::ui::info::end_closed_id())) == Some(generation) {
        return None;
    }
    // A studied game, or other people's game from a site, is nobody's rating
    // and has no "next game" of the person's.
    let others = state.studied || state.session.names().is_some();
    let mut choice = None;
    let frame = egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.horizontal(|ui| {
            ui.label(RichText::new(headline).size(20.0).strong().color(palette::HEADLINE.color32()));
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                if ui.small_button("Close").on_hover_text("Hide this; the game stays as it ended").clicked() {
                    ui.ctx().data_mut(|d| d.insert_temp(crate::ui::info::end_closed_id(), generation));
                }
            });
        });
        ui.label(RichText::new(sentence).strong());
        // An aborted game's sentence says already that no rating changed.
        let aborted = state.session.aborted(state.players);
        if !others && !aborted {
            ui.label(crate::play::progress::rating_change(state.progress));
        }
        ui.horizontal_wrapped(|ui| {
            let hover = if state.studied {
                "Accuracy, mistakes and better moves, shown below on this screen"
            } else {
                "Accuracy, mistakes and better moves, on the Analyse screen"
            };
            // An aborted game is not kept, so it has no report.
            if !aborted && ui.button(RichText::new("Game report").size(15.0)).on_hover_text(hover).clicked() {
                choice = Some(BannerChoice::GameReport);
            }
            if !others {
                let rated = state.progress.rematch_rated(state.players);
                let next = NextGame {
                    session: state.session,
                    settings: state.settings,
                    rematch_rated: rated,
                    person: state.players.person(),
                };
                next_game_buttons(ui, next, state.requests, state.play, &mut choice);
            }
        });
        ui.label(RichText::new(crate::game::length::game_length(state.session.record().moves.len())).weak());
        egui::CollapsingHeader::new("Statistics")
            .id_salt("final_stats_header")
            .default_open(false)
            .show(ui, |ui| statistics_grid(ui, state.session, "final_stats"));
    });
    // The result comes into view once when the game ends, wherever the panel
    // was scrolled (fresh eyes, round 21: it ended out of sight at 150%).
    let shown_id = egui::Id::new("end_of_game_scrolled_to");
    if ui.ctx().data(|d| d.get_temp::<u64>(shown_id)) != Some(generation) {
        ui.ctx().data_mut(|d| d.insert_temp(shown_id, generation));
        frame.response.scroll_to_me(Some(egui::Align::Min));
    }
    choice
}

/// What the next game's buttons say: the board's game, the settings' game,
/// and whether Play's rematch is rated.
struct NextGame<'a> {
    session: &'a GameSession,
    settings: &'a GameSettings,
    rematch_rated: bool,
    /// The person's side in the game that ended; the rematch swaps it.
    person: Option<Side>,
}

/// Rematch and New game: in Play the rematch swaps colours and a new game
/// opens the setup; elsewhere they replay the board or the settings' game.
fn next_game_buttons(
    ui: &mut egui::Ui,
    NextGame { session, settings, rematch_rated, person }: NextGame,
    requests: &mut MessageWriter<GameRequest>,
    play: Option<&mut MessageWriter<PlayRequest>>,
    choice: &mut Option<BannerChoice>,
) {
    if let Some(play) = play {
        // The rematch says whether it is rated: the last game may have been
        // made casual, and the next one starts as the setup chose.
        // The label says the colour swap, not only the hover (fresh eyes,
        // round 13: a casual rematch gave the person Black without a word).
        let side = person.map_or(String::new(), |side| format!(" as {}", side.opponent().title()));
        let (label, hover) = if rematch_rated {
            (format!("Rematch{side} (rated)"), "The same opponent again, colours swapped: a rated game")
        } else {
            (format!("Rematch{side} (casual)"), "The same opponent again, colours swapped: a casual game")
        };
        if ui.button(RichText::new(label).size(15.0)).on_hover_text(hover).clicked() {
            play.write(PlayRequest::Rematch);
        }
        // A rated rematch has a casual one beside it (fresh eyes, round 11).
        let casual = "The same opponent again, colours swapped: a casual game";
        let casual_label = format!("Rematch{side} (casual)");
        if rematch_rated && ui.button(RichText::new(casual_label).size(15.0)).on_hover_text(casual).clicked() {
            play.write(PlayRequest::CasualRematch);
        }
        // The same two names on every screen: Rematch, New game.
        if ui.button(RichText::new("New game…").size(15.0)).on_hover_text("Opponent, colour, clock").clicked() {
            *choice = Some(BannerChoice::NewOpponent);
        }
        return;
    }
    // The names the Set up panel gives the same two starts, each saying
    // what it starts (fresh eyes, round 13: "Rematch" and "New game" here
    // started the settings' game at once without saying which).
    let restart = format!("Restart {} {}", session.variant().title(), session.size());
    let hover = "The same board from its first position, the same players";
    if ui.button(RichText::new(restart).size(15.0)).on_hover_text(hover).clicked() {
        requests.write(GameRequest::NewGame { rematch: true });
    }
    let next = format!("New game: {} {}", settings.variant.title(), settings.size);
    let hover = "The game the Set up panel chose (its variant, size and clock)";
    if ui.button(RichText::new(next).size(15.0)).on_hover_text(hover).clicked() {
        requests.write(GameRequest::NewGame { rematch: false });
    }
}
