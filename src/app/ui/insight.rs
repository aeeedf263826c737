//! Panel sections for seeing into the game: the switch for the thinking
//! overlay, the evaluation graph (a click on a point reviews the position
//! after that move) and the analysis layers' checkboxes.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui::{self, Color32, RichText, Ui};
use egui_plot::{HLine, Line, LineStyle, Plot, PlotPoints, Points, VLine};

use crate::app::eval_graph::{EvalGraph, GraphClick};
use crate::app::layers::LayerSettings;
use crate::app::overlay::OverlaySettings;
use crate::app::review::Review;
use crate::engine::{Color as Side, Variant};

/// What these sections read and edit.
#[derive(SystemParam)]
pub(super) struct InsightState<'w> {
    overlay: ResMut<'w, OverlaySettings>,
    layers: ResMut<'w, LayerSettings>,
    graph: Res<'w, EvalGraph>,
    reviewing: Res<'w, Review>,
    click: ResMut<'w, GraphClick>,
}

const WHITE_POINTS: Color32 = Color32::from_rgb(255, 160, 40);
const BLACK_POINTS: Color32 = Color32::from_rgb(70, 150, 255);

pub(super) fn overlay_toggle(ui: &mut Ui, state: &mut InsightState) {
    let mut settings = *state.overlay;
    ui.checkbox(&mut settings.show_thinking, "Show the AI's thinking on the board")
        .on_hover_text("Numbered arrows for the line it expects; green to red squares for its moves' scores");
    state.overlay.set_if_neq(settings);
}

pub(super) fn eval_graph_section(ui: &mut Ui, state: &mut InsightState) {
    egui::CollapsingHeader::new("Evaluation").default_open(true).show(ui, |ui| {
        let graph = &*state.graph;
        if graph.points.is_empty() {
            ui.label(RichText::new("No AI scores yet.").weak());
            return;
        }
        let line: Vec<[f64; 2]> = graph.points.iter().map(|p| [p.ply as f64, p.value]).collect();
        let of_side = |side: Side| -> Vec<[f64; 2]> {
            graph.points.iter().filter(|p| p.side == side).map(|p| [p.ply as f64, p.value]).collect()
        };
        let (white, black) = (of_side(Side::White), of_side(Side::Black));
        let reviewed = state.reviewing.ply;
        let clicked_at = Plot::new("eval_graph")
            .height(170.0)
            .include_x(0.0)
            .include_x(graph.plies.max(1) as f64)
            .include_y(-graph.limit)
            .include_y(graph.limit)
            .allow_zoom(false)
            .allow_drag(false)
            .allow_scroll(false)
            .allow_boxed_zoom(false)
            .x_axis_label("moves played")
            .y_axis_label("White's view")
            .show(ui, |plot| {
                plot.hline(HLine::new("", 0.0).color(Color32::GRAY).style(LineStyle::dashed_loose()));
                if let Some(ply) = reviewed {
                    plot.vline(VLine::new("", ply as f64).color(Color32::from_rgb(250, 210, 90)));
                }
                // Human moves have no score: the line runs on to the next scored move.
                plot.line(Line::new("", PlotPoints::from(line)).color(Color32::LIGHT_GRAY).width(1.5));
                plot.points(Points::new("White moved", white).color(WHITE_POINTS).radius(3.0));
                plot.points(Points::new("Black moved", black).color(BLACK_POINTS).radius(3.0));
                plot.response().clicked().then(|| plot.pointer_coordinate()).flatten()
            })
            .inner;
        if let Some(at) = clicked_at
            && let Some(point) = graph.point_near(at.x)
        {
            state.click.ply = Some(point.ply);
        }
        // A legend would cover the points; the note names the colours instead.
        let note = "Orange after White's moves, blue after Black's; wins and losses found by search sit at the top \
            and bottom. Click a point to review that position.";
        ui.label(RichText::new(note).weak().small());
    });
}

pub(super) fn layers_section(ui: &mut Ui, state: &mut InsightState, variant: Variant) {
    egui::CollapsingHeader::new("Analysis layers").default_open(false).show(ui, |ui| {
        let mut layers = *state.layers;
        match variant {
            Variant::LinesOfAction => {
                ui.checkbox(&mut layers.groups, "Groups").on_hover_text("One tint per connected group of each side");
                ui.checkbox(&mut layers.centres, "Centres of mass")
                    .on_hover_text("The average square of each side's pieces");
            }
            Variant::Breakthrough => {
                ui.checkbox(&mut layers.attacks, "Attacked squares")
                    .on_hover_text("Orange: White attacks, blue: Black attacks, purple: both");
            }
        }
        state.layers.set_if_neq(layers);
    });
}
