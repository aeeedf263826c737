//! Transposition table: bounded, two entries a bucket (one kept for the deeper
//! search, one always replaced), keyed by the position's Zobrist hash, and
//! shared without locks by the threads of a parallel search. A table kept
//! from move to move (see [`super::memory`]) marks each entry with the search
//! that wrote it, so deep results of searches long past give way.

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering as AtomicOrdering};

use crate::eval::{MAX_EVAL, Score};
use crate::zeroed::zeroed_slice;
use breakline_rules::Move;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Bound {
    Exact,
    /// The true value is at least the stored one (the search failed high).
    Lower,
    /// The true value is at most the stored one (no move reached alpha).
    Upper,
}

/// What a probe finds, scores already adjusted to the probing node's ply.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hit {
    pub(crate) depth: u32,
    pub(crate) score: Score,
    pub(crate) bound: Bound,
    pub(crate) best: Option<Move>,
}

/// One entry as two words, key then data, with the data
/// `score:32 | from:8 | to:8 | depth:8 | flags:8` from the low bits up. The
/// key word is stored XORed with the data word, so that an entry torn by two
/// threads writing at once fails the key check instead of misleading a probe
/// (the lockless scheme of Hyatt and Mann); a zero entry reads as unused.
type Entry = [u64; 2];

/// Two entries (one kept for the deeper search, one always replaced) as
/// atomic words: threads share the table without locks.
type Bucket = [AtomicU64; 4];

/// Flags: bits 0-1 the bound, then the following, then the search's
/// generation in the top three bits.
const HAS_MOVE: u64 = 4;
const CAPTURE: u64 = 8;
const USED: u64 = 16;
const GENERATION_SHIFT: u32 = 5;
const GENERATIONS: u8 = 8;

#[inline]
fn entry_generation(e: &Entry) -> u8 {
    (flags(e) >> GENERATION_SHIFT) as u8
}

#[inline]
fn flags(e: &Entry) -> u64 {
    e[1] >> 56
}

#[inline]
fn entry_depth(e: &Entry) -> u32 {
    ((e[1] >> 48) & 0xff) as u32
}

#[inline]
fn entry_move(e: &Entry) -> Option<Move> {
    (flags(e) & HAS_MOVE != 0).then(|| Move::new((e[1] >> 32) as u8, (e[1] >> 40) as u8, flags(e) & CAPTURE != 0))
}

#[inline]
fn is_used_by(e: &Entry, key: u64) -> bool {
    flags(e) & USED != 0 && e[0] == key
}

/// Entry `slot` of a bucket, its key word decoded.
#[inline]
fn load(bucket: &Bucket, slot: usize) -> Entry {
    let data = bucket[2 * slot + 1].load(AtomicOrdering::Relaxed);
    [bucket[2 * slot].load(AtomicOrdering::Relaxed) ^ data, data]
}

#[inline]
fn save(bucket: &Bucket, slot: usize, e: Entry) {
    bucket[2 * slot].store(e[0] ^ e[1], AtomicOrdering::Relaxed);
    bucket[2 * slot + 1].store(e[1], AtomicOrdering::Relaxed);
}

/// `count` empty buckets (see `zeroed_slice`), or None where the system
/// refuses so much.
fn zeroed(count: usize) -> Option<Box<[Bucket]>> {
    // SAFETY: an atomic integer's every bit pattern, all zeros included, is a
    // valid value, so zeroed memory is initialised buckets, which have a size.
    unsafe { zeroed_slice(count) }
}

/// The most of `count` buckets (halved until the system gives them) and
/// their number: a player asking for more table than the machine has gets
/// the largest it has rather than an abort.
fn zeroed_at_most(mut count: usize) -> (Box<[Bucket]>, usize) {
    loop {
        if let Some(buckets) = zeroed(count) {
            return (buckets, count);
        }
        count /= 2;
    }
}

pub(crate) struct Table {
    buckets: Box<[Bucket]>,
    mask: usize,
    /// The most buckets the size limit allows.
    max_buckets: usize,
    /// The search now writing (modulo [`GENERATIONS`]).
    generation: AtomicU8,
}

/// A fresh table's size: a search of a few hundred thousand nodes fits, and
/// touching only this much memory keeps short searches free of page faults.
const START_BUCKETS: usize = 1 << 15;

impl Table {
    /// A table of at most `mib` MiB, grown on demand by [`Table::reserve`]; 0
    /// gives a table that stores nothing (so tests can compare the search with
    /// and without one).
    pub(crate) fn new(mib: u32) -> Table {
        let max_buckets = Table::max_buckets(mib);
        Table::with_buckets(max_buckets.min(START_BUCKETS), max_buckets)
    }

    /// A table of at most `mib` MiB at its full size from the start, for a
    /// player to keep from move to move. Its pages are touched here, once a
    /// game, rather than by the first search, where the faults of several
    /// threads at once would wait on each other.
    pub(crate) fn full(mib: u32) -> Table {
        let max_buckets = Table::max_buckets(mib);
        let table = Table::with_buckets(max_buckets, max_buckets);
        let per_page = 4096 / std::mem::size_of::<Bucket>();
        for bucket in table.buckets.iter().step_by(per_page) {
            bucket[0].store(0, AtomicOrdering::Relaxed);
        }
        table
    }

    /// The most buckets `mib` MiB hold, a power of two (so the index is a
    /// mask of the key); 0 for a table that stores nothing.
    fn max_buckets(mib: u32) -> usize {
        let fit = mib as usize * (1 << 20) / std::mem::size_of::<Bucket>();
        if fit == 0 { 0 } else { 1usize << (usize::BITS - 1 - fit.leading_zeros()) }
    }

    fn with_buckets(count: usize, max_buckets: usize) -> Table {
        let (buckets, got) = zeroed_at_most(count);
        // Refused the size asked for, the table grows no further than it got.
        let max_buckets = if got < count { got } else { max_buckets };
        Table { buckets, mask: got.saturating_sub(1), max_buckets, generation: AtomicU8::new(0) }
    }

    /// Starts a new search on the table: what it writes now goes before the
    /// deep results of the searches before it.
    pub(crate) fn next_search(&self) {
        let next = (self.generation.load(AtomicOrdering::Relaxed) + 1) % GENERATIONS;
        self.generation.store(next, AtomicOrdering::Relaxed);
    }

    /// Grows the table (keeping its entries) towards one bucket per expected
    /// node of the next iteration, within the size limit.
    pub(crate) fn reserve(&mut self, expected_nodes: u64) {
        let mut count = self.buckets.len();
        while count > 0 && count < self.max_buckets && (count as u64) < expected_nodes {
            count *= 2;
        }
        if count == self.buckets.len() {
            return;
        }
        let Some(fresh) = zeroed(count) else {
            // Refused: the table stays as it is and asks no more.
            self.max_buckets = self.buckets.len();
            return;
        };
        let old = std::mem::replace(&mut self.buckets, fresh);
        self.mask = count - 1;
        for e in old.iter().flat_map(|b| [load(b, 0), load(b, 1)]).filter(|e| flags(e) & USED != 0) {
            let bucket = &self.buckets[e[0] as usize & self.mask];
            let first = load(bucket, 0);
            let slot = if flags(&first) & USED == 0 || entry_depth(&e) > entry_depth(&first) { 0 } else { 1 };
            if slot == 0 && flags(&first) & USED != 0 {
                save(bucket, 1, first);
            }
            save(bucket, slot, e);
        }
    }

    #[inline]
    pub(crate) fn probe(&self, key: u64, ply: u32) -> Option<Hit> {
        if self.buckets.is_empty() {
            return None;
        }
        let bucket = &self.buckets[key as usize & self.mask];
        let e = [load(bucket, 0), load(bucket, 1)].into_iter().find(|e| is_used_by(e, key))?;
        let bound = match flags(&e) & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        };
        let score = from_table(e[1] as u32 as i32, ply);
        Some(Hit { depth: entry_depth(&e), score, bound, best: entry_move(&e) })
    }

    #[inline]
    pub(crate) fn store(&self, key: u64, ply: u32, depth: u32, score: Score, bound: Bound, best: Option<Move>) {
        if self.buckets.is_empty() {
            return;
        }
        let bucket = &self.buckets[key as usize & self.mask];
        let depth = depth.min(u8::MAX as u32);
        let generation = self.generation.load(AtomicOrdering::Relaxed);
        // Depth-preferred slot 0 keeps the costlier result of this search
        // unless this is the same position or at least as deep; an earlier
        // search's gives way. Everything else goes to slot 1.
        let deep = load(bucket, 0);
        let replace = flags(&deep) & USED == 0
            || deep[0] == key
            || depth >= entry_depth(&deep)
            || entry_generation(&deep) != generation;
        let slot = if replace { 0 } else { 1 };
        let old = load(bucket, slot);
        // A search that found no best move (all moves failed low) keeps the
        // move an earlier search of the same position found.
        let best = best.or_else(|| if is_used_by(&old, key) { entry_move(&old) } else { None });
        let mut flags = USED
            | (generation as u64) << GENERATION_SHIFT
            | match bound {
                Bound::Exact => 0,
                Bound::Lower => 1,
                Bound::Upper => 2,
            };
        let (from, to) = match best {
            Some(m) => {
                flags |= HAS_MOVE | if m.capture { CAPTURE } else { 0 };
                (m.from as u64, m.to as u64)
            }
            None => (0, 0),
        };
        let score = to_table(score, ply) as u32 as u64;
        save(bucket, slot, [key, score | from << 32 | to << 40 | (depth as u64) << 48 | flags << 56]);
    }
}

/// Proven scores count plies from the root; the table keeps them counted from
/// the stored position, so a hit at another ply reads the right distance.
#[inline]
fn to_table(score: Score, ply: u32) -> Score {
    if score > MAX_EVAL {
        score + ply as Score
    } else if score < -MAX_EVAL {
        score - ply as Score
    } else {
        score
    }
}

#[inline]
fn from_table(score: Score, ply: u32) -> Score {
    if score > MAX_EVAL {
        score - ply as Score
    } else if score < -MAX_EVAL {
        score + ply as Score
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Three keys of one bucket of a 1 MiB table.
    fn same_bucket(table: &Table) -> [u64; 3] {
        let step = table.mask as u64 + 1;
        [5, 5 + step, 5 + 2 * step]
    }

    #[test]
    fn a_deep_entry_outlives_shallower_ones_of_its_search_but_not_the_next_search() {
        let table = Table::new(1);
        let [deep, shallow, other] = same_bucket(&table);
        table.store(deep, 0, 9, 10, Bound::Exact, None);
        table.store(shallow, 0, 2, 20, Bound::Exact, None);
        table.store(other, 0, 3, 30, Bound::Exact, None);
        assert_eq!(table.probe(deep, 0).map(|h| h.depth), Some(9), "kept in its search");
        assert!(table.probe(shallow, 0).is_none(), "the always-replaced slot took the later one");
        table.next_search();
        table.store(shallow, 0, 2, 20, Bound::Exact, None);
        assert!(table.probe(deep, 0).is_none(), "an earlier search's deep entry gives way");
        assert_eq!(table.probe(shallow, 0).map(|h| h.score), Some(20));
        assert_eq!(table.probe(other, 0).map(|h| h.score), Some(30));
    }

    #[test]
    #[cfg(target_pointer_width = "64")]
    fn a_table_larger_than_the_machine_gives_is_the_largest_it_gives() {
        // 2^58 buckets are 8 EiB: no system gives them, so the table halves
        // until one does, and then neither aborts nor grows.
        let asked = 1 << 58;
        let mut table = Table::with_buckets(asked, asked);
        let got = table.buckets.len();
        assert!(got > 0 && got < asked && got.is_power_of_two(), "{got} buckets");
        assert_eq!((table.mask, table.max_buckets), (got - 1, got));
        table.store(99, 0, 3, 5, Bound::Lower, None);
        table.reserve(u64::MAX);
        assert_eq!(table.buckets.len(), got, "no growth past what the system gave");
        assert_eq!(table.probe(99, 0).map(|h| (h.depth, h.score)), Some((3, 5)));
    }

    #[test]
    fn a_full_table_starts_empty_at_its_size() {
        let table = Table::full(4);
        assert_eq!(table.buckets.len(), 4 << 20 >> 5);
        assert!(table.probe(12345, 0).is_none());
        table.store(12345, 0, 4, -7, Bound::Upper, None);
        assert_eq!(table.probe(12345, 0).map(|h| (h.depth, h.score, h.bound)), Some((4, -7, Bound::Upper)));
    }
}
