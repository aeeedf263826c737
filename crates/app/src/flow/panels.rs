//! The panels of Flow Free (puzzle) mode: on the left the mode picker, the
//! puzzle, the solver's method and speed, Solve / Cancel, Reset and the
//! status with the live attempt counter; on the right the puzzle's figures
//! as the CS 440 report published them.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use egui::{RichText, Ui};

use crate::board::layout::{PanelWidths, panel_widths};
use crate::ui::backdrop::{PanelBackdrop, panel_frame};

use crate::engine::flow::Method;
use crate::engine::flow::library::{Published, SHIPPED};
use crate::engine::rules::notation::thousands;
use crate::flow::game::{FlowGame, FlowRequest, method_title, millis};
use crate::flow::solver::FlowSolve;
use crate::game::screen::Screen;
use crate::learn::lessons::LessonRequest;
use crate::theme::palette;

/// Steps a second along the speed slider; past its end is "instant".
const SPEEDS: [f32; 13] = [1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 200.0, 500.0, 1000.0, 2000.0, 5000.0, 10000.0];

#[derive(SystemParam)]
pub(crate) struct FlowPanel<'w, 's> {
    game: ResMut<'w, FlowGame>,
    solving: Query<'w, 's, &'static FlowSolve>,
    requests: MessageWriter<'w, FlowRequest>,
    screen: ResMut<'w, NextState<Screen>>,
    lessons: MessageWriter<'w, LessonRequest>,
}

pub(crate) fn draw(
    mut contexts: EguiContexts,
    mut panel: FlowPanel,
    mut widths: ResMut<PanelWidths>,
    mut backdrop: ResMut<PanelBackdrop>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = egui::Ui::new(
        ctx.clone(),
        "flow_root".into(),
        egui::UiBuilder::new().layer_id(egui::LayerId::background()).max_rect(ctx.viewport_rect()),
    );
    let (left_width, right_width) = panel_widths(ctx.viewport_rect().width());
    let left = egui::Panel::left("flow_settings")
        .frame(panel_frame(root.style()))
        .exact_size(left_width)
        .show(&mut root, |ui| {
            egui::ScrollArea::vertical().id_salt("flow_scroll").auto_shrink([false, false]).show(ui, |ui| {
                ui.add_space(4.0);
                if crate::ui::page::screen_header(ui, "Flow Free") {
                    panel.screen.set(Screen::Home);
                }
                ui.separator();
                left_panel(ui, &mut panel);
            });
        })
        .response
        .rect;
    let right = egui::Panel::right("flow_figures")
        .frame(panel_frame(root.style()))
        .exact_size(right_width)
        .show(&mut root, |ui| {
            egui::ScrollArea::vertical().id_salt("flow_figures_scroll").auto_shrink([false, false]).show(ui, |ui| {
                right_panel(ui, &panel.game);
            });
        })
        .response
        .rect;
    let pointer_over_window = ctx
        .pointer_latest_pos()
        .and_then(|pos| ctx.layer_id_at(pos))
        .is_some_and(|layer| layer.order != egui::Order::Background);
    widths.set_if_neq(PanelWidths {
        // egui's points are the window's logical pixels times the interface's scale.
        left: left.width() * ctx.zoom_factor(),
        right: right.width() * ctx.zoom_factor(),
        pointer_over_window,
    });
    PanelBackdrop::record(&mut backdrop, &root, left, right);
    Ok(())
}

fn left_panel(ui: &mut Ui, panel: &mut FlowPanel) {
    if ui.button("How to play").on_hover_text("The rules of Flow Free").clicked() {
        panel.lessons.write(LessonRequest::Open(None));
    }
    ui.separator();
    let game = &panel.game;
    let solving = !panel.solving.is_empty();
    ui.label(RichText::new("Puzzle").strong());
    let title = |i: usize| {
        let puzzle = SHIPPED[i].puzzle().map(|p| p.colour_count()).unwrap_or(0);
        format!("{} · {puzzle} colours", SHIPPED[i].name)
    };
    ui.horizontal(|ui| {
        let count = SHIPPED.len();
        if ui.button("◀").on_hover_text("Previous puzzle (Left)").clicked() {
            panel.requests.write(FlowRequest::Pick((game.index + count - 1) % count));
        }
        egui::ComboBox::from_id_salt("flow_puzzle").selected_text(title(game.index)).width(140.0).show_ui(ui, |ui| {
            for i in 0..count {
                if ui.selectable_label(i == game.index, title(i)).clicked() && i != game.index {
                    panel.requests.write(FlowRequest::Pick(i));
                }
            }
        });
        if ui.button("▶").on_hover_text("Next puzzle (Right)").clicked() {
            panel.requests.write(FlowRequest::Pick((game.index + 1) % count));
        }
    });
    ui.label(RichText::new("Drag from a dot to draw its pipe; drag back to undo; crossing a pipe cuts it.").weak());
    ui.add_space(6.0);
    ui.label(RichText::new("Solver").strong());
    let mut method = game.method;
    ui.add_enabled_ui(!solving, |ui| {
        for m in Method::ALL {
            ui.radio_value(&mut method, m, method_title(m))
                .on_hover_text(format!("`--method {}` on the command line", m.id()));
            ui.label(RichText::new(describe(m)).weak());
        }
    });
    let mut position = game.speed.map_or(SPEEDS.len(), |s| SPEEDS.iter().position(|&v| v >= s).unwrap_or(0));
    let slider = egui::Slider::new(&mut position, 0..=SPEEDS.len())
        .show_value(true)
        .custom_formatter(|p, _| match SPEEDS.get(p as usize) {
            Some(steps) => format!("{steps} steps/s"),
            None => "instant".to_string(),
        })
        .custom_parser(|_| None)
        .text("speed");
    ui.add(slider).on_hover_text("Solver steps shown a second; at the right end, only the result");
    let speed = SPEEDS.get(position).copied();
    if (method, speed) != (game.method, game.speed) {
        (panel.game.method, panel.game.speed) = (method, speed);
    }
    let game = &panel.game;
    ui.horizontal(|ui| {
        if solving {
            if ui.button("Cancel").on_hover_text("Stop the solver (Esc)").clicked() {
                panel.requests.write(FlowRequest::Cancel);
            }
        } else if ui.button("Solve").on_hover_text(game.solve_hint()).clicked() {
            panel.requests.write(FlowRequest::Solve);
        }
        if ui.button("Reset").on_hover_text("Clear the board (R)").clicked() {
            panel.requests.write(FlowRequest::Reset);
        }
    });
    if !solving && game.has_pipes() && !game.drawing.is_solved() {
        ui.label(RichText::new("Solve starts over from the dots: your pipes come back if you cancel.").weak());
    }
    ui.add_space(6.0);
    let attempts = game.replay.as_ref().map(|r| r.attempts);
    if let Some(attempts) = attempts {
        ui.label(RichText::new(format!("Attempts: {}", thousands(attempts))).monospace());
    }
    let status = game.status(solving);
    let solved = game.drawing.is_solved() && !solving;
    let colour = if solved { palette::SUCCESS.color32() } else { ui.visuals().text_color() };
    ui.label(RichText::new(status).size(16.0).color(colour));
}

/// One line on each method.
fn describe(method: Method) -> &'static str {
    match method {
        Method::Dumbest => "The slowest way: a random cell, colours in random order.",
        Method::Dumb => "Cells in reading order, colours in a fixed order.",
        Method::Smart => "The most constrained cell first, nearby colours first.",
        Method::Paths => "Ours: grows paths from their dots, forced steps first, dead ends cut.",
    }
}

fn right_panel(ui: &mut Ui, game: &FlowGame) {
    let shipped = game.shipped();
    let puzzle = game.puzzle();
    ui.add_space(4.0);
    ui.heading(format!("Puzzle {}", shipped.name));
    ui.label(format!("{}×{} cells, {} colours", puzzle.width(), puzzle.height(), puzzle.colour_count()));
    ui.label(format!("Moves: {}", game.drawing.moves()));
    ui.separator();
    // Figures a course study published for this puzzle (said so where it
    // gave none: a bare "—" read as a figure missing), and under each this
    // run's own once that solver has run here.
    ui.label(RichText::new("Each solver on this puzzle: as first published, and here").strong()).on_hover_text(
        "From the AI course study the Flow solvers come from (CS 440, assignment 2); \
         \"here\": the last solve by that solver on this computer, since the puzzle was opened",
    );
    // One wrapped line a method, not a table: the methods' names and the
    // figures side by side ran past the panel at 800x600.
    for method in Method::ALL {
        let figure = match shipped.published(method) {
            Published::Solved { attempts, seconds } => format!("{} attempts, {seconds} s", thousands(attempts)),
            Published::Aborted { minutes } => format!("stopped unsolved after {minutes} min"),
            Published::None => "not run on it in the study".to_string(),
        };
        let line = ui.label(format!("{}: {figure}", method_title(method)));
        line.on_hover_text(format!("the study's \"{}\"", method.id()));
        if let Some((attempts, time)) = game.runs.get(&method) {
            let here = format!("    here: {} attempts, {}", thousands(*attempts), millis(*time));
            ui.label(RichText::new(here).color(palette::SUCCESS.color32()));
        }
    }
    ui.add_space(6.0);
    ui.label(
        RichText::new("Keys: Left/Right puzzle, S solve, R reset; Esc cancels a solve, or goes Home when none runs.")
            .weak(),
    );
}
