//! Series runs: a background thread drives the engine's parallel series while
//! the frame loop goes on; finished games come back over a channel and are
//! collected every frame without waiting. Dropping a run stops it.

use std::sync::atomic::AtomicBool;
use std::sync::mpsc::{Receiver, channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use web_time::Instant;

use bevy::prelude::*;

use crate::game::wake::{PROGRESS_INTERVAL, Waker};

use crate::engine::ai::search::SearchError;
use crate::engine::lab::rating::elo_from_score;
use crate::engine::lab::runner::{EngineStartError, SeriesGame, SeriesSpec};
use crate::engine::lab::series::SeriesSummary;
use crate::game::phase::GameSystems;
use crate::series::kept::{KeptEnd, KeptSeries};
use crate::tasks::job::BackgroundJob;

/// Starts a series; a series already running is stopped first.
#[derive(Message, Clone, Debug)]
pub struct StartSeries {
    pub spec: SeriesSpec,
    /// Worker threads for the games.
    pub threads: usize,
}

/// A series game that has just finished (for whoever keeps games).
#[derive(Message, Clone, Debug)]
pub struct SeriesGameFinished(pub Box<SeriesGame>);

/// Stops the running series; the games finished so far are kept.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct CancelSeries;

#[derive(Clone, Debug, Default, PartialEq)]
pub enum SeriesStatus {
    #[default]
    Idle,
    Running,
    Finished,
    Cancelled,
    /// Cut short when the app closed (kept on disk, restored stopped).
    Stopped,
    Failed(String),
}

/// A series being played: the job plays it, its games arrive one by one.
/// Dropping it (cancel, a new series, the app closing) sets the job's stop
/// flag, which every search of the series polls.
struct SeriesRun {
    /// The run's end: Ok, or why it failed (a program that cannot play, a search's error).
    job: BackgroundJob<Result<(), SeriesError>>,
    // Only the collecting system reads it, through `&mut`, so the lock is free.
    games: Mutex<Receiver<Box<SeriesGame>>>,
}

/// Why a series stopped before its end, in one line.
#[derive(Debug, thiserror::Error)]
enum SeriesError {
    /// A program of the series cannot play at all.
    #[error(transparent)]
    Start(#[from] EngineStartError),
    /// A search of a game failed.
    #[error(transparent)]
    Search(#[from] SearchError),
}

/// The current (or last) series: its spec, status and finished games.
#[derive(Resource, Default)]
pub struct Series {
    pub(crate) spec: Option<SeriesSpec>,
    pub(crate) threads: usize,
    pub status: SeriesStatus,
    /// Finished games, sorted by game index.
    games: Vec<SeriesGame>,
    /// A's points (1, ½ or 0) game by game, in the order the games finished.
    points_of_a: Vec<f64>,
    started: Option<Instant>,
    /// Frozen when the run ends, so the figure stops counting.
    finished_after: Option<Duration>,
    run: Option<SeriesRun>,
    /// The latest run's stop flag, kept after the run is dropped.
    stop: Option<Arc<AtomicBool>>,
}

/// One point of the running score of player A with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScorePoint {
    pub(crate) games: usize,
    pub score: f64,
    pub low: f64,
    pub high: f64,
}

impl Series {
    pub fn is_running(&self) -> bool {
        self.status == SeriesStatus::Running
    }

    /// Finished games, sorted by index.
    pub fn games(&self) -> &[SeriesGame] {
        &self.games
    }

    pub fn game(&self, index: usize) -> Option<&SeriesGame> {
        self.games.binary_search_by_key(&index, |g| g.index).ok().map(|i| &self.games[i])
    }

    /// Games finished and games planned.
    pub fn progress(&self) -> (usize, usize) {
        (self.games.len(), self.spec.as_ref().map_or(0, |s| s.games))
    }

    pub(crate) fn elapsed(&self) -> Duration {
        self.finished_after.or_else(|| self.started.map(|s| s.elapsed())).unwrap_or_default()
    }

    /// The figures of `breakline match` over the games finished so far.
    pub fn summary(&self) -> SeriesSummary {
        SeriesSummary::of(&self.games)
    }

    /// The stop flag of the latest run, if one was started.
    pub fn stop_flag(&self) -> Option<Arc<AtomicBool>> {
        self.stop.clone()
    }

    /// A's score after each finished game (in finishing order) with the same
    /// 95% interval as the Elo estimate.
    pub fn running_score(&self) -> Vec<ScorePoint> {
        let mut points = 0.0;
        self.points_of_a
            .iter()
            .enumerate()
            .map(|(i, p)| {
                points += p;
                let games = i + 1;
                let score = points / games as f64;
                let n = games as f64;
                let error = 1.96 * (score * (1.0 - score) / n).sqrt().max(0.5 / n);
                ScorePoint { games, score, low: (score - error).max(0.0), high: (score + error).min(1.0) }
            })
            .collect()
    }

    /// A's score fraction and the Elo difference with its 95% interval.
    pub(crate) fn elo(&self) -> Option<(f64, (f64, f64, f64))> {
        let summary = self.summary();
        (summary.games > 0).then(|| (summary.score_of_a(), elo_from_score(summary.score_of_a(), summary.games)))
    }

    /// The series as kept on disk (none before the first run).
    pub(crate) fn kept(&self) -> Option<KeptSeries> {
        let ended = match &self.status {
            SeriesStatus::Idle => return None,
            SeriesStatus::Running => None,
            SeriesStatus::Finished => Some(KeptEnd::Finished),
            SeriesStatus::Cancelled => Some(KeptEnd::Cancelled),
            SeriesStatus::Stopped => Some(KeptEnd::Stopped),
            SeriesStatus::Failed(why) => Some(KeptEnd::Failed(why.clone())),
        };
        Some(KeptSeries {
            spec: self.spec.clone()?,
            threads: self.threads,
            ended,
            games: self.games.clone(),
            points_of_a: self.points_of_a.clone(),
            elapsed_ms: self.elapsed().as_millis() as u64,
        })
    }

    /// A series kept on disk, back as it was kept; one kept while running
    /// was cut short by a close (or a crash) and comes back stopped.
    pub(crate) fn restored(kept: KeptSeries) -> Series {
        let status = match kept.ended {
            None => SeriesStatus::Stopped,
            Some(KeptEnd::Finished) => SeriesStatus::Finished,
            Some(KeptEnd::Cancelled) => SeriesStatus::Cancelled,
            Some(KeptEnd::Stopped) => SeriesStatus::Stopped,
            Some(KeptEnd::Failed(why)) => SeriesStatus::Failed(why),
        };
        let mut games = kept.games;
        games.sort_by_key(|game| game.index);
        games.dedup_by_key(|game| game.index);
        // A graph that does not match the games is redrawn from them.
        let points_of_a = if kept.points_of_a.len() == games.len() {
            kept.points_of_a
        } else {
            games.iter().map(SeriesGame::score_of_a).collect()
        };
        Series {
            spec: Some(kept.spec),
            threads: kept.threads.max(1),
            status,
            games,
            points_of_a,
            finished_after: Some(Duration::from_millis(kept.elapsed_ms)),
            ..default()
        }
    }

    fn add_game(&mut self, game: SeriesGame) {
        self.points_of_a.push(game.score_of_a());
        let at = self.games.partition_point(|g| g.index < game.index);
        self.games.insert(at, game);
    }

    fn end(&mut self, status: SeriesStatus) {
        self.finished_after = Some(self.elapsed());
        self.status = status;
        self.run = None;
    }
}

/// Cores for a series: all but one, so the frame loop keeps a core.
pub(crate) fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1).max(1))
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Series>()
        .add_message::<StartSeries>()
        .add_message::<CancelSeries>()
        .add_message::<SeriesGameFinished>()
        .add_systems(Update, (start_series, cancel_series, collect_games).chain().before(GameSystems::Input));
}

fn start_series(mut requests: MessageReader<StartSeries>, mut series: ResMut<Series>, waker: Res<Waker>) {
    let Some(request) = requests.read().last().cloned() else {
        return;
    };
    // Replacing the resource's contents drops the old run, which stops it.
    *series = Series { spec: Some(request.spec.clone()), threads: request.threads.max(1), ..default() };
    if let Err(error) = request.spec.schedule.variant.check_size(request.spec.schedule.size) {
        series.end(SeriesStatus::Failed(error.to_string()));
        return;
    }
    if request.spec.games == 0 {
        series.end(SeriesStatus::Failed("a series needs at least one game".to_string()));
        return;
    }
    let (sender, receiver) = channel();
    // A thread of its own rather than the task pools: the series blocks while
    // its own worker threads play (they inherit its lower priority), and the
    // compute pool must stay free for the AI of the game on the board.
    let (spec, threads, progress) = (request.spec, series.threads, waker.throttled(PROGRESS_INTERVAL));
    let job = BackgroundJob::spawn("breakline series", waker.clone(), move |stop| {
        // A program that cannot play at all fails the series before its first game.
        spec.check()?;
        let result = spec.run(threads, &stop, |game| {
            // The receiver is gone once the run is dropped; nobody needs the game then.
            let _ = sender.send(Box::new(game.clone()));
            progress.wake();
        });
        Ok(result.map(drop)?)
    });
    series.status = SeriesStatus::Running;
    series.started = Some(Instant::now());
    series.stop = Some(job.stop_flag());
    series.run = Some(SeriesRun { job, games: Mutex::new(receiver) });
}

fn cancel_series(mut requests: MessageReader<CancelSeries>, mut series: ResMut<Series>) {
    if requests.read().count() > 0 && series.is_running() {
        // Dropping the run sets its stop flag and closes the channel, so no
        // game arrives after the cancel.
        series.end(SeriesStatus::Cancelled);
    }
}

/// Takes whatever the run has sent since the last frame, never waiting.
fn collect_games(mut series: ResMut<Series>, mut finished: MessageWriter<SeriesGameFinished>) {
    let Some(run) = series.run.as_mut() else {
        return;
    };
    // The result first: once it is in, every game sent before it is too.
    let ended = run.job.poll().map(|result| match result {
        Ok(Ok(())) => SeriesStatus::Finished,
        Ok(Err(error)) => SeriesStatus::Failed(error.to_string()),
        Err(error) => SeriesStatus::Failed(error.to_string()),
    });
    let Ok(receiver) = run.games.get_mut() else {
        series.end(SeriesStatus::Failed("the series channel was poisoned".to_string()));
        return;
    };
    let arrived: Vec<SeriesGame> = receiver.try_iter().map(|game| *game).collect();
    for game in arrived {
        finished.write(SeriesGameFinished(Box::new(game.clone())));
        series.add_game(game);
    }
    if let Some(status) = ended {
        series.end(status);
    }
}
