//! Which nodes the solving threads are searching now, so that each thread
//! can prefer the nodes no other thread is in (see `parallel`).

use std::sync::atomic::{AtomicU8, Ordering::Relaxed};

/// Busy marks: a small table of counters indexed by the top bits of a key.
const MARKS: usize = 1 << 16;

/// Which nodes some thread is searching now (approximately: keys that share
/// the top bits share a mark, which only makes a node look busy).
pub(crate) struct Busy {
    marks: Vec<AtomicU8>,
}

impl Busy {
    pub(crate) fn new() -> Busy {
        Busy { marks: (0..MARKS).map(|_| AtomicU8::new(0)).collect() }
    }

    #[inline]
    fn mark(&self, key: u64) -> &AtomicU8 {
        &self.marks[(key >> 48) as usize]
    }

    pub(crate) fn enter(&self, key: u64) {
        self.mark(key).fetch_add(1, Relaxed);
    }

    pub(crate) fn leave(&self, key: u64) {
        self.mark(key).fetch_sub(1, Relaxed);
    }

    /// How many threads are searching the node now (or a node sharing its mark).
    #[inline]
    pub(crate) fn count(&self, key: u64) -> u8 {
        self.mark(key).load(Relaxed)
    }
}
