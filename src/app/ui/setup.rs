//! Panel sections that set a game up: variant and board size (for the next
//! game), the two players (applied at once) and the matchup presets.

use bevy::prelude::*;
use bevy_egui::egui::{self, RichText, Ui};

use super::PanelState;
use crate::app::presets::{self, matchup};
use crate::app::state::{NewGame, Players};
use crate::app::{PlayerSetup, side_title};
use crate::engine::search::Difficulty;
use crate::engine::{AiConfig, Algorithm, BoardSize, Color as Side, Strategy, Variant};

const NOTE_COLOR: egui::Color32 = egui::Color32::from_rgb(240, 180, 60);

pub(super) fn game_section(ui: &mut Ui, state: &mut PanelState) {
    egui::CollapsingHeader::new("Game").default_open(true).show(ui, |ui| {
        let mut edited = *state.settings;
        ui.horizontal(|ui| {
            for variant in Variant::ALL {
                ui.selectable_value(&mut edited.variant, variant, variant.title());
            }
        });
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
        if (edited.variant, edited.size) != current {
            ui.label(RichText::new("Variant and size take effect on New game.").color(NOTE_COLOR));
            let unfit = Side::BOTH.iter().any(|side| match state.players.get(*side) {
                PlayerSetup::Ai(config) => !config.strategy.supports(edited.variant),
                PlayerSetup::Human => false,
            });
            if unfit {
                let note = format!("AI strategies that do not play {} will switch to Expert.", edited.variant.title());
                ui.label(RichText::new(note).color(NOTE_COLOR).small());
            }
        }
        ui.horizontal(|ui| {
            if ui.button("New game").on_hover_text("Start a game with the settings above").clicked() {
                state.new_game.write(NewGame { rematch: false });
            }
            let rematch = format!("Restart {} {}", current.0.title(), current.1);
            if ui.button("Restart").on_hover_text(rematch).clicked() {
                state.new_game.write(NewGame { rematch: true });
            }
        });
    });
}

pub(super) fn players_section(ui: &mut Ui, state: &mut PanelState) {
    egui::CollapsingHeader::new("Players").default_open(true).show(ui, |ui| {
        ui.label(RichText::new("Changes apply to the game in progress.").small().weak());
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
            *player = if is_ai { PlayerSetup::Ai(Difficulty::Medium.config(variant)) } else { PlayerSetup::Human };
        }
    });
    let PlayerSetup::Ai(config) = player else {
        return;
    };
    ui.horizontal(|ui| {
        for difficulty in Difficulty::ALL {
            let preset = difficulty.config(variant);
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
    ui.label(RichText::new(config.strategy.description(variant)).small().weak());
    limits_editor(ui, side, config);
    ui.label(RichText::new(config.to_string()).monospace().small().weak());
}

/// The limits each algorithm takes: a depth for the plain searches, a time
/// or depth for enhanced, a time or playout count for MCTS.
fn limits_editor(ui: &mut Ui, side: Side, config: &mut AiConfig) {
    match config.algorithm {
        Algorithm::Minimax | Algorithm::AlphaBeta => {
            let max = if config.algorithm == Algorithm::Minimax { 5 } else { 8 };
            let mut depth = config.depth.unwrap_or(3).min(max);
            ui.add(egui::Slider::new(&mut depth, 1..=max).text("depth (plies)"));
            config.depth = Some(depth);
        }
        Algorithm::Enhanced => {
            let mut by_time = config.time_ms.is_some();
            ui.horizontal(|ui| {
                ui.push_id((side.name(), "enhanced"), |ui| {
                    ui.radio_value(&mut by_time, true, "time");
                    ui.radio_value(&mut by_time, false, "depth");
                });
            });
            if by_time {
                let mut ms = config.time_ms.unwrap_or(1000);
                ui.add(egui::Slider::new(&mut ms, 100..=10_000).logarithmic(true).text("ms a move"));
                (config.time_ms, config.depth) = (Some(ms), None);
            } else {
                let mut depth = config.depth.unwrap_or(6);
                ui.add(egui::Slider::new(&mut depth, 1..=14).text("depth (plies)"));
                (config.time_ms, config.depth) = (None, Some(depth));
            }
        }
        Algorithm::Mcts => {
            let mut by_time = config.iterations.is_none();
            ui.horizontal(|ui| {
                ui.push_id((side.name(), "mcts"), |ui| {
                    ui.radio_value(&mut by_time, true, "time");
                    ui.radio_value(&mut by_time, false, "playouts");
                });
            });
            if by_time {
                let mut ms = config.time_ms.unwrap_or(1000);
                ui.add(egui::Slider::new(&mut ms, 100..=10_000).logarithmic(true).text("ms a move"));
                (config.time_ms, config.iterations) = (Some(ms), None);
            } else {
                let mut playouts = config.iterations.unwrap_or(5_000);
                ui.add(egui::Slider::new(&mut playouts, 100..=200_000).logarithmic(true).text("playouts"));
                (config.time_ms, config.iterations) = (None, Some(playouts));
            }
        }
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
        ui.label(
            RichText::new("The classic Breakthrough experiments (depth 3), then two games to watch.").small().weak(),
        );
        for number in 1..=presets::COUNT {
            let Some(m) = matchup(number) else {
                continue;
            };
            let hover = format!("White: {}\nBlack: {}", m.white.label(), m.black.label());
            if ui.button(format!("{number}. {}", m.title)).on_hover_text(hover).clicked() {
                state.settings.variant = m.variant;
                state.settings.size = m.size;
                *state.players = Players { white: m.white, black: m.black };
                state.control.paused = false;
                state.new_game.write(NewGame { rematch: false });
            }
        }
    });
}
