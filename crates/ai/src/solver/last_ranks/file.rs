//! A table of the last ranks on disk: a header naming the board and depth,
//! each entry as one byte (attacker to move, then defender to move; 0 where
//! not solved), and a CRC-32 of all before it, so that a damaged file is
//! refused before any of it reaches a proof.

use std::fs::{self, File};
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU8, Ordering::Relaxed};
use std::sync::{Arc, Mutex, OnceLock};

use thiserror::Error;

use super::{Fight, LastRanksError, LastRanksTable};
use breakline_rules::{BoardSize, SizeError, Variant};

/// The file's first bytes: what it is and the format's version.
const MAGIC: &[u8; 8] = b"BLRANKS1";

/// Magic, files, rows, ranks, and five bytes of nothing.
const HEADER: usize = 16;

/// Bytes read or written at a time.
const BLOCK: usize = 1 << 20;

/// Why a table of the last ranks could not be saved or loaded, in one line
/// naming the file.
#[derive(Debug, Error)]
pub enum LastRanksFileError {
    /// The file (or its folder) cannot be read or written.
    #[error("table of the last ranks {}: {reason}", path.display())]
    Access {
        /// The file.
        path: PathBuf,
        /// What the system said.
        #[source]
        reason: io::Error,
    },
    /// The file is not a table of the last ranks.
    #[error("{} is not a table of the last ranks (made by `breakline last-ranks`)", path.display())]
    NotATable {
        /// The file.
        path: PathBuf,
    },
    /// The file is damaged or cut short.
    #[error("table of the last ranks {} is damaged or cut short: {reason}", path.display())]
    Damaged {
        /// The file.
        path: PathBuf,
        /// What reading it ran into.
        #[source]
        reason: TableDamage,
    },
}

/// What is wrong with a damaged table of the last ranks.
#[derive(Debug, Error)]
pub enum TableDamage {
    /// Its header names a board Breakthrough is not played on.
    #[error(transparent)]
    Size(#[from] SizeError),
    /// Its header names a depth the board cannot have.
    #[error(transparent)]
    Ranks(#[from] LastRanksError),
    /// It is longer or shorter than its header says.
    #[error("{length} bytes where a table of {ranks} ranks on {size} has {expected}")]
    Length {
        /// The file's length.
        length: u64,
        /// The depth its header names.
        ranks: usize,
        /// The board its header names.
        size: BoardSize,
        /// The length such a table has.
        expected: u64,
    },
    /// Its bytes cannot be read to the end.
    #[error(transparent)]
    Read(#[from] io::Error),
    /// An entry is larger than any threshold.
    #[error("an entry of {value}, where the most is {never}")]
    Entry {
        /// The entry.
        value: u8,
        /// The largest threshold.
        never: u8,
    },
    /// Its checksum is not that of its contents.
    #[error("its checksum does not match its contents")]
    Checksum,
}

impl LastRanksTable {
    /// Writes the table to `path` (through a temporary file renamed over it,
    /// so a save cut short leaves any older file whole, and no part behind).
    pub fn save(&self, path: &Path) -> Result<(), LastRanksFileError> {
        let access = |reason: io::Error| LastRanksFileError::Access { path: path.to_path_buf(), reason };
        let mut temporary = path.as_os_str().to_owned();
        temporary.push(".part");
        let temporary = PathBuf::from(temporary);
        let written = self.write(&temporary).and_then(|()| fs::rename(&temporary, path));
        if written.is_err() {
            let _ = fs::remove_file(&temporary);
        }
        written.map_err(access)
    }

    /// Writes the file's bytes to `path`.
    fn write(&self, path: &Path) -> io::Result<()> {
        let fight = &*self.fight;
        let mut out = Crc32Writer { inner: BufWriter::new(File::create(path)?), crc: Default::default() };
        let mut header = [0u8; HEADER];
        header[..8].copy_from_slice(MAGIC);
        header[8..11].copy_from_slice(&[fight.width as u8, fight.rows as u8, fight.ranks as u8]);
        out.write_all(&header)?;
        let mut block = Vec::with_capacity(BLOCK);
        for entries in [&fight.attack, &fight.defend] {
            for chunk in entries.chunks(BLOCK) {
                block.clear();
                block.extend(chunk.iter().map(|e| e.load(Relaxed)));
                out.write_all(&block)?;
            }
        }
        let crc = out.crc.clone().finalize();
        let mut file = out.inner.into_inner().map_err(|e| e.into_error())?;
        file.write_all(&crc.to_le_bytes())?;
        file.sync_all()
    }

    /// Reads the table in `path`, checks it whole, and makes it the
    /// process's table for its board size and depth. A file loaded before in
    /// this process is not read again.
    pub fn load(path: &Path) -> Result<LastRanksTable, LastRanksFileError> {
        static LOADED: OnceLock<Mutex<Vec<(PathBuf, BoardSize, usize)>>> = OnceLock::new();
        let loaded = LOADED.get_or_init(Default::default);
        let known = loaded.lock().unwrap_or_else(|e| e.into_inner()).iter().find(|(p, ..)| p == path).cloned();
        if let Some((_, size, ranks)) = known
            && let Ok(table) = LastRanksTable::new(size, ranks)
        {
            return Ok(table);
        }
        let table = read(path)?.install();
        loaded.lock().unwrap_or_else(|e| e.into_inner()).push((path.to_path_buf(), table.size, table.ranks()));
        Ok(table)
    }
}

/// The table in `path`, read into a table of its own.
fn read(path: &Path) -> Result<LastRanksTable, LastRanksFileError> {
    let access = |reason: io::Error| LastRanksFileError::Access { path: path.to_path_buf(), reason };
    let damaged = |reason: TableDamage| LastRanksFileError::Damaged { path: path.to_path_buf(), reason };
    let file = File::open(path).map_err(access)?;
    let length = file.metadata().map_err(access)?.len();
    let mut input = BufReader::new(file);
    let mut header = [0u8; HEADER];
    if input.read_exact(&mut header).is_err() || &header[..8] != MAGIC {
        return Err(LastRanksFileError::NotATable { path: path.to_path_buf() });
    }
    let mut crc = crc32fast::Hasher::new();
    crc.update(&header);
    let size = BoardSize::new(header[8], header[9]);
    let ranks = header[10] as usize;
    Variant::Breakthrough.check_size(size).map_err(|e| damaged(e.into()))?;
    let arrangements = Fight::check_ranks(size, ranks).map_err(|e| damaged(e.into()))?;
    let expected = (HEADER + 2 * arrangements + 4) as u64;
    if length != expected {
        return Err(damaged(TableDamage::Length { length, ranks, size, expected }));
    }
    let fight = Fight::new(size.columns as usize, ranks, size.rows as usize, arrangements);
    let mut block = vec![0u8; BLOCK];
    for entries in [&fight.attack, &fight.defend] {
        for chunk in entries.chunks(BLOCK) {
            let bytes = &mut block[..chunk.len()];
            input.read_exact(bytes).map_err(|e| damaged(e.into()))?;
            crc.update(bytes);
            store(chunk, bytes, fight.never()).map_err(damaged)?;
        }
    }
    let mut stored = [0u8; 4];
    input.read_exact(&mut stored).map_err(|e| damaged(e.into()))?;
    if u32::from_le_bytes(stored) != crc.finalize() {
        return Err(damaged(TableDamage::Checksum));
    }
    Ok(LastRanksTable { size, fight: Arc::new(fight) })
}

/// Stores a block's entries, each a threshold no larger than `never`.
fn store(entries: &[AtomicU8], bytes: &[u8], never: u8) -> Result<(), TableDamage> {
    for (entry, &value) in entries.iter().zip(bytes) {
        if value > never {
            return Err(TableDamage::Entry { value, never });
        }
        entry.store(value, Relaxed);
    }
    Ok(())
}

/// A writer that keeps the CRC-32 of what passes through it.
struct Crc32Writer<W> {
    inner: W,
    crc: crc32fast::Hasher,
}

impl<W: Write> Write for Crc32Writer<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let written = self.inner.write(bytes)?;
        self.crc.update(&bytes[..written]);
        Ok(written)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temporary(name: &str) -> PathBuf {
        std::env::temp_dir().join(format!("breakline-last-ranks-{}-{name}", std::process::id()))
    }

    /// Every entry of two tables of the same fight, attacker to move then defender.
    fn entries(table: &LastRanksTable) -> Vec<u8> {
        table.fight.attack.iter().chain(table.fight.defend.iter()).map(|e| e.load(Relaxed)).collect()
    }

    #[test]
    #[cfg_attr(target_family = "wasm", ignore = "files: none in the browser")]
    fn a_filled_table_reads_back_entry_for_entry_and_a_damaged_one_is_refused() {
        let size = BoardSize::new(4, 6);
        let table = LastRanksTable::new(size, 3).expect("3 ranks fit 4x6");
        table.fill(2, &|_| {});
        assert!(table.is_full());
        let path = temporary("whole");
        table.save(&path).expect("saved");
        let bytes = fs::read(&path).expect("read");
        assert_eq!(bytes.len(), HEADER + 2 * table.arrangements() + 4);
        let loaded = read(&path).expect("loads");
        assert_eq!((loaded.size(), loaded.ranks()), (size, 3));
        assert_eq!(entries(&loaded), entries(&table));
        // Another value in range: only the checksum sees it.
        let mut changed = bytes.clone();
        changed[HEADER + 7] = if changed[HEADER + 7] == 2 { 3 } else { 2 };
        let refused = |bytes: &[u8]| {
            fs::write(&path, bytes).expect("written");
            read(&path).err().expect("refused")
        };
        assert!(
            matches!(refused(&changed), LastRanksFileError::Damaged { reason, .. } if reason.to_string().contains("checksum"))
        );
        assert!(matches!(refused(&bytes[..bytes.len() - 1]), LastRanksFileError::Damaged { .. }));
        let mut impossible = bytes.clone();
        impossible[10] = 5;
        assert!(
            matches!(refused(&impossible), LastRanksFileError::Damaged { reason, .. } if reason.to_string().contains("7 rows"))
        );
        assert!(matches!(refused(b"BLRANKS"), LastRanksFileError::NotATable { .. }));
        assert!(matches!(refused(&[b"XLRANKS1", &bytes[8..]].concat()), LastRanksFileError::NotATable { .. }));
        let _ = fs::remove_file(&path);
    }

    #[test]
    #[cfg_attr(target_family = "wasm", ignore = "files: none in the browser")]
    fn a_table_half_filled_by_look_ups_saves_its_gaps_as_unsolved() {
        let size = BoardSize::new(3, 5);
        let table = LastRanksTable::new(size, 2).expect("2 ranks fit 3x5");
        // An attacker on b2, a step from the goal, and what that leads to: solved alone.
        table.fight.threshold(table.fight.index(0, 1 << 4), true);
        let path = temporary("gaps");
        table.save(&path).expect("saved");
        let loaded = read(&path).expect("loads");
        let (before, after) = (entries(&table), entries(&loaded));
        assert_eq!(before, after);
        assert!(after.contains(&0) && after.iter().any(|&e| e != 0));
        let _ = fs::remove_file(&path);
    }
}
