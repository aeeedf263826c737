//! Background work on threads of its own: searches, hints, analysis, proofs,
//! Flow solves and series run off the frame loop at a lower scheduling
//! priority (Bevy's shared task pools keep theirs), stop when their job is
//! dropped, and wake the resting window when they have something to show.
//! In the browser (one thread) searches run in a Web Worker instead
//! (`search_job`); other work says it is not there yet.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::sync::{Arc, Mutex};

use thiserror::Error;

use crate::game::wake::Waker;

/// Why a background job ended without its result.
#[derive(Debug, Error, Clone, Copy, PartialEq, Eq)]
pub(crate) enum JobError {
    #[error("the background job's channel was poisoned")]
    Poisoned,
    #[error("the background thread stopped unexpectedly")]
    Stopped,
    /// The browser has one thread: this work has no worker there yet.
    #[cfg(target_arch = "wasm32")]
    #[error("not in the browser yet (it needs a thread of its own)")]
    NotInBrowser,
}

/// A computation running on its own thread; the frame loop polls it.
/// Dropping the job sets its stop flag, which the work polls: whatever holds
/// the job (a task entity, a resource) stops the work by letting it go.
pub(crate) struct BackgroundJob<T> {
    // Only the polling system reads it, through `&mut`, so the lock is free;
    // it makes the job `Sync`, as components must be.
    result: Mutex<Receiver<T>>,
    stop: Arc<AtomicBool>,
    /// In the browser: what ends the Web Worker running the job (called on
    /// drop), or the error of work that has no worker there yet.
    #[cfg(target_arch = "wasm32")]
    worker: Result<Option<Box<dyn FnOnce() + Send + Sync>>, JobError>,
}

impl<T: Send + 'static> BackgroundJob<T> {
    /// Runs `work` on a new thread named `name` at lowered priority, handing
    /// it the job's stop flag; `wake` is called when the result is ready, so
    /// a resting window looks at it.
    pub(crate) fn spawn(
        name: &str,
        wake: Waker,
        work: impl FnOnce(Arc<AtomicBool>) -> T + Send + 'static,
    ) -> BackgroundJob<T> {
        #[cfg(target_arch = "wasm32")]
        {
            // A closure cannot cross to a worker: only searches go there.
            bevy::log::warn!("{name}: {}", JobError::NotInBrowser);
            let _ = (wake, work);
            let (_, result) = channel();
            let stop = Arc::new(AtomicBool::new(false));
            BackgroundJob { result: Mutex::new(result), stop, worker: Err(JobError::NotInBrowser) }
        }
        #[cfg(not(target_arch = "wasm32"))]
        Self::on_thread(name, wake, work)
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn on_thread(
        name: &str,
        wake: Waker,
        work: impl FnOnce(Arc<AtomicBool>) -> T + Send + 'static,
    ) -> BackgroundJob<T> {
        let (sender, result) = channel();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let spawned = std::thread::Builder::new().name(name.to_string()).spawn(move || {
            lower_current_thread_priority();
            // The receiver is gone once the job is dropped; nobody needs the result then.
            let _ = sender.send(work(flag));
            wake.wake();
        });
        if let Err(error) = spawned {
            bevy::log::error!("cannot start the {name} thread: {error}");
        }
        BackgroundJob { result: Mutex::new(result), stop }
    }

    /// A job a Web Worker runs (`tasks::worker`): its result comes on
    /// `result`, and dropping the job calls `end` (which ends the worker).
    #[cfg(target_arch = "wasm32")]
    pub(crate) fn in_worker(result: Receiver<T>, end: Option<Box<dyn FnOnce() + Send + Sync>>) -> BackgroundJob<T> {
        BackgroundJob { result: Mutex::new(result), stop: Arc::new(AtomicBool::new(false)), worker: Ok(end) }
    }

    /// The flag the work polls; set when the job is dropped.
    pub(crate) fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// The result once it is ready; an error if the thread ended without one.
    pub(crate) fn poll(&mut self) -> Option<Result<T, JobError>> {
        #[cfg(target_arch = "wasm32")]
        if let Err(error) = &self.worker {
            return Some(Err(*error));
        }
        let Ok(receiver) = self.result.get_mut() else {
            return Some(Err(JobError::Poisoned));
        };
        match receiver.try_recv() {
            Ok(value) => Some(Ok(value)),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some(Err(JobError::Stopped)),
        }
    }
}

impl<T> Drop for BackgroundJob<T> {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        #[cfg(target_arch = "wasm32")]
        if let Ok(end) = &mut self.worker
            && let Some(end) = end.take()
        {
            end();
        }
    }
}

/// Lowers the calling thread's priority to Unix "nice" 10, or leaves it where
/// it is if it is lower already (a game started under `nice` keeps its jobs
/// at least as low); call it only on threads of our own (a thread cannot
/// raise its priority back on Linux).
#[cfg(not(target_arch = "wasm32"))]
fn lower_current_thread_priority() {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: plain system calls with no pointers; on Linux PRIO_PROCESS with
        // a thread id applies to that thread only. Failure leaves priority as is.
        unsafe {
            let tid = libc::syscall(libc::SYS_gettid) as libc::id_t;
            let now = libc::getpriority(libc::PRIO_PROCESS, tid);
            libc::setpriority(libc::PRIO_PROCESS, tid, now.max(10));
        }
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    #[test]
    fn lowers_only_the_calling_thread() {
        // SAFETY: plain system calls with no pointers.
        let nice_of_this_thread =
            || unsafe { libc::getpriority(libc::PRIO_PROCESS, libc::syscall(libc::SYS_gettid) as libc::id_t) };
        let before = nice_of_this_thread();
        let lowered = std::thread::spawn(move || {
            super::lower_current_thread_priority();
            nice_of_this_thread()
        })
        .join()
        .expect("thread runs");
        assert_eq!(lowered, 10.max(before));
        assert_eq!(nice_of_this_thread(), before, "the caller's own thread keeps its priority");
    }
}
