//! `breakline merge FILE...`: the shard files of one run read back together
//! and reported exactly as the one-machine run reports (the same function
//! prints both), or refused with one line.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use thiserror::Error;

use crate::engine::lab::runner::{PairGame, SeriesGame};
use crate::engine::lab::shard::{MergeError, ShardSet, ShardSpec};
use crate::engine::lab::sprt::{Sprt, SprtBoundsError};
use crate::engine::lab::tune::{self, TuneError};

use super::{experiments, matches, tournament, tune as tune_cli};

#[derive(Args, Debug)]
pub(crate) struct MergeArgs {
    /// The shard files (any order; each game must be in exactly one)
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Tune shards: write the fitted weights here, as `tune --out` does
    #[arg(long)]
    out: Option<PathBuf>,
    /// Write the merged games, one JSON record per line in index order
    /// (as `match --json` writes them)
    #[arg(long)]
    json: Option<PathBuf>,
}

/// Why shards could not be merged.
#[derive(Debug, Error)]
pub(crate) enum MergeCliError {
    #[error("{}: {error}", path.display())]
    Read { path: PathBuf, error: std::io::Error },
    #[error(transparent)]
    Merge(#[from] MergeError),
    #[error(transparent)]
    Tune(#[from] tune_cli::TuneCliError),
    #[error(transparent)]
    Fit(#[from] TuneError),
    #[error(transparent)]
    Experiments(#[from] experiments::ExperimentsError),
    #[error("the shards' SPRT: {0}")]
    Sprt(#[from] SprtBoundsError),
    #[error("--out is for tune shards; these are {0} shards")]
    OutNotTune(&'static str),
    #[error("{}: {error}", path.display())]
    Write { path: PathBuf, error: std::io::Error },
}

pub(crate) fn run(args: &MergeArgs) -> Result<(), MergeCliError> {
    let mut files = Vec::with_capacity(args.files.len());
    for path in &args.files {
        let text = std::fs::read_to_string(path).map_err(|error| MergeCliError::Read { path: path.clone(), error })?;
        files.push((path.display().to_string(), text));
    }
    let set = ShardSet::read(&files)?;
    for note in set.notes() {
        eprintln!("breakline: {note}");
    }
    let spec = set.spec().clone();
    if args.out.is_some() && !matches!(spec, ShardSpec::Tune { .. }) {
        return Err(MergeCliError::OutNotTune(spec.kind()));
    }
    let seconds = set.seconds();
    match &spec {
        ShardSpec::Match { series, sprt } => {
            let games: Vec<SeriesGame> = set.all_games()?;
            write_json(args, &games)?;
            let sprt = sprt.map(|[elo0, elo1]| Sprt::new(elo0, elo1)).transpose()?;
            print!("{}", matches::report(series, sprt, &games, seconds));
        }
        ShardSpec::Tournament { round_robin } => {
            let games: Vec<PairGame> = set.all_games()?;
            write_json(args, &games)?;
            print!("{}", tournament::report(round_robin, &games, seconds));
        }
        ShardSpec::Tune { tune: spec } => {
            let games: Vec<SeriesGame> = set.all_games()?;
            write_json(args, &games)?;
            let report = tune::fit(spec, &games)?;
            tune_cli::finish(spec, &report, args.out.as_deref(), seconds)?;
        }
        ShardSpec::Studies { settings } => experiments::merged(settings, &set)?,
    }
    Ok(())
}

/// The merged games as JSON lines, where `--json` asks.
fn write_json<G: serde::Serialize>(args: &MergeArgs, games: &[G]) -> Result<(), MergeCliError> {
    let Some(path) = &args.json else { return Ok(()) };
    let failed = |error| MergeCliError::Write { path: path.clone(), error };
    let mut out = std::io::BufWriter::new(std::fs::File::create(path).map_err(failed)?);
    for game in games {
        serde_json::to_writer(&mut out, game).map_err(|e| failed(e.into()))?;
        writeln!(out).map_err(failed)?;
    }
    out.flush().map_err(failed)
}
