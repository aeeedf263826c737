//! The Library screen: the filters and search over the games kept, the list
//! (tick games, open one on the board to review it), import and export of
//! game text through the file dialog, and deletion after a question.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use egui::{RichText, Ui};

use crate::engine::library::transfer::{DateError, iso_date, parse_date};
use crate::engine::library::{GameFilter, GameId, GameSummary, ResultFilter};
use crate::engine::rules::clock::TimeControl;
use crate::engine::rules::record::game_text::result_token;
use crate::engine::{Side, Variant};
use crate::files::dialog::{ChooseFile, FileChooser, TypedPath};
use crate::files::game_file::FileAction;
use crate::game::notice::Notice;
use crate::game::screen::Screen;
use crate::library::browse::{LIST_LIMIT, LibraryRequest, LibraryView, plural};
use crate::library::practice::PracticeRequest;
use crate::library::shelf::{GameLibrary, LibrarySettings};
use crate::library::transfer::LibraryTransfer;
use crate::theme::palette;
use crate::ui::backdrop::PanelBackdrop;
use crate::ui::page::{menu_page, section_heading};
use crate::ui::views::ModalOpen;

/// The results a person filters by, with their names.
const RESULTS: [(ResultFilter, &str); 6] = [
    (ResultFilter::PersonWon, "I won"),
    (ResultFilter::PersonLost, "I lost"),
    (ResultFilter::Drawn, "Drawn"),
    (ResultFilter::WhiteWon, "White won"),
    (ResultFilter::BlackWon, "Black won"),
    (ResultFilter::Unfinished, "Unfinished"),
];

/// What the page keeps between frames: the typed texts and the question asked.
#[derive(Default)]
pub(crate) struct Typed {
    opponent: String,
    search: String,
    from: String,
    until: String,
    date_error: Option<String>,
    /// Games the person asked to delete, waiting for their yes.
    delete: Option<Vec<GameId>>,
}

/// What the page reads and writes.
#[derive(SystemParam)]
pub(crate) struct LibraryPage<'w> {
    view: ResMut<'w, LibraryView>,
    library: Res<'w, GameLibrary>,
    transfer: Res<'w, LibraryTransfer>,
    chooser: Res<'w, FileChooser>,
    typed_path: ResMut<'w, TypedPath>,
    requests: MessageWriter<'w, LibraryRequest>,
    files: MessageWriter<'w, ChooseFile>,
    next: ResMut<'w, NextState<Screen>>,
    notice: Res<'w, Notice>,
    settings: ResMut<'w, LibrarySettings>,
    practice: MessageWriter<'w, PracticeRequest>,
}

pub(crate) fn draw(
    mut contexts: EguiContexts,
    mut page: LibraryPage,
    mut typed: Local<Typed>,
    (mut backdrop, mut modal): (ResMut<PanelBackdrop>, ResMut<ModalOpen>),
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut filter = page.view.filter.clone();
    let home = menu_page(ctx, &mut backdrop, Screen::Library.title(), |ui| {
        if let Some(why) = page.library.refused() {
            ui.label(RichText::new(why).color(palette::ERROR.color32()));
            ui.label("Finished games are not kept this run.");
            return;
        }
        filters(ui, &mut filter, &mut typed);
        actions(ui, &mut page, &mut typed);
        notice_line(ui, &page.notice);
        refusals(ui, &page.transfer);
        crate::library::practice_panel::library_section(ui, &page.view.exercises_left, &mut page.practice);
        list(ui, &mut page);
    });
    page.view.filter.clone_from(&filter);
    if let Some(ids) = typed.delete.clone() {
        delete_question(ctx, &ids, &mut typed.delete, &mut page.requests);
    }
    // Escape answers the question while it shows, and does not go Home too.
    modal.set_if_neq(ModalOpen(typed.delete.is_some()));
    if home {
        page.next.set(Screen::Home);
    }
    Ok(())
}

/// The notice in two lines of their own that are always there (blank
/// without one): a line that came with an error moved the list under the
/// pointer. Two, as one cut an import's count and an export's reason short
/// at 800x600 (fresh eyes, round 27); the whole notice is on hover.
fn notice_line(ui: &mut Ui, notice: &Notice) {
    let font = egui::TextStyle::Body.resolve(ui.style());
    let height = 2.0 * ui.fonts_mut(|fonts| fonts.row_height(&font));
    let (rect, _) = ui.allocate_exact_size(egui::vec2(ui.available_width(), height), egui::Sense::hover());
    let Some(text) = notice.toast() else { return };
    let colour = if notice.error { palette::ERROR } else { palette::SUCCESS };
    let format = egui::TextFormat { font_id: font, color: colour.color32(), ..Default::default() };
    let mut job = egui::text::LayoutJob::single_section(text.to_string(), format);
    let truncated = egui::text::TextWrapping::truncate_at_width(rect.width());
    job.wrap = egui::text::TextWrapping { max_rows: 2, break_anywhere: false, ..truncated };
    let galley = ui.fonts_mut(|fonts| fonts.layout_job(job));
    ui.put(rect, egui::Label::new(galley)).on_hover_text(text);
}

/// Variant, colour, result and rated as choices; opponent, search and dates as text.
fn filters(ui: &mut Ui, filter: &mut GameFilter, typed: &mut Typed) {
    section_heading(ui, "Find");
    ui.horizontal_wrapped(|ui| {
        choice(ui, "library_variant", &mut filter.variant, &Variant::ALL.map(|v| (v, v.title())), "Any game");
        choice(
            ui,
            "library_colour",
            &mut filter.colour,
            &[(Side::White, "I was White"), (Side::Black, "I was Black")],
            "Any colour",
        );
        choice(ui, "library_result", &mut filter.result, &RESULTS, "Any result");
        choice(ui, "library_rated", &mut filter.rated, &[(true, "Rated"), (false, "Casual")], "Rated or not");
    });
    ui.horizontal_wrapped(|ui| {
        text_filter(ui, "Opponent", &mut typed.opponent, &mut filter.opponent);
        text_filter(ui, "Search", &mut typed.search, &mut filter.text);
    });
    ui.horizontal_wrapped(|ui| {
        ui.label("From");
        let from = ui.add(egui::TextEdit::singleline(&mut typed.from).hint_text("YYYY-MM-DD").desired_width(90.0));
        ui.label("until");
        let until = ui.add(egui::TextEdit::singleline(&mut typed.until).hint_text("YYYY-MM-DD").desired_width(90.0));
        if from.changed() || until.changed() {
            typed.date_error = dates(typed, filter).err().map(|e| e.to_string());
        }
    });
    // Always one line, the error's or the dates' form: a line that came and
    // went as a date was typed moved the list under the pointer.
    let (line, hover) = match &typed.date_error {
        Some(why) => (RichText::new(why).color(palette::ERROR.color32()), why.as_str()),
        None => (RichText::new("Dates as YYYY-MM-DD; until takes in its day.").weak(), ""),
    };
    let said = ui.add(egui::Label::new(line).truncate());
    if !hover.is_empty() {
        said.on_hover_text(hover);
    }
}

/// A combo box over `options`, with `any` for no filter.
fn choice<T: Copy + PartialEq>(ui: &mut Ui, id: &str, value: &mut Option<T>, options: &[(T, &str)], any: &str) {
    let shown = options.iter().find(|(option, _)| Some(*option) == *value).map_or(any, |(_, name)| name);
    egui::ComboBox::from_id_salt(id).selected_text(shown).show_ui(ui, |ui| {
        ui.selectable_value(value, None, any);
        for &(option, name) in options {
            ui.selectable_value(value, Some(option), name);
        }
    });
}

/// A labelled text box whose trimmed text, if any, is the filter.
fn text_filter(ui: &mut Ui, label: &str, text: &mut String, filter: &mut Option<String>) {
    ui.label(label);
    if ui.add(egui::TextEdit::singleline(text).desired_width(140.0)).changed() {
        let trimmed = text.trim();
        *filter = (!trimmed.is_empty()).then(|| trimmed.to_string());
    }
}

/// The typed dates as the filter's instants (the until day included).
fn dates(typed: &Typed, filter: &mut GameFilter) -> Result<(), DateError> {
    let day = |text: &str| if text.trim().is_empty() { Ok(None) } else { parse_date(text.trim()) };
    filter.from = day(&typed.from)?;
    filter.until = day(&typed.until)?.map(|t| t + jiff::SignedDuration::from_hours(24));
    Ok(())
}

/// Why Import is greyed where no dialog answers.
const IMPORT_WAITS: &str =
    "Import waits for the path of a file that is there (type it under \"File to import from or export to\").";

/// Import always; export and delete once a game is ticked; the file's path
/// (where no dialog answers) under a heading that says what it is for.
fn actions(ui: &mut Ui, page: &mut LibraryPage, typed: &mut Typed) {
    let chosen = page.view.chosen();
    let count = chosen.len();
    ui.add_space(6.0);
    ui.horizontal_wrapped(|ui| {
        let idle = !page.transfer.busy();
        // Without a dialog Import reads the typed path: offered only where a
        // file is there (fresh eyes, round 20: the made-up name meant for an
        // export gave a raw "os error 2", cut at the panel's edge).
        let readable = page.chooser.uses_dialog() || std::path::Path::new(page.typed_path.0.trim()).is_file();
        let import = ui.add_enabled(idle && readable, egui::Button::new("Import…"));
        let import = import.on_hover_text("Games as text, many to a file").on_disabled_hover_text(IMPORT_WAITS);
        if import.clicked() {
            page.files.write(ChooseFile(FileAction::ImportLibrary));
        }
        let listed = page.view.games.len();
        if listed > 0 && count < listed && ui.button(format!("Tick all {listed}")).clicked() {
            let ids: Vec<GameId> = page.view.games.iter().map(|game| game.id).collect();
            page.view.selected.extend(ids);
        }
        if count > 0 {
            let export = egui::Button::new(format!("Export {count}…"));
            if ui.add_enabled(idle, export).on_hover_text("Write the ticked games as text").clicked() {
                page.files.write(ChooseFile(FileAction::ExportLibrary));
            }
            if ui
                .button(format!("Delete {count}…"))
                .on_hover_text("Delete the ticked games, after a question")
                .clicked()
            {
                typed.delete = Some(chosen);
            }
            if ui.button("Untick all").clicked() {
                page.view.selected.clear();
            }
        } else if listed > 0 {
            ui.label(RichText::new("Tick games to export or delete them.").weak());
        }
        if page.transfer.busy() {
            ui.spinner();
        }
    });
    let mut settings = *page.settings;
    ui.checkbox(&mut settings.keep_series, "Keep the games of series too (Watch & Lab)");
    page.settings.set_if_neq(settings);
    if !page.chooser.uses_dialog() {
        let header = egui::CollapsingHeader::new("File to import from or export to").id_salt("library_file");
        header.default_open(false).show(ui, |ui| {
            ui.label(RichText::new("No file dialog answers on this desktop: Import and Export use this path.").weak());
            // The whole width: a default path's file name was cut off (fresh eyes, round 16).
            ui.add(egui::TextEdit::singleline(&mut page.typed_path.0).desired_width(ui.available_width()));
            if !std::path::Path::new(page.typed_path.0.trim()).is_file() {
                ui.label(RichText::new(IMPORT_WAITS).weak());
            }
        });
    }
}

/// The games the last import refused, each by its number, line and reason.
fn refusals(ui: &mut Ui, transfer: &LibraryTransfer) {
    if transfer.refused.is_empty() {
        return;
    }
    let title = format!("{} game{} refused by the last import", transfer.refused.len(), plural(transfer.refused.len()));
    egui::CollapsingHeader::new(RichText::new(title).color(palette::ERROR.color32())).default_open(true).show(
        ui,
        |ui| {
            for refusal in &transfer.refused {
                ui.label(format!("Game {} (line {}): {}", refusal.index, refusal.line, refusal.reason));
            }
        },
    );
}

/// The games, newest first: tick, date, game, players, result, moves; Open.
fn list(ui: &mut Ui, page: &mut LibraryPage) {
    let view = &mut *page.view;
    section_heading(ui, &format!("{} game{}", view.games.len(), plural(view.games.len())));
    if let Some(why) = &view.error {
        ui.label(RichText::new(why).color(palette::ERROR.color32()));
    }
    if view.games.len() == LIST_LIMIT as usize {
        ui.label(RichText::new(format!("The newest {LIST_LIMIT} shown; the filters narrow the list.")).weak());
    }
    if view.games.is_empty() {
        return;
    }
    // Open second, so it is never past the page's edge; a narrow page (an
    // 800-pixel window at 150%) says the game under the date, leaves out
    // the clock, which the result's hover names, and cuts long players'
    // names short.
    let narrow = ui.available_width() < WIDE_LIST;
    let headings: &[&str] = if narrow {
        &["", "", "Date", "White – Black", "Result", "Length"]
    } else {
        &["", "", "Date", "Game", "White – Black", "Result", "Clock", "Length"]
    };
    egui::Grid::new("library_games").striped(true).num_columns(headings.len()).spacing([10.0, 4.0]).show(ui, |ui| {
        for heading in headings {
            ui.label(RichText::new(*heading).strong());
        }
        ui.end_row();
        for game in &view.games {
            let mut ticked = view.selected.contains(&game.id);
            if ui.checkbox(&mut ticked, "").changed() {
                if ticked {
                    view.selected.insert(game.id)
                } else {
                    view.selected.remove(&game.id)
                };
            }
            if ui.button("Open").on_hover_text("Review it on the board (Analyse)").clicked() {
                page.requests.write(LibraryRequest::Open(game.id));
            }
            row(ui, game, narrow);
            ui.end_row();
        }
    });
}

/// Below this width (points) the list leaves out its game and clock columns.
const WIDE_LIST: f32 = 760.0;

/// The longest a player's cell may be in a narrow list (points).
const NARROW_PLAYERS: f32 = 170.0;

/// One game's cells: date, game, players, result (how it ended, rated),
/// clock, length; `narrow`: the game under the date, and no clock.
fn row(ui: &mut Ui, game: &GameSummary, narrow: bool) {
    let date = game.played_at.map(iso_date).unwrap_or_else(|| "—".to_string());
    let board = format!("{} {}", game.variant.title(), game.size);
    // Dates and games on one line each ("2024." over "05.02", "Breakthro"
    // over "ugh 8x8" read as cut).
    if narrow {
        // The game under the date: which game a row is matters most (a 6x8
        // game looked like the 8x8 ones).
        ui.vertical(|ui| {
            ui.add(egui::Label::new(date).extend());
            ui.add(egui::Label::new(RichText::new(&board).small().weak()).extend());
        });
    } else {
        ui.add(egui::Label::new(date).extend());
    }
    let clock = game.time_control.as_deref().and_then(|text| TimeControl::parse(text).ok());
    let clock_text = clock.map_or("no clock".to_string(), |c| format!("{} clock", c.label()));
    if !narrow {
        ui.add(egui::Label::new(&board).extend());
    }
    // Which name played which side is said in the heading (fresh eyes, round
    // 18: in Lines of Action, where Black moves first, it was not plain).
    let me = |side: Side| if game.person == Some(side) { " (you)" } else { "" };
    let players = format!("{}{} – {}{}", game.white, me(Side::White), game.black, me(Side::Black));
    if narrow {
        ui.scope(|ui| {
            ui.set_max_width(NARROW_PLAYERS);
            ui.add(egui::Label::new(&players).truncate()).on_hover_text(&players);
        });
    } else {
        ui.label(players);
    }
    let described = format!("{} ({board}, {clock_text})", game.outcome.describe());
    ui.label(result_cell(game)).on_hover_text(described);
    if !narrow {
        ui.label(clock.map_or("—".to_string(), TimeControl::label)).on_hover_text(if clock.is_some() {
            "Minutes + seconds a move"
        } else {
            "No clock"
        });
    }
    ui.label(crate::game::length::game_length(game.plies as usize));
}

/// "1-0 · resigned · rated".
pub(crate) fn result_cell(game: &GameSummary) -> String {
    let mut words = vec![result_token(game.outcome).to_string()];
    words.extend(game.outcome.termination().map(str::to_string));
    if game.rated {
        words.push("rated".to_string());
    }
    words.join(" · ")
}

/// "Delete N games?" with Delete and Keep.
fn delete_question(
    ctx: &egui::Context,
    ids: &[GameId],
    delete: &mut Option<Vec<GameId>>,
    requests: &mut MessageWriter<LibraryRequest>,
) {
    let mut answer = None;
    egui::Modal::new(egui::Id::new("library_delete")).show(ctx, |ui| {
        ui.label(RichText::new(format!("Delete {} game{} from the library?", ids.len(), plural(ids.len()))).strong());
        ui.label("Their reports and exercises go with them; this cannot be undone.");
        ui.horizontal(|ui| {
            answer = ui.button("Delete").clicked().then_some(true).or(answer);
            answer = ui.button("Keep them").clicked().then_some(false).or(answer);
        });
    });
    if ctx.input(|input| input.key_pressed(egui::Key::Escape)) {
        answer = Some(false);
    }
    match answer {
        Some(true) => {
            requests.write(LibraryRequest::Delete(ids.to_vec()));
            *delete = None;
        }
        Some(false) => *delete = None,
        None => {}
    }
}

#[cfg(test)]
mod tests {
    use super::result_cell;
    use crate::engine::library::{GameId, GameSummary};
    use crate::engine::{Outcome, Side, Variant, WinReason};

    #[test]
    fn a_listed_result_says_how_the_game_ended() {
        let variant = Variant::LinesOfAction;
        let game = |outcome, rated| GameSummary {
            id: GameId(7),
            variant,
            size: variant.default_size(),
            white: "Human".to_string(),
            black: "Master".to_string(),
            person: Some(Side::White),
            rated,
            time_control: Some("180+2".to_string()),
            played_at: None,
            outcome,
            plies: 30,
        };
        let resigned = Outcome::Win { winner: Side::Black, reason: WinReason::Resignation };
        assert_eq!(result_cell(&game(resigned, true)), "0-1 · resigned · rated");
        let flagged = Outcome::Win { winner: Side::White, reason: WinReason::Time };
        assert_eq!(result_cell(&game(flagged, false)), "1-0 · on time");
        let repeated = Outcome::Draw { reason: crate::engine::DrawReason::Repetition };
        assert_eq!(result_cell(&game(repeated, false)), "1/2-1/2 · repetition");
    }
}
