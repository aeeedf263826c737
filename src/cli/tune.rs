//! `breakline tune`: Texel tuning of a variant's expert weights (see
//! `engine::lab::tune`), printing the fit and writing the weights as the Rust
//! source the build ships.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use clap::Args;
use thiserror::Error;

use super::matches::{NoiseError, check_noise};
use super::progress;
use super::shard::{ShardArgs, ShardOut, ShardRunError};
use crate::engine::lab::shard::{Shard, ShardError, ShardSpec, share};
use crate::engine::lab::tune::{self, TuneError, TuneReport, TuneSpec};
use crate::engine::{BoardSize, Variant};

#[derive(Args, Debug)]
pub(crate) struct TuneArgs {
    #[arg(long, default_value = "breakthrough")]
    variant: Variant,
    #[arg(long, default_value = "8x8")]
    size: BoardSize,
    /// Self-play games to sample positions from
    #[arg(long, default_value_t = 2000)]
    games: usize,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Alpha-beta depth of the sample games (default 3 Breakthrough, 2 Lines of Action)
    #[arg(long)]
    depth: Option<u32>,
    /// Random plies opening each sample game
    #[arg(long, default_value_t = 6)]
    random_plies: u32,
    /// Tie-break noise of the sample games' search, a fraction of the evaluation step (0 to 1)
    #[arg(long, default_value_t = 1.0)]
    noise: f64,
    /// Worker threads for the sample games (default: all cores); the result does not depend on it
    #[arg(long)]
    threads: Option<u64>,
    /// Write the weights here as Rust source (src/engine/ai/eval/<variant>/weights.rs)
    #[arg(long)]
    out: Option<PathBuf>,
    /// With --shard: write the shard's sample games here (default: stdout)
    #[arg(long)]
    json: Option<PathBuf>,
    #[command(flatten)]
    shard: ShardArgs,
}

/// Why a tuning run failed.
#[derive(Debug, Error)]
pub(crate) enum TuneCliError {
    #[error(transparent)]
    Noise(#[from] NoiseError),
    #[error(transparent)]
    Tune(#[from] TuneError),
    #[error("{}: {error}", path.display())]
    Write { path: PathBuf, error: std::io::Error },
    #[error("--shard: {0}")]
    ShardName(#[from] ShardError),
    #[error(transparent)]
    Shard(#[from] ShardRunError),
    #[error("--json writes a shard's games: give --shard K/N too")]
    JsonAlone,
    #[error("a shard writes no weights: give --out to `breakline merge` instead")]
    OutInShard,
}

pub(crate) fn run(args: &TuneArgs) -> Result<(), TuneCliError> {
    check_noise(args.noise)?;
    let mut spec = TuneSpec::new(args.variant, args.games, args.seed);
    spec.size = args.size;
    spec.random_plies = args.random_plies;
    if let Some(d) = args.depth {
        spec.depth = d.clamp(1, 8);
    }
    spec.noise = args.noise;
    let threads = args.threads.map_or_else(progress::default_threads, |t| t as usize);
    if let Some(shard) = args.shard.resolve()? {
        if args.out.is_some() {
            return Err(TuneCliError::OutInShard);
        }
        return play_shard(&spec, shard, args.json.as_deref(), threads);
    }
    if args.json.is_some() {
        return Err(TuneCliError::JsonAlone);
    }
    let started = Instant::now();
    let bar = progress::bar(spec.games, "tune");
    let report = tune::tune(&spec, threads, &|done| bar.set_position(done as u64))?;
    bar.finish_and_clear();
    finish(&spec, &report, args.out.as_deref(), started.elapsed().as_secs_f64())
}

/// Plays shard `shard` of the sample games into a shard file.
fn play_shard(spec: &TuneSpec, shard: Shard, json: Option<&Path>, threads: usize) -> Result<(), TuneCliError> {
    let series = spec.series()?;
    let shard_spec = ShardSpec::Tune { tune: spec.clone() };
    let indices = share(shard, 1, series.games, false);
    let mut out = ShardOut::open(json, &shard_spec, shard)?;
    let bar = progress::bar(indices.len(), "tune shard");
    let stop = AtomicBool::new(false);
    series
        .run_games(&indices, threads, &stop, |game| {
            bar.inc(1);
            out.record(None, game.index, game, &stop);
        })
        .map_err(TuneError::from)?;
    bar.finish_and_clear();
    Ok(out.finish()?)
}

/// Prints the fit and writes the weights to `out`, as `tune` does after
/// playing and `merge` after reading the shards.
pub(crate) fn finish(
    spec: &TuneSpec,
    report: &TuneReport,
    out: Option<&Path>,
    seconds: f64,
) -> Result<(), TuneCliError> {
    let named = out.map_or("FILE".to_string(), |p| p.display().to_string());
    print!("{}", report_text(spec, report, &named, seconds));
    if let Some(path) = out {
        std::fs::write(path, report.rust_source(&named))
            .map_err(|error| TuneCliError::Write { path: path.to_path_buf(), error })?;
    }
    Ok(())
}

/// The fit as `tune` prints it.
fn report_text(spec: &TuneSpec, report: &TuneReport, out: &str, seconds: f64) -> String {
    let mut t = String::new();
    let _ = writeln!(t, "{}", spec.command(out));
    let _ = writeln!(
        t,
        "positions {} (held out {}), K {:.6e}, {} passes, {seconds:.1} s",
        report.train_positions, report.test_positions, report.k, report.passes,
    );
    let _ = writeln!(t, "loss: hand {:.6} -> fitted {:.6}", report.hand_loss, report.loss);
    let _ = writeln!(t, "held-out loss: hand {:.6} -> fitted {:.6}", report.hand_test_loss, report.test_loss);
    let _ = writeln!(t, "{:>6} {:>6} {:>8}  feature", "hand", "fitted", "shipped");
    for i in 0..report.names.len() {
        let _ =
            writeln!(t, "{:>6} {:>6} {:>8}  {}", report.hand[i], report.weights[i], report.shipped[i], report.names[i]);
    }
    t
}
