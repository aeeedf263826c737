//! The opening explorer's panel section: the moves the library's games
//! played from the position shown, how often, and how they ended (White's
//! wins, draws, Black's wins); a click plays the move (tried as a side line
//! while reviewing).

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui::{self, RichText, Ui};

use crate::engine::library::explorer::EXPLORER_PLIES;
use crate::game::request::{GameRequest, MoveChosen};
use crate::game::session::GameSession;
use crate::library::explorer::{ExplorerRow, OpeningExplorer};
use crate::library::shelf::GameLibrary;
use crate::theme::palette;

/// What the section reads.
#[derive(SystemParam)]
pub(crate) struct ExplorerState<'w> {
    explorer: Res<'w, OpeningExplorer>,
    library: Res<'w, GameLibrary>,
}

/// The explorer of the shown position.
pub(crate) fn section(
    ui: &mut Ui,
    state: &ExplorerState,
    session: &GameSession,
    requests: &mut MessageWriter<GameRequest>,
) {
    egui::CollapsingHeader::new("Opening explorer").default_open(true).show(ui, |ui| {
        if !state.library.is_open() {
            let why = state.library.refused().unwrap_or("no library file this run");
            let text = format!("The library is not open ({why}): the explorer reads its games.");
            ui.label(RichText::new(text).color(palette::ERROR.color32()));
            return;
        }
        let explorer = &state.explorer;
        if let Some(error) = &explorer.error {
            ui.label(RichText::new(error).color(palette::ERROR.color32()));
            return;
        }
        if explorer.for_key != Some(session.shown_key()) {
            ui.label(RichText::new("Reading the library…").weak());
            return;
        }
        if explorer.rows.is_empty() {
            // The index holds each game's opening only: past it, "no game
            // reached this position" was said of the very game on the board.
            let depth = EXPLORER_PLIES / 2;
            let text = if session.game_ply(session.shown_ply()) >= EXPLORER_PLIES {
                format!("The explorer knows each game's first {depth} moves; this position comes later.")
            } else {
                // The table is of moves played from here: a game that ended
                // here reached it and played none (fresh eyes, round 18).
                format!("No game in the library played on from this position in its first {depth} moves.")
            };
            ui.label(RichText::new(text).weak());
            return;
        }
        let games: u64 = explorer.rows.iter().map(|row| row.played).sum();
        let plural = if games == 1 { "" } else { "s" };
        ui.label(RichText::new(format!("{games} game{plural} in the library from here")).weak());
        if let Some(notation) = table(ui, &explorer.rows, session.variant().can_draw()) {
            let shown = session.shown_position();
            if let Ok(mv) = shown.clone().play_text(&notation) {
                requests.write(MoveChosen::by_person(mv, session));
            }
        }
    });
}

/// The rows: move, games, and the results as a bar (White's wins, draws,
/// Black's wins, as lichess's explorer draws them); the move clicked. A bar
/// keeps the table narrow: "34% / 12% / 54%" in words pushed the panel past
/// an 800-pixel window.
fn table(ui: &mut Ui, rows: &[ExplorerRow], draws: bool) -> Option<String> {
    let mut clicked = None;
    egui::Grid::new("explorer_grid").num_columns(3).striped(true).spacing([8.0, 2.0]).show(ui, |ui| {
        ui.label(RichText::new("Move").strong());
        ui.label(RichText::new("Games").strong());
        let parts = if draws { "White's wins, draws, Black's wins" } else { "White's wins, Black's wins" };
        // The bar's parts named where they are read, White's on the left.
        ui.label(RichText::new("White · Black").strong()).on_hover_text(parts);
        ui.end_row();
        for row in rows {
            let text = RichText::new(&row.notation).monospace();
            let hover = "Play this move (tried as a side line while reviewing)";
            if ui.selectable_label(false, text).on_hover_text(hover).clicked() {
                clicked = Some(row.notation.clone());
            }
            ui.label(row.played.to_string());
            match row.percentages() {
                Some(shares) => results_bar(ui, shares, draws),
                None => {
                    ui.label("unfinished");
                }
            }
            ui.end_row();
        }
    });
    clicked
}

/// The width of a row's results bar, in points.
const BAR_WIDTH: f32 = 96.0;

/// White's, the draws' and Black's shares side by side, each with its
/// percentage where there is room; the numbers on hover (no draws named in
/// a game that has none).
fn results_bar(ui: &mut Ui, [white, draw, black]: [f64; 3], draws: bool) {
    let height = ui.text_style_height(&egui::TextStyle::Body);
    let (rect, response) = ui.allocate_exact_size(egui::vec2(BAR_WIDTH, height), egui::Sense::hover());
    let shares = [
        (white, "White", palette::DISC_WHITE, palette::INK),
        (draw, "Draws", palette::GUIDE, palette::INK),
        (black, "Black", palette::DISC_BLACK, palette::PAPER),
    ];
    let mut left = rect.left();
    for (share, who, fill, ink) in shares {
        let width = rect.width() * (share / 100.0) as f32;
        let part = egui::Rect::from_min_size(egui::pos2(left, rect.top()), egui::vec2(width, rect.height()));
        ui.painter().rect_filled(part, 0.0, fill.color32());
        if width >= 26.0 {
            let font = egui::FontId::proportional(height * 0.75);
            // A bar of one colour names it (fresh eyes, round 16: a lone
            // "100%" did not say whose).
            let text = if share >= 99.5 { format!("{who} 100%") } else { format!("{share:.0}%") };
            ui.painter().text(part.center(), egui::Align2::CENTER_CENTER, text, font, ink.color32());
        }
        left += width;
    }
    // An outline: Black's share, dark on the dark panel, still shows its end.
    ui.painter().rect_stroke(rect, 0.0, egui::Stroke::new(1.0, palette::GRID_LINE.color32()), egui::StrokeKind::Inside);
    response.on_hover_text(shares_in_words([white, draw, black], draws));
}

/// "White 60% · Black 40%", with the draws' share where the game has draws.
fn shares_in_words([white, draw, black]: [f64; 3], draws: bool) -> String {
    if draws {
        format!("White {white:.0}% · draw {draw:.0}% · Black {black:.0}%")
    } else {
        format!("White {white:.0}% · Black {black:.0}%")
    }
}

#[cfg(test)]
mod tests {
    use super::shares_in_words;

    #[test]
    fn the_bar_names_draws_only_in_a_game_that_has_them() {
        assert_eq!(shares_in_words([60.0, 0.0, 40.0], false), "White 60% · Black 40%");
        assert_eq!(shares_in_words([50.0, 10.0, 40.0], true), "White 50% · draw 10% · Black 40%");
        assert!(!crate::engine::Variant::Breakthrough.can_draw() && crate::engine::Variant::LinesOfAction.can_draw());
    }
}
