//! `breakline tune`: Texel tuning of a variant's expert weights (see
//! `engine::lab::tune`), printing the fit and writing the weights as the Rust
//! source the build ships.

use std::path::PathBuf;
use std::time::Instant;

use clap::Args;
use thiserror::Error;

use super::matches::{NoiseError, check_noise};
use super::progress;
use crate::engine::lab::tune::{self, TuneError, TuneSpec};
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
    let started = Instant::now();
    let bar = progress::bar(spec.games, "tune");
    let report = tune::tune(&spec, threads, &|done| bar.set_position(done as u64))?;
    bar.finish_and_clear();
    let out = args.out.as_ref().map_or("FILE".to_string(), |p| p.display().to_string());
    println!("{}", spec.command(&out));
    println!(
        "positions {} (held out {}), K {:.6e}, {} passes, {:.1} s",
        report.train_positions,
        report.test_positions,
        report.k,
        report.passes,
        started.elapsed().as_secs_f64()
    );
    println!("loss: hand {:.6} -> fitted {:.6}", report.hand_loss, report.loss);
    println!("held-out loss: hand {:.6} -> fitted {:.6}", report.hand_test_loss, report.test_loss);
    println!("{:>6} {:>6} {:>8}  feature", "hand", "fitted", "shipped");
    for i in 0..report.names.len() {
        println!("{:>6} {:>6} {:>8}  {}", report.hand[i], report.weights[i], report.shipped[i], report.names[i]);
    }
    if let Some(path) = &args.out {
        std::fs::write(path, report.rust_source(&out))
            .map_err(|error| TuneCliError::Write { path: path.clone(), error })?;
    }
    Ok(())
}
