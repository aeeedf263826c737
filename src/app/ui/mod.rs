//! The egui side panel (settings, players, presets, live game information)
//! and the game-over banner. Edits go through copies that are written back
//! only when they differ, so change detection means a real change.

mod analysis;
mod banner;
mod comforts;
mod confirm;
mod flow;
mod frame_time;
mod info;
mod insight;
mod lessons;
mod numbering;
mod progress;
mod setup;
mod toast;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContextSettings, EguiContexts, EguiPrimaryContextPass, egui};

use super::ai::AiThinking;
use super::board::BoardViewport;
use super::clock::TurnTimer;
use super::owner::AiControl;
use super::players::Players;
use super::session::GameSession;
use super::state::{GamePhase, GameRequest, GameSettings, GameSystems, Mode, PlaySettings, ReplaceGame, TurnPhase};

/// Where egui is on screen, for board input: the side panels' widths in
/// logical pixels (the board keeps between them), and whether the pointer is
/// over a floating egui window (game over, series).
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq)]
pub(crate) struct PanelWidths {
    pub(crate) left: f32,
    pub(crate) right: f32,
    pub(crate) pointer_over_window: bool,
}

/// Everything the panel reads and edits.
#[derive(SystemParam)]
struct PanelState<'w> {
    settings: ResMut<'w, GameSettings>,
    players: Res<'w, Players>,
    play: ResMut<'w, PlaySettings>,
    control: Res<'w, AiControl>,
    session: Res<'w, GameSession>,
    thinking: Res<'w, AiThinking>,
    phase: Res<'w, State<GamePhase>>,
    turn: Option<Res<'w, State<TurnPhase>>>,
    frame_times: Res<'w, frame_time::FrameTimes>,
    requests: MessageWriter<'w, GameRequest>,
    layout: ResMut<'w, PanelLayout>,
    replace: Res<'w, ReplaceGame>,
    series: crate::app::series::panel::WindowState<'w>,
    comforts: comforts::ComfortsState<'w>,
    insight: insight::InsightState<'w>,
    mode: ResMut<'w, NextState<Mode>>,
    timer: Res<'w, TurnTimer>,
    analysis: analysis::AnalysisState<'w>,
    selection: Res<'w, crate::app::input::Selection>,
    progress: progress::ProgressState<'w>,
    lessons: MessageWriter<'w, crate::app::lessons::LessonRequest>,
    lesson_run: Res<'w, crate::app::lessons::LessonRun>,
}

/// Which panels show, and the frame-time readout for those who want it.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PanelLayout {
    /// The settings panel; `None` follows the window: folded below
    /// [`NARROW_WINDOW`] so a small window keeps most of its width for the board.
    pub(crate) settings_open: Option<bool>,
    pub(crate) game_open: bool,
    diagnostics: bool,
}

impl Default for PanelLayout {
    fn default() -> Self {
        PanelLayout { settings_open: None, game_open: true, diagnostics: false }
    }
}

/// Panel widths for a window `width` logical pixels wide: they narrow
/// before the board has to, down to what their controls need.
fn panel_widths(width: f32) -> (f32, f32) {
    let left = (width * 0.25).clamp(230.0, 330.0);
    let right = (width * 0.23).clamp(220.0, 300.0);
    (left, right)
}

impl PanelLayout {
    /// Whether the settings panel shows in a window `width` logical pixels wide.
    pub(crate) fn settings_shown(&self, width: f32) -> bool {
        self.settings_open.unwrap_or(width >= NARROW_WINDOW)
    }
}

/// Below this width the settings panel starts folded.
pub(crate) const NARROW_WINDOW: f32 = 1000.0;

/// The width of a collapsed panel's strip (its open button).
const COLLAPSED_WIDTH: f32 = 26.0;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PanelWidths>()
        .init_resource::<PanelLayout>()
        .add_plugins(frame_time::plugin)
        .add_systems(
            EguiPrimaryContextPass,
            (
                draw_panel.run_if(in_state(Mode::Board)),
                flow::draw.run_if(in_state(Mode::Flow)),
                // The card goes on top of either mode's panels.
                lessons::draw.after(draw_panel).after(flow::draw),
            ),
        )
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
    let series_tab = crate::app::series::panel::is_open(ctx);
    // The Series tab needs room for its tables; it takes it from the board.
    let right_width =
        if series_tab { right_width.max((ctx.viewport_rect().width() * 0.36).min(470.0)) } else { right_width };
    let right = if !layout.game_open {
        collapsed_strip(&mut root, "breakline_game_strip", false, &mut layout.game_open)
    } else {
        egui::Panel::right("breakline_game")
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
    // While reviewing, the banner would cover the positions looked at; a
    // lesson's example that ends the game is not a game to play again.
    let lesson = state.lesson_run.open.is_some();
    if *state.phase.get() == GamePhase::Over && !state.comforts.session.reviewing() && !lesson {
        banner::show(ctx, &mut state, (left.right() + right.left()) / 2.0);
    }
    insight::eval_bar(ctx, &state.insight, state.comforts.flipped(), left.right());
    toast::show(ctx, &mut state.comforts.notice, (left.right(), right.left()));
    confirm::show(ctx, &mut state);
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
    setup::game_section(ui, state);
    setup::players_section(ui, state);
    let variant = state.session.variant();
    progress::section(ui, &mut state.progress, variant, &state.players, &mut state.requests);
    setup::presets_section(ui, state);
    super::series::open_button(ui);
    info::pacing_section(ui, state);
    comforts::files_section(ui, &mut state.comforts);
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
            crate::app::series::panel::set_open(ui.ctx(), tab);
        }
    });
    if series_tab {
        crate::app::series::panel::contents(ui, &mut state.series, &state.control, &mut state.requests);
        return;
    }
    progress::puzzle_section(ui, &mut state.progress);
    info::clocks(ui, state);
    info::status(ui, state);
    comforts::game_buttons(ui, &mut state.comforts, &state.players, &mut state.requests);
    comforts::review_section(ui, &mut state.comforts, &mut state.requests);
    info::selection_reasons(ui, &state.session, &state.selection);
    insight::overlay_toggle(ui, &mut state.insight);
    ui.separator();
    let turn = state.turn.as_ref().map(|t| *t.get());
    let playable = Some((&*state.session, &*state.players, turn));
    analysis::section(ui, &mut state.analysis, playable, &mut state.requests);
    ui.separator();
    insight::eval_graph_section(ui, &mut state.insight);
    let variant = state.session.variant();
    insight::layers_section(ui, &mut state.insight, variant);
    info::statistics_section(ui, state);
    if let Some(ply) = info::moves_section(ui, state, state.comforts.session.review_ply()) {
        state.requests.write(GameRequest::GoTo { ply });
    }
    if layout.diagnostics {
        ui.separator();
        frame_time::label(ui, &state.frame_times);
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
fn fit_viewport(
    window: Single<&Window, With<PrimaryWindow>>,
    panels: Res<PanelWidths>,
    mut viewport: ResMut<BoardViewport>,
) {
    let (width, height) = (window.width(), window.height());
    // A window narrower than its panels still shows a (small) board.
    // The evaluation bar keeps a strip at the board's left.
    let free = (width - panels.left - panels.right - insight::EVAL_BAR_ROOM).max(width * 0.2);
    let left = (panels.left + insight::EVAL_BAR_ROOM).min(width - free);
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
        schedule.add_systems((draw_panel, flow::draw, lessons::draw));
        schedule.initialize(&mut world).expect("the schedule builds");
    }
}
