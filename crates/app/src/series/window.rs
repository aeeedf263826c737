//! The Series window (egui): the form that sets a series up, its progress,
//! the results table of `breakline match`, the running score of player A with
//! its 95% band, and the finished games with a Watch button each.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui::{self, RichText, Ui};

use egui_plot::{FilledArea, HLine, Line, LineStyle, Plot, PlotPoints};

use std::time::Duration;

use crate::engine::ai::search::{Level, Limit, limits};
use crate::engine::lab::levels::LevelTable;
use crate::engine::lab::runner::Seat;
use crate::engine::{Algorithm, BoardSize, Strategy, Variant};
use crate::game::control::AiControl;
use crate::game::request::GameRequest;
use crate::game::session::GameSession;
use crate::platform::installed_programs;
use crate::series::form::SeriesForm;
use crate::series::presets::series_presets;
use crate::series::replay::WatchSeriesGame;
use crate::series::runner::{CancelSeries, Series, SeriesStatus, StartSeries};
use crate::theme::palette;

/// Whether the window is open, and the left panel's button label; both live
/// in egui's memory so the panel's button needs nothing but its `Ui`.
fn open_id() -> egui::Id {
    egui::Id::new("breakline_series_window_open")
}

fn button_label_id() -> egui::Id {
    egui::Id::new("breakline_series_button_label")
}

/// The left panel's "Series…" button: opens or closes the window and shows a
/// running series' progress.
pub(crate) fn open_button(ui: &mut Ui) {
    let label = ui.ctx().data(|d| d.get_temp::<String>(button_label_id())).unwrap_or_else(|| "Series…".to_string());
    let hover = "Play a series of AI-vs-AI games in the background and watch any of them";
    if ui.button(label).on_hover_text(hover).clicked() {
        ui.ctx().data_mut(|d| {
            let open = d.get_temp_mut_or_default::<bool>(open_id());
            *open = !*open;
        });
    }
}

/// What the Series tab reads and edits.
#[derive(SystemParam)]
pub(crate) struct WindowState<'w> {
    form: ResMut<'w, SeriesForm>,
    series: Res<'w, Series>,
    session: Res<'w, GameSession>,
    start: MessageWriter<'w, StartSeries>,
    cancel: MessageWriter<'w, CancelSeries>,
    watch: MessageWriter<'w, WatchSeriesGame>,
}

/// Whether the right panel shows the Series tab (rather than the game).
pub(crate) fn is_open(ctx: &egui::Context) -> bool {
    ctx.data(|d| d.get_temp::<bool>(open_id())).unwrap_or(false)
}

pub(crate) fn set_open(ctx: &egui::Context, open: bool) {
    ctx.data_mut(|d| d.insert_temp(open_id(), open));
}

/// The Series tab: it takes the right panel's place, so it covers nothing
/// of the board or the settings.
pub(crate) fn contents(
    ui: &mut Ui,
    state: &mut WindowState,
    control: &AiControl,
    requests: &mut MessageWriter<GameRequest>,
) {
    let (done, total) = state.series.progress();
    let label = if state.series.is_running() { format!("Series… ({done}/{total})") } else { "Series…".to_string() };
    ui.ctx().data_mut(|d| d.insert_temp(button_label_id(), label));
    setup_section(ui, state);
    ui.separator();
    progress_section(ui, state);
    if !state.series.games().is_empty() {
        games_section(ui, state, control, requests);
        results_section(ui, &state.series);
        score_plot(ui, &state.series);
    }
}

/// Below this width (logical pixels) the Series tab's forms and tables
/// take a narrow shape (the right panel of an 800-pixel window).
const NARROW: f32 = 400.0;

fn setup_section(ui: &mut Ui, state: &mut WindowState) {
    let running = state.series.is_running();
    egui::CollapsingHeader::new("Setup").id_salt("series_setup").default_open(true).show(ui, |ui| {
        ui.add_enabled_ui(!running, |ui| {
            egui::ComboBox::from_id_salt("series_presets")
                .selected_text("Reproduction presets…")
                .width(ui.available_width().min(330.0))
                .show_ui(ui, |ui| {
                    for preset in series_presets() {
                        let course = if preset.course.is_empty() {
                            String::new()
                        } else {
                            format!("Course: {}\n", preset.course)
                        };
                        let hover = format!("{course}A: {}\nB: {}", preset.a, preset.b);
                        if ui.selectable_label(false, &preset.title).on_hover_text(hover).clicked() {
                            preset.fill(&mut state.form);
                        }
                    }
                });
            board_editor(ui, &mut state.form);
            let form = &mut *state.form;
            // A program's time a move is the other player's, said under both.
            let (a_time, b_time) = (form.program_move_time(&form.b_text), form.program_move_time(&form.a_text));
            player_editor(ui, "A", &mut form.a_text, form.variant, a_time);
            player_editor(ui, "B", &mut form.b_text, form.variant, b_time);
            if let Some((words, uneven)) = form.pace_note() {
                let color = if uneven { palette::NOTE.color32() } else { ui.visuals().weak_text_color() };
                ui.label(RichText::new(words).color(color));
            }
            // Two pairs a row where they fit; one under the other in a narrow panel.
            let pairs_a_row = if ui.available_width() < NARROW { 1 } else { 2 };
            egui::Grid::new("series_numbers").num_columns(2 * pairs_a_row).spacing([12.0, 4.0]).show(ui, |ui| {
                let most = std::thread::available_parallelism().map_or(1, |n| n.get()).max(form.threads);
                let fields: [(&str, egui::DragValue); 4] = [
                    ("Games", egui::DragValue::new(&mut form.games).range(1..=10_000)),
                    ("Seed", egui::DragValue::new(&mut form.seed)),
                    ("Random opening (plies)", egui::DragValue::new(&mut form.random_plies).range(0..=20)),
                    ("Threads", egui::DragValue::new(&mut form.threads).range(1..=most)),
                ];
                for (i, (label, field)) in fields.into_iter().enumerate() {
                    ui.label(label);
                    ui.add(field);
                    if (i + 1) % pairs_a_row == 0 {
                        ui.end_row();
                    }
                }
            });
            ui.checkbox(&mut form.swap, "Swap colours every second game")
                .on_hover_text("A plays Black in games 2, 4, …");
            // One line whatever it says, cut short (whole on hover): a second
            // line moved Start under the mouse (fresh eyes, round 16).
            let note = form.colours_note();
            ui.add(egui::Label::new(RichText::new(note).weak()).truncate()).on_hover_text(note);
            ui.add(egui::Slider::new(&mut form.noise, limits::NOISE).text("tie-break noise"))
                .on_hover_text("For players whose config sets none; 0 makes every game the same");
        });
        let spec = state.form.spec();
        ui.horizontal(|ui| {
            let start = ui.add_enabled(spec.is_ok() && !running, egui::Button::new(RichText::new("Start").strong()));
            let start = match &spec {
                Err(error) => start.on_disabled_hover_text(error.to_string()),
                Ok(_) => start.on_hover_text("Play the series in the background"),
            };
            if start.clicked()
                && let Ok(spec) = &spec
            {
                state.start.write(StartSeries { spec: spec.clone(), threads: state.form.threads.max(1) });
            }
            if ui.add_enabled(running, egui::Button::new("Cancel")).clicked() {
                state.cancel.write(CancelSeries);
            }
        });
        // Player errors show under their fields; this is the board's.
        if let Err(error) = state.form.variant.check_size(state.form.size) {
            ui.label(RichText::new(error.to_string()).color(palette::ERROR.color32()));
        }
    });
}

fn board_editor(ui: &mut Ui, form: &mut SeriesForm) {
    ui.horizontal(|ui| {
        for variant in Variant::ALL {
            if ui.selectable_label(form.variant == variant, variant.title()).clicked() && form.variant != variant {
                form.variant = variant;
                form.size = variant.default_size();
            }
        }
    });
    let (cmin, cmax) = form.variant.column_range();
    let (rmin, rmax) = form.variant.row_range();
    match form.variant {
        Variant::Breakthrough => {
            ui.horizontal(|ui| {
                ui.add(egui::DragValue::new(&mut form.size.columns).range(cmin..=cmax).suffix(" columns"));
                ui.add(egui::DragValue::new(&mut form.size.rows).range(rmin..=rmax).suffix(" rows"));
            });
        }
        Variant::LinesOfAction => {
            let mut side = form.size.columns;
            ui.add(egui::DragValue::new(&mut side).range(cmin.max(rmin)..=cmax.min(rmax)).suffix(" squares a side"));
            form.size = BoardSize::new(side, side);
        }
    }
}

/// The levels of Play's ladder, by name: picking one writes its config.
fn level_picker(ui: &mut Ui, name: &str, text: &mut String, variant: Variant) {
    let current = match Seat::parse(text, variant) {
        Ok(Seat::Ai(config)) => Level::of(&config),
        _ => None,
    };
    let shown = current.map_or("Level…".to_string(), |level| format!("Level {}: {}", level.number(), level.title()));
    // Each with its measured rating, as the play setup lists them: two
    // shallow levels' configs read alike, their strength does not.
    let table = LevelTable::shipped();
    egui::ComboBox::from_id_salt((name, "series_level")).selected_text(shown).show_ui(ui, |ui| {
        for level in Level::ALL {
            if ui.selectable_label(current == Some(level), table.label(variant, level)).clicked() {
                *text = level.id().to_string();
            }
        }
    });
}

/// A player's text, checked as it is typed: this build's AI (with quick
/// pickers that rewrite the text once it parses) or another program
/// (`uci:PATH`, `ugi:PATH`, `engine:PATH`, as `breakline match` takes them).
fn player_editor(ui: &mut Ui, name: &str, text: &mut String, variant: Variant, program_time: Duration) {
    ui.horizontal(|ui| {
        ui.label(RichText::new(format!("Player {name}")).strong());
        let width = ui.available_width().min(290.0);
        let hover = "This build's AI (a config such as alphabeta:expert:depth=3), or another program: uci:PATH, ugi:PATH or engine:PATH, with :movetime=MS and :NAME=VALUE options";
        ui.add(egui::TextEdit::singleline(text).desired_width(width).font(egui::TextStyle::Monospace))
            .on_hover_text(hover);
    });
    ui.horizontal_wrapped(|ui| {
        level_picker(ui, name, text, variant);
        if let Some(program) = installed_programs::fairy_stockfish()
            && variant == Variant::Breakthrough
            && !text.starts_with("uci:")
        {
            let ms = program_time.as_millis();
            let hover = format!(
                "Player {name} is Fairy-Stockfish ({}) at {}, the other player's time a move",
                program.display(),
                Limit::TimeMs(u64::try_from(ms).unwrap_or(u64::MAX)).in_words()
            );
            if ui.button("Fairy-Stockfish").on_hover_text(hover).clicked() {
                *text = format!("uci:{}:movetime={ms}", program.display());
            }
        }
    });
    let config = match Seat::parse(text, variant) {
        Ok(Seat::Ai(config)) => config,
        Ok(program) => {
            let words =
                format!("Another program, started for each game; its moves are checked by the rules ({program}).");
            ui.label(RichText::new(words).weak().small());
            return;
        }
        Err(error) => {
            ui.label(RichText::new(error.to_string()).color(palette::ERROR.color32()).small());
            return;
        }
    };
    let mut edited = config.clone();
    ui.horizontal_wrapped(|ui| {
        egui::ComboBox::from_id_salt((name, "series_algorithm")).selected_text(edited.algorithm().title()).show_ui(
            ui,
            |ui| {
                for algorithm in Algorithm::ALL {
                    if ui.selectable_label(edited.algorithm() == algorithm, algorithm.title()).clicked()
                        && edited.algorithm() != algorithm
                    {
                        edited = edited.switched_to(algorithm);
                    }
                }
            },
        );
        let mut strategy = edited.strategy();
        egui::ComboBox::from_id_salt((name, "series_strategy")).selected_text(strategy.id()).show_ui(ui, |ui| {
            for choice in Strategy::for_variant(variant) {
                ui.selectable_value(&mut strategy, choice, choice.id()).on_hover_text(choice.description(variant));
            }
        });
        edited.set_strategy(strategy);
        if let Some(mut depth) = edited.depth() {
            ui.add(egui::DragValue::new(&mut depth).range(limits::DEPTH).prefix("depth "));
            // Within the depths the config takes, for an algorithm that has a depth: always accepted.
            let _ = edited.set_limit(Limit::Depth(depth));
        }
    });
    if edited != config {
        *text = edited.to_string();
    }
}

fn progress_section(ui: &mut Ui, state: &mut WindowState) {
    let series = &state.series;
    let (done, total) = series.progress();
    let seconds = series.elapsed().as_secs_f32();
    match &series.status {
        SeriesStatus::Idle => {
            ui.label(RichText::new("No series yet: pick players or a preset, then Start.").weak());
        }
        status => {
            let fraction = if total == 0 { 0.0 } else { done as f32 / total as f32 };
            let text = format!("{done} / {total} games · {seconds:.1} s");
            // Not animated: that repaints every frame, taking the cores the games need.
            ui.add(egui::ProgressBar::new(fraction).text(text));
            let (line, color) = match status {
                SeriesStatus::Running => {
                    let threads = if series.threads == 1 {
                        "1 thread".to_string()
                    } else {
                        format!("{} threads", series.threads)
                    };
                    (format!("Running on {threads}…"), None)
                }
                SeriesStatus::Finished => ("Finished.".to_string(), None),
                SeriesStatus::Cancelled => (format!("Cancelled after {done} games."), Some(palette::ERROR.color32())),
                SeriesStatus::Stopped => {
                    (format!("Stopped after {done} games when Breakline closed."), Some(palette::ERROR.color32()))
                }
                SeriesStatus::Failed(error) => (format!("Failed: {error}"), Some(palette::ERROR.color32())),
                SeriesStatus::Idle => (String::new(), None),
            };
            let mut line = RichText::new(line);
            if let Some(color) = color {
                line = line.color(color);
            }
            ui.label(line);
        }
    }
}

/// The figures `breakline match` prints, per player.
fn results_section(ui: &mut Ui, series: &Series) {
    let Some(spec) = series.spec.as_ref() else {
        return;
    };
    let s = series.summary();
    let n = s.games;
    let variant = spec.schedule.variant;
    let (a_name, b_name) = (spec.a.display_name(variant), spec.b.display_name(variant));
    ui.label(format!("{} {}: A is {a_name}, B is {b_name}", variant.title(), spec.schedule.size))
        .on_hover_text(format!("A: {}\nB: {}", spec.a, spec.b));
    ui.label(format!(
        "{n} games · average {:.1} turns (plies){}",
        s.average_turns,
        if s.draws > 0 { format!(" · {} draws", s.draws) } else { String::new() }
    ));
    // The line above names A and B; the columns stay narrow.
    let (a_label, b_label) = if spec.schedule.swap { ("A", "B") } else { ("A (White)", "B (Black)") };
    egui::Grid::new("series_results").striped(true).num_columns(3).spacing([18.0, 3.0]).show(ui, |ui| {
        let mut row = |name: &str, a: String, b: String| {
            ui.label(name);
            ui.label(a);
            ui.label(b);
            ui.end_row();
        };
        row("", a_label.to_string(), b_label.to_string());
        for (name, a, b) in s.player_rows(spec.schedule.swap) {
            row(name, a, b);
        }
    });
    if let Some((score, (elo, low, high))) = series.elo() {
        // Adding zero turns an even score's -0 into 0.
        let (elo, low, high) = (elo + 0.0, low + 0.0, high + 0.0);
        ui.label(format!("Score of A ({a_name}) {score:.3} · Elo difference {elo:+.0} (95% {low:+.0} to {high:+.0})"));
    }
}

/// A's running score with its 95% band; x is games played.
fn score_plot(ui: &mut Ui, series: &Series) {
    let curve = series.running_score();
    let xs: Vec<f64> = curve.iter().map(|p| p.games as f64).collect();
    let lows: Vec<f64> = curve.iter().map(|p| p.low).collect();
    let highs: Vec<f64> = curve.iter().map(|p| p.high).collect();
    let scores: Vec<[f64; 2]> = curve.iter().map(|p| [p.games as f64, p.score]).collect();
    let planned = series.spec.as_ref().map_or(1, |s| s.games) as f64;
    // The key above the plot, not a legend over it (which hid the line's start).
    ui.horizontal_wrapped(|ui| {
        // Each entry whole: a wrapped one left its mark at a line's end and its words on the next.
        let entries = [
            ("━ score of A", palette::SERIES_A.color32()),
            ("█ its 95% interval", palette::SERIES_A.alpha(0.45).color32()),
            ("┄ even (0.5)", palette::GUIDE.color32()),
        ];
        for (words, colour) in entries {
            ui.add(egui::Label::new(RichText::new(words).monospace().color(colour)).extend());
        }
    });
    Plot::new("series_score_plot")
        .height(170.0)
        .include_x(0.0)
        .include_x(planned.max(1.0))
        .include_y(0.0)
        .include_y(1.0)
        .allow_zoom(false)
        .allow_drag(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .x_axis_label("games played")
        .y_axis_label("score of A")
        .show(ui, |plot| {
            plot.add(
                FilledArea::new("95% interval", &xs, &lows, &highs).fill_color(palette::SERIES_A.alpha(0.18).color32()),
            );
            plot.hline(HLine::new("even", 0.5).color(palette::GUIDE.color32()).style(LineStyle::dashed_loose()));
            plot.line(Line::new("score of A", PlotPoints::from(scores)).color(palette::SERIES_A.color32()).width(2.0));
        });
}

fn games_section(ui: &mut Ui, state: &mut WindowState, control: &AiControl, requests: &mut MessageWriter<GameRequest>) {
    egui::CollapsingHeader::new(format!("Finished games ({})", state.series.games().len()))
        .id_salt("series_games")
        .default_open(true)
        .show(ui, |ui| {
            replay_controls(ui, state, control, requests);
            let watching = state.session.replay().and_then(|r| r.series_index);
            egui::ScrollArea::vertical()
                .id_salt("series_game_list")
                .max_height((ui.available_height() * 0.5).max(180.0))
                .show(ui, |ui| {
                    // A narrow panel leaves out "A plays": the winner's column names the colour.
                    let narrow = ui.available_width() < NARROW;
                    let columns = if narrow { 4 } else { 5 };
                    egui::Grid::new("series_game_grid").striped(true).num_columns(columns).spacing([12.0, 2.0]).show(
                        ui,
                        |ui| {
                            for heading in ["Game", "A plays", "Winner", "Plies", ""] {
                                if !(narrow && heading == "A plays") {
                                    ui.label(RichText::new(heading).strong());
                                }
                            }
                            ui.end_row();
                            for game in state.series.games() {
                                ui.label(format!("{}", game.index + 1));
                                if !narrow {
                                    ui.label(game.color_of_a().title());
                                }
                                let winner = match game.record.result.winner() {
                                    Some(side) if side == game.color_of_a() => {
                                        format!("A ({})", side.title())
                                    }
                                    Some(side) => format!("B ({})", side.title()),
                                    None => "draw".to_string(),
                                };
                                ui.label(winner);
                                ui.label(game.record.moves.len().to_string());
                                let text = if watching == Some(game.index) { "Watching" } else { "Watch" };
                                let hover = "Replay this game on the board";
                                if ui.button(text).on_hover_text(hover).clicked() {
                                    state.watch.write(WatchSeriesGame { index: game.index });
                                }
                                ui.end_row();
                            }
                        },
                    );
                });
        });
}

/// The replay's progress, and pause/step/stop (the pause is the AI-vs-AI
/// one, so the left panel's buttons work too).
fn replay_controls(ui: &mut Ui, state: &WindowState, control: &AiControl, requests: &mut MessageWriter<GameRequest>) {
    let Some(game) = state.session.replay() else {
        return;
    };
    let ply = state.session.plies();
    // Moves counted as everywhere else: "Watching move 4 of 31 moves (61 plies)".
    let text = format!("Watching move {} of {}", ply.div_ceil(2), crate::game::length::game_length(game.plies()));
    ui.label(RichText::new(text).strong());
    // The buttons on a row of their own, Pause as wide as Resume: beside the
    // count, which grows, they moved under the pointer (fresh eyes, round
    // 27); wrapped, as one row overran an 800x600 window's panel (round 25).
    ui.horizontal_wrapped(|ui| {
        let paused = control.paused();
        let pause = egui::Button::new(if paused { "Resume" } else { "Pause" }).min_size(egui::vec2(64.0, 0.0));
        if ui.add(pause).clicked() {
            requests.write(GameRequest::SetPaused(!paused));
        }
        let reviewing = state.session.reviewing();
        let hover = if reviewing { "Go to the last move (End) to step from there" } else { "Play one recorded move" };
        let step = ui.add_enabled(paused && !reviewing, egui::Button::new("Step"));
        if step.on_hover_text(hover).on_disabled_hover_text(hover).clicked() {
            requests.write(GameRequest::StepAi);
        }
        if ui.button("Stop").on_hover_text("End the replay here; the position stays on the board").clicked() {
            requests.write(GameRequest::StopReplay);
        }
    });
    let note = RichText::new("Stop hands the game to the players you set, from this position.").weak();
    ui.add(egui::Label::new(note).wrap());
}
