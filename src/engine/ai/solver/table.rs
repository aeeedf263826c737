//! The solver's transposition table: proof and disproof numbers per position,
//! in a fixed amount of memory, keeping the entries that cost the most work.

use std::mem::size_of;

/// Entries a key may occupy; the one with the least work is replaced.
const BUCKET: usize = 4;

/// What the table remembers of one position (numbers from the mover's view).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Entry {
    pub(crate) key: u64,
    pub(crate) phi: u32,
    pub(crate) delta: u32,
    /// Nodes spent on the position's last search: the replacement priority.
    pub(crate) work: u32,
    /// For a solved position, plies to the end along the proof found.
    pub(crate) len: u16,
}

impl Entry {
    /// Slots never written have both numbers zero, which no real entry has.
    fn is_empty(&self) -> bool {
        self.phi == 0 && self.delta == 0
    }
}

pub(crate) struct Table {
    entries: Vec<Entry>,
    buckets: usize,
    filled: usize,
}

impl Table {
    /// A table using about `mib` MiB (at least one bucket).
    pub(crate) fn new(mib: usize) -> Table {
        let bytes = mib.saturating_mul(1 << 20);
        let buckets = (bytes / (BUCKET * size_of::<Entry>())).max(1);
        Table { entries: vec![Entry::default(); buckets * BUCKET], buckets, filled: 0 }
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        // Multiply-shift maps the key onto any number of buckets evenly.
        (((key as u128) * (self.buckets as u128)) >> 64) as usize * BUCKET
    }

    /// Starts loading the key's bucket into the cache, so that a later `get`
    /// finds it there (the table is far larger than the caches): a plain read
    /// whose value nobody waits for, so several can be in flight at once.
    #[inline]
    pub(crate) fn prefetch(&self, key: u64) {
        std::hint::black_box(self.entries[self.bucket(key)].key);
    }

    #[inline]
    pub(crate) fn get(&self, key: u64) -> Option<Entry> {
        let start = self.bucket(key);
        self.entries[start..start + BUCKET].iter().find(|e| e.key == key && !e.is_empty()).copied()
    }

    /// Stores an entry over the same key, an empty slot, or the bucket's
    /// cheapest entry, in that order of preference.
    pub(crate) fn put(&mut self, entry: Entry) {
        debug_assert!(!entry.is_empty());
        let start = self.bucket(entry.key);
        let bucket = &mut self.entries[start..start + BUCKET];
        let slot = match bucket.iter().position(|e| e.key == entry.key && !e.is_empty()) {
            Some(i) => i,
            None => match bucket.iter().position(Entry::is_empty) {
                Some(i) => {
                    self.filled += 1;
                    i
                }
                None => (0..BUCKET).min_by_key(|&i| bucket[i].work).unwrap_or(0),
            },
        };
        bucket[slot] = entry;
    }

    /// Fraction of the slots in use.
    pub(crate) fn fill(&self) -> f64 {
        self.filled as f64 / self.entries.len() as f64
    }

    #[cfg(test)]
    fn capacity(&self) -> usize {
        self.entries.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_costliest_entries_of_a_full_bucket() {
        let mut t = Table::new(0);
        assert_eq!(t.capacity(), BUCKET);
        for k in 0..BUCKET as u64 {
            t.put(Entry { key: k + 1, phi: 1, delta: 1, work: 10 + k as u32, len: 0 });
        }
        t.put(Entry { key: 99, phi: 2, delta: 3, work: 50, len: 0 });
        assert!(t.get(1).is_none(), "the cheapest entry made room");
        assert_eq!(t.get(99).map(|e| e.delta), Some(3));
        assert!(t.get(4).is_some());
        t.put(Entry { key: 4, phi: 0, delta: 7, work: 1, len: 5 });
        assert_eq!(t.get(4).map(|e| (e.phi, e.len)), Some((0, 5)), "same key overwritten in place");
    }
}
