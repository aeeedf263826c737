//! Waking the resting window from other threads: a [`Waker`] (a no-op
//! without a window, as in the headless tests), a throttled one for
//! progress reports, and an [`Alarm`] that wakes it at a set time.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use web_time::Instant;

use bevy::prelude::*;

/// Redraws while a search or series runs (the thinking overlay, progress).
pub(crate) const PROGRESS_INTERVAL: Duration = Duration::from_millis(250);

/// Wakes the resting window from any thread (a no-op without a window, as
/// in the headless tests).
#[derive(Resource, Clone, Default)]
pub(crate) struct Waker(pub(crate) Option<Arc<dyn Fn() + Send + Sync>>);

impl Waker {
    pub(crate) fn wake(&self) {
        if let Some(wake) = &self.0 {
            wake();
        }
    }

    /// A waker that wakes at most every `interval` (progress reports can
    /// come thousands of times a second; a few redraws a second show them).
    pub(crate) fn throttled(&self, interval: Duration) -> ThrottledWaker {
        ThrottledWaker { waker: self.clone(), interval, origin: Instant::now(), last_ms: Arc::new(AtomicU64::new(0)) }
    }
}

/// See [`Waker::throttled`].
#[derive(Clone)]
pub(crate) struct ThrottledWaker {
    waker: Waker,
    interval: Duration,
    origin: Instant,
    last_ms: Arc<AtomicU64>,
}

impl ThrottledWaker {
    pub(crate) fn wake(&self) {
        let now = self.origin.elapsed().as_millis() as u64;
        let last = self.last_ms.load(Ordering::Relaxed);
        if now.saturating_sub(last) >= self.interval.as_millis() as u64 || last == 0 {
            self.last_ms.store(now.max(1), Ordering::Relaxed);
            self.waker.wake();
        }
    }
}

/// Wakes the window at one moment (the clock's next digit, news due to
/// go), set anew whenever it changes; one thread sleeps until then.
pub(crate) struct Alarm {
    at: Mutex<Option<Instant>>,
    changed: Condvar,
}

impl Alarm {
    pub(crate) fn start(waker: Waker) -> Arc<Alarm> {
        let alarm = Arc::new(Alarm { at: Mutex::new(None), changed: Condvar::new() });
        let ringing = Arc::clone(&alarm);
        // The thread sleeps on the condition variable while nothing is due.
        std::thread::Builder::new()
            .name("window alarm".into())
            .spawn(move || ringing.run(&waker))
            .map_or_else(|e| warn!("no window alarm: {e}"), drop);
        alarm
    }

    pub(crate) fn set(&self, at: Option<Instant>) {
        if let Ok(mut slot) = self.at.lock() {
            *slot = at;
            self.changed.notify_one();
        }
    }

    fn run(&self, waker: &Waker) {
        let Ok(mut slot) = self.at.lock() else { return };
        loop {
            let now = Instant::now();
            slot = match *slot {
                Some(at) if at <= now => {
                    *slot = None;
                    waker.wake();
                    slot
                }
                Some(at) => match self.changed.wait_timeout(slot, at - now) {
                    Ok((slot, _)) => slot,
                    Err(_) => return,
                },
                None => match self.changed.wait(slot) {
                    Ok(slot) => slot,
                    Err(_) => return,
                },
            };
        }
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Waker>();
}
