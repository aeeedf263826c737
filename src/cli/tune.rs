//! `breakline tune`: Texel tuning of a variant's expert weights (see
//! `engine::tune`), printing the fit and writing the weights as the Rust
//! source the build ships.

use std::time::Instant;

use clap::Args;

use super::progress;
use crate::engine::lab::tune::{self, TuneSpec};
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
    /// Leaf noise of the sample games, raw units (default 10 Breakthrough, 2 Lines of Action)
    #[arg(long)]
    noise: Option<u32>,
    /// Worker threads for the sample games (default: all cores); the result does not depend on it
    #[arg(long)]
    threads: Option<u64>,
    /// Write the weights here as Rust source (src/engine/ai/eval/<variant>/weights.rs)
    #[arg(long)]
    out: Option<std::path::PathBuf>,
}

pub(crate) fn run(args: &TuneArgs) -> Result<(), String> {
    let mut spec = TuneSpec::new(args.variant, args.games, args.seed);
    spec.size = args.size;
    spec.random_plies = args.random_plies;
    if let Some(d) = args.depth {
        spec.depth = d.clamp(1, 8);
    }
    if let Some(n) = args.noise {
        spec.noise = n;
    }
    let threads = args.threads.map_or_else(progress::default_threads, |t| t as usize);
    let started = Instant::now();
    let bar = progress::bar(spec.games, "tune");
    let report = tune::tune(&spec, threads, &|done| bar.set_position(done as u64)).map_err(|e| e.to_string())?;
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
        std::fs::write(path, report.rust_source(&out)).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(())
}
