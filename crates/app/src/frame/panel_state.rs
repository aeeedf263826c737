//! What the side panels read and edit, in one part per concern (the game
//! as shown, the AI's state, the next game's setup, each feature's section),
//! so each section takes only the parts it draws.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::analysis::best_lines::AnalysisState;
use crate::analysis::insight::InsightState;
use crate::board::input::Selection;
use crate::files::section::FilesState;
use crate::frame::frame_time::FrameTimes;
use crate::game::notice::Notice;
use crate::game::request::{GameRequest, ReplaceGame};
use crate::game::settings::PlaySettings;
use crate::learn::lessons::LessonRun;
use crate::library::explorer_panel::ExplorerState;
use crate::library::practice_panel::PracticeState;
use crate::library::report_panel::ReportState;
use crate::play::comforts::ComfortsState;
use crate::play::move_box::MoveBoxState;
use crate::play::progress::ProgressState;
use crate::play::setup_sections::SetupState;
use crate::series::window::WindowState;
use crate::ui::views::{AiView, GameView, PanelLayout, ScreenView};

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
    pub(crate) play_requests: MessageWriter<'w, crate::play::setup::PlayRequest>,
}
