//! What the person sets: the next game's variant, size and clock, the pace
//! of play, and where the settings file lives.

use std::path::PathBuf;

use bevy::prelude::*;

use crate::engine::rules::clock::TimeControl;
use crate::engine::rules::connection_rule::BothConnected;
use crate::engine::{BoardSize, Variant};

/// Variant, size and clock for the next new game (the current game keeps its own).
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct GameSettings {
    pub variant: Variant,
    pub size: BoardSize,
    /// None: no clock.
    pub time_control: Option<TimeControl>,
    /// Lines of Action: what a move joining both sides' pieces does in new games.
    pub both_connected: BothConnected,
}

impl Default for GameSettings {
    fn default() -> Self {
        let variant = Variant::Breakthrough;
        GameSettings {
            variant,
            size: variant.default_size(),
            time_control: None,
            both_connected: BothConnected::default(),
        }
    }
}

/// The board of new games started in Analyse and Watch & Lab, once one is
/// chosen there (its Game section, a game opened there); none: Play's.
/// Play's setup keeps its own (fresh eyes, rounds 26 and 28: the sliders
/// there, or a game opened, chose Play's next board without a word). Not
/// saved: the person's board is Play's.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq)]
pub struct StudyBoard(pub Option<(Variant, BoardSize)>);

impl StudyBoard {
    /// The board a new game there is laid on.
    pub fn board(&self, settings: &GameSettings) -> (Variant, BoardSize) {
        self.0.unwrap_or((settings.variant, settings.size))
    }
}

/// Animation and pacing; these apply immediately.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct PlaySettings {
    pub animate: bool,
    /// Seconds a move's slide takes.
    pub move_secs: f32,
    /// Pause before an AI move when both sides are AI, so games can be watched.
    pub ai_delay_secs: f32,
    /// Ask before a game in progress is replaced (new game, preset, load, watch).
    pub confirm_replace: bool,
}

impl Default for PlaySettings {
    fn default() -> Self {
        PlaySettings { animate: true, move_secs: 0.3, ai_delay_secs: 0.4, confirm_replace: true }
    }
}

/// Where settings live; `None` (the tests' default) keeps them in memory only.
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct SettingsPath(pub Option<PathBuf>);
