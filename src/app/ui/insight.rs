//! Panel sections for seeing into the game: the switch for the thinking
//! overlay, the evaluation graph (a click on a point reviews the position
//! after that move) and the analysis layers' checkboxes.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui::{self, Color32, RichText, Ui};
use egui_plot::{HLine, Line, LineStyle, Plot, PlotPoints, Points, VLine};

use crate::app::eval_graph::{EvalGraph, GraphClick, PROVEN};
use crate::app::layers::LayerSettings;
use crate::app::overlay::OverlaySettings;
use crate::app::proof_panel::ProofStatus;
use crate::app::session::GameSession;
use crate::app::theme;
use crate::app::ui::numbering::moves_of_plies;
use crate::engine::{Side, Variant};

/// What these sections read and edit.
#[derive(SystemParam)]
pub(super) struct InsightState<'w> {
    overlay: ResMut<'w, OverlaySettings>,
    layers: ResMut<'w, LayerSettings>,
    graph: Res<'w, EvalGraph>,
    click: ResMut<'w, GraphClick>,
    session: Res<'w, GameSession>,
    proof: Res<'w, ProofStatus>,
}

const WHITE_POINTS: Color32 = theme::WHITE_ACCENT.color32();
const BLACK_POINTS: Color32 = theme::BLACK_ACCENT.color32();

pub(super) fn overlay_toggle(ui: &mut Ui, state: &mut InsightState) {
    let mut settings = *state.overlay;
    ui.checkbox(&mut settings.show_thinking, "Show the AI's thinking on the board")
        .on_hover_text("Numbered arrows for the line it expects; bars under its candidate squares for their scores");
    if settings.show_thinking {
        legend(
            ui,
            &[
                ("arrows", WHITE_POINTS, "the line it expects, numbered;"),
                ("bars", theme::BAR_FILL.color32(), "each move's score, full for the best"),
            ],
        );
    }
    state.overlay.set_if_neq(settings);
}

pub(super) fn eval_graph_section(ui: &mut Ui, state: &mut InsightState) {
    egui::CollapsingHeader::new("Evaluation").default_open(true).show(ui, |ui| {
        let graph = &*state.graph;
        if graph.points.is_empty() {
            ui.label(RichText::new("No AI scores yet.").weak());
            return;
        }
        let of_side = |side: Side| -> Vec<[f64; 2]> {
            graph.points.iter().filter(|p| p.side == side).map(|p| [moves_of_plies(p.ply), p.value]).collect()
        };
        let (white, black) = (of_side(Side::White), of_side(Side::Black));
        let reviewed = state.session.review_ply();
        // A position the solver proved: a star on the outer line of its winner, at its ply.
        let proved = state.proof.winner.filter(|_| !state.proof.running).map(|winner| {
            let y = if winner == Side::White { PROVEN } else { -PROVEN };
            [moves_of_plies(state.session.shown_ply()), y]
        });
        let clicked_at = Plot::new("eval_graph")
            .height(170.0)
            .include_x(0.0)
            .include_x(moves_of_plies(graph.plies.max(1)))
            .include_y(-PROVEN)
            .include_y(PROVEN)
            .y_axis_formatter(|mark, _| match mark.value {
                v if v >= PROVEN => "won".to_string(),
                v if v <= -PROVEN => "lost".to_string(),
                v => format!("{v:+.1}"),
            })
            .allow_zoom(false)
            .allow_drag(false)
            .allow_scroll(false)
            .allow_boxed_zoom(false)
            .x_axis_label("move")
            .y_axis_label("for White")
            .show(ui, |plot| {
                plot.hline(HLine::new("", 0.0).color(theme::GUIDE.color32()).style(LineStyle::dashed_loose()));
                if let Some(ply) = reviewed {
                    plot.vline(VLine::new("", moves_of_plies(ply)).color(theme::HEADLINE.color32()));
                }
                plot.hline(HLine::new("", PROVEN).color(theme::GUIDE_FAINT.color32()));
                plot.hline(HLine::new("", -PROVEN).color(theme::GUIDE_FAINT.color32()));
                // One line per side's opinion: no zigzag between two evaluations.
                plot.line(Line::new("", PlotPoints::from(white.clone())).color(WHITE_POINTS).width(1.5));
                plot.line(Line::new("", PlotPoints::from(black.clone())).color(BLACK_POINTS).width(1.5));
                plot.points(Points::new("White moved", white).color(WHITE_POINTS).radius(3.0));
                plot.points(Points::new("Black moved", black).color(BLACK_POINTS).radius(3.0));
                if let Some(at) = proved {
                    let star = Points::new("proved", vec![at]).shape(egui_plot::MarkerShape::Asterisk).radius(7.0);
                    plot.points(star.color(theme::PROOF.color32()));
                }
                plot.response().clicked().then(|| plot.pointer_coordinate()).flatten()
            })
            .inner;
        if let Some(at) = clicked_at
            && let Some(point) = graph.point_near(at.x * 2.0)
        {
            state.click.ply = Some(point.ply);
        }
        // A legend would cover the points; the note names the colours instead.
        let note = format!(
            "Each side's own opinion after its moves, for White: orange White's, blue Black's, each scaled by its \
            largest score (±{:.0} and ±{:.0} in its own units). Proven wins and losses sit on the outer lines (a pink star: proved by Solve). \
            Click a point to review that position.",
            graph.scale[0], graph.scale[1]
        );
        ui.label(RichText::new(note).weak());
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
                if layers.groups {
                    legend(
                        ui,
                        &[
                            ("warm tints", theme::WHITE_GROUPS[4].color32(), "White's groups;"),
                            ("cool tints", theme::BLACK_GROUPS[0].color32(), "Black's groups"),
                        ],
                    );
                }
                if layers.centres {
                    legend(
                        ui,
                        &[
                            ("circle", theme::PAPER.color32(), "White's centre;"),
                            ("diamond", theme::INK.color32(), "Black's centre"),
                        ],
                    );
                }
            }
            Variant::Breakthrough => {
                ui.checkbox(&mut layers.attacks, "Attacked squares")
                    .on_hover_text("Orange: White attacks, blue: Black attacks, half and half: both");
                if layers.attacks {
                    let (white, black) = (theme::WHITE_ATTACK.color32(), theme::BLACK_ATTACK.color32());
                    legend(
                        ui,
                        &[
                            ("orange", white, "White attacks;"),
                            ("blue", black, "Black attacks;"),
                            ("half and half", white, "both"),
                        ],
                    );
                }
            }
        }
        state.layers.set_if_neq(layers);
    });
}

/// A small legend under a layer's checkbox: a symbol in its colour, then what it means.
fn legend(ui: &mut Ui, entries: &[(&str, Color32, &str)]) {
    ui.horizontal_wrapped(|ui| {
        for (symbol, color, meaning) in entries {
            ui.label(RichText::new(*symbol).color(*color).strong());
            ui.label(*meaning);
        }
    });
}
