//! The two side panels around the board (settings on the left, the game on
//! the right), each folding to a strip, and the board's share of the window
//! between them.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContextSettings, EguiContexts, egui};

use crate::app::board::layout::{BoardViewport, PanelWidths, panel_widths};
use crate::app::game::request::GameRequest;
use crate::app::ui::backdrop::{PanelBackdrop, panel_frame};
use crate::app::ui::panel_state::{PanelLayout, PanelState};

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
    // Settings on the left, the game as it happens on the right; either folds
    // away to a strip with the button that opens it again.
    let mut settings_open = layout.settings_shown(ctx.viewport_rect().width());
    let shown_before = settings_open;
    let left = if !settings_open {
        collapsed_strip(&mut root, "breakline_settings_strip", true, &mut settings_open)
    } else {
        egui::Panel::left("breakline_settings")
            .frame(panel_frame(root.style()))
            .exact_size(left_width)
            .show(&mut root, |ui| {
                egui::ScrollArea::vertical()
                    .id_salt("settings_scroll")
                    .auto_shrink([false, false])
                    .show(ui, |ui| settings_contents(ui, &mut state, &mut layout, &mut settings_open));
            })
            .response
            .rect
    };
    let series_tab = crate::app::ui::series::is_open(ctx);
    // The Series tab needs room for its tables; it takes it from the board.
    let right_width =
        if series_tab { right_width.max((ctx.viewport_rect().width() * 0.36).min(470.0)) } else { right_width };
    let game_shown = layout.game_open;
    let right = if !layout.game_open {
        collapsed_strip(&mut root, "breakline_game_strip", false, &mut layout.game_open)
    } else {
        egui::Panel::right("breakline_game")
            .frame(panel_frame(root.style()))
            .exact_size(right_width)
            .show(&mut root, |ui| {
                egui::ScrollArea::vertical()
                    .id_salt("game_scroll")
                    .auto_shrink([false, false])
                    .show(ui, |ui| game_contents(ui, &mut state, &mut layout, series_tab));
            })
            .response
            .rect
    };
    if settings_open != shown_before {
        layout.settings_open = Some(settings_open);
    }
    state.layout.set_if_neq(layout);
    let pointer_over_window = ctx
        .pointer_latest_pos()
        .and_then(|pos| ctx.layer_id_at(pos))
        .is_some_and(|layer| layer.order != egui::Order::Background);
    panels.set_if_neq(PanelWidths { left: left.width(), right: right.width(), pointer_over_window });
    // A folded strip keeps egui's own fill: its button reaches past the
    // strip's rectangle, and the strip is narrow.
    let open = |shown: bool, rect: egui::Rect| if shown { rect } else { egui::Rect::NOTHING };
    PanelBackdrop::record(&mut backdrop, &root, open(shown_before, left), open(game_shown, right));
    // While reviewing, the banner would cover the positions looked at; a
    // lesson's example that ends the game is not a game to play again.
    let lesson = state.lesson_run.open.is_some();
    if state.game.over() && !state.game.session.reviewing() && !lesson {
        let banner = crate::app::ui::banner::Banner {
            session: &state.game.session,
            settings: &state.setup.settings,
            progress: &state.progress,
            requests: &mut state.requests,
        };
        crate::app::ui::banner::show(ctx, banner, (left.right() + right.left()) / 2.0);
    }
    crate::app::ui::insight::eval_bar(ctx, &state.insight.evaluation, state.comforts.flipped(), left.right());
    crate::app::ui::toast::show(ctx, &mut state.notice, (left.right(), right.left()));
    let plies = state.game.session.plies();
    crate::app::ui::confirm::show(ctx, &state.replace, plies, &mut state.play, &mut state.requests);
    Ok(())
}

/// The settings panel: the game, the players, presets, pacing and files.
fn settings_contents(ui: &mut egui::Ui, state: &mut PanelState, layout: &mut PanelLayout, open: &mut bool) {
    ui.add_space(4.0);
    ui.horizontal(|ui| {
        ui.heading("Breakline");
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            if ui.button("«").on_hover_text("Hide the settings ([)").clicked() {
                *open = false;
            }
        });
    });
    ui.separator();
    let variant = state.game.session.variant();
    crate::app::ui::setup::game_section(ui, &mut state.setup, &state.game, &mut state.requests);
    let suggested = crate::app::modes::rated::suggested_level(&state.progress.progress, variant);
    crate::app::ui::setup::players_section(ui, (variant, suggested), &state.game.players, &mut state.requests);
    crate::app::ui::progress::section(ui, &mut state.progress, variant, &state.game.players, &mut state.requests);
    crate::app::ui::setup::presets_section(ui, &mut state.setup.settings, &mut state.requests);
    crate::app::ui::series::open_button(ui);
    let over = state.game.over();
    crate::app::ui::info::pacing_section(ui, &state.ai.control, over, &mut state.play, &mut state.requests);
    crate::app::ui::comforts::files_section(ui, &mut state.files, &state.notice);
    crate::app::ui::sound_section::section(ui, &mut state.sound);
    ui.checkbox(&mut layout.diagnostics, "Show frame times (diagnostics)");
}

/// The game panel: the Game / Series tabs, and the game as it happens.
fn game_contents(ui: &mut egui::Ui, state: &mut PanelState, layout: &mut PanelLayout, series_tab: bool) {
    ui.add_space(4.0);
    ui.horizontal(|ui| {
        if ui.button("»").on_hover_text("Hide the game panel (])").clicked() {
            layout.game_open = false;
        }
        let mut tab = series_tab;
        ui.selectable_value(&mut tab, false, "Game");
        ui.selectable_value(&mut tab, true, "Series");
        if tab != series_tab {
            crate::app::ui::series::set_open(ui.ctx(), tab);
        }
    });
    if series_tab {
        crate::app::ui::series::contents(ui, &mut state.series, &state.ai.control, &mut state.requests);
        return;
    }
    crate::app::ui::progress::puzzle_section(ui, &mut state.progress);
    crate::app::ui::info::clocks(ui, &state.game.session, &state.game.timer);
    crate::app::ui::info::status(ui, &state.game, &state.ai);
    crate::app::ui::comforts::game_buttons(ui, &mut state.comforts, &state.game.players, &mut state.requests);
    crate::app::ui::comforts::review_section(ui, &state.game.session, &mut state.requests);
    crate::app::ui::move_box::section(ui, &mut state.move_box);
    crate::app::ui::info::selection_reasons(ui, &state.game.session, &state.selection);
    crate::app::ui::insight::overlay_toggle(ui, &mut state.insight.overlay);
    ui.separator();
    let playable = Some((&*state.game.session, &*state.game.players, state.game.turn()));
    crate::app::ui::analysis::section(ui, &mut state.analysis, playable, &mut state.requests);
    ui.separator();
    crate::app::ui::insight::eval_graph_section(ui, &mut state.insight.evaluation);
    let variant = state.game.session.variant();
    crate::app::ui::insight::layers_section(ui, &mut state.insight.layers, variant);
    crate::app::ui::info::statistics_section(ui, &state.game.session);
    let shown = state.game.session.review_ply();
    if let Some(ply) = crate::app::ui::info::moves_section(ui, &state.game.session, shown) {
        state.requests.write(GameRequest::GoTo { ply });
    }
    if layout.diagnostics {
        ui.separator();
        crate::app::ui::frame_time::label(ui, &state.frame_times);
    }
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
    let free = (width - panels.left - panels.right - crate::app::ui::insight::EVAL_BAR_ROOM).max(width * 0.2);
    let left = (panels.left + crate::app::ui::insight::EVAL_BAR_ROOM).min(width - free);
    let center_x = -width / 2.0 + left + free / 2.0;
    let fitted = BoardViewport { center: Vec2::new(center_x, 0.0), size: Vec2::new(free, height) };
    viewport.set_if_neq(fitted);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two parameters of one system that touch the same resource, one of
    /// them mutably, panic when the system first runs (Bevy's B0002); the
    /// headless game tests never run the egui pass, so check its systems here.
    #[test]
    fn the_panel_systems_parameters_do_not_conflict() {
        let mut world = World::new();
        let mut schedule = Schedule::default();
        schedule.add_systems((draw_panel, crate::app::ui::flow::draw, crate::app::ui::lessons::draw));
        schedule.initialize(&mut world).expect("the schedule builds");
    }
}
