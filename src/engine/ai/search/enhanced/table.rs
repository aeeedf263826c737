//! Transposition table: bounded, two entries a bucket (one kept for the deeper
//! search, one always replaced), keyed by the position's Zobrist hash, and
//! shared without locks by the threads of a parallel search.

use std::sync::atomic::{AtomicU64, Ordering as AtomicOrdering};

use crate::engine::ai::eval::{MAX_EVAL, Score};
use crate::engine::rules::types::Move;

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

/// Flags: bits 0-1 the bound, then the following.
const HAS_MOVE: u64 = 4;
const CAPTURE: u64 = 8;
const USED: u64 = 16;

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

fn zeroed(count: usize) -> Vec<Bucket> {
    std::iter::repeat_with(Bucket::default).take(count).collect()
}

pub(crate) struct Table {
    buckets: Vec<Bucket>,
    mask: usize,
    /// The most buckets the size limit allows.
    max_buckets: usize,
}

/// A fresh table's size: a search of a few hundred thousand nodes fits, and
/// touching only this much memory keeps short searches free of page faults.
const START_BUCKETS: usize = 1 << 15;

impl Table {
    /// A table of at most `mib` MiB, grown on demand by [`Table::reserve`]; 0
    /// gives a table that stores nothing (so tests can compare the search with
    /// and without one).
    pub(crate) fn new(mib: u32) -> Table {
        let bytes = mib as usize * (1 << 20);
        let fit = bytes / std::mem::size_of::<Bucket>();
        if fit == 0 {
            return Table { buckets: Vec::new(), mask: 0, max_buckets: 0 };
        }
        // Powers of two, so the index is a mask of the key.
        let max_buckets = 1usize << (usize::BITS - 1 - fit.leading_zeros());
        let count = max_buckets.min(START_BUCKETS);
        Table { buckets: zeroed(count), mask: count - 1, max_buckets }
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
        let old = std::mem::replace(&mut self.buckets, zeroed(count));
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
        // Depth-preferred slot 0 keeps the costlier result unless this is the
        // same position or at least as deep; everything else goes to slot 1.
        let deep = load(bucket, 0);
        let slot = if flags(&deep) & USED == 0 || deep[0] == key || depth >= entry_depth(&deep) { 0 } else { 1 };
        let old = load(bucket, slot);
        // A search that found no best move (all moves failed low) keeps the
        // move an earlier search of the same position found.
        let best = best.or_else(|| if is_used_by(&old, key) { entry_move(&old) } else { None });
        let mut flags = USED
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
