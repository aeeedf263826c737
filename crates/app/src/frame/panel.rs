//! The two side panels around the board (the screen's tools on the left,
//! the game on the right), each folding to a strip, and the board's share of
//! the window between them.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContextSettings, EguiContexts, egui};

use crate::board::layout::{BoardViewport, PanelWidths, panel_widths};
use crate::frame::panel_state::PanelState;
use crate::frame::screen_panels;
use crate::game::screen::Screen;
use crate::ui::backdrop::{PanelBackdrop, panel_frame};

/// The width of a collapsed panel's strip (its open button).
const COLLAPSED_WIDTH: f32 = 26.0;

/// egui's own pointer capture counts the whole window as egui (the panels
/// hang off a root `Ui` covering it), which would block every board click;
/// board input checks [`PanelWidths`] instead.
pub(crate) fn keep_pointer_for_board(mut contexts: Query<&mut EguiContextSettings, Added<EguiContextSettings>>) {
    for mut settings in &mut contexts {
        settings.capture_pointer_input = false;
    }
}

pub(crate) fn draw_panel(
    mut contexts: EguiContexts,
    mut state: PanelState,
    mut panels: ResMut<PanelWidths>,
    mut backdrop: ResMut<PanelBackdrop>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new().layer_id(egui::LayerId::background()).max_rect(ctx.viewport_rect()),
    );
    let (left_width, right_width) = panel_widths(ctx.viewport_rect().width());
    let mut layout = *state.layout;
    let screen = state.screens.get();
    // The screen's tools on the left (where it has any), the game as it
    // happens on the right; either folds away to a strip with the button
    // that opens it again.
    let has_left = screen_panels::has_left(screen);
    let entered = screen_entered(ctx, screen);
    let from_the_top = |area: egui::ScrollArea| if entered { area.vertical_scroll_offset(0.0) } else { area };
    let mut settings_open = layout.settings_shown(ctx.viewport_rect().width());
    let shown_before = settings_open && has_left;
    let left = if !has_left {
        egui::Rect::from_min_size(ctx.viewport_rect().min, egui::Vec2::ZERO)
    } else if !settings_open {
        collapsed_strip(&mut root, "breakline_settings_strip", true, &mut settings_open)
    } else {
        egui::Panel::left("breakline_settings")
            .frame(panel_frame(root.style()))
            .exact_size(left_width)
            .show(&mut root, |ui| {
                // The sliders narrow with the panel, so that a slider, its
                // number and its words fit in the narrowest (230 pixels).
                ui.spacing_mut().slider_width = (ui.available_width() - 150.0).clamp(40.0, 100.0);
                from_the_top(egui::ScrollArea::vertical())
                    .id_salt(("settings_scroll", screen))
                    .auto_shrink([false, false])
                    .show(ui, |ui| screen_panels::left(ui, &mut state, &mut settings_open));
            })
            .response
            .rect
    };
    let series_tab = screen == Screen::Watch && crate::series::window::is_open(ctx);
    // The Series tab needs room for its tables; it takes it from the board.
    let right_width =
        if series_tab { right_width.max((ctx.viewport_rect().width() * 0.4).min(470.0)) } else { right_width };
    let game_shown = layout.game_open;
    let right = if !layout.game_open {
        collapsed_strip(&mut root, "breakline_game_strip", false, &mut layout.game_open)
    } else {
        egui::Panel::right("breakline_game")
            .frame(panel_frame(root.style()))
            .exact_size(right_width)
            .show(&mut root, |ui| {
                screen_panels::right_head(ui, &mut state, &mut layout, series_tab);
                // Each screen its own scroll place: a place scrolled to on
                // Watch & Lab opened Play with its status under the clocks.
                from_the_top(egui::ScrollArea::vertical())
                    .id_salt(("game_scroll", screen))
                    .auto_shrink([false, false])
                    .show(ui, |ui| screen_panels::right(ui, &mut state, &mut layout, series_tab));
            })
            .response
            .rect
    };
    if has_left && settings_open != shown_before {
        layout.settings_open = Some(settings_open);
    }
    state.layout.set_if_neq(layout);
    panels.set_if_neq(PanelWidths {
        // egui's points are the window's logical pixels times the interface's scale.
        left: left.width() * ctx.zoom_factor(),
        right: right.width() * ctx.zoom_factor(),
        pointer_over_window: pointer_over_window(ctx),
    });
    // A folded strip keeps egui's own fill: its button reaches past the
    // strip's rectangle, and the strip is narrow.
    let open = |shown: bool, rect: egui::Rect| if shown { rect } else { egui::Rect::NOTHING };
    PanelBackdrop::record(&mut backdrop, &root, open(shown_before, left), open(game_shown, right));
    draw_overlays(ctx, &mut state, left, right);
    Ok(())
}

/// Whether `screen` is new this pass: it opens at the top of its panels
/// (fresh eyes, round 20: at 800x600 Play came back scrolled to where it
/// was left, its status and clocks out of sight).
fn screen_entered(ctx: &egui::Context, screen: Screen) -> bool {
    ctx.data_mut(|data| {
        let id = egui::Id::new("panels_screen");
        let last = data.get_temp::<Screen>(id);
        data.insert_temp(id, screen);
        last != Some(screen)
    })
}

/// Whether the pointer is over a floating window (a question, a toast),
/// not the board: the board's clicks are not for it.
fn pointer_over_window(ctx: &egui::Context) -> bool {
    ctx.pointer_latest_pos()
        .and_then(|pos| ctx.layer_id_at(pos))
        .is_some_and(|layer| layer.order != egui::Order::Background)
}

/// What floats over the board between the panels: the evaluation bar (not
/// in a rated game, a lesson, a puzzle or an exercise), the toast and the
/// questions.
fn draw_overlays(ctx: &egui::Context, state: &mut PanelState, left: egui::Rect, right: egui::Rect) {
    // A rated game shows no winning chances while it is played; a lesson,
    // a puzzle or an exercise would be given away by them (and a newcomer
    // in Learn saw an unlabelled bar).
    let visiting = state.comforts.visit.active();
    if !state.comforts.rated.in_force(&state.game.session) && !visiting {
        crate::analysis::insight::eval_bar(ctx, &state.insight.evaluation, state.comforts.flipped(), left.right());
    }
    let lesson = state.lesson_run.open.is_some();
    let board = (left.right(), right.left());
    let frame = state.insight.evaluation.board.frame_height();
    // A lesson's card says why a move was refused; elsewhere the board does.
    if !lesson && state.refusal.why.is_some() {
        crate::ui::toast::show_refusal(ctx, &mut state.refusal, board, frame);
    } else {
        crate::ui::toast::show(ctx, &mut state.notice, board, frame);
    }
    // What a replacement would end is the game in progress: during a visit, the one that waits.
    let visit = &state.comforts.visit;
    let plies = visit.left_game().map_or(state.game.session.plies(), |game| game.plies());
    let at_stake = state.comforts.rated.at_stake(&state.game.session, &state.game.players, visit);
    // The game that waits is named: the board shows another (fresh eyes,
    // round 15: "the one in progress" read as the studied game on screen).
    let waiting = visit.left_game().zip(visit.left_players()).map(|(game, players)| game.matchup(players));
    let generation = visit.left_game().map_or(state.game.session.generation(), |game| game.generation());
    let counted = state.comforts.rated.counted_for(generation) && !state.game.over();
    let ending = crate::play::confirm::Ending { plies, at_stake, counted, waiting };
    crate::play::confirm::show(ctx, &state.replace, ending, &mut state.play, &mut state.requests);
    crate::play::confirm::question(ctx, &state.comforts.question, &mut state.comforts.answers);
}

/// A folded panel: a thin strip whose button opens it again.
fn collapsed_strip(root: &mut egui::Ui, id: &'static str, left_side: bool, open: &mut bool) -> egui::Rect {
    let panel = if left_side { egui::Panel::left(id) } else { egui::Panel::right(id) };
    let (arrow, hover) = if left_side { ("»", "Show the settings ([)") } else { ("«", "Show the game panel (])") };
    panel
        .exact_size(COLLAPSED_WIDTH)
        .resizable(false)
        .show(root, |ui| {
            if ui.button(arrow).on_hover_text(hover).clicked() {
                *open = true;
            }
        })
        .response
        .rect
}

/// The board gets the window between the panels.
pub(crate) fn fit_viewport(
    window: Single<&Window, With<PrimaryWindow>>,
    panels: Res<PanelWidths>,
    mut viewport: ResMut<BoardViewport>,
) {
    let (width, height) = (window.width(), window.height());
    // A window narrower than its panels still shows a (small) board.
    // The evaluation bar keeps a strip at the board's left.
    let free = (width - panels.left - panels.right - crate::analysis::insight::EVAL_BAR_ROOM).max(width * 0.2);
    let left = (panels.left + crate::analysis::insight::EVAL_BAR_ROOM).min(width - free);
    let center_x = -width / 2.0 + left + free / 2.0;
    let fitted = BoardViewport { center: Vec2::new(center_x, 0.0), size: Vec2::new(free, height) };
    viewport.set_if_neq(fitted);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two parameters of one system that touch the same resource, one of
    /// them mutably, panic when the system first runs (Bevy's B0002); checked
    /// here on its own as well as in the game tests' headless egui pass.
    #[test]
    fn the_panel_systems_parameters_do_not_conflict() {
        let mut world = World::new();
        let mut schedule = Schedule::default();
        schedule.add_systems((draw_panel, crate::flow::panels::draw, crate::learn::card::draw));
        schedule.initialize(&mut world).expect("the schedule builds");
    }
}
