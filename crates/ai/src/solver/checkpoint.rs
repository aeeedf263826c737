//! Checkpoints: the table, which is all a df-pn proof knows, saved to a file
//! as the proof goes and loaded when a solve of the same position starts, so
//! a proof of hours survives an interruption and resumes where it was (from
//! the root again, which the saved numbers lead straight back down).

use std::fs::{self, File};
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

use thiserror::Error;

use breakline_rules::connection_rule::BothConnected;
use breakline_rules::error::SharedSource;
use breakline_rules::position::Position;

use super::table::Table;

/// Why a checkpoint could not be loaded, in one line naming the file.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CheckpointError {
    /// The file (or its folder) cannot be read or written.
    #[error("checkpoint {}: {reason}", path.display())]
    Access {
        /// The checkpoint file.
        path: PathBuf,
        /// What the system said.
        reason: String,
    },
    /// The file was saved by a solve of another position or settings.
    #[error("checkpoint {} was not saved by a solve of this position with these settings", path.display())]
    Foreign {
        /// The checkpoint file.
        path: PathBuf,
    },
    /// The file is damaged or cut short.
    #[error("checkpoint {} is damaged or cut short: {reason}", path.display())]
    Damaged {
        /// The checkpoint file.
        path: PathBuf,
        /// What reading it ran into.
        #[source]
        reason: SharedSource,
    },
}

/// Where and how often a solve saves its table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checkpoint {
    /// The file; read at the start when it exists, written as the proof goes.
    pub path: PathBuf,
    /// Time between saves (and one more when the proof ends or stops).
    pub every: Duration,
}

/// Saves and loads one solve's table, the file naming what it was saved for.
pub(crate) struct Saver {
    path: PathBuf,
    /// The first bytes of the file: format, position and settings that shape the keys.
    header: String,
    /// The last save's failure, if it failed.
    failure: Mutex<Option<String>>,
}

/// The position a checkpoint answers, as its header says it: the FEN, and
/// Lines of Action's tournament rule when it is played (a proof under one
/// rule for a move joining both sides is none under the other). The usual
/// rule adds nothing, so checkpoints saved before the rule existed still load.
pub(crate) fn position_key(position: &Position) -> String {
    match position.both_connected() {
        Some(rule) if rule != BothConnected::default() => format!("{} bothconnected={rule}", position.fen()),
        _ => position.fen(),
    }
}

impl Saver {
    /// A saver for the solve of `position` (its string) under `settings`.
    pub(crate) fn new(checkpoint: &Checkpoint, position: &str, settings: &str) -> Saver {
        let header = format!("breakline solver checkpoint 1\nposition {position}\nsettings {settings}\n");
        Saver { path: checkpoint.path.clone(), header, failure: Mutex::new(None) }
    }

    /// Adds the file's entries to `table`: how many, or `None` when there is
    /// no file yet. A file saved for another position or settings, or cut
    /// short, is refused with a one-line reason and nothing loaded.
    pub(crate) fn load(&self, table: &Table) -> Result<Option<u64>, CheckpointError> {
        let path = || self.path.clone();
        let access = |e: io::Error| CheckpointError::Access { path: path(), reason: e.to_string() };
        let file = match File::open(&self.path) {
            Ok(file) => file,
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                // Find out now, not hours later, whether saves can be written there.
                let partial = partial_path(&self.path);
                File::create(&partial).and_then(|_| fs::remove_file(&partial)).map_err(access)?;
                return Ok(None);
            }
            Err(e) => return Err(access(e)),
        };
        let mut input = BufReader::new(file);
        let mut header = vec![0; self.header.len()];
        if input.read_exact(&mut header).is_err() || header != self.header.as_bytes() {
            return Err(CheckpointError::Foreign { path: path() });
        }
        // On an error the solve does not start, so half a load does no harm.
        table
            .load(&mut input)
            .map(Some)
            .map_err(|e| CheckpointError::Damaged { path: path(), reason: SharedSource::new(e) })
    }

    /// Writes the table to a temporary file and renames it over the
    /// checkpoint, so an interrupted save leaves the last good one.
    pub(crate) fn save(&self, table: &Table) {
        let result = self.write(table);
        *self.failure.lock().unwrap_or_else(|e| e.into_inner()) = result.err().map(|e| self.describe(&e));
    }

    fn write(&self, table: &Table) -> io::Result<()> {
        let partial = partial_path(&self.path);
        let mut out = BufWriter::new(File::create(&partial)?);
        out.write_all(self.header.as_bytes())?;
        table.save(&mut out)?;
        out.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        fs::rename(&partial, &self.path)
    }

    /// Why the last save failed, if it did.
    pub(crate) fn failure(&self) -> Option<String> {
        self.failure.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    fn describe(&self, e: &io::Error) -> String {
        format!("checkpoint {}: {e}", self.path.display())
    }
}

/// The file a save writes before it replaces the checkpoint.
fn partial_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".partial");
    PathBuf::from(name)
}
