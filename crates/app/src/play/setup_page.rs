//! The play setup page: the game, the opponent (each level by name and
//! measured rating, the one nearest the person's rating marked, or a friend
//! at this computer), the colour, the clock, rated or casual; then Start.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use egui::{RichText, Ui};

use crate::engine::ai::search::Level;
use crate::engine::lab::levels::LevelTable;
use crate::engine::rules::connection_rule::BothConnected;
use crate::engine::{BoardSize, Variant};
use crate::game::ratings::Progress;
use crate::game::screen::Screen;
use crate::game::session::GameSession;
use crate::game::settings::GameSettings;
use crate::play::rated::suggested_level;
use crate::play::setup::{ColourChoice, Opponent, PlayChoice, PlayRequest};
use crate::theme::palette;
use crate::ui::backdrop::PanelBackdrop;
use crate::ui::page::{menu_page_with_footer, section_heading};

/// What the page reads and edits.
#[derive(SystemParam)]
pub(crate) struct SetupPage<'w> {
    choice: ResMut<'w, PlayChoice>,
    settings: ResMut<'w, GameSettings>,
    progress: Res<'w, Progress>,
    session: Res<'w, GameSession>,
    players: Res<'w, crate::game::players::Players>,
    rated: Res<'w, crate::play::rated::RatedGame>,
    visit: Res<'w, crate::game::owner::Visit>,
    requests: MessageWriter<'w, PlayRequest>,
    next: ResMut<'w, NextState<Screen>>,
}

pub(crate) fn draw(mut contexts: EguiContexts, mut page: SetupPage, mut backdrop: ResMut<PanelBackdrop>) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut choice = *page.choice;
    let mut settings = *page.settings;
    let mut start = false;
    let at_stake = page.rated.at_stake(&page.session, &page.players, &page.visit);
    let mut footer = |ui: &mut Ui| start = start_section(ui, &page.session, at_stake);
    let contents = |ui: &mut Ui| {
        game_section(ui, &mut settings);
        let suggested = suggested_level(&page.progress, settings.variant);
        let yours = page.progress.rating(settings.variant).glicko.rating;
        opponent_section(ui, &mut choice, settings.variant, (suggested, yours));
        // Two people at one board play both colours (fresh eyes, round 18:
        // "Your colour" was asked of a parent and child).
        if choice.opponent != Opponent::Friend {
            colour_section(ui, &mut choice.colour);
        }
        section_heading(ui, "Clock");
        crate::play::setup_sections::clock_picker(ui, &mut settings.time_control);
        rated_section(ui, &mut choice, settings.size == settings.variant.default_size());
    };
    let title = Screen::PlaySetup.title();
    let home = menu_page_with_footer(ctx, &mut backdrop, title, contents, Some(&mut footer));
    page.choice.set_if_neq(choice);
    page.settings.set_if_neq(settings);
    if start {
        page.requests.write(PlayRequest::Start);
    } else if home {
        page.next.set(Screen::Home);
    }
    Ok(())
}

/// The game: Breakthrough or Lines of Action, at the size last set.
fn game_section(ui: &mut Ui, settings: &mut GameSettings) {
    section_heading(ui, "Game");
    crate::play::setup_sections::variant_picker(ui, &mut settings.variant);
    if settings.variant.check_size(settings.size).is_err() {
        settings.size = settings.variant.default_size();
    }
    board_size_row(ui, settings);
    // A row for either game, of one height: Lines of Action's added a row
    // and every choice below moved under the mouse.
    ui.horizontal(|ui| {
        ui.set_min_height(ui.spacing().interact_size.y);
        match settings.variant {
            Variant::LinesOfAction => both_connected_picker(ui, &mut settings.both_connected),
            Variant::Breakthrough => {
                ui.label(RichText::new("No draws: the first pawn to the far row wins.").weak());
            }
        }
    });
}

/// The board's size, square boards from the smallest the game allows (fresh
/// eyes, round 22: a 5x5 game against a level was only to be found through
/// Analyse); oblong boards are Analyse's. One row, whatever is chosen, so
/// Start stays in sight at 800x600.
fn board_size_row(ui: &mut Ui, settings: &mut GameSettings) {
    let variant = settings.variant;
    let standard = variant.default_size();
    let name = |size: BoardSize| if size == standard { format!("{size} (standard)") } else { size.to_string() };
    let (cmin, cmax) = variant.column_range();
    let (rmin, rmax) = variant.row_range();
    let squares = (cmin.max(rmin)..=cmax.min(rmax)).map(|side| BoardSize::new(side, side));
    // An oblong board set in Analyse is offered too, as it is chosen.
    let oblong = (settings.size.columns != settings.size.rows).then_some(settings.size);
    ui.horizontal(|ui| {
        ui.label("Board");
        let hover = "Rated games are on the standard board; oblong Breakthrough boards are set in Analyse";
        egui::ComboBox::from_id_salt("play_board_size")
            .selected_text(name(settings.size))
            .show_ui(ui, |ui| {
                for size in squares.chain(oblong).filter(|size| variant.check_size(*size).is_ok()) {
                    ui.selectable_value(&mut settings.size, size, name(size));
                }
            })
            .response
            .on_hover_text(hover);
    });
}

/// Lines of Action's rule for a move that joins both sides' pieces at once.
fn both_connected_picker(ui: &mut Ui, rule: &mut BothConnected) {
    let hover = "Most rule sets let the mover win; tournaments often call it a draw. Kept in the game's record.";
    ui.label("A move that joins both sides' groups:").on_hover_text(hover);
    let choices = [(BothConnected::MoverWins, "the mover wins"), (BothConnected::Draw, "a draw (tournament rule)")];
    for (choice, label) in choices {
        ui.selectable_value(rule, choice, label).on_hover_text(hover);
    }
}

/// AI or a friend; for an AI, the levels by name and measured rating, the
/// one nearest the person's rating starred (what choosing AI picks).
/// `yours`: the person's rating in `variant`, said beside the star (fresh
/// eyes, round 19: "nearest your rating" on a page that never showed it).
fn opponent_section(ui: &mut Ui, choice: &mut PlayChoice, variant: Variant, (suggested, yours): (Level, f64)) {
    section_heading(ui, "Opponent");
    let friend = choice.opponent == Opponent::Friend;
    ui.horizontal(|ui| {
        if ui.selectable_label(!friend, "AI").clicked() {
            choice.choose_ai();
        }
        if ui.selectable_label(friend, "A friend at this computer").clicked() {
            choice.opponent = Opponent::Friend;
        }
    });
    let Some(shown) = choice.opponent.level(suggested) else {
        ui.label(RichText::new("You take turns at the board.").weak());
        return;
    };
    let table = LevelTable::shipped();
    // Two columns of four, the ladder running down each: the Start button
    // stays on the first screen at 800x600 (fresh eyes: it was half hidden).
    let half = Level::ALL.len().div_ceil(2);
    egui::Grid::new("setup_levels").num_columns(2).spacing([24.0, 4.0]).show(ui, |ui| {
        for row in 0..half {
            for level in [Level::ALL.get(row), Level::ALL.get(row + half)].into_iter().flatten().copied() {
                let star = if level == suggested { " ★" } else { "" };
                let label = format!("{}{star}", table.label(variant, level));
                if ui.selectable_label(shown == level, label).clicked() {
                    choice.opponent = Opponent::Level(level);
                }
            }
            ui.end_row();
        }
    });
    let note = format!("★ nearest your rating ({yours:.0}): {}", table.label(variant, suggested));
    ui.label(RichText::new(note).color(palette::HEADLINE.color32()));
}

fn colour_section(ui: &mut Ui, colour: &mut ColourChoice) {
    section_heading(ui, "Your colour");
    ui.horizontal(|ui| {
        for choice in ColourChoice::ALL {
            ui.selectable_value(colour, choice, choice.title());
        }
    });
}

/// Rated or casual; a friend's game is never rated, nor one off the
/// standard board (`standard_board`).
fn rated_section(ui: &mut Ui, choice: &mut PlayChoice, standard_board: bool) {
    section_heading(ui, "Rated or casual");
    let friend = choice.opponent == Opponent::Friend;
    // A game that cannot be rated shows Casual chosen (what it is: fresh
    // eyes, round 18, Rated stayed lit above "Not rated on this board"), and
    // the person's own choice comes back with an AI on the standard board.
    let can_rate = !friend && standard_board;
    ui.add_enabled_ui(can_rate, |ui| {
        ui.horizontal(|ui| {
            let mut shown = choice.rated && can_rate;
            ui.selectable_value(&mut shown, true, "Rated");
            ui.selectable_value(&mut shown, false, "Casual");
            if can_rate {
                choice.rated = shown;
            }
        });
    });
    let note = if friend {
        "Games between two people are not rated."
    } else if choice.rated && !standard_board {
        "Not rated on this board: the levels' ratings are measured on the standard board only."
    } else if choice.rated {
        // What giving the rules up costs, said before (fresh eyes, round 16:
        // a hint cost nothing and the solver a loss, for no reason given).
        "Your rating moves with the result: no hints, analysis or solver (asked for after your first move, \
         one counts as a loss), at most two take-backs."
    } else {
        "Your rating stays as it is; hints and the analysis are there."
    };
    // Two lines kept whether the note needs them or not, so Start stays
    // under the pointer as Rated and Casual swap notes (fresh eyes, round 19).
    ui.scope(|ui| {
        ui.set_min_height(2.0 * ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y);
        ui.label(RichText::new(note).weak());
    });
}

/// Start, with a word beside it when it ends a game in progress (under it,
/// the word fell below an 800x600 window's edge).
/// `rated_at_stake`: the game in progress is rated and the person has moved in it.
fn start_section(ui: &mut Ui, session: &GameSession, rated_at_stake: bool) -> bool {
    ui.add_space(4.0);
    ui.horizontal(|ui| {
        let start = ui.add(egui::Button::new(RichText::new("Start").size(20.0)).min_size(egui::vec2(160.0, 40.0)));
        if session.plies() > 0 && !session.outcome().is_over() {
            let note = if rated_at_stake {
                "Start ends the rated game in progress as a loss (Home can resume it instead)."
            } else {
                "Start ends the game in progress (Home can resume it instead)."
            };
            ui.add(egui::Label::new(RichText::new(note).color(palette::NOTE.color32())).wrap());
        }
        start.clicked()
    })
    .inner
}
