//! What the side panels read and edit, in one small part per concern (the
//! game as shown, the AI's state, the next game's setup), so each section
//! takes only the parts it draws; and which panels show.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::board::input::Selection;
use crate::game::clock::TurnTimer;
use crate::game::control::AiControl;
use crate::game::notice::Notice;
use crate::game::phase::{GamePhase, TurnPhase};
use crate::game::players::Players;
use crate::game::request::{GameRequest, ReplaceGame};
use crate::game::screen::Screen;
use crate::game::session::GameSession;
use crate::game::settings::{GameSettings, PlaySettings};
use crate::game::thinking::AiThinking;
use crate::modes::lessons::{LessonRequest, LessonRun};
use crate::ui::analysis::AnalysisState;
use crate::ui::comforts::{ComfortsState, FilesState};
use crate::ui::explorer::ExplorerState;
use crate::ui::frame_time::FrameTimes;
use crate::ui::insight::InsightState;
use crate::ui::move_box::MoveBoxState;
use crate::ui::practice::PracticeState;
use crate::ui::progress::ProgressState;
use crate::ui::report::ReportState;
use crate::ui::series::WindowState;

/// The panel system's parameters, grouped by concern; `draw_panel` hands
/// each section its own part.
#[derive(SystemParam)]
pub(crate) struct PanelState<'w> {
    pub(crate) game: GameView<'w>,
    pub(crate) ai: AiView<'w>,
    pub(crate) setup: SetupState<'w>,
    /// Pacing and the replace question edit these.
    pub(crate) play: ResMut<'w, PlaySettings>,
    /// Every section that asks for a change writes here (one writer: two
    /// of them in one system would conflict).
    pub(crate) requests: MessageWriter<'w, GameRequest>,
    pub(crate) layout: ResMut<'w, PanelLayout>,
    pub(crate) replace: Res<'w, ReplaceGame>,
    pub(crate) lesson_run: Res<'w, LessonRun>,
    pub(crate) selection: Res<'w, Selection>,
    pub(crate) frame_times: Res<'w, FrameTimes>,
    pub(crate) series: WindowState<'w>,
    pub(crate) comforts: ComfortsState<'w>,
    pub(crate) files: FilesState<'w>,
    /// How the last file, settings or clipboard action went: the Files
    /// section's line and the toast over the board.
    pub(crate) notice: ResMut<'w, Notice>,
    /// A move the rules refused, shown over the board until the next press.
    pub(crate) refusal: ResMut<'w, crate::board::input::MoveRefusal>,
    pub(crate) insight: InsightState<'w>,
    pub(crate) analysis: AnalysisState<'w>,
    pub(crate) progress: ProgressState<'w>,
    pub(crate) move_box: MoveBoxState<'w>,
    pub(crate) report: ReportState<'w>,
    pub(crate) practice: PracticeState<'w>,
    pub(crate) explorer: ExplorerState<'w>,
    pub(crate) screens: ScreenView<'w>,
    /// Rematch, from the banner in Play.
    pub(crate) play_requests: MessageWriter<'w, crate::modes::play_setup::PlayRequest>,
}

/// The screen shown and the way to another.
#[derive(SystemParam)]
pub(crate) struct ScreenView<'w> {
    pub(crate) current: Res<'w, State<Screen>>,
    pub(crate) next: ResMut<'w, NextState<Screen>>,
}

impl ScreenView<'_> {
    pub(crate) fn get(&self) -> Screen {
        *self.current.get()
    }

    pub(crate) fn go(&mut self, screen: Screen) {
        NextState::set_if_neq(&mut self.next, screen);
    }
}

/// The game as the panels show it, read only: the status, the clocks and
/// the setup's notes draw from it.
#[derive(SystemParam)]
pub(crate) struct GameView<'w> {
    pub(crate) session: Res<'w, GameSession>,
    pub(crate) players: Res<'w, Players>,
    pub(crate) phase: Res<'w, State<GamePhase>>,
    turn: Option<Res<'w, State<TurnPhase>>>,
    pub(crate) timer: Res<'w, TurnTimer>,
}

impl GameView<'_> {
    /// The turn's phase while a game is in play.
    pub(crate) fn turn(&self) -> Option<TurnPhase> {
        self.turn.as_ref().map(|turn| *turn.get())
    }

    pub(crate) fn over(&self) -> bool {
        *self.phase.get() == GamePhase::Over
    }
}

/// What the AI is doing and whether it is held: the status line and the
/// pacing buttons draw from it.
#[derive(SystemParam)]
pub(crate) struct AiView<'w> {
    pub(crate) thinking: Res<'w, AiThinking>,
    pub(crate) control: Res<'w, AiControl>,
}

/// The next game's settings, and the two places the Game section sends a
/// person to (Flow Free, a lesson).
#[derive(SystemParam)]
pub(crate) struct SetupState<'w> {
    pub(crate) settings: ResMut<'w, GameSettings>,
    pub(crate) lessons: MessageWriter<'w, LessonRequest>,
}

/// Which panels show, and the numbers for those who want them.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PanelLayout {
    /// The settings panel; `None` follows the window: folded below
    /// [`NARROW_WINDOW`] so a small window keeps most of its width for the board.
    pub(crate) settings_open: Option<bool>,
    pub(crate) game_open: bool,
    pub(crate) diagnostics: bool,
    /// The engine's numbers (nodes, nodes/s, table hits) outside Watch & Lab.
    pub(crate) engine_numbers: bool,
}

impl Default for PanelLayout {
    fn default() -> Self {
        PanelLayout { settings_open: None, game_open: true, diagnostics: false, engine_numbers: false }
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
