//! What each game screen's panels hold: Play only what playing needs, Learn
//! and Puzzles their own, Analyse the analysis and files, Watch & Lab the
//! players, presets, series and the engine's numbers.

use bevy_egui::egui::{self, RichText, Ui};

use crate::engine::Variant;
use crate::frame::panel_state::PanelState;
use crate::game::request::GameRequest;
use crate::game::screen::Screen;
use crate::learn::lessons::LessonRequest;
use crate::play::banner::BannerChoice;
use crate::theme::palette;
use crate::ui::info::Steppable;
use crate::ui::views::PanelLayout;

/// Whether the screen has a left panel (its tools).
pub(crate) fn has_left(screen: Screen) -> bool {
    matches!(screen, Screen::Analyse | Screen::Watch)
}

/// The left panel: the next game, files, and in Watch & Lab the players,
/// presets, series and pacing.
pub(crate) fn left(ui: &mut Ui, state: &mut PanelState, open: &mut bool) {
    ui.add_space(4.0);
    ui.horizontal(|ui| {
        ui.heading("Set up");
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            if ui.button("«").on_hover_text("Hide this panel ([)").clicked() {
                *open = false;
            }
        });
    });
    ui.separator();
    let variant = state.game.session.variant();
    let watch = state.screens.get() == Screen::Watch;
    // A rated game in progress keeps its players here (finding: one
    // click gave a rated game's moves to an AI).
    // Moves or not (fresh eyes, round 11: taken back to its start, the
    // rated game's players were offered here, and a change made it casual).
    let rated_game = state.comforts.rated.in_force(&state.game.session) && !state.comforts.visit.waiting();
    // Nor a casual one a person plays (fresh eyes, round 15: White: AI
    // here handed the person's game to a level without a word).
    let visit = &state.comforts.visit;
    let own_game = !state.game.players.both_ai()
        && crate::game::owner::in_progress(&state.game.session, visit)
        && !visit.waiting();
    let waits = watch && (rated_game || own_game || visit.waiting());
    let game = (&state.game, waits);
    crate::play::setup_sections::game_section(ui, &mut state.setup, game, &mut state.requests);
    if watch {
        let chosen = state.setup.study_board.board(&state.setup.settings).0;
        let suggested = crate::play::rated::suggested_level(&state.progress.progress, chosen);
        let picked = (variant, chosen, suggested);
        // The screen's purpose first: a preset is one click to a game to watch.
        crate::play::setup_sections::presets_section(ui, &mut state.requests);
        if rated_game || own_game {
            let which = if rated_game { "rated game" } else { "game in progress" };
            let note = format!(
                "Your {which} waits here with its players (Resume it from Home); a preset or the players below start a game to watch beside it."
            );
            ui.label(RichText::new(note).weak());
            crate::play::setup_sections::players_beside_section(ui, picked, &mut state.requests);
        } else {
            crate::play::setup_sections::players_section(ui, picked, &state.game.players, &mut state.requests);
        }
        crate::series::window::open_button(ui);
        let step = if state.game.over() {
            Steppable::Over
        } else if state.game.session.reviewing() {
            Steppable::Reviewing
        } else {
            Steppable::Yes
        };
        crate::ui::info::pacing_section(ui, &state.ai.control, step, &mut state.play, &mut state.requests);
    }
    crate::files::section::files_section(ui, &mut state.files, &state.notice);
}

/// The right panel's head, which stays put while the rest scrolls: the way
/// Home, the screen's title, Watch & Lab's tabs and Play's clocks (at 150%
/// they scrolled out of view with the move list).
pub(crate) fn right_head(ui: &mut Ui, state: &mut PanelState, layout: &mut PanelLayout, series_tab: bool) {
    let screen = state.screens.get();
    ui.add_space(4.0);
    ui.horizontal(|ui| {
        if ui.button("»").on_hover_text("Hide the game panel (])").clicked() {
            layout.game_open = false;
        }
        if ui.button("◀ Home").on_hover_text("Back to Home (Esc); the game waits").clicked() {
            state.screens.go(Screen::Home);
        }
        ui.heading(screen.title());
    });
    if screen == Screen::Watch {
        let mut tab = series_tab;
        ui.horizontal(|ui| {
            ui.selectable_value(&mut tab, false, "Game");
            ui.selectable_value(&mut tab, true, "Series");
        });
        if tab != series_tab {
            crate::series::window::set_open(ui.ctx(), tab);
        }
    }
    if screen == Screen::Play {
        crate::ui::info::clocks(ui, &state.game.session, &state.game.timer);
    }
}

/// The right panel under its head: the game as it happens.
pub(crate) fn right(ui: &mut Ui, state: &mut PanelState, layout: &mut PanelLayout, series_tab: bool) {
    let screen = state.screens.get();
    if screen == Screen::Watch && series_tab {
        // The series tab says too that the person's game waits.
        ui.separator();
        studied_game(ui, state);
        crate::series::window::contents(ui, &mut state.series, &state.ai.control, &mut state.requests);
        return;
    }
    ui.separator();
    end_of_game(ui, state, screen);
    match screen {
        Screen::Play => play(ui, state, layout),
        Screen::Learn => learn(ui, state),
        Screen::Puzzles => puzzles(ui, state),
        _ => study(ui, state, layout, screen == Screen::Watch),
    }
}

/// Where Analyse's files are while the left panel is folded (fresh eyes,
/// round 26: at 800x600 the panel starts folded, and Open, Save and Paste
/// were nowhere to be seen): a link that unfolds it at its Files section.
fn files_pointer(ui: &mut Ui, state: &mut PanelState, layout: &mut PanelLayout) {
    if layout.settings_shown(ui.ctx().viewport_rect().width()) {
        return;
    }
    let link = ui.link("Open, save or paste a game: Files «");
    if link.on_hover_text("Opens the Set up panel on the left at its Files section ([)").clicked() {
        layout.settings_open = Some(true);
        state.files.reveal();
    }
}

/// A finished game's end, above the screen's sections, while reviewing too
/// (hidden then, it moved the review's buttons 174 pixels under the mouse
/// at the first step back; its Close hides it); not in Learn and Puzzles,
/// whose lesson or puzzle ends in its own words (not a game to play again).
fn end_of_game(ui: &mut Ui, state: &mut PanelState, screen: Screen) {
    let lesson = state.lesson_run.open.is_some() || matches!(screen, Screen::Learn | Screen::Puzzles);
    if !state.game.over() || lesson {
        return;
    }
    let banner = crate::play::banner::Banner {
        session: &state.game.session,
        players: &state.game.players,
        settings: &state.setup.settings,
        progress: &state.progress,
        requests: &mut state.requests,
        play: (screen == Screen::Play).then_some(&mut state.play_requests),
        studied: state.comforts.visit.studying(),
    };
    match crate::play::banner::section(ui, banner) {
        Some(BannerChoice::NewOpponent) => state.screens.go(Screen::PlaySetup),
        Some(BannerChoice::GameReport) => {
            state.report.ask();
            // A game studied beside the person's is reported where it is
            // (both screens show the report): leaving the screen would bring
            // the waiting game back instead (fresh eyes, round 23, major).
            if !state.comforts.visit.studying() {
                state.screens.go(Screen::Analyse);
            }
        }
        None => {}
    }
}

/// Play: the status, the buttons, the rating, the moves (the clocks are in
/// the panel's head).
fn play(ui: &mut Ui, state: &mut PanelState, layout: &PanelLayout) {
    crate::ui::info::status(ui, &state.game, &state.ai, layout.engine_numbers);
    crate::play::comforts::game_buttons(ui, &mut state.comforts, &state.game.players);
    crate::play::comforts::review_section(ui, &state.game.session, &mut state.requests, &mut state.comforts.asks);
    crate::play::move_box::section(ui, &mut state.move_box, &state.game.session.shown_position());
    crate::ui::info::selection_reasons(ui, &state.game.session, &state.selection);
    if ui.button("New game…").on_hover_text("Opponent, colour, clock, rated or casual").clicked() {
        state.screens.go(Screen::PlaySetup);
    }
    // The moves before the rating (fresh eyes, round 14: at 125% in a
    // small window the list was below the fold, under a section that
    // does not change during a game).
    moves(ui, state);
    // Asked for here (A): shown here, with its toggle to switch it off.
    if state.analysis.settings.on {
        ui.separator();
        let playable = Some((&*state.game.session, &*state.game.players, state.game.turn()));
        let writers = (&mut state.requests, &mut state.comforts.asks);
        crate::analysis::best_lines::section(ui, &mut state.analysis, playable, writers);
    }
    let variant = state.game.session.variant();
    let on = state.screens.get();
    let progress = (&mut state.progress, on);
    if let Some(screen) =
        crate::play::progress::section(ui, progress, variant, &state.game.players, &mut state.requests)
    {
        state.screens.go(screen);
    }
}

/// Learn: the lessons to open (the card shows the open one), the status.
fn learn(ui: &mut Ui, state: &mut PanelState) {
    ui.label(RichText::new("The card over the board teaches the rules; try each move on the board.").weak());
    ui.horizontal_wrapped(|ui| {
        for variant in Variant::ALL {
            if ui.button(format!("How to play {}", variant.title())).clicked() {
                state.setup.lessons.write(LessonRequest::Open(Some(variant)));
            }
        }
    });
    ui.separator();
    crate::ui::info::status(ui, &state.game, &state.ai, false);
}

/// Puzzles: the puzzle's panel, the status, the moves.
fn puzzles(ui: &mut Ui, state: &mut PanelState) {
    crate::play::progress::puzzle_section(ui, &mut state.progress);
    // The puzzle's own line says how it ended, from the solver's side.
    if !state.game.over() {
        crate::ui::info::status(ui, &state.game, &state.ai, false);
    }
    crate::play::comforts::review_section(ui, &state.game.session, &mut state.requests, &mut state.comforts.asks);
    crate::play::move_box::section(ui, &mut state.move_box, &state.game.session.shown_position());
    moves(ui, state);
}

/// What a rated game hides while it is played, said where it would show.
const RATED_HIDES: &str = "A rated game shows neither the AI's thinking nor its evaluations until it ends.";

/// A game studied beside the game in progress says so, and how to play on from it.
fn studied_game(ui: &mut Ui, state: &mut PanelState) {
    if !state.comforts.visit.studying() {
        return;
    }
    ui.label(
        RichText::new("Studying this game: your game in progress waits, and comes back when you leave this screen.")
            .weak(),
    );
    let hover = "This game becomes your game; the game that waits ends (asked first)";
    if ui.button("Play on from this game").on_hover_text(hover).clicked() {
        state.requests.write(GameRequest::PlayOnFromStudy);
    }
    ui.separator();
}

/// The person's own game on a study screen says that it is theirs, and
/// that its clock stands still here (fresh eyes, round 11: moves made in
/// Analyse went into the live game with nothing said).
fn own_game_here(ui: &mut Ui, state: &PanelState, rated: bool) {
    let visit = &state.comforts.visit;
    let session = &state.game.session;
    // Watch & Lab opens on the person's next game when nothing is watched
    // (fresh eyes, rounds 21 to 23: "You vs Beginner" there read as a game to
    // watch, and a stray click began it): said, with the way to a watched one.
    let not_begun = session.plies() == 0 && !crate::game::owner::in_progress(session, visit);
    let playable_here = state.game.moves_refused().is_none() && !session.outcome().is_over();
    if state.screens.get() == Screen::Watch && not_begun && playable_here && !state.game.players.both_ai() {
        let words = "This is your next game, not begun: a move here begins it, and a preset or the players \
                     on the left replace it with a game to watch.";
        ui.label(RichText::new(words).color(palette::NOTE.color32()));
        return;
    }
    let own = state.game.players.person().is_some() && !visit.waiting() && !rated;
    if own && crate::game::owner::in_progress(&state.game.session, visit) {
        // A game on the clock is played on Play (fresh eyes, round 15: this
        // line invited a move the board then refused).
        let words = if state.game.session.record().time_control.is_some() {
            "Your game in progress: it is played on Play, where its clock runs; here, step back through it to review."
        } else {
            "Your game in progress: a move here is a move of it (Undo takes it back)."
        };
        ui.label(RichText::new(words).weak());
    }
}

/// Analyse and Watch & Lab: the game with the analysis, the graph, the
/// layers, in Analyse the opening explorer, and (in Watch & Lab, or when
/// asked for) the engine's numbers.
fn study(ui: &mut Ui, state: &mut PanelState, layout: &mut PanelLayout, watch: bool) {
    // A rated game hides the engine's numbers (the AI's thinking) on every screen.
    let rated = state.comforts.rated.in_force(&state.game.session);
    let numbers = (watch || layout.engine_numbers) && !rated;
    studied_game(ui, state);
    own_game_here(ui, state, rated);
    if !watch {
        files_pointer(ui, state, layout);
    }
    crate::library::practice_panel::board_section(ui, &mut state.practice);
    crate::ui::info::clocks(ui, &state.game.session, &state.game.timer);
    crate::ui::info::status(ui, &state.game, &state.ai, numbers);
    crate::play::comforts::game_buttons(ui, &mut state.comforts, &state.game.players);
    crate::play::comforts::review_section(ui, &state.game.session, &mut state.requests, &mut state.comforts.asks);
    crate::play::move_box::section(ui, &mut state.move_box, &state.game.session.shown_position());
    crate::ui::info::selection_reasons(ui, &state.game.session, &state.selection);
    if rated {
        ui.label(RichText::new(RATED_HIDES).weak());
    } else {
        crate::analysis::insight::overlay_toggle(ui, &mut state.insight.overlay);
    }
    ui.separator();
    let playable = Some((&*state.game.session, &*state.game.players, state.game.turn()));
    let writers = (&mut state.requests, &mut state.comforts.asks);
    crate::analysis::best_lines::section(ui, &mut state.analysis, playable, writers);
    // Analyse's moves come before the report and the graph (fresh eyes,
    // round 27: at the panel's foot only three rows were in sight); in
    // Watch & Lab they stay last, where a list that grows moves nothing.
    if !watch {
        moves(ui, state);
    }
    ui.separator();
    let mut goto = None;
    crate::library::report_panel::section(ui, &mut state.report, &state.game.session, &mut goto);
    if let Some(request) = goto {
        state.requests.write(request);
    }
    let report = state.report.board.report_of(&state.game.session);
    if !rated {
        crate::analysis::insight::eval_graph_section(ui, &mut state.insight.evaluation, report);
    }
    // The layers are analysis too (fresh eyes: groups and centres showed on a rated board).
    if !rated {
        let variant = state.game.session.variant();
        crate::analysis::insight::layers_section(ui, &mut state.insight.layers, variant);
    }
    // The explorer's counts of wins are analysis too: none in a rated game.
    if !watch && !rated {
        crate::library::explorer_panel::section(ui, &state.explorer, &state.game.session, &mut state.requests);
    }
    if numbers {
        crate::ui::info::statistics_section(ui, &state.game.session);
    }
    if watch {
        moves(ui, state);
    }
    if layout.diagnostics {
        ui.separator();
        crate::frame::frame_time::label(ui, &state.frame_times);
    }
}

/// The moves so far, with their side lines; a click shows the position after one.
fn moves(ui: &mut Ui, state: &mut PanelState) {
    let shown = state.game.session.reviewing().then(|| state.game.session.shown_path());
    let report = state.report.board.report_of(&state.game.session);
    if let Some(place) = crate::ui::info::moves_section(ui, &state.game.session, shown.as_ref(), report) {
        state.requests.write(GameRequest::ShowLine(place));
    }
}
