//! The game report's section in Analyse and Watch & Lab: the button that
//! asks for it, its progress bar while positions are searched, then each
//! side's accuracy and marks, and the marked moves with the better move (a
//! click reviews the position before it).

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui::{self, RichText, Ui};

use crate::engine::Side;
use crate::engine::library::review::{GameReport, Mark};
use crate::game::request::GameRequest;
use crate::game::session::GameSession;
use crate::library::report::{BoardReport, ReportRequest};
use crate::library::shelf::LibrarySettings;
use crate::theme::palette;
use crate::ui::numbering::move_label;

/// What the section reads and asks.
#[derive(SystemParam)]
pub(crate) struct ReportState<'w> {
    pub(crate) board: Res<'w, BoardReport>,
    requests: MessageWriter<'w, ReportRequest>,
    settings: ResMut<'w, LibrarySettings>,
}

impl ReportState<'_> {
    /// Asks for the report of the game on the board (the end section's button).
    pub(crate) fn ask(&mut self) {
        self.requests.write(ReportRequest);
    }
}

/// The marked moves' list scrolls past this height, so the graph stays in view.
const MARKS_HEIGHT: f32 = 150.0;

pub(crate) fn section(ui: &mut Ui, state: &mut ReportState, session: &GameSession, goto: &mut Option<GameRequest>) {
    let stage = match (state.board.progress(), state.board.report_of(session)) {
        (Some(_), _) => 1u8,
        (None, Some(_)) => 2,
        (None, None) => 0,
    };
    let shown = egui::CollapsingHeader::new("Game report").default_open(true).show(ui, |ui| {
        if let Some((done, total)) = state.board.progress() {
            let fraction = if total == 0 { 0.0 } else { done as f32 / total as f32 };
            ui.add(egui::ProgressBar::new(fraction).text(format!("Searching position {done} of {total}")));
        } else if let Some(report) = state.board.report_of(session) {
            summary(ui, report, goto);
        } else if state.board.game_of(session).is_some() {
            let ask = ui
                .button("Game report")
                .on_hover_text("Every position searched at 50,000 nodes: accuracy, mistakes, better moves");
            if ask.clicked() {
                state.requests.write(ReportRequest);
            }
        } else {
            ui.label(
                RichText::new(
                    "A game kept in the library can be reported: a finished game, or one opened on the Library screen.",
                )
                .weak(),
            );
        }
        let mut settings = *state.settings;
        ui.checkbox(&mut settings.report_after_game, "Report each game after it ends");
        state.settings.set_if_neq(settings);
    });
    // A report asked for, and as it comes, is scrolled into view (fresh
    // eyes, round 14: at 800x600 it came below the fold, unseen); one there
    // before is left where it is.
    let seen = ui.id().with("report_stage_seen");
    let before = ui.data_mut(|data| {
        let before = data.get_temp::<u8>(seen);
        data.insert_temp(seen, stage);
        before
    });
    if (stage == 1 && before != Some(1)) || (stage == 2 && before == Some(1)) {
        shown.header_response.scroll_to_me(Some(egui::Align::Min));
    }
}

/// Each side's accuracy and counts, then the marked moves.
fn summary(ui: &mut Ui, report: &GameReport, goto: &mut Option<GameRequest>) {
    // Narrow columns (egui's default minimum is 40 px a column): at 800x600
    // the 240-pixel panel cut the "??" column off.
    egui::Grid::new("report_sides").num_columns(5).min_col_width(18.0).spacing([10.0, 2.0]).show(ui, |ui| {
        ui.label("");
        ui.label(RichText::new("accuracy").weak());
        for mark in Mark::ALL {
            ui.label(RichText::new(mark.symbol()).strong().color(palette::mark_colour(mark)))
                .on_hover_text(mark.name());
        }
        ui.end_row();
        for side in [Side::White, Side::Black] {
            ui.label(side.title());
            ui.label(report.accuracy[side.index()].map_or("–".to_string(), |a| format!("{a:.1}%")));
            for mark in Mark::ALL {
                ui.label(report.count(side, mark).to_string());
            }
            ui.end_row();
        }
    });
    egui::ScrollArea::vertical()
        .id_salt("report_marks")
        .max_height(MARKS_HEIGHT)
        // Low on a panel, egui gave the list the room left above the
        // panel's fold: two lines (fresh eyes, round 18); the panel scrolls.
        .min_scrolled_height(MARKS_HEIGHT)
        .show(ui, |ui| marked_moves(ui, report, goto));
}

/// The marked moves, each with its drop and the better move; a click reviews the position before it.
fn marked_moves(ui: &mut Ui, report: &GameReport, goto: &mut Option<GameRequest>) {
    for review in report.moves.iter().filter(|m| m.mark.is_some()) {
        let Some(mark) = review.mark else { continue };
        let better = review.best.as_deref().map_or(String::new(), |best| format!(" · better {best}"));
        let (label, cost) = (move_label(review.ply + 1), crate::ui::info::chance_lost(review.loss));
        let text = format!("{label} {}{} {cost}{better}", review.played, mark.symbol());
        let line =
            egui::Label::new(RichText::new(text).color(palette::mark_colour(mark))).wrap().sense(egui::Sense::click());
        let link = ui.add(line);
        if link.on_hover_text("Review the position before this move").clicked() {
            *goto = Some(GameRequest::GoTo { ply: review.ply });
        }
    }
}
