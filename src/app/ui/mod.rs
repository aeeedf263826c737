//! The egui side panel (settings, players, presets, live game information)
//! and the game-over banner. Edits go through copies that are written back
//! only when they differ, so change detection means a real change.

mod banner;
mod frame_time;
mod info;
mod setup;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::ai::AiThinking;
use super::board::BoardViewport;
use super::session::GameSession;
use super::state::{AiControl, GamePhase, GameSettings, GameSystems, NewGame, PlaySettings, Players, TurnPhase};

/// The panel's width in logical pixels; the board keeps to the right of it.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq)]
pub struct PanelWidth(pub f32);

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
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PanelWidth>()
        .add_plugins(frame_time::plugin)
        .add_systems(EguiPrimaryContextPass, draw_panel)
        .add_systems(Update, fit_viewport.before(GameSystems::Board));
}

fn draw_panel(mut contexts: EguiContexts, mut state: PanelState, mut panel_width: ResMut<PanelWidth>) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new().layer_id(egui::LayerId::background()).max_rect(ctx.viewport_rect()),
    );
    let response = egui::Panel::left("breakline_panel").default_size(330.0).resizable(true).show(&mut root, |ui| {
        egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
            ui.add_space(4.0);
            ui.heading("Breakline");
            info::status(ui, &state);
            ui.separator();
            setup::game_section(ui, &mut state);
            setup::players_section(ui, &mut state);
            setup::presets_section(ui, &mut state);
            super::series::open_button(ui);
            info::pacing_section(ui, &mut state);
            info::statistics_section(ui, &state);
            info::moves_section(ui, &state);
            ui.separator();
            frame_time::label(ui, &state.frame_times);
        });
    });
    panel_width.set_if_neq(PanelWidth(response.response.rect.width()));
    if *state.phase.get() == GamePhase::Over {
        banner::show(ctx, &mut state, response.response.rect.right());
    }
    Ok(())
}

/// The board gets the window minus the panel.
fn fit_viewport(
    window: Single<&Window, With<PrimaryWindow>>,
    panel: Res<PanelWidth>,
    mut viewport: ResMut<BoardViewport>,
) {
    let (width, height) = (window.width(), window.height());
    let panel = panel.0.min(width * 0.8);
    let fitted = BoardViewport { center: Vec2::new(panel / 2.0, 0.0), size: Vec2::new(width - panel, height) };
    viewport.set_if_neq(fitted);
}

