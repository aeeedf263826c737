//! Solving a whole table of the last ranks at once, on many threads: in index
//! order its memory is walked far more kindly than by a proof's look-ups, so
//! the 459 M arrangements of 4 ranks on 5 files take minutes, not the proof's
//! hours of scattered filling.

use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

use super::LastRanksTable;

/// Arrangements a thread claims at a time.
const CHUNK: usize = 1 << 16;

impl LastRanksTable {
    /// Solves every entry not solved yet on `threads` threads (threads that
    /// meet the same entry store the same value); `progress` hears the
    /// fraction of arrangements done as the chunks finish.
    pub fn fill(&self, threads: usize, progress: &(dyn Fn(f64) + Sync)) {
        let fight = &*self.fight;
        let count = fight.attack.len();
        let next = AtomicUsize::new(0);
        let done = AtomicUsize::new(0);
        let work = || {
            loop {
                let start = next.fetch_add(CHUNK, Relaxed);
                if start >= count {
                    break;
                }
                let end = (start + CHUNK).min(count);
                for index in start..end {
                    fight.threshold(index, true);
                    fight.threshold(index, false);
                }
                let finished = done.fetch_add(end - start, Relaxed) + end - start;
                progress(finished as f64 / count as f64);
            }
        };
        match crate::threads::usable(threads) {
            1 => work(),
            threads => std::thread::scope(|scope| {
                for _ in 0..threads {
                    scope.spawn(work);
                }
            }),
        }
    }

    /// Whether every entry is solved.
    pub fn is_full(&self) -> bool {
        let solved = |entries: &[std::sync::atomic::AtomicU8]| entries.iter().all(|e| e.load(Relaxed) != 0);
        solved(&self.fight.attack) && solved(&self.fight.defend)
    }
}
