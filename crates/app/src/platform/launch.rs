//! What the window opens with, from the command line: the game and its
//! players, a preset, a saved game, a Flow puzzle, a clock, a screenshot.

use std::path::PathBuf;

use crate::engine::ai::search::Level;
use crate::engine::{BoardSize, Variant};
use crate::game::players::PlayerSetup;

/// Write a screenshot of the window after `after_secs` seconds, then exit.
#[derive(Clone, Debug, PartialEq)]
pub struct ScreenshotRequest {
    /// Where the picture is written.
    pub path: PathBuf,
    /// Seconds after opening.
    pub after_secs: f32,
}

/// What the window opens with (from the command line).
#[derive(Clone, Debug, PartialEq)]
pub struct LaunchOptions {
    pub variant: Variant,
    pub size: BoardSize,
    pub white: PlayerSetup,
    pub black: PlayerSetup,
    /// A matchup preset, 1..=9 (see `game::presets::matchup`); overrides the fields above.
    pub preset: Option<usize>,
    pub screenshot: Option<ScreenshotRequest>,
    /// A saved game to open (players and board come from it).
    pub load: Option<PathBuf>,
    /// Open in Flow Free (puzzle) mode on this shipped puzzle (an index into
    /// `engine::flow::library::SHIPPED`).
    pub flow: Option<usize>,
    /// The clock new games are played on; none: no clock.
    pub time_control: Option<crate::engine::rules::clock::TimeControl>,
    /// Lines of Action's rule for a move joining both sides, in new games.
    pub both_connected: crate::engine::rules::connection_rule::BothConnected,
    /// Open on Home (no flag named a game to open straight into).
    pub home: bool,
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
            both_connected: Default::default(),
            home: false,
        }
    }
}
