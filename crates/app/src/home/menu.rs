//! Home: Resume for the game that waits, and the modes, each a large
//! button with one line on what it is for; Escape comes back here.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use egui::RichText;

use crate::board::input::{MoveRefusal, Selection};
use crate::board::keyboard::BoardFocus;
use crate::engine::Side;
use crate::engine::rules::clock::clock_text;
use crate::flow::solver::FlowSolve;
use crate::game::clock::TurnTimer;
use crate::game::players::Players;
use crate::game::ratings::Progress;
use crate::game::request::ReplaceGame;
use crate::game::screen::Screen;
use crate::game::session::GameSession;
use crate::home::screens::ResumeScreen;
use crate::play::asks::Question;
use crate::play::rated::RatedGame;
use crate::theme::palette;
use crate::ui::backdrop::PanelBackdrop;
use crate::ui::numbering::move_number;
use crate::ui::views::ModalOpen;

/// What Home reads: the game that waits and where it was played.
#[derive(SystemParam)]
pub(crate) struct HomeState<'w> {
    session: Res<'w, GameSession>,
    players: Res<'w, Players>,
    resume: Res<'w, ResumeScreen>,
    progress: Res<'w, Progress>,
    rated: Res<'w, RatedGame>,
    timer: Res<'w, TurnTimer>,
    next: ResMut<'w, NextState<Screen>>,
}

/// The size of a mode's button.
const MODE_BUTTON: egui::Vec2 = egui::vec2(180.0, 40.0);

pub(crate) fn draw(mut contexts: EguiContexts, mut state: HomeState, mut backdrop: ResMut<PanelBackdrop>) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut picked = None;
    crate::ui::page::menu_page(ctx, &mut backdrop, "", |ui| {
        ui.vertical_centered(|ui| {
            ui.label(RichText::new("Breakline").size(34.0).strong().color(palette::HEADLINE.color32()));
            ui.label(RichText::new("Breakthrough and Lines of Action, with AI players to play and watch").weak());
            // A line either way: the menu below keeps its place once the
            // lessons are seen (it rose 27 pixels under the mouse).
            ui.add_space(6.0);
            let line = if state.progress.lessons_seen {
                "Play a level, solve a puzzle, or study a game in Analyse."
            } else {
                "New to these games? Learn shows how to play them, on the board."
            };
            ui.label(RichText::new(line).size(16.0));
        });
        ui.add_space(12.0);
        // The Resume row keeps its place when there is nothing to resume, so
        // the modes never move under the mouse (fresh eyes, round 11: Learn's
        // place opened Play once a game was in progress).
        match state.resume.0 {
            Some(screen) => picked = resume_button(ui, &state, screen).or(picked),
            None => no_game_row(ui),
        }
        ui.add_space(8.0);
        picked = mode_grid(ui).or(picked);
    });
    if let Some(screen) = picked {
        state.next.set(screen);
    }
    Ok(())
}

/// "▶ Resume   Breakthrough 8x8 · You vs Novice", and under it "move 12 ·
/// rated · ⏸ 4:32 left".
fn resume_button(ui: &mut egui::Ui, state: &HomeState, screen: Screen) -> Option<Screen> {
    let session = &state.session;
    let what = format!("{} {} · {}", session.variant().title(), session.size(), session.matchup(&state.players));
    // Rated or not, and the clock as it stands, said where the game waits
    // (fresh eyes, round 12: the row said neither); a clock stands still
    // away from its game (fresh eyes: nothing told why a clock had not run).
    // Casual said too where it could have been rated (fresh eyes, round 16:
    // a game made casual lost "rated" and said nothing).
    let rated = if state.rated.in_force(session) {
        " · rated"
    } else if crate::play::rated::rated_pairing(&state.players).is_some() {
        " · casual"
    } else {
        ""
    };
    let clocked = session.record().time_control.is_some();
    // The pause sign says the clock waits too (fresh eyes, round 18: a
    // rated game's clock "stopped while away, and nothing says so").
    let stopped = resume_clock(state).map_or(String::new(), |clock| format!(" · ⏸ {clock}"));
    let details = format!("move {}{rated}{stopped}", move_number(session.game_ply(session.plies())));
    let text = two_lines(ui, &format!("▶ Resume   {what}"), &details);
    let button = egui::Button::new(text).min_size(egui::vec2(ui.available_width(), RESUME_HEIGHT));
    let waits = if clocked { "; its clock stands still (stopped) while you are away" } else { "" };
    let hover = format!("Back to the game in {}{waits}:\n{what} · {details}", screen.title());
    ui.add(button).on_hover_text(hover).clicked().then_some(screen)
}

/// The game on one line and its state under it, each cut short rather than
/// wrapped: on one line the state was cut off at 800x600 (fresh eyes,
/// rounds 16 and 26), and wrapped, the clock's words sat alone (round 14).
fn two_lines(ui: &egui::Ui, head: &str, details: &str) -> std::sync::Arc<egui::Galley> {
    let width = ui.available_width() - 2.0 * ui.spacing().button_padding.x;
    let line = |text: &str, size: f32, color: egui::Color32| {
        let format = egui::TextFormat { font_id: egui::FontId::proportional(size), color, ..Default::default() };
        let mut job = egui::text::LayoutJob::single_section(text.to_owned(), format);
        job.wrap = egui::text::TextWrapping::truncate_at_width(width);
        job
    };
    let mut job = line(head, 17.0, ui.visuals().text_color());
    let under = line(&format!("\n{details}"), 14.0, ui.visuals().weak_text_color());
    job.sections.extend(under.sections.into_iter().map(|mut section| {
        section.byte_range = section.byte_range.start + job.text.len()..section.byte_range.end + job.text.len();
        section
    }));
    job.text.push_str(&under.text);
    job.wrap = egui::text::TextWrapping {
        max_rows: 2,
        break_anywhere: false,
        ..egui::text::TextWrapping::truncate_at_width(width)
    };
    ui.fonts_mut(|fonts| fonts.layout_job(job))
}

/// The clock of the game that waits as it stands: the person's time left
/// ("4:32 left"), or both sides', each named, in a game of two people
/// (fresh eyes, round 24: "clocks 4:32 – 3:10" said not whose was whose).
fn resume_clock(state: &HomeState) -> Option<String> {
    let (clock, _) = crate::game::clock::showing(&state.session, &state.timer)?;
    let mine = state.players.person();
    Some(match mine {
        Some(side) => format!("{} left", clock_text(clock.remaining(side))),
        None => format!(
            "White {} – Black {}",
            clock_text(clock.remaining(Side::White)),
            clock_text(clock.remaining(Side::Black))
        ),
    })
}

/// The height of the Resume row, kept when there is no game to resume.
const RESUME_HEIGHT: f32 = 48.0;

/// Where Resume would be: a line saying that no game waits.
fn no_game_row(ui: &mut egui::Ui) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(ui.available_width(), RESUME_HEIGHT), egui::Sense::hover());
    let words = "No game in progress: Play starts one, and Resume will bring it back here.";
    let font = egui::FontId::proportional(15.0);
    ui.painter().text(
        rect.left_center() + egui::vec2(8.0, 0.0),
        egui::Align2::LEFT_CENTER,
        words,
        font,
        ui.visuals().weak_text_color(),
    );
}

/// The height below which Home draws its buttons closer (an 800x600 screen
/// with a taskbar and a title bar), so it fits without scrolling.
const SHORT_WINDOW: f32 = 640.0;

/// The modes two to a row, each with its line.
fn mode_grid(ui: &mut egui::Ui) -> Option<Screen> {
    let mut picked = None;
    let short = ui.ctx().viewport_rect().height() < SHORT_WINDOW;
    let (size, gap) = if short { (egui::vec2(MODE_BUTTON.x, 32.0), 5.0) } else { (MODE_BUTTON, 10.0) };
    egui::Grid::new("home_modes").num_columns(2).spacing([14.0, gap]).show(ui, |ui| {
        for screen in Screen::MODES {
            let button = egui::Button::new(RichText::new(screen.title()).size(18.0)).min_size(size);
            if ui.add(button).clicked() {
                picked = Some(match screen {
                    // A game starts from its setup.
                    Screen::Play => Screen::PlaySetup,
                    other => other,
                });
            }
            ui.add(egui::Label::new(RichText::new(screen.blurb()).weak()).wrap());
            ui.end_row();
        }
    });
    picked
}

/// Who else Escape belongs to now, if anyone: a key does one thing.
#[derive(SystemParam)]
pub(crate) struct EscapeOwners<'w, 's> {
    question: Res<'w, Question>,
    replace: Res<'w, ReplaceGame>,
    modal: Res<'w, ModalOpen>,
    keys_help: Option<Res<'w, crate::ui::keys::KeysHelp>>,
    focus: Res<'w, BoardFocus>,
    selection: Res<'w, Selection>,
    refusal: Res<'w, MoveRefusal>,
    solving: Query<'w, 's, (), With<FlowSolve>>,
    text: Option<Res<'w, bevy_egui::input::EguiWantsInput>>,
}

impl EscapeOwners<'_, '_> {
    /// Escape answers a question, shuts the Keys window, lets go of the
    /// board's keys or the piece held, closes a refused move's line, stops
    /// Flow's solver or leaves a text field instead of going Home.
    fn taken(&self) -> bool {
        self.question.text().is_some()
            || self.replace.pending.is_some()
            || self.modal.0
            || self.keys_help.as_ref().is_some_and(|help| help.0)
            || self.focus.on
            || self.selection.square.is_some()
            || self.refusal.why.is_some()
            || !self.solving.is_empty()
            || self.text.as_ref().is_some_and(|wants| wants.wants_any_keyboard_input())
    }
}

/// Escape goes back to Home from any screen (the game waits), unless it
/// closes or cancels something there. (The keys are the window's: headless,
/// only a test presses them.)
pub(crate) fn escape_goes_home(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    screen: Res<State<Screen>>,
    owners: EscapeOwners,
    mut next: ResMut<NextState<Screen>>,
) {
    let pressed = keys.is_some_and(|keys| keys.just_pressed(KeyCode::Escape));
    if pressed && *screen.get() != Screen::Home && !owners.taken() {
        next.set(Screen::Home);
    }
}
