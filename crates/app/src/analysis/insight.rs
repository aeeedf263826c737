//! Panel sections for seeing into the game: the switch for the thinking
//! overlay, the evaluation graph (a click on a point reviews the position
//! after that move) and the analysis layers' checkboxes.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui::{self, Color32, RichText, Ui};
use egui_plot::{HLine, Line, LineStyle, Plot, PlotPoints, Points, VLine};

use crate::board::layers::LayerSettings;
use crate::board::layout::BoardLayout;
use crate::board::overlay::lines::OverlaySettings;
use crate::engine::library::review::{GameReport, Mark};
use crate::engine::{Side, Variant};
use crate::game::eval_graph::{EvalGraph, EvalPoint, GraphClick};
use crate::game::session::GameSession;
use crate::tasks::proof::ProofStatus;
use crate::theme::palette;
use crate::ui::numbering::moves_of_plies;

/// What these sections read and edit, a part for each: the overlay's
/// switch, the layers' boxes, and the evaluation (graph and bar).
#[derive(SystemParam)]
pub(crate) struct InsightState<'w> {
    pub(crate) overlay: ResMut<'w, OverlaySettings>,
    pub(crate) layers: ResMut<'w, LayerSettings>,
    pub(crate) evaluation: EvaluationState<'w>,
}

/// What the evaluation graph and bar draw from, and the graph's click.
#[derive(SystemParam)]
pub(crate) struct EvaluationState<'w> {
    graph: Res<'w, EvalGraph>,
    click: ResMut<'w, GraphClick>,
    session: Res<'w, GameSession>,
    proof: Res<'w, ProofStatus>,
    pub(crate) board: Res<'w, BoardLayout>,
}

/// Logical pixels the board keeps free on its left for the evaluation bar.
pub(crate) const EVAL_BAR_ROOM: f32 = 28.0;
const EVAL_BAR_WIDTH: f32 = 18.0;

const WHITE_POINTS: Color32 = palette::WHITE_ACCENT.color32();
const BLACK_POINTS: Color32 = palette::BLACK_ACCENT.color32();

pub(crate) fn overlay_toggle(ui: &mut Ui, overlay: &mut ResMut<OverlaySettings>) {
    let mut settings = **overlay;
    // Short enough for the narrowest panel (240 px at 800x600): the longer
    // "... on the board" ran past its right edge there.
    ui.checkbox(&mut settings.show_thinking, "Show the AI's thinking").on_hover_text(
        "On the board: numbered arrows for the line it expects, bars under its candidate squares for their scores",
    );
    if settings.show_thinking {
        legend(
            ui,
            &[
                ("arrows", WHITE_POINTS, "the line it expects, numbered;"),
                ("bars", palette::BAR_FILL.color32(), "each move's score, full for the best"),
            ],
        );
    }
    overlay.set_if_neq(settings);
}

/// `report`: the game's report, whose chances and marks the graph shows too.
pub(crate) fn eval_graph_section(ui: &mut Ui, state: &mut EvaluationState, report: Option<&GameReport>) {
    egui::CollapsingHeader::new("Evaluation").default_open(true).show(ui, |ui| {
        let graph = &*state.graph;
        if graph.points.is_empty() && graph.judged.is_empty() && report.is_none() {
            ui.label(RichText::new("No AI scores yet.").weak());
            return;
        }
        // Raw scores where any evaluation is not calibrated to chances (the
        // course's strategies): White's score in its own units, proofs just
        // beyond the largest plain score.
        let raw = graph.raw();
        let plain =
            graph.line().iter().filter(|p| !p.proven).map(|p| f64::from(p.white_score()).abs()).fold(1.0, f64::max);
        let beyond = plain * 1.25;
        let y = |p: &EvalPoint| match (raw, p.proven) {
            (false, _) => 100.0 * p.white_chance,
            (true, true) => beyond.copysign(f64::from(p.white_score())),
            (true, false) => f64::from(p.white_score()),
        };
        let at = |p: &EvalPoint| [moves_of_plies(p.ply), y(p)];
        let (low, high, even) = if raw { (-beyond, beyond, 0.0) } else { (0.0, 100.0, 50.0) };
        let line: Vec<[f64; 2]> = graph.line().iter().map(at).collect();
        let judged: Vec<[f64; 2]> = graph.judged.iter().map(at).collect();
        let marks = |side: Side, book: bool| -> Vec<[f64; 2]> {
            graph.points.iter().filter(|p| p.side == side && p.book == book).map(at).collect()
        };
        let reviewed = state.session.review_ply();
        // A position the solver proved: a star at its ply, at 0% or 100%.
        let proved =
            state.proof.winner.filter(|_| !state.proof.running).map(|winner| {
                [moves_of_plies(state.session.shown_ply()), if winner == Side::White { high } else { low }]
            });
        // The plot keeps clear of the panel's edge (its scroll bar).
        let clicked_at = Plot::new("eval_graph")
            .height(170.0)
            .width((ui.available_width() - 14.0).max(120.0))
            .include_x(0.0)
            .include_x(moves_of_plies(graph.plies.max(report.map_or(1, |r| r.moves.len()))))
            .include_y(low)
            .include_y(high)
            .y_axis_formatter(
                move |mark, _| if raw { format!("{:+.0}", mark.value) } else { format!("{:.0}%", mark.value) },
            )
            .allow_zoom(false)
            .allow_drag(false)
            .allow_scroll(false)
            .allow_boxed_zoom(false)
            .x_axis_label("move")
            .y_axis_label(if raw { "White's raw score" } else { "White's chance" })
            .show(ui, |plot| {
                plot.hline(HLine::new("", even).color(palette::GUIDE.color32()).style(LineStyle::dashed_loose()));
                if let Some(ply) = reviewed {
                    plot.vline(VLine::new("", moves_of_plies(ply)).color(palette::HEADLINE.color32()));
                }
                plot.line(Line::new("", PlotPoints::from(line)).color(palette::NEUTRAL.color32()).width(1.5));
                for (side, color, name) in [(Side::White, WHITE_POINTS, "White"), (Side::Black, BLACK_POINTS, "Black")]
                {
                    plot.points(Points::new(format!("{name} moved"), marks(side, false)).color(color).radius(3.0));
                    let book = Points::new(format!("{name}'s book move"), marks(side, true))
                        .shape(egui_plot::MarkerShape::Square)
                        .filled(false);
                    plot.points(book.color(color).radius(3.5));
                }
                let analysed = Points::new("analysis or hint", judged).shape(egui_plot::MarkerShape::Diamond);
                plot.points(analysed.color(palette::HINT.color32()).radius(4.0));
                if let Some(report) = report.filter(|_| !raw) {
                    report_layer(plot, report);
                }
                if let Some(at) = proved {
                    let star = Points::new("proved", vec![at]).shape(egui_plot::MarkerShape::Asterisk).radius(7.0);
                    plot.points(star.color(palette::PROOF.color32()));
                }
                plot.response().clicked().then(|| plot.pointer_coordinate()).flatten()
            })
            .inner;
        if let Some(at) = clicked_at
            && let Some(point) = graph.point_near(at.x * 2.0)
        {
            state.click.ply = Some(point.ply);
        }
        graph_notes(ui, raw, report.is_some());
    });
}

/// What the graph's marks mean (a legend would cover the points), and
/// whether it shows raw scores or chances.
fn graph_notes(ui: &mut Ui, raw: bool, reported: bool) {
    // A legend would cover the points; the note names the marks instead.
    if raw {
        let note = "Raw scores: a strategy here scores in units of its own, not calibrated to winning \
            chances, so the graph shows White's score (the mover's score turned to White's side) and \
            the bar beside the board stays empty.";
        ui.label(RichText::new(note).color(palette::NOTE.color32()));
    }
    if reported && !raw {
        let note = "Dashed grey: the game report's chances; crosses: its inaccuracies (yellow), mistakes (orange) and blunders (red).";
        ui.label(RichText::new(note).weak());
    }
    let what = if raw { "White's score" } else { "White's winning chance" };
    let note = format!(
        "{what} after each AI move, as the search that chose it saw it \
        (orange dots: White's searches, blue: Black's; hollow squares: book moves; cyan diamonds: the \
        analysis or a hint, which the line follows where they spoke). Proven results \
        sit at the ends (a pink star: proved by Solve). Click a point to review that position."
    );
    ui.label(RichText::new(note).weak());
}

/// The report's line (White's chance at every position, as the report's
/// search saw it) and its marks at the positions the marked moves made.
fn report_layer(plot: &mut egui_plot::PlotUi<'_>, report: &GameReport) {
    let chances = report.white_chances.iter().enumerate().map(|(ply, c)| [moves_of_plies(ply), *c]);
    let line = Line::new("report", PlotPoints::from(chances.collect::<Vec<_>>()));
    plot.line(line.color(palette::GUIDE.color32()).width(1.0).style(LineStyle::dashed_dense()));
    for mark in Mark::ALL {
        let at: Vec<[f64; 2]> = report
            .moves
            .iter()
            .filter(|m| m.mark == Some(mark))
            .filter_map(|m| report.white_chances.get(m.ply + 1).map(|c| [moves_of_plies(m.ply + 1), *c]))
            .collect();
        let name = format!("{} {}", mark.name(), mark.symbol());
        let points = Points::new(name, at).shape(egui_plot::MarkerShape::Cross).radius(6.0);
        plot.points(points.color(crate::theme::palette::mark_colour(mark)));
    }
}

/// The evaluation bar beside the board: White's share from below (from above
/// when the board is flipped), as the last search judged the position shown;
/// even and unlabelled before any AI has spoken.
pub(crate) fn eval_bar(ctx: &egui::Context, state: &EvaluationState, flipped: bool, left_edge: f32) {
    // A raw score is no share of anything, and a game nothing has judged yet
    // (two people's, a new one) has no chances to show: no bar (an even,
    // unlabelled one read as a previous game's left behind).
    let Some(point) = state.graph.bar_at(state.session.shown_ply()) else { return };
    // At a finished game's last position the bar shows its result, not the
    // last estimate before it (fresh eyes, round 21: "63" beside a won game).
    let session = &state.session;
    let at_end = session.outcome().is_over() && session.line_path().is_none() && !session.reviewing();
    let ended =
        at_end.then(|| session.outcome().winner().map_or(0.5, |side| if side == Side::White { 1.0 } else { 0.0 }));
    let white_chance = ended.unwrap_or(point.white_chance);
    let white = white_chance as f32;
    let frame = state.board.frame_height();
    let middle = ctx.viewport_rect().center().y;
    let bar = egui::Rect::from_min_size(
        egui::pos2(left_edge + (EVAL_BAR_ROOM - EVAL_BAR_WIDTH) / 2.0, middle - frame / 2.0),
        egui::vec2(EVAL_BAR_WIDTH, frame),
    );
    let painter = ctx.layer_painter(egui::LayerId::background());
    painter.rect_filled(bar, 2.0, palette::INK.color32());
    let white_part = if flipped {
        egui::Rect::from_min_max(bar.min, egui::pos2(bar.max.x, bar.min.y + bar.height() * white))
    } else {
        egui::Rect::from_min_max(egui::pos2(bar.min.x, bar.max.y - bar.height() * white), bar.max)
    };
    painter.rect_filled(white_part, 2.0, palette::PAPER.color32());
    painter.line_segment(
        [egui::pos2(bar.min.x - 2.0, bar.center().y), egui::pos2(bar.max.x + 2.0, bar.center().y)],
        egui::Stroke::new(1.0, palette::GUIDE.color32()),
    );
    // The leader's chance in per cent, at the leader's end of the bar.
    let white_leads = white_chance >= 0.5;
    let lead = if white_leads { white_chance } else { 1.0 - white_chance };
    let (ink, on_top) = if white_leads { (palette::INK, flipped) } else { (palette::PAPER, !flipped) };
    let (anchor, y) = if on_top {
        (egui::Align2::CENTER_TOP, bar.min.y + 3.0)
    } else {
        (egui::Align2::CENTER_BOTTOM, bar.max.y - 3.0)
    };
    let font = egui::FontId::proportional(9.0);
    painter.text(egui::pos2(bar.center().x, y), anchor, format!("{:.0}", 100.0 * lead), font, ink.color32());
    // Named above itself, not only on hover (fresh eyes, round 13: the bar
    // had no label).
    // At the panel's small size, not the bar's 9 points (round 16: unseen at 1920x1080).
    // Kept whole inside the window's left edge (round 18: with the left
    // panel folded, the bar sits at the edge and the label was cut).
    let label = painter.layout_no_wrap("win %".to_string(), egui::FontId::proportional(11.0), palette::GUIDE.color32());
    let left = (bar.center().x - label.size().x / 2.0).max(painter.clip_rect().left() + 2.0);
    let top = (bar.min.y - 2.0).max(13.0) - label.size().y;
    painter.galley(egui::pos2(left, top), label, palette::GUIDE.color32());
    // The number alone said nothing of whose chance it is: the bar says on hover.
    if ctx.pointer_hover_pos().is_some_and(|at| bar.expand(2.0).contains(at)) {
        let leader = if white_leads { "White" } else { "Black" };
        let words = match ended {
            Some(_) if lead > 0.5 => format!("The game is over: {leader} won"),
            Some(_) => "The game is over: a draw".to_string(),
            None => format!("{leader}'s chance to win: {:.0}% (the last evaluation of this position)", 100.0 * lead),
        };
        egui::Area::new(egui::Id::new("eval_bar_hover"))
            .fixed_pos(egui::pos2(bar.max.x + 6.0, bar.center().y))
            .order(egui::Order::Tooltip)
            .show(ctx, |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| ui.label(words));
            });
    }
}

pub(crate) fn layers_section(ui: &mut Ui, settings: &mut ResMut<LayerSettings>, variant: Variant) {
    egui::CollapsingHeader::new("Analysis layers").default_open(false).show(ui, |ui| {
        let mut layers = **settings;
        match variant {
            Variant::LinesOfAction => {
                ui.checkbox(&mut layers.groups, "Groups").on_hover_text("One tint per connected group of each side");
                ui.checkbox(&mut layers.centres, "Centres of mass")
                    .on_hover_text("The average square of each side's pieces");
                if layers.groups {
                    legend(
                        ui,
                        &[
                            ("warm tints", palette::WHITE_GROUPS[4].color32(), "White's groups;"),
                            ("cool tints", palette::BLACK_GROUPS[0].color32(), "Black's groups"),
                        ],
                    );
                }
                if layers.centres {
                    legend(
                        ui,
                        &[
                            ("circle", palette::PAPER.color32(), "White's centre;"),
                            ("diamond", palette::INK.color32(), "Black's centre"),
                        ],
                    );
                }
            }
            Variant::Breakthrough => {
                ui.checkbox(&mut layers.attacks, "Attacked squares")
                    .on_hover_text("Orange: White attacks, blue: Black attacks, half and half: both");
                if layers.attacks {
                    let (white, black) = (palette::WHITE_ATTACK.color32(), palette::BLACK_ATTACK.color32());
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
        settings.set_if_neq(layers);
    });
}

/// A small legend under a layer's checkbox: a symbol in its colour, then
/// what it means; a colour that would not read on the panel sits on a chip
/// that it reads on.
fn legend(ui: &mut Ui, entries: &[(&str, Color32, &str)]) {
    let panel = palette::Tone::of_color32(ui.visuals().panel_fill);
    ui.horizontal_wrapped(|ui| {
        for (symbol, color, meaning) in entries {
            let word = RichText::new(*symbol).color(*color).strong();
            match palette::legend_chip(palette::Tone::of_color32(*color), panel) {
                Some(chip) => {
                    let frame = egui::Frame::new().fill(chip.color32()).inner_margin(egui::Margin::symmetric(3, 0));
                    frame.corner_radius(3.0).show(ui, |ui| ui.label(word));
                }
                None => {
                    ui.label(word);
                }
            }
            ui.label(*meaning);
        }
    });
}
