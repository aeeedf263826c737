//! Analysis mode: while it is on, the master search analyses the position
//! the board shows (the live one, a reviewed one, a finished game's) on every
//! core, its best [`LINES`] lines kept for the panel, until the position
//! changes; then the old search is stopped and a new one starts. It reads
//! the game and never changes it; its judgement goes on the evaluation
//! graph and bar.

use std::sync::Mutex;
use std::sync::mpsc::{Receiver, channel};

use bevy::prelude::*;

use crate::engine::ai::search::{self, Level, SearchError, all_cores};
use crate::engine::{AiConfig, Position, SearchInfo, SearchResult};
use crate::game::eval_graph::EvalGraph;
use crate::game::phase::GameSystems;
use crate::game::session::{GameSession, PositionKey};
use crate::game::wake::{PROGRESS_INTERVAL, Waker};
use crate::tasks::ai::TaskHandler;
use crate::tasks::job::BackgroundJob;
use crate::tasks::stale::ForPosition;

/// The lines the analysis shows.
pub const LINES: usize = 3;

/// Whether analysis is on (the panel's toggle and the A key).
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnalysisSettings {
    pub on: bool,
}

/// What the analysis knows of the shown position, for the panel.
#[derive(Resource, Default, Clone, Debug)]
pub struct AnalysisView {
    subject: Option<PositionKey>,
    /// The position analysed (the lines' moves are named on it).
    pub position: Option<Position>,
    /// The latest finished depth, with its lines.
    pub info: Option<SearchInfo>,
    /// The search ended on its own (a proof, or the deepest depth).
    pub finished: bool,
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
    job: BackgroundJob<Result<SearchResult, SearchError>>,
    subject: PositionKey,
    progress: Mutex<Receiver<SearchInfo>>,
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<AnalysisSettings>()
        .init_resource::<AnalysisView>()
        .add_systems(Update, (follow_shown_position, poll_analysis).chain().after(GameSystems::Apply));
}

/// The master's search as an analysis: no book (it would answer one line),
/// no depth or time limit, every core.
fn analysis_config() -> AiConfig {
    let mut config = Level::MASTER.config();
    config.set_book(false);
    let unbounded = config.algorithm().unbounded_limit();
    config.with_limits(&[unbounded]).unwrap_or(config).with_auto_threads(all_cores())
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
/// the last one first), and stops it when analysis is switched off.
fn follow_shown_position(
    mut commands: Commands,
    settings: Res<AnalysisSettings>,
    session: Res<GameSession>,
    waker: Res<Waker>,
    tasks: Query<Entity, With<AnalysisTask>>,
    mut view: ResMut<AnalysisView>,
) {
    let wanted = subject(&settings, &session);
    if view.subject == wanted.as_ref().map(|(s, _)| *s) {
        return;
    }
    for task in &tasks {
        commands.entity(task).despawn();
    }
    let Some((subject, position)) = wanted else {
        *view = AnalysisView::default();
        return;
    };
    let (sender, receiver) = channel();
    let job = {
        let position = position.clone();
        let wake = waker.throttled(PROGRESS_INTERVAL);
        BackgroundJob::spawn("analysis", waker.clone(), move |stop| {
            let mut reports = TaskHandler { stop, progress: sender, wake };
            search::run(
                &position,
                &analysis_config(),
                search::SearchRequest { lines: LINES, ..Default::default() },
                &mut reports,
            )
        })
    };
    let task = AnalysisTask { job, subject, progress: Mutex::new(receiver) };
    commands.spawn((Name::new("Analysis"), task, ForPosition::shown(&session)));
    *view = AnalysisView { subject: Some(subject), position: Some(position), info: None, finished: false };
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

/// The analysis's score goes on the evaluation graph at its ply.
fn judge(graph: &mut EvalGraph, view: &AnalysisView, subject: PositionKey, info: &SearchInfo) {
    if let Some(position) = &view.position {
        graph.judge(subject.generation, subject.ply, position.side_to_move(), info.score, position.variant());
    }
}
