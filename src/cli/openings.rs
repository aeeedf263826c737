//! `breakline openings`: a balanced opening set for matches (random openings
//! a short search scores near even), and the `--openings FILE` that
//! `match` and `tournament` read it through.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::Args;
use thiserror::Error;

use super::progress;
use crate::engine::ai::eval::win_chance;
use crate::engine::ai::search::{AiConfig, ConfigError};
use crate::engine::lab::openings::balanced_openings;
use crate::engine::lab::openings::{BalanceSpec, BalancedOpening, BalancedOpeningsError, OpeningSet, OpeningsError};
use crate::engine::rules::SizeError;
use crate::engine::{BoardSize, Variant};

#[derive(Args, Debug)]
pub(crate) struct OpeningsArgs {
    #[arg(long, default_value = "breakthrough")]
    variant: Variant,
    #[arg(long, default_value = "8x8")]
    size: BoardSize,
    /// Openings wanted
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    count: u64,
    /// Random plies from the start in every opening
    #[arg(long, default_value_t = 4)]
    plies: u32,
    /// The player whose short search scores a candidate (one thread; its limits give way to --nodes)
    #[arg(long, default_value = "master:threads=1")]
    player: String,
    /// Nodes it searches a candidate: the same set on any machine
    #[arg(long, default_value_t = 20_000, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: u64,
    /// The largest score, either way, of an opening kept (in the scores `info` lines show)
    #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(i32).range(0..))]
    within: i32,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Candidates searched at once (default: all cores); the set does not depend on it
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    threads: Option<u64>,
    /// The file to write (default: stdout)
    #[arg(long)]
    out: Option<PathBuf>,
}

/// Why no opening set was written.
#[derive(Debug, Error)]
pub(crate) enum OpeningsCliError {
    #[error(transparent)]
    Size(#[from] SizeError),
    #[error("--player: {0}")]
    Player(#[from] ConfigError),
    #[error(transparent)]
    Balance(#[from] BalancedOpeningsError),
    #[error("{}: {error}", path.display())]
    Write { path: PathBuf, error: std::io::Error },
}

/// An `--openings` file that cannot be read as a set for the series.
#[derive(Debug, Error)]
pub(crate) enum OpeningsFileError {
    #[error("--openings {}: {error}", path.display())]
    Read { path: PathBuf, error: std::io::Error },
    #[error("--openings {}: {error}", path.display())]
    Parse { path: PathBuf, error: OpeningsError },
}

/// The set in `path`, every opening of `variant` on `size`.
pub(crate) fn read_openings(path: &Path, variant: Variant, size: BoardSize) -> Result<OpeningSet, OpeningsFileError> {
    let text =
        std::fs::read_to_string(path).map_err(|error| OpeningsFileError::Read { path: path.to_path_buf(), error })?;
    OpeningSet::parse(&text, variant, size)
        .map_err(|error| OpeningsFileError::Parse { path: path.to_path_buf(), error })
}

pub(crate) fn run(args: &OpeningsArgs) -> Result<(), OpeningsCliError> {
    args.variant.check_size(args.size)?;
    let spec = BalanceSpec {
        variant: args.variant,
        size: args.size,
        plies: args.plies,
        player: AiConfig::parse(&args.player, args.variant)?,
        nodes: args.nodes,
        within: args.within,
        count: args.count as usize,
        seed: args.seed,
    };
    let threads = args.threads.map_or_else(progress::default_threads, |t| t as usize);
    let started = Instant::now();
    let (openings, tried) = balanced_openings(&spec, threads)?;
    let text = file_text(args, &openings, tried);
    match &args.out {
        Some(path) => {
            std::fs::write(path, text).map_err(|error| OpeningsCliError::Write { path: path.clone(), error })?
        }
        None => print!("{text}"),
    }
    eprintln!(
        "openings: kept {} of {tried} candidates within {} in {:.1} s on {threads} thread(s)",
        openings.len(),
        args.within,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The set as a file: a header saying how it was made, then one position a
/// line with its score (for the side to move) after a `#`.
fn file_text(args: &OpeningsArgs, openings: &[BalancedOpening], tried: usize) -> String {
    let mut text = format!(
        "# breakline openings --variant {} --size {} --count {} --plies {} --player {} --nodes {} --within {} --seed {}\n",
        args.variant, args.size, args.count, args.plies, args.player, args.nodes, args.within, args.seed
    );
    let chance = win_chance(args.variant, args.within) * 100.0;
    let _ = writeln!(
        text,
        "# {} of the first {tried} random openings: the side to move's score within {} either way ({:.0}-{:.0}% by the expert's curve)",
        openings.len(),
        args.within,
        100.0 - chance,
        chance
    );
    for opening in openings {
        let _ = writeln!(text, "{}  # {:+}", opening.position.fen(), opening.score);
    }
    text
}
