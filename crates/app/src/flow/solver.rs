//! Solve in Flow mode: the chosen method runs on a thread of its own (as the
//! AI does) and streams its steps through a bounded channel, so at a set
//! speed the search waits for the board to show them; at "instant" it runs
//! free and sends a picture of its grid now and then. The attempt counter
//! is live either way. Dropping the task (Cancel, another puzzle, leaving
//! the mode) sets the search's stop flag and closes the channel.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, TryRecvError, TrySendError, sync_channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use web_time::Instant;

use bevy::prelude::*;

use crate::engine::flow::{Budget, Colour, Method, Observer, Outcome, Puzzle, SolveReport, solve_watched};
use crate::flow::game::{FlowGame, FlowSystems, Replay, SolveNote};
use crate::game::screen::Mode;
use crate::game::wake::Waker;
use crate::tasks::job::{BackgroundJob, JobError};

/// Start a solve of the puzzle on the board (sent by `FlowRequest::Solve`).
#[derive(Message, Clone, Copy, Debug)]
pub(crate) struct StartSolve;

/// One thing the solver did, with its attempt count then.
#[derive(Clone, Debug)]
enum Step {
    Assign(usize, Colour, u64),
    Unassign(usize, u64),
    /// The whole grid (at "instant" speed, and when a set speed resumes).
    Picture(Vec<Option<Colour>>, u64),
}

/// Steps the search may run ahead of the board.
const AHEAD: usize = 4096;
/// How often the free-running search sends a picture.
const PICTURE_EVERY: Duration = Duration::from_millis(30);

/// A solve in progress; dropping it stops the search.
#[derive(Component)]
pub struct FlowSolve {
    job: BackgroundJob<(SolveReport, Duration)>,
    steps: Mutex<Receiver<Step>>,
    /// Whether the search sends every step (a set speed) or pictures (instant).
    stream: Arc<AtomicBool>,
    attempts: Arc<AtomicU64>,
    method: Method,
    /// The search's report, kept until the board has shown every step.
    report: Option<Result<(SolveReport, Duration), JobError>>,
    /// Steps owed to the board at the set speed.
    due: f32,
}

impl FlowSolve {
    /// The attempts the search has made so far.
    pub(crate) fn attempts(&self) -> u64 {
        self.attempts.load(Ordering::Relaxed)
    }

    /// The flag the search polls; set when the solve is dropped.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.job.stop_flag()
    }
}

/// The search's side of the channel.
struct Watcher {
    grid: Vec<Option<Colour>>,
    steps: SyncSender<Step>,
    stream: Arc<AtomicBool>,
    streaming: bool,
    attempts: Arc<AtomicU64>,
    count: u64,
    stop: Arc<AtomicBool>,
    /// The board is gone: nobody reads the steps.
    gone: bool,
    /// Time spent waiting for the board, left out of the reported time.
    waited: Duration,
    last_picture: Instant,
}

impl Watcher {
    fn send(&mut self, step: Step) {
        match self.steps.try_send(step) {
            Ok(()) => {}
            Err(TrySendError::Full(step)) => {
                let since = Instant::now();
                self.gone = self.steps.send(step).is_err();
                self.waited += since.elapsed();
            }
            Err(TrySendError::Disconnected(_)) => self.gone = true,
        }
    }
}

impl Observer for Watcher {
    fn assigned(&mut self, cell: usize, colour: Colour) {
        self.grid[cell] = Some(colour);
        if self.streaming {
            self.send(Step::Assign(cell, colour, self.count));
        }
    }

    fn unassigned(&mut self, cell: usize) {
        self.grid[cell] = None;
        if self.streaming {
            self.send(Step::Unassign(cell, self.count));
        }
    }

    fn should_stop(&mut self) -> bool {
        self.count += 1;
        self.attempts.store(self.count, Ordering::Relaxed);
        let stream = self.stream.load(Ordering::Relaxed);
        if stream && !self.streaming {
            self.send(Step::Picture(self.grid.clone(), self.count));
        }
        self.streaming = stream;
        if !stream && self.count.is_multiple_of(256) && self.last_picture.elapsed() >= PICTURE_EVERY {
            self.last_picture = Instant::now();
            // A full channel means the board has pictures enough.
            if let Err(TrySendError::Disconnected(_)) =
                self.steps.try_send(Step::Picture(self.grid.clone(), self.count))
            {
                self.gone = true;
            }
        }
        self.gone || self.stop.load(Ordering::Relaxed)
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<StartSolve>().add_systems(Update, (start, play).chain().in_set(FlowSystems::Play));
}

fn sources(puzzle: &Puzzle) -> Vec<Option<Colour>> {
    (0..puzzle.cell_count()).map(|c| puzzle.source(c)).collect()
}

fn start(
    mut commands: Commands,
    mut requests: MessageReader<StartSolve>,
    mut game: ResMut<FlowGame>,
    running: Query<(), With<FlowSolve>>,
    waker: Res<Waker>,
) {
    if requests.read().count() == 0 || !running.is_empty() {
        return;
    }
    let puzzle = game.puzzle().clone();
    let method = game.method;
    let stream = Arc::new(AtomicBool::new(game.speed.is_some()));
    let attempts = Arc::new(AtomicU64::new(0));
    let (sender, receiver) = sync_channel(AHEAD);
    let (streaming, watched) = (game.speed.is_some(), (stream.clone(), attempts.clone()));
    let job = BackgroundJob::spawn("flow solve", waker.clone(), move |stop| {
        let (stream, attempts) = watched;
        let budget = Budget { stop: Some(stop.clone()), ..Budget::default() };
        let mut watcher = Watcher {
            grid: sources(&puzzle),
            steps: sender,
            stream,
            streaming,
            attempts,
            count: 0,
            stop,
            gone: false,
            waited: Duration::ZERO,
            last_picture: Instant::now(),
        };
        let report = solve_watched(&puzzle, method, &budget, 1, &mut watcher);
        (report, watcher.waited)
    });
    game.replay = Some(Replay { cells: sources(game.puzzle()), attempts: 0 });
    game.note = None;
    commands.spawn((
        Name::new("Flow solve"),
        FlowSolve { job, steps: Mutex::new(receiver), stream, attempts, method, report: None, due: 0.0 },
        DespawnOnExit(Mode::Flow),
    ));
}

/// Shows the solver's steps at the set speed (all of them at "instant"),
/// and its verdict once the board has caught up with it.
fn play(
    mut commands: Commands,
    time: Res<Time>,
    mut tasks: Query<(Entity, &mut FlowSolve)>,
    mut game: ResMut<FlowGame>,
) {
    let speed = game.speed;
    for (entity, mut task) in &mut tasks {
        task.stream.store(speed.is_some(), Ordering::Relaxed);
        if task.report.is_none() {
            task.report = task.job.poll();
        }
        let allowance = match speed {
            Some(speed) => {
                task.due += speed * time.delta_secs();
                task.due.floor() as usize
            }
            None => usize::MAX,
        };
        let task = &mut *task;
        let Ok(steps) = task.steps.get_mut() else {
            continue;
        };
        let cells = sources(game.puzzle());
        let replay = game.replay.get_or_insert(Replay { cells, attempts: 0 });
        let (mut shown, mut drained) = (0, false);
        while shown < allowance {
            match steps.try_recv() {
                Ok(step) => {
                    apply(replay, step);
                    shown += 1;
                }
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    drained = true;
                    break;
                }
            }
        }
        task.due -= shown as f32;
        if shown < allowance {
            // Nothing was waiting: no catching up later in a burst.
            task.due = task.due.min(1.0);
        }
        if speed.is_none() {
            replay.attempts = replay.attempts.max(task.attempts.load(Ordering::Relaxed));
        }
        if drained && let Some(report) = task.report.take() {
            commands.entity(entity).despawn();
            finish(&mut game, task.method, report);
        }
    }
}

fn apply(replay: &mut Replay, step: Step) {
    match step {
        Step::Assign(cell, colour, attempts) => {
            replay.cells[cell] = Some(colour);
            replay.attempts = attempts;
        }
        Step::Unassign(cell, attempts) => {
            replay.cells[cell] = None;
            replay.attempts = attempts;
        }
        Step::Picture(cells, attempts) => {
            replay.cells = cells;
            replay.attempts = attempts;
        }
    }
}

/// The verdict: a solution becomes the drawing's paths.
fn finish(game: &mut FlowGame, method: Method, report: Result<(SolveReport, Duration), JobError>) {
    game.replay = None;
    let (report, waited) = match report {
        Ok(done) => done,
        Err(error) => {
            game.note = Some(SolveNote::Failed(error.to_string()));
            return;
        }
    };
    let (attempts, time) = (report.attempts, report.time.saturating_sub(waited));
    game.note = Some(match report.outcome {
        Outcome::Solved(cells) => match game.drawing.set_solution(&cells) {
            Ok(()) => SolveNote::Solved { method, attempts, time },
            Err(violation) => SolveNote::Failed(format!("its grid breaks a rule: {violation}")),
        },
        Outcome::Unsolvable => SolveNote::NoSolution { method, attempts, time },
        Outcome::GaveUp(why) => SolveNote::Failed(format!("it gave up ({why:?})")),
    });
    if let Some(SolveNote::Solved { .. } | SolveNote::NoSolution { .. }) = game.note {
        game.runs.insert(method, (attempts, time));
    }
}
