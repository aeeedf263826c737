//! The game's launch flags: `breakline [--variant V] [--size CxR] [--white P]
//! [--black P] [--preset N] [--tc BASE+INC] [--screenshot FILE --after SECONDS] [--load FILE]`, checked here
//! so a bad flag is one clear line, never a silently different game.

use std::path::PathBuf;

use clap::Args;
use thiserror::Error;

use crate::app::game::players::PlayerSetup;
use crate::app::platform::launch::{LaunchOptions, ScreenshotRequest};
use crate::engine::ai::search::{AiConfig, ConfigError};
use crate::engine::rules::SizeError;
use crate::engine::rules::clock::TimeControl;
use crate::engine::{BoardSize, Variant};

#[derive(Args, Debug, Default)]
pub(crate) struct GameArgs {
    /// Variant to open: breakthrough or loa
    #[arg(long)]
    variant: Option<Variant>,
    /// Board size, COLUMNSxROWS (Breakthrough 3-12 x 5-12, LOA 6x6 to 12x12)
    #[arg(long)]
    size: Option<BoardSize>,
    /// White player: human, a level (beginner, novice, improver, easy, medium, hard, expert, master, or level1 to
    /// level8) or an AI config
    #[arg(long)]
    white: Option<String>,
    /// Black player, as for --white
    #[arg(long)]
    black: Option<String>,
    /// Open a matchup preset, 1-9 (the classic experiments, then master vs master); it names the game
    /// and both players, so it takes no --variant, --size, --white or --black
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=9),
          conflicts_with_all = ["variant", "size", "white", "black"])]
    preset: Option<u64>,
    /// Run the game, write a screenshot of the window to this PNG file, and exit
    #[arg(long, requires = "after")]
    screenshot: Option<PathBuf>,
    /// Seconds to run before the screenshot
    #[arg(long, requires = "screenshot")]
    after: Option<f32>,
    /// Open a game saved as JSON (its players and board)
    #[arg(long, value_name = "FILE")]
    load: Option<PathBuf>,
    /// Open in Flow Free (puzzle) mode on a shipped puzzle (5x5, 7x7, ... 14x14)
    #[arg(long, value_name = "PUZZLE")]
    flow: Option<String>,
    /// Play on the clock: BASE+INCREMENT in seconds (e.g. 180+2 for 3+2)
    #[arg(long, value_name = "BASE+INC")]
    tc: Option<TimeControl>,
}

/// A launch flag that names no game.
#[derive(Debug, Error)]
pub(crate) enum LaunchError {
    #[error(transparent)]
    Size(#[from] SizeError),
    #[error("--{flag}: {source}")]
    Player { flag: &'static str, source: ConfigError },
    #[error("--after must be a number of seconds, not {0}")]
    After(f32),
    #[error("--screenshot must name a .png file, not {}", .0.display())]
    Screenshot(PathBuf),
    /// A saved game that does not load.
    #[error(transparent)]
    Load(#[from] crate::app::platform::file_error::FileError),
    #[error("--flow: no shipped puzzle '{name}' (try {known})")]
    Flow { name: String, known: String },
}

fn player(text: &str, variant: Variant, flag: &'static str) -> Result<PlayerSetup, LaunchError> {
    if text.eq_ignore_ascii_case("human") {
        return Ok(PlayerSetup::Human);
    }
    AiConfig::parse(text, variant).map(PlayerSetup::Ai).map_err(|source| LaunchError::Player { flag, source })
}

impl GameArgs {
    pub(crate) fn launch_options(&self) -> Result<LaunchOptions, LaunchError> {
        // Without game flags the game opens as the last run left it; with
        // any, the flags say what to play (and the rest is the defaults).
        let game_flags = self.variant.is_some()
            || self.size.is_some()
            || self.white.is_some()
            || self.black.is_some()
            || self.preset.is_some()
            || self.load.is_some()
            || self.tc.is_some()
            || self.screenshot.is_some();
        let defaults =
            if game_flags { LaunchOptions::default() } else { crate::app::settings::store::saved_launch_options() };
        let variant = self.variant.unwrap_or(defaults.variant);
        let saved_size = if variant == defaults.variant { defaults.size } else { variant.default_size() };
        let size = self.size.unwrap_or(saved_size);
        variant.check_size(size)?;
        // The default opponent (medium, expert strategy) plays either variant.
        let preset = self.preset.map(|p| p as usize);
        let time_control = self.tc.or(defaults.time_control);
        // Without a flag that names a game, Home opens (with the saved game to resume).
        let home = !game_flags && self.flow.is_none();
        let mut options = LaunchOptions { variant, size, preset, time_control, home, ..defaults };
        if let Some(w) = &self.white {
            options.white = player(w, variant, "white")?;
        }
        if let Some(b) = &self.black {
            options.black = player(b, variant, "black")?;
        }
        if let (Some(path), Some(after)) = (&self.screenshot, self.after) {
            if !after.is_finite() || after < 0.0 {
                return Err(LaunchError::After(after));
            }
            if path.extension().is_none_or(|e| !e.eq_ignore_ascii_case("png")) {
                return Err(LaunchError::Screenshot(path.clone()));
            }
            options.screenshot = Some(ScreenshotRequest { path: path.clone(), after_secs: after });
        }
        if let Some(path) = &self.load {
            crate::app::files::game_file::load_game(path)?;
            options.load = Some(path.clone());
        }
        if let Some(name) = &self.flow {
            let shipped = &crate::engine::flow::library::SHIPPED;
            let index = shipped.iter().position(|s| s.name == name).ok_or_else(|| {
                let names: Vec<&str> = shipped.iter().map(|s| s.name).collect();
                LaunchError::Flow { name: name.clone(), known: names.join(", ") }
            })?;
            options.flow = Some(index);
        }
        Ok(options)
    }
}
