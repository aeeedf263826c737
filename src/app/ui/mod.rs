//! The egui side panel (settings, players, presets, live game information)
//! and the game-over banner. Edits go through copies that are written back
//! only when they differ, so change detection means a real change.

mod banner;
mod comforts;
mod frame_time;
mod info;
mod insight;
mod setup;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContextSettings, EguiContexts, EguiPrimaryContextPass, egui};

use super::ai::AiThinking;
use super::board::BoardViewport;
use super::review::ReviewGoTo;
use super::session::GameSession;
use super::state::{AiControl, GamePhase, GameSettings, GameSystems, NewGame, PlaySettings, Players, TurnPhase};

/// Where egui is on screen, for board input: the side panels' widths in
/// logical pixels (the board keeps between them), and whether the pointer is
/// over a floating egui window (game over, series).
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq)]
pub struct PanelWidths {
    pub left: f32,
    pub right: f32,
    pub pointer_over_window: bool,
}

/// Everything the panel reads and edits.
#[derive(SystemParam)]
struct PanelState<'w> {
    settings: ResMut<'w, GameSettings>,
    players: ResMut<'w, Players>,
    play: ResMut<'w, PlaySettings>,
    control: ResMut<'w, AiControl>,
    session: Res<'w, GameSession>,
    thinking: Res<'w, AiThinking>,
    phase: Res<'w, State<GamePhase>>,
    turn: Option<Res<'w, State<TurnPhase>>>,
    frame_times: Res<'w, frame_time::FrameTimes>,
    new_game: MessageWriter<'w, NewGame>,
    comforts: comforts::ComfortsState<'w>,
    insight: insight::InsightState<'w>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PanelWidths>()
        .add_plugins((frame_time::plugin, comforts::plugin))
        .add_systems(EguiPrimaryContextPass, draw_panel)
        .add_systems(Update, (keep_pointer_for_board, fit_viewport.before(GameSystems::Board)));
}

/// egui's own pointer capture counts the whole window as egui (the panels
/// hang off a root `Ui` covering it), which would block every board click;
/// board input checks [`PanelWidths`] instead.
fn keep_pointer_for_board(mut contexts: Query<&mut EguiContextSettings, Added<EguiContextSettings>>) {
    for mut settings in &mut contexts {
        settings.capture_pointer_input = false;
    }
}

fn draw_panel(mut contexts: EguiContexts, mut state: PanelState, mut panels: ResMut<PanelWidths>) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new().layer_id(egui::LayerId::background()).max_rect(ctx.viewport_rect()),
    );
    // Settings on the left, the game as it happens on the right.
    let left = egui::Panel::left("breakline_settings").default_size(330.0).resizable(true).show(&mut root, |ui| {
        egui::ScrollArea::vertical().id_salt("settings_scroll").auto_shrink([false, false]).show(ui, |ui| {
            ui.add_space(4.0);
            ui.heading("Breakline");
            ui.separator();
            setup::game_section(ui, &mut state);
            setup::players_section(ui, &mut state);
            setup::presets_section(ui, &mut state);
            super::series::open_button(ui);
            info::pacing_section(ui, &mut state);
            comforts::files_section(ui, &mut state.comforts);
        });
    });
    let right = egui::Panel::right("breakline_game").default_size(300.0).resizable(true).show(&mut root, |ui| {
        egui::ScrollArea::vertical().id_salt("game_scroll").auto_shrink([false, false]).show(ui, |ui| {
            ui.add_space(4.0);
            info::status(ui, &state);
            comforts::game_buttons(ui, &mut state.comforts);
            comforts::review_section(ui, &mut state.comforts);
            insight::overlay_toggle(ui, &mut state.insight);
            ui.separator();
            insight::eval_graph_section(ui, &mut state.insight);
            let variant = state.session.variant();
            insight::layers_section(ui, &mut state.insight, variant);
            info::statistics_section(ui, &state);
            if let Some(ply) = info::moves_section(ui, &state, state.comforts.review.ply) {
                state.comforts.go_to.write(ReviewGoTo { ply });
            }
            ui.separator();
            frame_time::label(ui, &state.frame_times);
        });
    });
    let (left, right) = (left.response.rect, right.response.rect);
    let pointer_over_window = ctx
        .pointer_latest_pos()
        .and_then(|pos| ctx.layer_id_at(pos))
        .is_some_and(|layer| layer.order != egui::Order::Background);
    panels.set_if_neq(PanelWidths { left: left.width(), right: right.width(), pointer_over_window });
    // While reviewing, the banner would cover the positions looked at.
    if *state.phase.get() == GamePhase::Over && !state.comforts.review.active() {
        banner::show(ctx, &mut state, (left.right() + right.left()) / 2.0);
    }
    Ok(())
}

/// The board gets the window between the panels.
fn fit_viewport(
    window: Single<&Window, With<PrimaryWindow>>,
    panels: Res<PanelWidths>,
    mut viewport: ResMut<BoardViewport>,
) {
    let (width, height) = (window.width(), window.height());
    // A window narrower than its panels still shows a (small) board.
    let free = (width - panels.left - panels.right).max(width * 0.2);
    let left = panels.left.min(width - free);
    let center_x = -width / 2.0 + left + free / 2.0;
    let fitted = BoardViewport { center: Vec2::new(center_x, 0.0), size: Vec2::new(free, height) };
    viewport.set_if_neq(fitted);
}
