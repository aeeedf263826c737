//! The protocol's background work: a search or a perft on its own thread, so
//! the input loop keeps answering (`isready`, `stop`, `quit`) while it runs,
//! and the output all its lines share.

use std::fmt;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::{self, JoinHandle};

use thiserror::Error;

/// Where a session's lines go, shared by the input loop and a job's thread.
/// A line is written whole under the lock, so two threads never mix theirs.
#[derive(Clone)]
pub struct Sink(Arc<Mutex<dyn Write + Send>>);

impl Sink {
    /// A sink writing to `out`.
    pub fn new(out: impl Write + Send + 'static) -> Sink {
        Sink(Arc::new(Mutex::new(out)))
    }

    /// A sink writing to the process's stdout.
    pub fn stdout() -> Sink {
        Sink::new(io::stdout())
    }

    fn lock(&self) -> MutexGuard<'_, dyn Write + Send + 'static> {
        // A thread that panicked mid-line leaves the writer usable.
        self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Writes and flushes one line from a job. A failed write is dropped: the
    /// input loop sees the same closed output and ends the session.
    pub(crate) fn line(&self, text: &str) {
        let mut out = self.lock();
        let _ = writeln!(out, "{text}");
        let _ = out.flush();
    }
}

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.lock().write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.lock().flush()
    }

    /// One lock for the whole formatted text, so `writeln!` lines stay whole.
    fn write_fmt(&mut self, args: fmt::Arguments<'_>) -> io::Result<()> {
        self.lock().write_fmt(args)
    }
}

/// What a job is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Work {
    /// `go` with limits: ends on its own.
    Search,
    /// `go infinite`: its best move waits for `stop`.
    Infinite,
    /// `perft`: counts the move tree to a depth.
    Perft,
}

impl Work {
    /// The work as an error names it: "a search", "a perft".
    pub fn noun(self) -> &'static str {
        match self {
            Work::Search | Work::Infinite => "a search",
            Work::Perft => "a perft",
        }
    }
}

/// What the job's body shares with the session.
pub(crate) struct Signals {
    /// Set by `stop` and `quit`: the body must end soon after.
    pub(crate) stop: AtomicBool,
    /// Set by the body once its answer is ready, just before writing it.
    done: AtomicBool,
}

impl Signals {
    /// Marks the answer ready; the session takes every command again from
    /// here, so the client may send one as soon as it reads the answer. A
    /// `go infinite` first waits for `stop`.
    pub(crate) fn finish(&self, work: Work) {
        if work == Work::Infinite {
            while !self.stop.load(Ordering::Acquire) {
                thread::park();
            }
        }
        self.done.store(true, Ordering::Release);
    }
}

/// Why a job could not start or did not end well.
#[derive(Debug, Error)]
pub enum JobError {
    /// No thread for the job.
    #[error("cannot start a thread: {0}")]
    Spawn(io::Error),
    /// The job's thread panicked.
    #[error("{} failed", .0.noun())]
    Failed(Work),
}

/// A running job.
pub(crate) struct Job {
    work: Work,
    signals: Arc<Signals>,
    thread: JoinHandle<()>,
}

impl Job {
    /// Runs `body` on its own thread; it must call [`Signals::finish`] before
    /// writing its last line.
    pub(crate) fn spawn(work: Work, body: impl FnOnce(&Signals) + Send + 'static) -> Result<Job, JobError> {
        let signals = Arc::new(Signals { stop: AtomicBool::new(false), done: AtomicBool::new(false) });
        let shared = signals.clone();
        let thread = thread::Builder::new()
            .name("breakline-job".to_string())
            .spawn(move || body(&shared))
            .map_err(JobError::Spawn)?;
        Ok(Job { work, signals, thread })
    }

    pub(crate) fn work(&self) -> Work {
        self.work
    }

    /// Whether the answer is out (or the thread ended without one).
    pub(crate) fn is_done(&self) -> bool {
        self.signals.done.load(Ordering::Acquire) || self.thread.is_finished()
    }

    /// Asks the job to end now and waits until it has written its answer.
    pub(crate) fn stop(self) -> Result<(), JobError> {
        self.signals.stop.store(true, Ordering::Release);
        self.thread.thread().unpark();
        self.wait()
    }

    /// Waits until the job has ended by itself.
    pub(crate) fn wait(self) -> Result<(), JobError> {
        self.thread.join().map_err(|_| JobError::Failed(self.work))
    }
}
