//! Analysis mode: while it is on, the master search analyses the position
//! the board shows (the live one, a reviewed one, a finished game's) on every
//! core, its best [`LINES`] lines kept for the panel, for
//! [`AnalysisSettings::seconds`] (then it stops, as lichess's does, and "go
//! on" searches that position longer) or until the position changes; then
//! the old search is stopped and a new one starts. It reads the game and
//! never changes it; its judgement goes on the evaluation graph and bar, and
//! its best line on the board as the thinking overlay's arrows.

use std::sync::Mutex;
use std::sync::mpsc::{Receiver, channel};

use bevy::prelude::*;

use crate::board::overlay::lines::follow_search;
use crate::board::overlay::{ThinkingLine, ThinkingOverlay};
use crate::engine::ai::eval::win_chance;
use crate::engine::ai::search::{Level, Limit, all_cores};
use crate::engine::{AiConfig, Position, Score, SearchInfo, Side};
use crate::game::eval_graph::EvalGraph;
use crate::game::phase::GameSystems;
use crate::game::request::GameRequest;
use crate::game::screen::Screen;
use crate::game::session::{GameSession, PositionKey};
use crate::game::thinking::AiThinking;
use crate::game::wake::Waker;
use crate::tasks::job::BackgroundJob;
use crate::tasks::search_job::{self, SearchOutcome, SearchSpec};
use crate::tasks::stale::ForPosition;

/// The lines the analysis shows.
pub const LINES: usize = 3;

/// Seconds a position is searched before the analysis stops by itself.
pub const ANALYSIS_SECS: u64 = 10;
/// Seconds each "go on" adds, and the most a position is given.
const GO_ON_SECS: u64 = 30;
const MOST_SECS: u64 = 600;

/// Whether analysis is on (the panel's toggle and the A key), and how long
/// the shown position is searched.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnalysisSettings {
    pub on: bool,
    /// The search's time for the shown position; another position starts
    /// again from [`ANALYSIS_SECS`].
    pub seconds: u64,
}

impl Default for AnalysisSettings {
    fn default() -> Self {
        AnalysisSettings { on: false, seconds: ANALYSIS_SECS }
    }
}

impl AnalysisSettings {
    /// "Go on": the shown position is searched again, longer.
    pub fn go_on(&mut self) {
        self.seconds = (self.seconds + GO_ON_SECS).min(MOST_SECS);
    }

    /// Whether "go on" can give more time.
    pub fn can_go_on(&self) -> bool {
        self.seconds < MOST_SECS
    }
}

/// What the analysis knows of the shown position, for the panel.
#[derive(Resource, Default, Clone, Debug)]
pub struct AnalysisView {
    subject: Option<PositionKey>,
    /// The position analysed (the lines' moves are named on it).
    pub position: Option<Position>,
    /// The latest finished depth, with its lines.
    pub info: Option<SearchInfo>,
    /// The search ended on its own (its time, a proof, or the deepest depth).
    pub finished: bool,
    /// The time the search was given, in seconds.
    pub seconds: u64,
}

impl AnalysisView {
    /// The position being analysed, if any.
    pub fn subject(&self) -> Option<PositionKey> {
        self.subject
    }
}

/// The running analysis; dropping it stops the search.
#[derive(Component)]
struct AnalysisTask {
    job: BackgroundJob<SearchOutcome>,
    subject: PositionKey,
    progress: Mutex<Receiver<SearchInfo>>,
}

pub(crate) fn plugin(app: &mut App) {
    // The analysis belongs to the screen it was switched on in: Analyse's
    // never runs on Play's game (nor on a lesson or a puzzle); Play's own is
    // asked for there (A, asking first in a rated game) and shown in its panel.
    for screen in [Screen::Play, Screen::Learn, Screen::Puzzles] {
        app.add_systems(OnEnter(screen), |mut settings: ResMut<AnalysisSettings>| {
            settings.on = false;
        });
    }
    app.add_systems(Update, new_games_start_without.after(GameSystems::Apply).before(GameSystems::Show));
    app.init_resource::<AnalysisSettings>().init_resource::<AnalysisView>().add_systems(
        Update,
        (follow_shown_position, poll_analysis, show_line_on_board.after(follow_search))
            .chain()
            .after(GameSystems::Apply)
            .before(GameSystems::Board),
    );
}

/// A new game (started or opened) starts without the analysis: it was
/// asked for the game before, and would make a new rated game casual.
pub(crate) fn new_games_start_without(
    mut requests: MessageReader<GameRequest>,
    mut settings: ResMut<AnalysisSettings>,
) {
    if requests.read().any(|request| matches!(request, GameRequest::NewGame { .. } | GameRequest::Open(_))) {
        settings.on = false;
    }
}

/// The master's search as an analysis: no book (it would answer one line),
/// `seconds` to think, every core.
fn analysis_config(seconds: u64) -> AiConfig {
    let mut config = Level::MASTER.config();
    config.set_book(false);
    let time = Limit::TimeMs(seconds * 1000);
    config.with_limits(&[time]).unwrap_or(config).with_auto_threads(all_cores())
}

/// The position to analyse now, if analysis is on and it is not decided.
fn subject(settings: &AnalysisSettings, session: &GameSession) -> Option<(PositionKey, Position)> {
    if !settings.on {
        return None;
    }
    let position = session.shown_position();
    if position.outcome().is_over() {
        return None;
    }
    Some((session.shown_key(), position))
}

/// Starts an analysis of the shown position whenever it changes (stopping
/// the last one first) or is given more time, and stops it when analysis is
/// switched off.
fn follow_shown_position(
    mut commands: Commands,
    mut settings: ResMut<AnalysisSettings>,
    session: Res<GameSession>,
    waker: Res<Waker>,
    tasks: Query<Entity, With<AnalysisTask>>,
    mut view: ResMut<AnalysisView>,
) {
    let wanted = subject(&settings, &session);
    let key = wanted.as_ref().map(|(s, _)| *s);
    if view.subject == key && (key.is_none() || view.seconds == settings.seconds) {
        return;
    }
    // Another position starts from the usual time; "go on" was for the last one.
    if view.subject != key && view.subject.is_some() {
        let seconds = ANALYSIS_SECS;
        if settings.seconds != seconds {
            settings.seconds = seconds;
        }
    }
    let seconds = settings.seconds;
    for task in &tasks {
        commands.entity(task).despawn();
    }
    let Some((subject, position)) = wanted else {
        *view = AnalysisView::default();
        return;
    };
    let (sender, receiver) = channel();
    let spec = SearchSpec {
        position: position.clone(),
        config: analysis_config(seconds),
        lines: LINES,
        clock: None,
        memory: None,
    };
    let job = search_job::spawn("analysis", &waker, spec, Some(sender));
    let task = AnalysisTask { job, subject, progress: Mutex::new(receiver) };
    commands.spawn((Name::new("Analysis"), task, ForPosition::shown(&session)));
    *view = AnalysisView { subject: Some(subject), position: Some(position), info: None, finished: false, seconds };
}

/// Takes the analysis's latest report for the panel and the graph.
fn poll_analysis(
    mut commands: Commands,
    mut tasks: Query<(Entity, &mut AnalysisTask)>,
    mut view: ResMut<AnalysisView>,
    mut graph: ResMut<EvalGraph>,
) {
    for (entity, mut task) in &mut tasks {
        if Some(task.subject) != view.subject {
            continue;
        }
        let latest = task.progress.get_mut().ok().and_then(|r| r.try_iter().last());
        let finished = match task.job.poll() {
            Some(Ok(Ok(result))) => Some(Some(result.info)),
            Some(Ok(Err(error))) => {
                warn!("analysis failed: {error}");
                Some(None)
            }
            Some(Err(error)) => {
                warn!("analysis failed: {error}");
                Some(None)
            }
            None => None,
        };
        let info = finished.clone().flatten().filter(|i| !i.lines.is_empty()).or(latest);
        if let Some(info) = info {
            judge(&mut graph, &view, task.subject, &info);
            view.info = Some(info);
        }
        if finished.is_some() {
            view.finished = true;
            commands.entity(entity).despawn();
        }
    }
}

/// The analysis's best line goes on the board as the thinking overlay's
/// arrows (and its moves' scores as bars) while it describes the shown
/// position and no AI is thinking there (an AI's search has the board then).
fn show_line_on_board(
    settings: Res<AnalysisSettings>,
    view: Res<AnalysisView>,
    session: Res<GameSession>,
    thinking: Res<AiThinking>,
    mut overlay: ResMut<ThinkingOverlay>,
) {
    let shown = session.shown_key();
    let ai_on_board = thinking.status.as_ref().is_some_and(|status| {
        !session.reviewing() && status.generation == shown.generation && status.position_hash == shown.hash
    });
    if ai_on_board {
        return;
    }
    let line = match (&view.position, &view.info) {
        (Some(position), Some(info)) if settings.on && view.subject == Some(shown) && !info.pv.is_empty() => {
            Some(ThinkingLine::new(position.hash(), position.side_to_move(), info))
        }
        _ => None,
    };
    overlay.set_if_neq(ThinkingOverlay { line });
}

/// A score of the side to move in `position` from White's side, the one
/// point of view the analysis, the graph and the bar share: White's winning
/// chance (none where the evaluation's scores are not calibrated to chances)
/// and White's score.
pub fn for_white(position: &Position, score: Score, calibrated: bool) -> (Option<f64>, Score) {
    let white = position.side_to_move() == Side::White;
    let chance = calibrated.then(|| win_chance(position.variant(), score)).map(|c| if white { c } else { 1.0 - c });
    (chance, if white { score } else { -score })
}

/// The analysis's score goes on the evaluation graph at its ply.
fn judge(graph: &mut EvalGraph, view: &AnalysisView, subject: PositionKey, info: &SearchInfo) {
    if let Some(position) = &view.position {
        graph.judge(subject.generation, subject.ply, position.side_to_move(), info.score, position.variant());
    }
}
