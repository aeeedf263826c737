//! Per-board-size tables (masks, lines and rays), built once per size and bit
//! width and shared by every position on that board.

use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use super::bits::Bits;
use crate::BoardSize;

/// Direction order: N, S, E, W, NE, SW, NW, SE. `dir / 2` is the line the
/// direction runs along (file, rank, diagonal, anti-diagonal) and `dir ^ 1` its
/// opposite.
const DIRECTIONS: [(i8, i8); 8] = [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, -1), (-1, 1), (1, -1)];

/// The masks, lines and rays of one board size at one bit width. Its fields
/// are open because they are read-only tables: every geometry is built once
/// and handed out only as a shared reference.
#[derive(Debug)]
pub struct Geometry<B> {
    /// The board size the tables are for.
    pub size: BoardSize,
    /// The number of files (columns).
    pub columns: u32,
    /// Every square of the board.
    pub all: B,
    /// Every square but those of the first file (a-file).
    pub not_first_file: B,
    /// Every square but those of the last file.
    pub not_last_file: B,
    /// Squares of each rank, bottom (index 0) to top.
    pub ranks: Vec<B>,
    /// Squares of each file.
    pub files: Vec<B>,
    /// Per square, the four whole lines through it (file, rank, diagonal, anti-diagonal).
    pub lines: Vec<[B; 4]>,
    /// Per square and direction, the squares from the next one to the edge.
    pub rays: Vec<[B; 8]>,
    /// Per square and direction, how many squares lie before the edge.
    pub ray_len: Vec<[u8; 8]>,
    /// Index change of one step in each direction.
    pub step: [i32; 8],
}

impl<B: Bits> Geometry<B> {
    fn build(size: BoardSize) -> Geometry<B> {
        assert!(size.squares() <= B::CAPACITY, "{size} does not fit the bit width");
        let cols = size.columns as i32;
        let rows = size.rows as i32;
        let n = size.squares();
        let idx = |f: i32, r: i32| (r * cols + f) as usize;
        let on = |f: i32, r: i32| f >= 0 && f < cols && r >= 0 && r < rows;

        let mut all = B::EMPTY;
        let mut ranks = vec![B::EMPTY; rows as usize];
        let mut files = vec![B::EMPTY; cols as usize];
        for r in 0..rows {
            for f in 0..cols {
                let b = B::bit(idx(f, r));
                all |= b;
                ranks[r as usize] |= b;
                files[f as usize] |= b;
            }
        }
        let mut rays = vec![[B::EMPTY; 8]; n];
        let mut ray_len = vec![[0u8; 8]; n];
        for r in 0..rows {
            for f in 0..cols {
                let sq = idx(f, r);
                for (d, &(df, dr)) in DIRECTIONS.iter().enumerate() {
                    let (df, dr) = (df as i32, dr as i32);
                    let (mut x, mut y) = (f + df, r + dr);
                    while on(x, y) {
                        rays[sq][d] |= B::bit(idx(x, y));
                        ray_len[sq][d] += 1;
                        x += df;
                        y += dr;
                    }
                }
            }
        }
        let lines = (0..n)
            .map(|sq| {
                let mut l = [B::EMPTY; 4];
                for (line, slot) in l.iter_mut().enumerate() {
                    *slot = rays[sq][2 * line] | rays[sq][2 * line + 1] | B::bit(sq);
                }
                l
            })
            .collect();
        let step = DIRECTIONS.map(|(df, dr)| dr as i32 * cols + df as i32);
        Geometry {
            size,
            columns: cols as u32,
            all,
            not_first_file: all & !files[0],
            not_last_file: all & !files[cols as usize - 1],
            ranks,
            files,
            lines,
            rays,
            ray_len,
            step,
        }
    }

    /// The shared tables for `size`, built on first use.
    pub fn get(size: BoardSize) -> &'static Geometry<B> {
        type Cache = Mutex<HashMap<(TypeId, BoardSize), &'static (dyn Any + Send + Sync)>>;
        static CACHE: OnceLock<Cache> = OnceLock::new();
        let cache = CACHE.get_or_init(Default::default);
        let mut map = cache.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let entry = map.entry((TypeId::of::<B>(), size)).or_insert_with(|| {
            // Leaked on purpose: one small table per size ever used, alive for the
            // whole run, so positions can hold a plain reference.
            Box::leak(Box::new(Geometry::<B>::build(size)))
        });
        entry.downcast_ref::<Geometry<B>>().expect("cache keyed by type")
    }

    /// The 8-connected groups of `set`, the one holding its lowest square first.
    pub fn groups(&self, set: B) -> impl Iterator<Item = B> + '_ {
        let mut rest = set;
        std::iter::from_fn(move || {
            let seed = rest.squares().next()?;
            let group = self.connected_from(B::bit(seed), rest);
            rest &= !group;
            Some(group)
        })
    }

    /// All squares 8-connected to `seed` within `set` (flood fill).
    #[inline]
    pub fn connected_from(&self, seed: B, set: B) -> B {
        let mut group = seed & set;
        loop {
            let left = group.shr(1) & self.not_last_file;
            let right = group.shl(1) & self.not_first_file;
            let row = group | left | right;
            let grown = (row | row.shl(self.columns) | row.shr(self.columns)) & set;
            if grown == group {
                return group;
            }
            group = grown;
        }
    }
}
