//! A job-level run's directory: `run.json` names the position and budget,
//! `wave-NNNN.jobs` holds a wave's jobs (one JSON line each) and
//! `wave-NNNN-job-I.result` a job's result, written to a temporary file and
//! renamed, so a job killed mid-write leaves no result rather than half of one.

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use breakline_rules::Variant;
use breakline_rules::connection_rule::BothConnected;
use breakline_rules::position::Position;

use super::{Job, JobError, JobResult, JobSettings};

/// What `run.json` records: what the results in the directory answer.
#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
struct RunHeader {
    format: u32,
    variant: Variant,
    fen: String,
    budget: u64,
    /// Lines of Action's rule for a move joining both sides; absent (the
    /// usual rule) in directories made before the rule existed.
    #[serde(default, skip_serializing_if = "is_usual")]
    both_connected: BothConnected,
}

fn is_usual(rule: &BothConnected) -> bool {
    *rule == BothConnected::default()
}

/// The directory of one job-level solve.
#[derive(Clone, Debug)]
pub struct JobDir {
    path: PathBuf,
}

fn access(path: &Path, reason: std::io::Error) -> JobError {
    JobError::Access { path: path.to_path_buf(), reason }
}

fn unwritable(path: &Path, reason: serde_json::Error) -> JobError {
    JobError::Unwritable { path: path.to_path_buf(), reason }
}

fn damaged(path: &Path, reason: serde_json::Error) -> JobError {
    JobError::Damaged { path: path.to_path_buf(), reason }
}

impl JobDir {
    /// Opens (creating it if need be) the directory of a solve of `position`
    /// with `settings`; refuses one that holds another position's or
    /// budget's run (other wave sizes and tables are fine), and a position
    /// job-level proofs cannot answer.
    pub fn open(path: &Path, position: &Position, settings: &JobSettings) -> Result<JobDir, JobError> {
        super::check_position(position)?;
        fs::create_dir_all(path).map_err(|e| access(path, e))?;
        let header = RunHeader {
            format: 1,
            variant: position.variant(),
            fen: position.fen(),
            budget: settings.budget,
            both_connected: position.both_connected().unwrap_or_default(),
        };
        let file = path.join("run.json");
        match fs::read_to_string(&file) {
            Ok(text) => {
                let found: RunHeader = serde_json::from_str(&text).map_err(|e| damaged(&file, e))?;
                if found != header {
                    return Err(JobError::Foreign { path: path.to_path_buf() });
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let text = serde_json::to_string_pretty(&header).map_err(|e| unwritable(&file, e))?;
                write_atomic(&file, &text)?;
            }
            Err(e) => return Err(access(&file, e)),
        }
        Ok(JobDir { path: path.to_path_buf() })
    }

    /// Every job result in the directory, by position.
    pub(super) fn results(&self) -> Result<HashMap<String, JobResult>, JobError> {
        let mut ledger = HashMap::new();
        for entry in fs::read_dir(&self.path).map_err(|e| access(&self.path, e))? {
            let path = entry.map_err(|e| access(&self.path, e))?.path();
            if path.extension().is_some_and(|x| x == "result") {
                let text = fs::read_to_string(&path).map_err(|e| access(&path, e))?;
                let result: JobResult = serde_json::from_str(&text).map_err(|e| damaged(&path, e))?;
                ledger.insert(result.fen.clone(), result);
            }
        }
        Ok(ledger)
    }

    /// Writes the next wave's file (numbered after those there) and returns its path.
    pub(super) fn write_wave(&self, jobs: &[Job]) -> Result<PathBuf, JobError> {
        let waves = fs::read_dir(&self.path)
            .map_err(|e| access(&self.path, e))?
            .filter_map(|e| e.ok())
            .filter(|e| e.path().extension().is_some_and(|x| x == "jobs"))
            .count();
        let path = self.path.join(format!("wave-{:04}.jobs", waves + 1));
        let mut text = String::new();
        for job in jobs {
            text.push_str(&serde_json::to_string(job).map_err(|e| unwritable(&path, e))?);
            text.push('\n');
        }
        write_atomic(&path, &text)?;
        Ok(path)
    }
}

/// A wave file's jobs.
pub(super) fn read_wave(path: &Path) -> Result<Vec<Job>, JobError> {
    let text = fs::read_to_string(path).map_err(|e| access(path, e))?;
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).map_err(|e| damaged(path, e)))
        .collect()
}

/// Where job `index` of the wave file `wave` writes its result.
pub(super) fn result_path(wave: &Path, index: usize) -> PathBuf {
    let stem = wave.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    wave.with_file_name(format!("{stem}-job-{index}.result"))
}

pub(super) fn write_result(path: &Path, result: &JobResult) -> Result<(), JobError> {
    let text = serde_json::to_string(result).map_err(|e| unwritable(path, e))?;
    write_atomic(path, &text)
}

/// Writes `text` to a temporary file beside `path`, then renames it over `path`.
fn write_atomic(path: &Path, text: &str) -> Result<(), JobError> {
    let mut partial = path.as_os_str().to_owned();
    partial.push(".partial");
    let partial = PathBuf::from(partial);
    fs::write(&partial, text).map_err(|e| access(&partial, e))?;
    fs::rename(&partial, path).map_err(|e| access(path, e))
}
