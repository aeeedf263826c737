//! The browser's searches as plain data, run in a Web Worker: a page has
//! one thread and a closure cannot cross to a worker, so the app posts a
//! [`SearchJob`] (JSON) to a worker running this engine-only crate (no Bevy:
//! a small wasm that starts fast), which posts [`Reply`]s back.
//!
//! A crate of its own rather than a bin of the ai crate: the app needs the
//! job's types on both sides of the post, and the worker's export must stay
//! out of the app's wasm (the `worker` feature). Natively it is a plain
//! library, so its round trip is tested with the rest.

use std::time::Duration;

use breakline_ai::search::{self, AiConfig, SearchHandler, SearchInfo, SearchRequest, SearchResult};
use breakline_rules::clock::ClockView;
use breakline_rules::connection_rule::BothConnected;
use breakline_rules::position::Position;
use breakline_rules::{Move, Variant};
use serde::{Deserialize, Serialize};
use thiserror::Error;

#[cfg(all(target_arch = "wasm32", feature = "worker"))]
mod entry;

/// A search to run: the position as its start and moves, the player's
/// config, the lines wanted and the clock, as [`search::run`] takes them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SearchJob {
    variant: Variant,
    start: String,
    moves: Vec<Move>,
    move_limit: Option<u32>,
    both_connected: Option<BothConnected>,
    config: AiConfig,
    lines: usize,
    clock: Option<WireClock>,
}

/// A [`ClockView`] in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct WireClock {
    left_ms: u64,
    increment_ms: u64,
    moves_to_go: Option<u32>,
}

/// What the worker posts back: progress while it searches, then one end.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reply {
    /// The worker's wasm is loaded, this many milliseconds after its script began.
    Ready(f64),
    Progress(SearchInfo),
    Done(SearchResult),
    Failed(String),
}

/// Why a job could not be run as posted.
#[derive(Debug, Error)]
pub enum JobError {
    #[error("the search job is not readable: {0}")]
    Unreadable(#[from] serde_json::Error),
    #[error("the search job's position is not valid: {0}")]
    Position(String),
}

impl SearchJob {
    /// The job for `position` searched with `config` for `lines` lines,
    /// on `clock` if the player plays by one (a table kept from move to move
    /// does not travel: each job searches with a fresh one).
    pub fn new(position: &Position, config: &AiConfig, lines: usize, clock: Option<ClockView>) -> SearchJob {
        SearchJob {
            variant: position.variant(),
            start: position.start_placement().to_fen(),
            moves: position.moves().to_vec(),
            move_limit: position.move_limit(),
            both_connected: position.both_connected(),
            config: config.clone(),
            lines,
            clock: clock.map(|c| WireClock {
                left_ms: c.left.as_millis() as u64,
                increment_ms: c.increment.as_millis() as u64,
                moves_to_go: c.moves_to_go,
            }),
        }
    }

    /// The position the job searches, rebuilt move by move.
    pub fn position(&self) -> Result<Position, JobError> {
        let mut position =
            Position::from_fen(self.variant, &self.start).map_err(|e| JobError::Position(e.to_string()))?;
        if let Some(plies) = self.move_limit {
            position.set_move_limit(plies);
        }
        if let Some(rule) = self.both_connected {
            position.set_both_connected(rule);
        }
        for &mv in &self.moves {
            position.play(mv).map_err(|e| JobError::Position(e.to_string()))?;
        }
        Ok(position)
    }

    fn clock(&self) -> Option<ClockView> {
        self.clock.map(|c| ClockView {
            left: Duration::from_millis(c.left_ms),
            increment: Duration::from_millis(c.increment_ms),
            moves_to_go: c.moves_to_go,
        })
    }

    /// Runs the search, handing each progress report to `progress`; the
    /// worker is stopped from outside (terminated), so nothing here polls.
    pub fn run(&self, progress: impl FnMut(&SearchInfo)) -> Reply {
        let position = match self.position() {
            Ok(position) => position,
            Err(error) => return Reply::Failed(error.to_string()),
        };
        let request = SearchRequest { lines: self.lines, clock: self.clock(), memory: None };
        match search::run(&position, &self.config, request, &mut Reports(progress)) {
            Ok(result) => Reply::Done(result),
            Err(error) => Reply::Failed(error.to_string()),
        }
    }
}

/// The search both builds are timed on (`web/bench-job.json`, which
/// `web/test.mjs` posts to a worker and `examples/bench.rs` runs natively):
/// the master's search without its book, on one thread, for three seconds,
/// from Breakthrough's 8x8 start.
pub fn bench() -> Result<SearchJob, JobError> {
    use breakline_ai::search::{Level, Limit};
    use breakline_rules::BoardSize;

    let mut config = Level::MASTER.config();
    config.set_book(false);
    let config = config.with_limits(&[Limit::TimeMs(3000)]).unwrap_or(config).with_auto_threads(1);
    let position =
        Position::start(Variant::Breakthrough, BoardSize::new(8, 8)).map_err(|e| JobError::Position(e.to_string()))?;
    Ok(SearchJob::new(&position, &config, 1, None))
}

/// Runs the job posted as JSON and gives its end as JSON, progress going to
/// `progress` as JSON too; a job that cannot be read fails, never panics.
pub fn run_json(job: &str, mut progress: impl FnMut(String)) -> String {
    let reply = match serde_json::from_str::<SearchJob>(job) {
        Ok(job) => job.run(|info| {
            if let Ok(text) = serde_json::to_string(&Reply::Progress(info.clone())) {
                progress(text);
            }
        }),
        Err(error) => Reply::Failed(JobError::from(error).to_string()),
    };
    serde_json::to_string(&reply).unwrap_or_else(|e| format!(r#"{{"failed":"the reply cannot be written: {e}"}}"#))
}

struct Reports<F>(F);

impl<F: FnMut(&SearchInfo)> SearchHandler for Reports<F> {
    fn report(&mut self, info: &SearchInfo) {
        (self.0)(info);
    }
}

#[cfg(test)]
mod tests;
