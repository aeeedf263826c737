//! The Bevy game: a window with the board, AI players thinking on background
//! tasks, and egui panels for settings and live game information.
//!
//! The app is built in wings, each a folder whose `mod.rs` adds its
//! children's plugins; a wing uses only the wings below it (a test holds
//! the order). At the bottom the shared wings: [`theme`] (colours,
//! textures, looks), [`game`] (the game itself: phases, requests, session,
//! players, clock, ratings, the owner that applies every change), [`board`]
//! (the board as entities, input, animation, overlays), [`tasks`] (work off
//! the frame loop: AI searches, hints, analysis, proofs), [`sound`] (cues
//! played through the desktop's sound server), [`platform`] (the window's
//! rest and fit, file errors, installed programs, screenshots, launch
//! options) and `ui` (what every feature's panels draw with). Above them
//! the features, each one folder with its systems and its panels, in this
//! order: [`learn`] (lessons), [`puzzles`], [`play`] (the play setup, rated
//! games, the game's buttons, the move box, progress, the end of a game),
//! [`files`] (saving, opening, the clipboard), [`series`] (AI-vs-AI series),
//! [`library`] (the games kept, the explorer, the report, practice),
//! `analysis` (the analysis's and insight's sections), [`flow`] (Flow Free),
//! [`home`] (Home and the screens' transitions) and [`settings`] (the
//! settings file and screen). At the top `frame`: the side panels around
//! the board, which screen draws which page, the shortcuts.
//!
//! Logic plugins ([`plugin`]) run headless in the tests; the view plugins
//! (camera, sprites, pointer picking, egui, screenshots) need a window.

mod analysis;
pub mod board;
pub mod files;
pub mod flow;
mod frame;
pub mod game;
pub mod home;
pub mod learn;
pub mod library;
pub mod platform;
pub mod play;
pub mod puzzles;
pub mod series;
pub mod settings;
pub mod sound;
pub mod tasks;
pub mod theme;
mod ui;

// The engine by the one name every module of the app uses for it.
use breakline_engine as engine;

use bevy::diagnostic::FrameTimeDiagnosticsPlugin;
use bevy::prelude::*;
use bevy::window::WindowResolution;
use bevy_egui::{EguiGlobalSettings, EguiPlugin};

use crate::files::game_file;
use crate::game::notice::Notice;
use crate::game::screen::Screen;
use crate::game::settings::GameSettings;
use crate::game::{players, presets, session};
use crate::home::screens::OpeningScreen;
pub use crate::platform::launch::{LaunchOptions, ScreenshotRequest};
use crate::platform::screenshot;
use crate::theme::palette;
pub use crate::ui::backdrop::PanelBackdrop;

/// Opens the game window and runs until it is closed.
pub fn run(options: LaunchOptions) -> AppExit {
    let mut app = App::new();
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window {
            title: "Breakline".to_string(),
            resizable: true,
            resolution: WindowResolution::new(1280, 800),
            // In the browser: the page's canvas, as large as the page.
            canvas: cfg!(target_arch = "wasm32").then(|| "#breakline".to_string()),
            fit_canvas_to_parent: true,
            ..default()
        }),
        ..default()
    }))
    .add_plugins((EguiPlugin::default(), FrameTimeDiagnosticsPlugin::default()))
    // egui draws on the window's camera, not on the first camera spawned
    // (the board's, which draws into a picture).
    .insert_resource(EguiGlobalSettings { auto_create_primary_context: false, ..default() })
    .insert_resource(ClearColor(palette::BACKGROUND.color()));
    // Scripted screenshot runs neither read nor change the player's settings.
    let settings_path = if options.screenshot.is_some() { None } else { settings::store::default_path() };
    app.insert_resource(crate::game::settings::SettingsPath(settings_path));
    let library_path = if options.screenshot.is_some() { None } else { default_library_path() };
    app.insert_resource(crate::library::shelf::LibraryPath(library_path));
    // A random colour differs from run to run (the tests seed their own).
    let now = web_time::SystemTime::now().duration_since(web_time::UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64);
    app.insert_resource(crate::play::setup::StartDraw(now | 1));
    configure(&mut app, &options);
    app.add_plugins(plugin).add_plugins(view_plugin);
    if let Some(request) = options.screenshot {
        app.insert_resource(screenshot::PendingScreenshot::new(request));
    }
    app.run()
}

/// The library in the data directory; a system without one runs without it.
fn default_library_path() -> Option<std::path::PathBuf> {
    crate::engine::library::default_path().map_err(|error| warn!("{error}")).ok()
}

/// Every game plugin that works without a window: the game, the board's
/// entities and input, the background tasks and the features.
pub fn plugin(app: &mut App) {
    app.add_plugins((theme::plugin, game::plugin, board::plugin, tasks::plugin))
        .add_plugins((series::plugin, flow::plugin, play::plugin, puzzles::plugin, learn::plugin, home::plugin))
        .add_plugins((sound::plugin, files::plugin, settings::plugin, library::plugin));
}

/// Rendering, pointer and panel plugins (need a window, a renderer and egui).
fn view_plugin(app: &mut App) {
    app.add_plugins((
        theme::view_plugin,
        board::view_plugin,
        tasks::view_plugin,
        (flow::view_plugin, puzzles::view_plugin, learn::view_plugin, play::view_plugin),
        sound::view_plugin,
        (platform::view_plugin, files::view_plugin),
        (ui::view_plugin, frame::plugin),
    ));
}

/// The panels alone, drawn by egui with no window system or renderer: the
/// layout tests lay them out at a window's size (the window a component,
/// egui's pass run by the test) and check that nothing is cut at its edges.
pub fn panels_plugin(app: &mut App) {
    app.init_resource::<bevy_egui::EguiUserTextures>().add_plugins(frame::panels_plugin);
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
    let (time_control, both_connected) = (options.time_control, options.both_connected);
    let session = session::GameSession::new(variant, size, 0).with_both_connected(both_connected);
    app.insert_resource(GameSettings { variant, size, time_control, both_connected })
        .insert_resource(players)
        .insert_resource(session.with_time_control(time_control));
    if let Some(path) = &options.load {
        open_saved_game(app, path);
    }
    if let Some(index) = options.flow {
        app.insert_resource(flow::OpenFlow(index));
    }
    let opening = opening_screen(app, options);
    // A clocked game asked for on the command line is the person's from its
    // start, as Play's Start makes one; the board a restart lays out with
    // the settings' clock (Home first) is no one's (fresh eyes, round 27).
    if opening == Screen::Play && time_control.is_some() {
        app.world_mut().resource_mut::<session::GameSession>().set_up_on_play = true;
    }
    app.insert_resource(OpeningScreen(opening));
}

/// Home without flags; otherwise straight into Flow Free, the analysis of a
/// finished saved game, or the game of the players set (watched when no
/// person plays).
fn opening_screen(app: &App, options: &LaunchOptions) -> Screen {
    let players = app.world().resource::<players::Players>();
    if options.flow.is_some() {
        Screen::Flow
    } else if options.home {
        Screen::Home
    } else if app.world().resource::<session::GameSession>().outcome().is_over() {
        Screen::Analyse
    } else {
        Screen::for_players(players)
    }
}

/// The saved game replaces the configured one; if it cannot be opened, the
/// configured game stays and the panel says why.
fn open_saved_game(app: &mut App, path: &std::path::Path) {
    let opened = game_file::load_game(path)
        .map(|(session, record)| (session, crate::game::players::Players::from_record(&record)));
    match opened {
        Ok((session, players)) => {
            let time_control = session.record().time_control;
            let both_connected = session.position().both_connected().unwrap_or_default();
            app.insert_resource(GameSettings {
                variant: session.variant(),
                size: session.size(),
                time_control,
                both_connected,
            })
            .insert_resource(players)
            .insert_resource(session);
        }
        Err(error) => {
            warn!("{error}");
            app.world_mut().get_resource_or_init::<Notice>().error(error.to_string());
        }
    }
}
