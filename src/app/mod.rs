//! The Bevy game: a window with the board, AI players thinking on background
//! tasks, and an egui panel for settings and live game information.
//!
//! Logic plugins ([`plugin`]) run headless in the tests; the view plugins
//! (camera, sprites, pointer picking, egui, screenshots) need a window.

pub mod ai;
pub mod analysis;
pub mod animation;
mod assets;
mod background;
pub mod board;
mod board_sync;
mod clipboard;
pub mod clock;
pub mod eval_graph;
pub mod file_dialog;
pub mod files;
pub mod flow;
mod hint;
pub mod input;
pub mod layers;
pub mod lessons;
pub mod notice;
pub mod overlay;
pub(crate) mod owner;
pub mod players;
mod pointer;
pub mod presets;
pub mod progress;
pub mod proof_panel;
pub mod puzzles;
pub mod rated;
pub mod review;
mod screenshot;
pub mod series;
pub mod session;
pub mod settings_store;
mod shortcuts;
mod sprites;
pub mod state;
pub mod theme;
mod ui;
mod window_rest;

use std::path::PathBuf;

use bevy::diagnostic::FrameTimeDiagnosticsPlugin;
use bevy::prelude::*;
use bevy::window::WindowResolution;
use bevy_egui::EguiPlugin;
pub use owner::Visit;
use players::PlayerSetup;

use crate::engine::ai::search::Level;
use crate::engine::{BoardSize, Side, Variant};

/// Write a screenshot of the window after `after_secs` seconds, then exit.
#[derive(Clone, Debug, PartialEq)]
pub struct ScreenshotRequest {
    pub(crate) path: PathBuf,
    pub(crate) after_secs: f32,
}

/// What the window opens with (from the command line).
#[derive(Clone, Debug, PartialEq)]
pub struct LaunchOptions {
    pub variant: Variant,
    pub size: BoardSize,
    pub white: PlayerSetup,
    pub black: PlayerSetup,
    /// A matchup preset, 1..=9 (see [`presets::matchup`]); overrides the fields above.
    pub preset: Option<usize>,
    pub screenshot: Option<ScreenshotRequest>,
    /// A saved game to open (players and board come from it).
    pub load: Option<PathBuf>,
    /// Open in Flow Free (puzzle) mode on this shipped puzzle (an index into
    /// [`crate::engine::flow::library::SHIPPED`]).
    pub flow: Option<usize>,
    /// The clock new games are played on; none: no clock.
    pub time_control: Option<crate::engine::rules::clock::TimeControl>,
}

impl Default for LaunchOptions {
    fn default() -> Self {
        let variant = Variant::Breakthrough;
        LaunchOptions {
            variant,
            size: variant.default_size(),
            white: PlayerSetup::Human,
            black: PlayerSetup::Ai(Level::MEDIUM.config()),
            preset: None,
            screenshot: None,
            load: None,
            flow: None,
            time_control: None,
        }
    }
}

/// Opens the game window and runs until it is closed.
pub(crate) fn run(options: LaunchOptions) -> AppExit {
    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: "Breakline".to_string(),
                    resizable: true,
                    resolution: WindowResolution::new(1280, 800),
                    ..default()
                }),
                ..default()
            })
            .set(AssetPlugin { file_path: assets::asset_root(), ..default() }),
    )
    .add_plugins((EguiPlugin::default(), FrameTimeDiagnosticsPlugin::default()))
    .insert_resource(ClearColor(theme::BACKGROUND.color()));
    // Scripted screenshot runs neither read nor change the player's settings.
    let settings_path = if options.screenshot.is_some() { None } else { settings_store::default_path() };
    app.insert_resource(settings_store::SettingsPath(settings_path));
    configure(&mut app, &options);
    app.add_plugins(plugin).add_plugins(view_plugin);
    if let Some(request) = options.screenshot {
        app.insert_resource(screenshot::PendingScreenshot::new(request));
    }
    app.run()
}

/// Every game plugin that works without a window: state, board entities,
/// turns, AI tasks, human move input and animation.
pub fn plugin(app: &mut App) {
    app.add_plugins((
        state::plugin,
        board::plugin,
        ai::plugin,
        input::plugin,
        animation::plugin,
        series::plugin,
        // The AI's thinking and analysis layers, as data.
        (overlay::plugin, eval_graph::plugin, layers::plugin),
        (owner::plugin, board_sync::plugin, hint::plugin, files::plugin, proof_panel::plugin),
        (notice::plugin, settings_store::plugin, window_rest::plugin, file_dialog::plugin),
        (flow::plugin, clock::plugin, analysis::plugin, progress::plugin, rated::plugin, puzzles::plugin),
        lessons::plugin,
    ));
}

/// Rendering, pointer and panel plugins (need a window, a renderer and egui).
fn view_plugin(app: &mut App) {
    app.add_plugins((assets::plugin, sprites::plugin, pointer::plugin, ui::plugin, screenshot::plugin))
        .add_plugins((shortcuts::plugin, hint::view_plugin, window_rest::view_plugin, proof_panel::view_plugin))
        .add_plugins((overlay::view_plugin, layers::view_plugin, file_dialog::view_plugin))
        .add_plugins((flow::view_plugin, clipboard::view_plugin, puzzles::view_plugin, lessons::view_plugin));
}

/// Seeds the settings resources from launch options; call before [`plugin`]
/// so the first game uses them (tests call it too).
pub fn configure(app: &mut App, options: &LaunchOptions) {
    let (variant, size, white, black) = match options.preset.and_then(presets::matchup) {
        Some(m) => (m.variant, m.size, m.white, m.black),
        None => (options.variant, options.size, options.white.clone(), options.black.clone()),
    };
    let (variant, size) = match variant.check_size(size) {
        Ok(()) => (variant, size),
        Err(e) => {
            warn!("{e}; using {}", variant.default_size());
            (variant, variant.default_size())
        }
    };
    let mut players = players::Players { white, black };
    players.fit_variant(variant);
    let time_control = options.time_control;
    app.insert_resource(state::GameSettings { variant, size, time_control })
        .insert_resource(players)
        .insert_resource(session::GameSession::new(variant, size, 0).with_time_control(time_control));
    if let Some(path) = &options.load {
        open_saved_game(app, path);
    }
    if let Some(index) = options.flow {
        app.insert_resource(flow::OpenFlow(index));
    }
}

/// The saved game replaces the configured one; if it cannot be opened, the
/// configured game stays and the panel says why.
fn open_saved_game(app: &mut App, path: &std::path::Path) {
    let opened = files::load_game(path).map(|(session, record)| (session, files::players_from_record(&record)));
    match opened {
        Ok((session, players)) => {
            let time_control = session.record().time_control;
            app.insert_resource(state::GameSettings { variant: session.variant(), size: session.size(), time_control })
                .insert_resource(players)
                .insert_resource(session);
        }
        Err(error) => {
            warn!("{error}");
            app.world_mut().get_resource_or_init::<notice::Notice>().error(error.to_string());
        }
    }
}

/// The side's name with a capital, for panels and banners.
fn side_title(side: Side) -> &'static str {
    match side {
        Side::White => "White",
        Side::Black => "Black",
    }
}
