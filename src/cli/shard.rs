//! The command line's side of shards: `--shard K/N` (or a batch engine's
//! variables, see `engine::lab::shard`), and the shard file a run writes as
//! its games finish.

use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use clap::Args;
use serde::Serialize;
use thiserror::Error;

use crate::engine::lab::shard::{Fingerprint, Shard, ShardError, ShardSpec, ShardWriter, shard_from_env};

#[derive(Args, Debug, Clone, Default)]
pub(crate) struct ShardArgs {
    /// Play only shard K of N (from 1, e.g. 2/4; whole colour-swapped pairs
    /// dealt in turn): a match, tournament, tuning or experiment shard writes
    /// its games as JSON lines (to --json, else stdout) for `breakline merge`,
    /// a datagen shard its positions to --out. Unset: BREAKLINE_SHARD=K/N, a
    /// Slurm array's SLURM_ARRAY_TASK_ID, or JOB_COMPLETION_INDEX with
    /// BREAKLINE_SHARDS
    #[arg(long, value_name = "K/N")]
    shard: Option<Shard>,
}

/// Why a shard could not be named or written.
#[derive(Debug, Error)]
pub(crate) enum ShardRunError {
    #[error(transparent)]
    Shard(#[from] ShardError),
    #[error("{}: {error}", path.display())]
    Create { path: PathBuf, error: io::Error },
    #[error("writing the shard's games: {0}")]
    Write(io::Error),
}

impl ShardArgs {
    /// The shard this run plays: `--shard`, else the environment's, else none.
    pub(crate) fn resolve(&self) -> Result<Option<Shard>, ShardError> {
        if self.shard.is_some() {
            return Ok(self.shard);
        }
        let found = shard_from_env(|name| std::env::var(name).ok())?;
        if let Some(env) = found {
            eprintln!("breakline: shard {} (from {})", env.shard, env.source);
        }
        Ok(found.map(|env| env.shard))
    }
}

/// A shard file being written; a failed write stops the run and is
/// reported once at the end.
pub(crate) struct ShardOut {
    writer: ShardWriter<Box<dyn Write>>,
    target: String,
    shard: Shard,
    kind: &'static str,
    written: usize,
    failed: Option<io::Error>,
}

impl ShardOut {
    /// Opens `json` (stdout if none) and writes the header of `shard` of `spec`.
    pub(crate) fn open(json: Option<&Path>, spec: &ShardSpec, shard: Shard) -> Result<ShardOut, ShardRunError> {
        let (out, target): (Box<dyn Write>, String) = match json {
            Some(path) => {
                let file = File::create(path).map_err(|error| ShardRunError::Create { path: path.into(), error })?;
                (Box::new(file), path.display().to_string())
            }
            None => (Box::new(io::stdout()), "stdout".to_string()),
        };
        let writer = ShardWriter::new(out, spec, shard).map_err(ShardRunError::Write)?;
        Ok(ShardOut { writer, target, shard, kind: spec.kind(), written: 0, failed: None })
    }

    /// Writes a finished game; on failure, asks the run to stop.
    pub(crate) fn record<G: Serialize>(
        &mut self,
        series: Option<Fingerprint>,
        index: usize,
        game: &G,
        stop: &AtomicBool,
    ) {
        if self.failed.is_some() {
            return;
        }
        match self.writer.write(series, index, game) {
            Ok(()) => self.written += 1,
            Err(error) => {
                self.failed = Some(error);
                stop.store(true, Ordering::Relaxed);
            }
        }
    }

    /// The end of the shard: the first write error, or a note on stderr.
    pub(crate) fn finish(self) -> Result<(), ShardRunError> {
        if let Some(error) = self.failed {
            return Err(ShardRunError::Write(error));
        }
        eprintln!("breakline: {} shard {}: {} games written to {}", self.kind, self.shard, self.written, self.target);
        Ok(())
    }
}
