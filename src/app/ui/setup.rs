//! Panel sections that set a game up: variant and board size (for the next
//! game), the two players (applied at once) and the matchup presets.

use bevy::prelude::*;
use bevy_egui::egui::{self, RichText, Ui};

use super::PanelState;
use crate::app::presets::{self, matchup};
use crate::app::state::{GameRequest, Mode, Players};
use crate::app::{PlayerSetup, side_title};
use crate::engine::ai::search::{Difficulty, all_cores, limits};
use crate::engine::{AiConfig, Algorithm, BoardSize, Color as Side, Strategy, Variant};

const NOTE_COLOR: egui::Color32 = egui::Color32::from_rgb(240, 180, 60);

pub(super) fn game_section(ui: &mut Ui, state: &mut PanelState) {
    egui::CollapsingHeader::new("Game").default_open(true).show(ui, |ui| {
        let mut edited = *state.settings;
        if let Some(mode) = mode_picker(ui, &mut edited.variant, false) {
            state.mode.set(mode);
        }
        if edited.variant.check_size(edited.size).is_err() {
            edited.size = edited.variant.default_size();
        }
        let (cmin, cmax) = edited.variant.column_range();
        let (rmin, rmax) = edited.variant.row_range();
        match edited.variant {
            Variant::Breakthrough => {
                ui.add(egui::Slider::new(&mut edited.size.columns, cmin..=cmax).text("columns"));
                ui.add(egui::Slider::new(&mut edited.size.rows, rmin..=rmax).text("rows"));
            }
            Variant::LinesOfAction => {
                let mut side = edited.size.columns;
                ui.add(egui::Slider::new(&mut side, cmin.max(rmin)..=cmax.min(rmax)).text("squares a side"));
                edited.size = BoardSize::new(side, side);
            }
        }
        state.settings.set_if_neq(edited);

        let current = (state.session.variant(), state.session.size());
        ui.horizontal(|ui| {
            if ui.button("New game").on_hover_text("Start a game with the settings above").clicked() {
                state.requests.write(GameRequest::NewGame { rematch: false });
            }
            let rematch = format!("Restart {} {}", current.0.title(), current.1);
            if ui.button("Restart").on_hover_text(rematch).clicked() {
                state.requests.write(GameRequest::NewGame { rematch: true });
            }
        });
        // Notes go under the buttons, so the buttons never move under the pointer.
        if (edited.variant, edited.size) != current {
            ui.label(RichText::new("Variant and size take effect on New game.").color(NOTE_COLOR));
            let unfit = Side::BOTH.iter().any(|side| match state.players.get(*side) {
                PlayerSetup::Ai(config) => !config.strategy.supports(edited.variant),
                PlayerSetup::Human => false,
            });
            if unfit {
                let note = format!("AI strategies that do not play {} will switch to Expert.", edited.variant.title());
                ui.label(RichText::new(note).color(NOTE_COLOR));
            }
        }
    });
}

/// The three choices: the two board games (the variant of the next new game)
/// and the Flow Free puzzles, which open at once. Returns the mode to switch to.
pub(super) fn mode_picker(ui: &mut Ui, variant: &mut Variant, in_flow: bool) -> Option<Mode> {
    let mut picked = None;
    ui.horizontal_wrapped(|ui| {
        for choice in Variant::ALL {
            if ui.selectable_label(!in_flow && *variant == choice, choice.title()).clicked() {
                *variant = choice;
                picked = Some(Mode::Board);
            }
        }
        if ui
            .selectable_label(in_flow, "Flow Free (puzzle)")
            .on_hover_text("Draw the pipes of a Flow Free puzzle, or watch a solver")
            .clicked()
        {
            picked = Some(Mode::Flow);
        }
    });
    picked.filter(|&mode| (mode == Mode::Flow) != in_flow)
}

pub(super) fn players_section(ui: &mut Ui, state: &mut PanelState) {
    egui::CollapsingHeader::new("Players").default_open(true).show(ui, |ui| {
        ui.label(RichText::new("Changes apply to the game in progress.").weak());
        let variant = state.session.variant();
        let mut players = state.players.clone();
        for side in Side::BOTH {
            ui.group(|ui| player_editor(ui, side, players.get_mut(side), variant));
        }
        state.players.set_if_neq(players);
    });
}

fn player_editor(ui: &mut Ui, side: Side, player: &mut PlayerSetup, variant: Variant) {
    ui.horizontal(|ui| {
        ui.label(RichText::new(side_title(side)).strong());
        let mut is_ai = player.is_ai();
        ui.selectable_value(&mut is_ai, false, "Human");
        ui.selectable_value(&mut is_ai, true, "AI");
        if is_ai != player.is_ai() {
            *player = if is_ai { PlayerSetup::Ai(Difficulty::Medium.config()) } else { PlayerSetup::Human };
        }
    });
    let PlayerSetup::Ai(config) = player else {
        return;
    };
    ui.horizontal(|ui| {
        for difficulty in Difficulty::ALL {
            let preset = difficulty.config();
            if ui.selectable_label(*config == preset, difficulty_title(difficulty)).clicked() {
                *config = preset;
            }
        }
    });
    egui::ComboBox::from_id_salt((side.name(), "algorithm"))
        .selected_text(config.algorithm.title())
        .width(170.0)
        .show_ui(ui, |ui| {
            for algorithm in Algorithm::ALL {
                if ui.selectable_label(config.algorithm == algorithm, algorithm.title()).clicked()
                    && config.algorithm != algorithm
                {
                    *config = AiConfig {
                        noise: config.noise,
                        seed: config.seed,
                        ..AiConfig::new(algorithm, config.strategy)
                    };
                }
            }
        });
    egui::ComboBox::from_id_salt((side.name(), "strategy")).selected_text(config.strategy.id()).width(170.0).show_ui(
        ui,
        |ui| {
            for strategy in Strategy::for_variant(variant) {
                ui.selectable_value(&mut config.strategy, strategy, strategy.id())
                    .on_hover_text(strategy.description(variant));
            }
        },
    );
    ui.label(RichText::new(config.strategy.description(variant)).weak());
    limits_editor(ui, side, config);
    ui.label(RichText::new(config.to_string()).monospace().weak());
}

/// The limits each algorithm takes: a depth for the plain searches, a time
/// and/or depth for enhanced, a time and/or playout count for MCTS. Sliders
/// cover the everyday range; any value the engine accepts (see
/// [`limits`]) stays as it is until the person moves it, so a config from the
/// command line is never rewritten by being shown.
fn limits_editor(ui: &mut Ui, side: Side, config: &mut AiConfig) {
    match config.algorithm {
        Algorithm::Minimax | Algorithm::AlphaBeta => {
            let default = AiConfig::new(config.algorithm, config.strategy).depth;
            depth_slider(ui, config.algorithm, &mut config.depth, default);
        }
        Algorithm::Enhanced => {
            ui.push_id((side.name(), "enhanced"), |ui| {
                let (mut by_time, mut by_depth) = (config.time_ms.is_some(), config.depth.is_some());
                ui.horizontal(|ui| {
                    ui.checkbox(&mut by_time, "time");
                    ui.checkbox(&mut by_depth, "depth");
                });
                // One limit at least: unticking the last one keeps it.
                if by_time || by_depth {
                    toggle(&mut config.time_ms, by_time, 1000);
                    toggle(&mut config.depth, by_depth, 6);
                }
                time_slider(ui, &mut config.time_ms);
                depth_slider(ui, config.algorithm, &mut config.depth, None);
                threads_editor(ui, config);
            });
        }
        Algorithm::Mcts => {
            ui.push_id((side.name(), "mcts"), |ui| {
                let (mut by_time, mut by_playouts) = (config.time_ms.is_some(), config.iterations.is_some());
                ui.horizontal(|ui| {
                    ui.checkbox(&mut by_time, "time");
                    ui.checkbox(&mut by_playouts, "playouts");
                });
                if by_time || by_playouts {
                    toggle(&mut config.time_ms, by_time, 1000);
                    toggle(&mut config.iterations, by_playouts, 5_000);
                }
                time_slider(ui, &mut config.time_ms);
                if let Some(playouts) = config.iterations.as_mut() {
                    let slider = egui::Slider::new(playouts, limits::EVERYDAY_PLAYOUTS)
                        .logarithmic(true)
                        .clamping(egui::SliderClamping::Never)
                        .text("playouts");
                    ui.add(slider);
                    *playouts = (*playouts).clamp(*limits::PLAYOUTS.start(), *limits::PLAYOUTS.end());
                }
                threads_editor(ui, config);
            });
        }
    }
}

/// Search threads: `auto` (every core for a timed search, one for a depth or
/// playout limit, as the engine resolves it) or a count.
fn threads_editor(ui: &mut Ui, config: &mut AiConfig) {
    ui.horizontal(|ui| {
        let mut auto = config.threads == AiConfig::AUTO_THREADS;
        let cores = all_cores();
        ui.checkbox(&mut auto, "auto threads").on_hover_text(format!(
            "Every core ({cores}) when only the time limits the search; one thread with a depth or playout limit, so such a search plays the same move every time."
        ));
        if auto {
            config.threads = AiConfig::AUTO_THREADS;
            let n = config.search_threads();
            ui.label(RichText::new(if n == 1 { "1 thread".to_string() } else { format!("{n} threads") }).weak());
        } else {
            if config.threads == AiConfig::AUTO_THREADS {
                config.threads = cores;
            }
            let most = (*limits::THREADS.end()).min(cores.max(config.threads));
            ui.add(egui::DragValue::new(&mut config.threads).range(*limits::THREADS.start()..=most).suffix(" threads"));
        }
    });
}

/// Turns an optional limit on (with `default`) or off, leaving it alone otherwise.
fn toggle<T>(limit: &mut Option<T>, on: bool, default: T) {
    match (limit.is_some(), on) {
        (false, true) => *limit = Some(default),
        (true, false) => *limit = None,
        _ => {}
    }
}

fn depth_slider(ui: &mut Ui, algorithm: Algorithm, depth: &mut Option<u32>, default: Option<u32>) {
    if depth.is_none() {
        *depth = default;
    }
    if let Some(depth) = depth.as_mut() {
        let slider = egui::Slider::new(depth, algorithm.everyday_depth())
            .clamping(egui::SliderClamping::Never)
            .text("depth (plies)");
        ui.add(slider);
        *depth = (*depth).clamp(*limits::DEPTH.start(), *limits::DEPTH.end());
    }
}

fn time_slider(ui: &mut Ui, time_ms: &mut Option<u64>) {
    if let Some(ms) = time_ms.as_mut() {
        let slider = egui::Slider::new(ms, limits::EVERYDAY_TIME_MS)
            .logarithmic(true)
            .clamping(egui::SliderClamping::Never)
            .text("ms a move");
        ui.add(slider);
        *ms = (*ms).clamp(*limits::TIME_MS.start(), *limits::TIME_MS.end());
    }
}

fn difficulty_title(difficulty: Difficulty) -> &'static str {
    match difficulty {
        Difficulty::Easy => "Easy",
        Difficulty::Medium => "Medium",
        Difficulty::Hard => "Hard",
        Difficulty::Master => "Master",
    }
}

pub(super) fn presets_section(ui: &mut Ui, state: &mut PanelState) {
    egui::CollapsingHeader::new("Matchup presets").default_open(false).show(ui, |ui| {
        ui.label(RichText::new("The classic Breakthrough experiments (depth 3), then two games to watch.").weak());
        for number in 1..=presets::COUNT {
            let Some(m) = matchup(number) else {
                continue;
            };
            let hover = format!("White: {}\nBlack: {}", m.white.label(), m.black.label());
            if ui.button(format!("{number}. {}", m.title)).on_hover_text(hover).clicked() {
                state.settings.variant = m.variant;
                state.settings.size = m.size;
                *state.players = Players { white: m.white, black: m.black };
                state.requests.write(GameRequest::NewGame { rematch: false });
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Draws the player editor for `player` for a few frames, with no input.
    fn shown(mut player: PlayerSetup, variant: Variant) -> PlayerSetup {
        let ctx = egui::Context::default();
        for _ in 0..3 {
            let _ = ctx.run_ui(egui::RawInput::default(), |ui| player_editor(ui, Side::White, &mut player, variant));
        }
        player
    }

    #[test]
    fn any_config_the_parser_accepts_survives_the_editor_unchanged() {
        let bt = Variant::Breakthrough;
        for text in [
            "alphabeta:expert:depth=12",
            "minimax:offensive1:depth=9",
            "enhanced:expert:depth=30:time=50",
            "enhanced:balanced:time=7",
            "enhanced:expert:depth=64",
            "mcts:expert:time=20:iterations=7",
            "mcts:attacker:iterations=900000000",
            "enhanced:expert:time=86400000:tt=4096:nullmove=off:noise=0.3:seed=9",
            "easy",
            "master",
        ] {
            let config = AiConfig::parse(text, bt).expect(text);
            let player = PlayerSetup::Ai(config.clone());
            assert_eq!(shown(player.clone(), bt), player, "{text}");
        }
        let loa = AiConfig::parse("enhanced:classic:depth=20", Variant::LinesOfAction).unwrap();
        let player = PlayerSetup::Ai(loa);
        assert_eq!(shown(player.clone(), Variant::LinesOfAction), player);
        assert_eq!(shown(PlayerSetup::Human, bt), PlayerSetup::Human);
    }
}
