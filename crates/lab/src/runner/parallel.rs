//! Jobs of a series on worker threads: reproducible whatever the number of
//! threads (each job is a pure function of its number), stoppable, and
//! collected by number.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use breakline_ai::search::SearchError;

/// Whether a job's result is whole (a game played to its end).
pub trait Finished {
    /// Whether the job ran to its end rather than being stopped.
    fn is_finished(&self) -> bool;
}

/// Runs jobs `0..jobs` on `threads` threads; `on_done` sees each finished job
/// on the calling thread. The first error stops the rest. Jobs finished after
/// a stop request are dropped unless they are complete games.
pub fn run_parallel<T: Send + Finished>(
    jobs: usize,
    threads: usize,
    stop: &AtomicBool,
    job: impl Fn(usize) -> Result<T, SearchError> + Sync,
    mut on_done: impl FnMut(&T),
) -> Result<Vec<T>, SearchError> {
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel();
    let mut done = Vec::with_capacity(jobs);
    let mut failure = None;
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1).min(jobs.max(1)) {
            let tx = tx.clone();
            let (next, job) = (&next, &job);
            scope.spawn(move || {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= jobs || stop.load(Ordering::Relaxed) {
                        break;
                    }
                    if tx.send((index, job(index))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for (index, result) in rx {
            match result {
                Ok(item) if item.is_finished() => {
                    on_done(&item);
                    done.push((index, item));
                }
                Ok(_) => {}
                Err(e) => {
                    failure.get_or_insert(e);
                    stop.store(true, Ordering::Relaxed);
                }
            }
        }
    });
    if let Some(e) = failure {
        return Err(e);
    }
    done.sort_by_key(|(i, _)| *i);
    Ok(done.into_iter().map(|(_, item)| item).collect())
}
