//! The solver's budget: nodes, time and the caller's stop flag, with progress
//! reports at a steady pace. Running out of any of them unwinds the search as
//! `Err(Stopped)`.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::Duration;

use web_time::Instant;

use crate::search::Stopped;

use super::{SolveHandler, SolveProgress};

/// How often the handler hears about progress.
const REPORT_EVERY: Duration = Duration::from_millis(250);

pub(crate) struct Clock<'h> {
    handler: &'h mut dyn SolveHandler,
    start: Instant,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
    next_report: Instant,
    /// Nodes this thread searched.
    pub(crate) nodes: u64,
    /// With several threads: every thread's nodes, added to at each check.
    pool: Option<&'h AtomicU64>,
    published: u64,
    /// When the table is next due to be saved, if it is saved as it goes.
    checkpoint: Option<(Duration, Instant)>,
    /// A save is due (set at a check, cleared by the solver that saves).
    pub(crate) checkpoint_due: bool,
    /// What the latest report says about the root.
    pub(crate) progress: SolveProgress,
}

impl<'h> Clock<'h> {
    pub(crate) fn new(handler: &'h mut dyn SolveHandler, time: Option<Duration>, nodes: Option<u64>) -> Clock<'h> {
        let start = Instant::now();
        Clock {
            handler,
            start,
            deadline: time.map(|t| start + t),
            node_limit: nodes,
            next_report: start + REPORT_EVERY,
            nodes: 0,
            pool: None,
            published: 0,
            checkpoint: None,
            checkpoint_due: false,
            progress: SolveProgress::default(),
        }
    }

    /// Counts this thread's nodes into `pool` too, and the node budget against
    /// the pool's total.
    pub(crate) fn pooled(mut self, pool: &'h AtomicU64) -> Clock<'h> {
        self.pool = Some(pool);
        self
    }

    /// Marks a checkpoint due every `every`.
    pub(crate) fn checkpointing(mut self, every: Duration) -> Clock<'h> {
        self.checkpoint = Some((every, Instant::now() + every));
        self
    }

    /// Nodes searched by every thread, as of the last check.
    pub(crate) fn total(&self) -> u64 {
        self.pool.map_or(self.nodes, |p| p.load(Relaxed) + self.nodes - self.published)
    }

    /// Adds this thread's nodes since the last check to the pool.
    pub(crate) fn publish(&mut self) {
        if let Some(pool) = self.pool {
            pool.fetch_add(self.nodes - self.published, Relaxed);
            self.published = self.nodes;
        }
    }

    /// Counts a node; every 1024 nodes checks the budget and maybe reports.
    #[inline]
    pub(crate) fn tick(&mut self) -> Result<(), Stopped> {
        self.nodes += 1;
        if self.nodes & 1023 == 0 { self.check() } else { Ok(()) }
    }

    fn check(&mut self) -> Result<(), Stopped> {
        self.publish();
        let now = Instant::now();
        if let Some((every, next)) = &mut self.checkpoint
            && now >= *next
        {
            *next = now + *every;
            self.checkpoint_due = true;
        }
        if now >= self.next_report {
            self.next_report = now + REPORT_EVERY;
            self.report();
        }
        let late = self.deadline.is_some_and(|d| now >= d);
        let spent = self.node_limit.is_some_and(|n| self.total() >= n);
        if late || spent || self.handler.should_stop() { Err(Stopped) } else { Ok(()) }
    }

    pub(crate) fn report(&mut self) {
        self.progress.nodes = self.total();
        self.progress.time = self.start.elapsed();
        self.handler.report(&self.progress);
    }

    pub(crate) fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// After a proof, gives the work that follows (its line, the distance) at
    /// least as much time again as the proof took, and as many nodes again as
    /// the budget or the proof took, whichever is more, so a proof found is
    /// not lost to the budget and a node budget still bounds the whole solve
    /// (the distance search can take far longer than the proof).
    pub(crate) fn extend(&mut self) {
        let later = Instant::now() + self.start.elapsed().max(Duration::from_secs(1));
        self.deadline = self.deadline.map(|d| d.max(later));
        let total = self.total();
        self.node_limit = self.node_limit.map(|limit| total + limit.max(total));
    }
}
