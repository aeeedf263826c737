//! Transposition table: bounded, two entries a bucket (one kept for the deeper
//! search, one always replaced), keyed by the position's Zobrist hash.

use crate::engine::eval::{MAX_EVAL, Score};
use crate::engine::types::Move;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    Exact,
    /// The true value is at least the stored one (the search failed high).
    Lower,
    /// The true value is at most the stored one (no move reached alpha).
    Upper,
}

/// What a probe finds, scores already adjusted to the probing node's ply.
#[derive(Clone, Copy, Debug)]
pub struct Hit {
    pub depth: u32,
    pub score: Score,
    pub bound: Bound,
    pub best: Option<Move>,
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    score: Score,
    from: u8,
    to: u8,
    depth: u8,
    /// Bit 0-1: bound, bit 2: holds a move, bit 3: the move captures, bit 4: used.
    flags: u8,
}

const USED: u8 = 16;
const HAS_MOVE: u8 = 4;
const CAPTURE: u8 = 8;

pub struct Table {
    buckets: Vec<[Entry; 2]>,
    mask: usize,
}

impl Table {
    /// A table of at most `mib` MiB; 0 gives a table that stores nothing (so
    /// tests can compare the search with and without one).
    pub fn new(mib: u32) -> Table {
        let bytes = mib as usize * (1 << 20);
        let fit = bytes / std::mem::size_of::<[Entry; 2]>();
        if fit == 0 {
            return Table { buckets: Vec::new(), mask: 0 };
        }
        // A power of two, so the index is a mask of the key.
        let count = 1usize << (usize::BITS - 1 - fit.leading_zeros());
        Table { buckets: vec![[Entry::default(); 2]; count], mask: count - 1 }
    }

    #[inline]
    pub fn probe(&self, key: u64, ply: u32) -> Option<Hit> {
        if self.buckets.is_empty() {
            return None;
        }
        let bucket = &self.buckets[key as usize & self.mask];
        let e = bucket.iter().find(|e| e.flags & USED != 0 && e.key == key)?;
        let bound = match e.flags & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        };
        let best = (e.flags & HAS_MOVE != 0).then(|| Move::new(e.from, e.to, e.flags & CAPTURE != 0));
        Some(Hit { depth: e.depth as u32, score: from_table(e.score, ply), bound, best })
    }

    #[inline]
    pub fn store(&mut self, key: u64, ply: u32, depth: u32, score: Score, bound: Bound, best: Option<Move>) {
        if self.buckets.is_empty() {
            return;
        }
        let bucket = &mut self.buckets[key as usize & self.mask];
        let depth = depth.min(u8::MAX as u32) as u8;
        // Depth-preferred slot 0 keeps the costlier result unless this is the
        // same position or at least as deep; everything else goes to slot 1.
        let slot = if bucket[0].flags & USED == 0 || bucket[0].key == key || depth >= bucket[0].depth {
            0
        } else {
            1
        };
        let old = bucket[slot];
        // A search that found no best move (all moves failed low) keeps the
        // move an earlier search of the same position found.
        let best = best.or_else(|| {
            (old.flags & USED != 0 && old.key == key && old.flags & HAS_MOVE != 0)
                .then(|| Move::new(old.from, old.to, old.flags & CAPTURE != 0))
        });
        let mut flags = USED
            | match bound {
                Bound::Exact => 0,
                Bound::Lower => 1,
                Bound::Upper => 2,
            };
        let (from, to) = match best {
            Some(m) => {
                flags |= HAS_MOVE | if m.capture { CAPTURE } else { 0 };
                (m.from, m.to)
            }
            None => (0, 0),
        };
        bucket[slot] = Entry { key, score: to_table(score, ply), from, to, depth, flags };
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
