//! The solver's transposition table: proof and disproof numbers per position,
//! in a fixed amount of memory, keeping the entries that cost the most work.
//! Every solving thread reads and writes it at once without locks: a slot is
//! three words, the first the key folded with the other two (Hyatt and Mann's
//! lockless hashing), so a slot half overwritten by another thread reads as
//! empty rather than as a wrong entry.

use std::io::{self, Read, Seek, SeekFrom, Write};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::thread;

use crate::zeroed::zeroed_slice;

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
    /// Whether the entry is a proof or a disproof, not a guess.
    pub(crate) fn solved(&self) -> bool {
        self.phi == 0 || self.delta == 0
    }

    fn numbers(&self) -> u64 {
        self.phi as u64 | (self.delta as u64) << 32
    }

    fn extra(&self) -> u64 {
        self.work as u64 | (self.len as u64) << 32
    }

    fn unpack(key: u64, numbers: u64, extra: u64) -> Entry {
        Entry { key, phi: numbers as u32, delta: (numbers >> 32) as u32, work: extra as u32, len: (extra >> 32) as u16 }
    }
}

/// One entry's three words. Both numbers zero, which no real entry has, marks
/// a slot never written.
#[derive(Default)]
struct Slot {
    check: AtomicU64,
    numbers: AtomicU64,
    extra: AtomicU64,
}

impl Slot {
    /// The entry held, if the slot is in use and not torn by a concurrent write.
    #[inline]
    fn read(&self) -> Option<Entry> {
        let numbers = self.numbers.load(Relaxed);
        let extra = self.extra.load(Relaxed);
        let key = self.check.load(Relaxed) ^ numbers ^ extra;
        (numbers != 0).then(|| Entry::unpack(key, numbers, extra))
    }

    fn is_empty(&self) -> bool {
        self.numbers.load(Relaxed) == 0
    }

    fn write(&self, e: &Entry) {
        let (numbers, extra) = (e.numbers(), e.extra());
        self.numbers.store(numbers, Relaxed);
        self.extra.store(extra, Relaxed);
        self.check.store(e.key ^ numbers ^ extra, Relaxed);
    }
}

/// Counters of slots in use, one to a cache line, so that threads filling
/// slots at once seldom write the same line.
const FILL_STRIPES: usize = 16;

#[derive(Default)]
#[repr(align(64))]
struct FillStripe(AtomicUsize);

pub(crate) struct Table {
    slots: Box<[Slot]>,
    buckets: usize,
    filled: [FillStripe; FILL_STRIPES],
}

impl Table {
    /// A table using about `mib` MiB (at least one bucket), or None when the
    /// system will not give so much memory. Its pages are left for the proof
    /// to touch, so a short proof in a large table costs only those it uses.
    pub(crate) fn new(mib: usize) -> Option<Table> {
        let bytes = mib.saturating_mul(1 << 20);
        let buckets = (bytes / (BUCKET * size_of::<Slot>())).max(1);
        let slots = zeroed_slots(buckets.checked_mul(BUCKET)?)?;
        Some(Table { slots, buckets, filled: Default::default() })
    }

    /// The same with every page touched first by `threads` threads, for a
    /// proof on several threads (see `touch_pages`).
    pub(crate) fn touched(mib: usize, threads: usize) -> Option<Table> {
        let table = Table::new(mib)?;
        touch_pages(&table.slots, threads);
        Some(table)
    }

    #[inline]
    fn bucket_index(&self, key: u64) -> usize {
        // Multiply-shift maps the key onto any number of buckets evenly.
        (((key as u128) * (self.buckets as u128)) >> 64) as usize
    }

    #[inline]
    fn bucket(&self, key: u64) -> &[Slot] {
        let start = self.bucket_index(key) * BUCKET;
        &self.slots[start..start + BUCKET]
    }

    /// Starts loading the key's bucket into the cache, so that a later `get`
    /// finds it there (the table is far larger than the caches), without
    /// waiting for it, so several loads are in flight at once.
    #[inline]
    pub(crate) fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let bucket = self.bucket(key).as_ptr();
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            // SAFETY: a prefetch is a hint that never faults, even for an
            // address outside memory; both are inside the table anyway. (x86_64
            // always has SSE, which the instruction needs.) A bucket may straddle
            // two cache lines.
            unsafe {
                _mm_prefetch::<_MM_HINT_T0>(bucket.cast());
                _mm_prefetch::<_MM_HINT_T0>(bucket.wrapping_add(BUCKET - 1).cast());
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        std::hint::black_box(self.bucket(key)[0].check.load(Relaxed));
    }

    #[inline]
    pub(crate) fn get(&self, key: u64) -> Option<Entry> {
        self.bucket(key).iter().find_map(|s| s.read().filter(|e| e.key == key))
    }

    /// Stores an entry over the same key, an empty slot, or the bucket's
    /// cheapest entry, in that order of preference.
    pub(crate) fn put(&self, entry: Entry) {
        debug_assert!(entry.numbers() != 0);
        let bucket = self.bucket(entry.key);
        let slot = match bucket.iter().find(|s| s.read().is_some_and(|e| e.key == entry.key)) {
            Some(s) => s,
            None => match bucket.iter().find(|s| s.is_empty()) {
                Some(s) => {
                    self.filled[self.bucket_index(entry.key) % FILL_STRIPES].0.fetch_add(1, Relaxed);
                    s
                }
                None => bucket.iter().min_by_key(|s| s.read().map_or(0, |e| e.work)).unwrap_or(&bucket[0]),
            },
        };
        slot.write(&entry);
    }

    /// Fraction of the slots in use.
    pub(crate) fn fill(&self) -> f64 {
        let filled: usize = self.filled.iter().map(|stripe| stripe.0.load(Relaxed)).sum();
        filled as f64 / self.slots.len() as f64
    }

    /// Writes every entry in use: a count, then three little-endian words each.
    /// The entries stream out (a copy of a big table would double the memory
    /// a save needs), and the count goes in front at the end, since other
    /// threads may fill slots meanwhile.
    pub(crate) fn save<W: Write + Seek>(&self, out: &mut W) -> io::Result<()> {
        let count_at = out.stream_position()?;
        out.write_all(&0u64.to_le_bytes())?;
        let mut count = 0u64;
        for e in self.slots.iter().filter_map(Slot::read) {
            for word in [e.key, e.numbers(), e.extra()] {
                out.write_all(&word.to_le_bytes())?;
            }
            count += 1;
        }
        let end = out.stream_position()?;
        out.seek(SeekFrom::Start(count_at))?;
        out.write_all(&count.to_le_bytes())?;
        out.seek(SeekFrom::Start(end))?;
        Ok(())
    }

    /// Adds the entries `save` wrote (to a table of any size); returns how many.
    pub(crate) fn load(&self, input: &mut dyn Read) -> io::Result<u64> {
        let count = read_word(input)?;
        for _ in 0..count {
            let (key, numbers, extra) = (read_word(input)?, read_word(input)?, read_word(input)?);
            if numbers == 0 {
                return Err(io::Error::new(io::ErrorKind::InvalidData, "an empty entry"));
            }
            self.put(Entry::unpack(key, numbers, extra));
        }
        Ok(count)
    }

    #[cfg(test)]
    fn capacity(&self) -> usize {
        self.slots.len()
    }
}

/// `count` empty slots (see `zeroed_slice`), or None where the system
/// refuses the memory (a table larger than the machine's).
fn zeroed_slots(count: usize) -> Option<Box<[Slot]>> {
    // SAFETY: a slot is three atomic integers, whose every bit pattern, all
    // zeros included, is a valid value (an empty slot), and it has a size.
    unsafe { zeroed_slice(count) }
}

/// Writes a word of every page of the table, split among `threads` threads.
/// So large a block comes from the system as untouched pages (the allocator
/// asks for zeroed memory), and the first write to each is a page fault that
/// zeroes 4 KiB in the kernel. Two threads faulting at once wait on each
/// other (they share one memory map): in a 5x5 proof on two threads (256
/// MiB) the faults took 0.8-0.9 s of system time, against 0.3-0.5 s on one.
fn touch_pages(slots: &[Slot], threads: usize) {
    let per_page = 4096 / size_of::<Slot>();
    let threads = crate::threads::usable(threads);
    let share = slots.len().div_ceil(threads).max(1);
    let touch = |part: &[Slot]| part.iter().step_by(per_page).for_each(|slot| slot.numbers.store(0, Relaxed));
    if threads == 1 {
        return touch(slots);
    }
    thread::scope(|scope| {
        for part in slots.chunks(share) {
            scope.spawn(move || touch(part));
        }
    });
}

fn read_word(input: &mut dyn Read) -> io::Result<u64> {
    let mut bytes = [0; 8];
    input.read_exact(&mut bytes)?;
    Ok(u64::from_le_bytes(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_costliest_entries_of_a_full_bucket() {
        let t = Table::new(0).unwrap();
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

    #[test]
    fn counts_the_slots_in_use_across_its_stripes() {
        // Three threads touch the pages of this one; every slot starts empty.
        let t = Table::touched(1, 3).unwrap();
        assert!(t.slots.iter().all(Slot::is_empty));
        let key = |k: u64| k.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        for k in 1..=300u64 {
            t.put(Entry { key: key(k), phi: 1, delta: 1, work: 1, len: 0 });
        }
        t.put(Entry { key: key(5), phi: 2, delta: 1, work: 2, len: 0 });
        let in_use = t.fill() * t.capacity() as f64;
        assert!((in_use - 300.0).abs() < 1e-6, "{in_use} slots counted, not 300");
    }

    #[test]
    fn a_torn_slot_reads_as_empty() {
        let t = Table::new(0).unwrap();
        t.put(Entry { key: 7, phi: 3, delta: 4, work: 1, len: 0 });
        // Another thread's write caught half way: new numbers, old check word.
        t.slots.iter().find(|s| !s.is_empty()).unwrap().numbers.store(5 | 6 << 32, Relaxed);
        assert_eq!(t.get(7), None);
    }

    #[test]
    fn saved_entries_load_into_a_table_of_another_size() {
        let t = Table::touched(1, 2).unwrap();
        for k in 1..=100u64 {
            t.put(Entry { key: k.wrapping_mul(0x9E37_79B9_7F4A_7C15), phi: k as u32, delta: 1, work: 1, len: 2 });
        }
        let mut file = io::Cursor::new(b"header".to_vec());
        file.seek(SeekFrom::End(0)).unwrap();
        t.save(&mut file).unwrap();
        let bytes = file.into_inner().split_off(6);
        let bigger = Table::new(2).unwrap();
        assert_eq!(bigger.load(&mut bytes.as_slice()).unwrap(), 100);
        assert_eq!(bigger.get(7u64.wrapping_mul(0x9E37_79B9_7F4A_7C15)).map(|e| e.phi), Some(7));
        assert!(bigger.load(&mut &bytes[..bytes.len() - 3]).is_err(), "a cut file is refused");
    }
}
