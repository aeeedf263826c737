//! The app the model drives: the real game plugins, headless, over a temp
//! folder of its own (settings, library and saved games; never the person's
//! files), restarted as a person restarts it (state written on exit, read
//! back by a fresh `App`), its panels laid out by egui at the window's size.

use std::path::PathBuf;
use std::sync::OnceLock;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use breakline_app::game::phase::TurnPhase;
use breakline_app::game::players::PlayerSetup;
use breakline_app::game::settings::{PlaySettings, SettingsPath};
use breakline_app::library::keep::LibraryWrites;
use breakline_app::library::shelf::LibraryPath;
use breakline_app::library::transfer::LibraryTransfer;
use breakline_app::platform::launch::LaunchOptions;
use breakline_app::settings::store as settings_store;
use breakline_app::{configure, plugin};

use crate::panels::{WINDOW_SIZES, with_panels};
use crate::{STEP, turn, update_until};

/// The app and the folder its files live in, kept over restarts.
pub struct World {
    pub app: App,
    pub dir: PathBuf,
    /// How many times the app was started over (a game's identity includes it:
    /// a fresh app numbers its games from zero again).
    pub restarts: u32,
    /// The window's size in logical pixels (a restart opens it the same).
    pub window: (u32, u32),
}

impl World {
    /// A first start on Home, with no files from before.
    pub fn new(name: &str) -> World {
        // One folder a world: the journeys and the model's own walks run on
        // threads side by side, and a shared folder let one world's files
        // (its settings, its game) be another's.
        static WORLDS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let number = WORLDS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("breakline-model-{}-{name}-{number}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temp folder");
        // A library with a reported game: exercises to practise from the start.
        std::fs::copy(seeded_library(), dir.join("library.sqlite3")).expect("the library copied");
        let window = WINDOW_SIZES[1];
        let app = start(&dir, window);
        World { app, dir, restarts: 0, window }
    }

    /// Where Save writes and Open reads the game.
    pub fn save_file(&self) -> PathBuf {
        self.dir.join("game.json")
    }

    /// Quits as the window's close does (the settings are written on exit)
    /// and starts again over the same files.
    pub fn restart(&mut self) {
        settle_writes(&mut self.app);
        self.app.world_mut().write_message(AppExit::Success);
        self.app.update();
        self.app = start(&self.dir, self.window);
        self.restarts += 1;
    }

    /// The window resized as a person drags it; the next frame lays the
    /// panels out anew.
    pub fn resize(&mut self, size: (u32, u32)) {
        self.window = size;
        crate::panels::resize(&mut self.app, size);
    }

    /// Frames after an action: its effects land, an AI's search in flight
    /// ends, and the library's writes finish.
    pub fn settle(&mut self) {
        for _ in 0..3 {
            self.app.update();
        }
        update_until(&mut self.app, 10, |app| turn(app) != Some(TurnPhase::AiThinking));
        settle_writes(&mut self.app);
    }
}

impl Drop for World {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// A library holding one reported game of the person's, made once a run.
fn seeded_library() -> &'static std::path::Path {
    static SEEDED: OnceLock<PathBuf> = OnceLock::new();
    SEEDED.get_or_init(|| {
        let path = std::env::temp_dir().join(format!("breakline-model-{}-seeded.sqlite3", std::process::id()));
        let _ = std::fs::remove_file(&path);
        crate::library::library_with_exercises(&path);
        path
    })
}

/// Updates until no library store or transfer is in flight.
fn settle_writes(app: &mut App) {
    let busy =
        |app: &App| app.world().resource::<LibraryWrites>().busy() || app.world().resource::<LibraryTransfer>().busy();
    for _ in 0..2_000 {
        if !busy(app) {
            return;
        }
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
}

/// The app as a plain start opens it: Home, the saved board, players and
/// clock (as the launcher reads them), the settings and library in `dir`.
fn start(dir: &std::path::Path, window: (u32, u32)) -> App {
    let settings = dir.join("settings.json");
    let mut options = LaunchOptions { home: true, ..LaunchOptions::default() };
    if let Ok(Some(stored)) = settings_store::read(&settings) {
        options.variant = stored.variant;
        options.size = stored.size;
        options.white = PlayerSetup::from(&stored.white);
        options.black = PlayerSetup::from(&stored.black);
        options.time_control = stored.time_control;
    }
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        // The keyboard's state, which the model presses (no window reads keys).
        .init_resource::<ButtonInput<KeyCode>>()
        .insert_resource(TimeUpdateStrategy::ManualDuration(STEP))
        .insert_resource(SettingsPath(Some(settings)))
        .insert_resource(LibraryPath(Some(dir.join("library.sqlite3"))));
    configure(&mut app, &options);
    // No pause between an AI's moves: thousands of steps must fit a CI run.
    app.insert_resource(PlaySettings { confirm_replace: false, ai_delay_secs: 0.0, ..default() });
    app.add_plugins(plugin);
    // The panels too, laid out each frame at the window's size.
    with_panels(&mut app, window);
    app
}
