//! A search as a background job on either build: natively a thread of its
//! own runs it (stopped by the job's flag); in the browser, which has one
//! thread, a Web Worker runs it as plain data ([`crate::tasks::worker`]).

use std::sync::mpsc::Sender;

use crate::engine::ai::search::SearchMemory;
use crate::engine::rules::clock::ClockView;
use crate::engine::{AiConfig, Position, SearchInfo, SearchResult};
use crate::game::request::AiError;
use crate::game::wake::Waker;
use crate::tasks::job::BackgroundJob;

/// What a search job searches, as `search::run` takes it.
pub(crate) struct SearchSpec {
    pub(crate) position: Position,
    pub(crate) config: AiConfig,
    pub(crate) lines: usize,
    pub(crate) clock: Option<ClockView>,
    /// The player's table kept from move to move (natively only: a worker
    /// starts each search with a fresh one).
    #[cfg_attr(target_arch = "wasm32", expect(dead_code, reason = "a table cannot cross to a worker"))]
    pub(crate) memory: Option<SearchMemory>,
}

/// The result of a search job; its error is in words on either build.
pub(crate) type SearchOutcome = Result<SearchResult, AiError>;

/// Starts `spec`'s search; with `progress`, each report is sent there and
/// wakes the resting window a few times a second. Dropping the job stops it.
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn spawn(
    name: &str,
    waker: &Waker,
    spec: SearchSpec,
    progress: Option<Sender<SearchInfo>>,
) -> BackgroundJob<SearchOutcome> {
    use std::sync::Arc;

    use crate::engine::ai::search::{self, SearchRequest};
    use crate::game::wake::PROGRESS_INTERVAL;

    let wake = waker.throttled(PROGRESS_INTERVAL);
    BackgroundJob::spawn(name, waker.clone(), move |mut stop| {
        let SearchSpec { position, config, lines, clock, memory } = spec;
        let request = SearchRequest { lines, clock, memory: memory.as_ref() };
        let result = match progress {
            Some(progress) => {
                let mut handler = TaskHandler { stop, progress, wake };
                search::run(&position, &config, request, &mut handler)
            }
            None => search::run(&position, &config, request, &mut stop),
        };
        result.map_err(|error| -> AiError { Arc::new(error) })
    })
}

/// Starts `spec`'s search in a Web Worker; see the native `spawn`.
#[cfg(target_arch = "wasm32")]
pub(crate) fn spawn(
    name: &str,
    waker: &Waker,
    spec: SearchSpec,
    progress: Option<Sender<SearchInfo>>,
) -> BackgroundJob<SearchOutcome> {
    let SearchSpec { position, config, lines, clock, memory: _ } = spec;
    let job = breakline_web_worker::SearchJob::new(&position, &config, lines, clock);
    crate::tasks::worker::start(name, waker, &job, progress)
}

/// Connects a background search to its job: the stop flag in, progress
/// out (waking the resting window a few times a second).
#[cfg(not(target_arch = "wasm32"))]
struct TaskHandler {
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    progress: Sender<SearchInfo>,
    wake: crate::game::wake::ThrottledWaker,
}

#[cfg(not(target_arch = "wasm32"))]
impl crate::engine::SearchHandler for TaskHandler {
    fn should_stop(&self) -> bool {
        self.stop.load(std::sync::atomic::Ordering::Relaxed)
    }

    fn report(&mut self, info: &SearchInfo) {
        // The receiver is gone once the task is dropped; nobody needs the report then.
        let _ = self.progress.send(info.clone());
        self.wake.wake();
    }
}
