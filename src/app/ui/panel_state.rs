//! What the side panels read and edit, handed to their sections, and which
//! panels show.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::app::game::clock::TurnTimer;
use crate::app::game::control::AiControl;
use crate::app::game::phase::{GamePhase, Mode, TurnPhase};
use crate::app::game::players::Players;
use crate::app::game::request::{GameRequest, ReplaceGame};
use crate::app::game::session::GameSession;
use crate::app::game::settings::{GameSettings, PlaySettings};
use crate::app::game::thinking::AiThinking;

/// Everything the panel reads and edits.
#[derive(SystemParam)]
pub(crate) struct PanelState<'w> {
    pub(crate) settings: ResMut<'w, GameSettings>,
    pub(crate) players: Res<'w, Players>,
    pub(crate) play: ResMut<'w, PlaySettings>,
    pub(crate) control: Res<'w, AiControl>,
    pub(crate) session: Res<'w, GameSession>,
    pub(crate) thinking: Res<'w, AiThinking>,
    pub(crate) phase: Res<'w, State<GamePhase>>,
    pub(crate) turn: Option<Res<'w, State<TurnPhase>>>,
    pub(crate) frame_times: Res<'w, crate::app::ui::frame_time::FrameTimes>,
    pub(crate) requests: MessageWriter<'w, GameRequest>,
    pub(crate) layout: ResMut<'w, PanelLayout>,
    pub(crate) replace: Res<'w, ReplaceGame>,
    pub(crate) series: crate::app::ui::series::WindowState<'w>,
    pub(crate) comforts: crate::app::ui::comforts::ComfortsState<'w>,
    pub(crate) insight: crate::app::ui::insight::InsightState<'w>,
    pub(crate) mode: ResMut<'w, NextState<Mode>>,
    pub(crate) timer: Res<'w, TurnTimer>,
    pub(crate) analysis: crate::app::ui::analysis::AnalysisState<'w>,
    pub(crate) selection: Res<'w, crate::app::board::input::Selection>,
    pub(crate) progress: crate::app::ui::progress::ProgressState<'w>,
    pub(crate) lessons: MessageWriter<'w, crate::app::modes::lessons::LessonRequest>,
    pub(crate) lesson_run: Res<'w, crate::app::modes::lessons::LessonRun>,
}

/// Which panels show, and the frame-time readout for those who want it.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PanelLayout {
    /// The settings panel; `None` follows the window: folded below
    /// [`NARROW_WINDOW`] so a small window keeps most of its width for the board.
    pub(crate) settings_open: Option<bool>,
    pub(crate) game_open: bool,
    pub(crate) diagnostics: bool,
}

impl Default for PanelLayout {
    fn default() -> Self {
        PanelLayout { settings_open: None, game_open: true, diagnostics: false }
    }
}

impl PanelLayout {
    /// Whether the settings panel shows in a window `width` logical pixels wide.
    pub(crate) fn settings_shown(&self, width: f32) -> bool {
        self.settings_open.unwrap_or(width >= NARROW_WINDOW)
    }
}

/// Below this width the settings panel starts folded.
pub(crate) const NARROW_WINDOW: f32 = 1000.0;
