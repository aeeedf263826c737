//! `breakline puzzles generate | check`: puzzles proved by the solver (see
//! `engine::lab::puzzles`), generated from seeded self-play games, and a
//! check that replays every puzzle of a file and proves its answer unique.

use std::path::PathBuf;

use clap::{Args, Subcommand};
use thiserror::Error;

use crate::engine::ai::search::{AiConfig, ConfigError, SearchError};
use crate::engine::ai::solver::SolveConfig;
use crate::engine::puzzles::{PuzzleError, PuzzleSet, PuzzleSpec, Uniqueness, generate};
use crate::engine::rules::SizeError;
use crate::engine::{BoardSize, Variant};

use super::progress;

#[derive(Args, Debug)]
pub(crate) struct PuzzlesArgs {
    #[command(subcommand)]
    command: PuzzlesCommand,
}

#[derive(Subcommand, Debug)]
enum PuzzlesCommand {
    /// Find puzzles in seeded self-play games: proved wins with one answer (the only winning or fastest move)
    Generate(GenerateArgs),
    /// Replay every puzzle of a file by the rules (its line must end in the mover's win)
    Check {
        /// A puzzle file, as `generate` writes it
        file: PathBuf,
    },
}

#[derive(Args, Debug)]
struct GenerateArgs {
    #[arg(long, default_value = "breakthrough")]
    variant: Variant,
    #[arg(long, default_value = "8x8")]
    size: BoardSize,
    /// Puzzles to find
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    count: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The self-play player (noise makes games differ)
    #[arg(long, default_value = "enhanced:expert:depth=4:noise=1")]
    player: String,
    /// Shortest win kept, in the winner's moves
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=30))]
    min_moves: u32,
    /// Longest win kept, in the winner's moves
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u32).range(1..=30))]
    max_moves: u32,
    /// Nodes each proof may take (a node budget keeps the set the same on any machine)
    #[arg(long, default_value_t = 400_000, value_parser = clap::value_parser!(u64).range(1000..=1_000_000_000))]
    nodes: u64,
    /// What makes the first move the answer: only-winning-move (every other
    /// move is proved to lose) or only-fastest-win (no other move wins as
    /// fast); by default the first in Breakthrough, the second in Lines of Action
    #[arg(long)]
    uniqueness: Option<Uniqueness>,
    /// Worker threads (default: all cores)
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    threads: Option<u64>,
    /// Where to write the set (JSON)
    #[arg(long)]
    out: PathBuf,
}

/// Why puzzles could not be made or checked.
#[derive(Debug, Error)]
pub(crate) enum PuzzlesError {
    #[error(transparent)]
    Size(#[from] SizeError),
    #[error("--player: {0}")]
    Player(#[from] ConfigError),
    #[error("--min-moves {min} is more than --max-moves {max}")]
    MovesRange { min: u32, max: u32 },
    #[error(transparent)]
    Play(#[from] SearchError),
    #[error("cannot read {}: {source}", path.display())]
    Read { path: PathBuf, source: std::io::Error },
    #[error("cannot write {}: {source}", path.display())]
    Write { path: PathBuf, source: std::io::Error },
    #[error("{}: not a puzzle file: {source}", path.display())]
    Json { path: PathBuf, source: serde_json::Error },
    #[error("{}: puzzle {index}: {source}", path.display())]
    Puzzle { path: PathBuf, index: usize, source: PuzzleError },
}

pub(crate) fn run(args: &PuzzlesArgs) -> Result<(), PuzzlesError> {
    match &args.command {
        PuzzlesCommand::Generate(args) => run_generate(args),
        PuzzlesCommand::Check { file } => run_check(file),
    }
}

fn run_generate(args: &GenerateArgs) -> Result<(), PuzzlesError> {
    args.variant.check_size(args.size)?;
    if args.min_moves > args.max_moves {
        return Err(PuzzlesError::MovesRange { min: args.min_moves, max: args.max_moves });
    }
    let player = AiConfig::parse(&args.player, args.variant)?.with_auto_threads(1);
    let uniqueness = args.uniqueness.unwrap_or(Uniqueness::for_variant(args.variant));
    let spec = PuzzleSpec {
        variant: args.variant,
        size: args.size,
        player,
        uniqueness,
        opening_plies: 4,
        plies: (2 * args.min_moves - 1)..=(2 * args.max_moves - 1),
        solve: SolveConfig { nodes: Some(args.nodes), memory_mib: 64, ..SolveConfig::default() },
        seed: args.seed,
    };
    let threads = args.threads.map_or_else(progress::default_threads, |t| t as usize);
    let started = std::time::Instant::now();
    let puzzles = generate(&spec, args.count as usize, threads, |games, found| {
        eprintln!("{games} games judged, {found} puzzles found ({:.0} s)", started.elapsed().as_secs_f64());
    })?;
    let mut made_by = format!(
        "breakline puzzles generate --variant {} --size {} --count {} --seed {} --player {} --min-moves {} --max-moves {} --nodes {}",
        args.variant, args.size, args.count, args.seed, args.player, args.min_moves, args.max_moves, args.nodes
    );
    // Only a rule other than the variant's own is written, so that a set made
    // before the flag existed is still made by the command it names.
    if uniqueness != Uniqueness::for_variant(args.variant) {
        made_by.push_str(&format!(" --uniqueness {uniqueness}"));
    }
    let mut lengths = std::collections::BTreeMap::new();
    for p in &puzzles {
        *lengths.entry(p.win_in()).or_insert(0) += 1;
    }
    let set = PuzzleSet { made_by, puzzles };
    let json =
        serde_json::to_string_pretty(&set).map_err(|source| PuzzlesError::Json { path: args.out.clone(), source })?;
    std::fs::write(&args.out, json).map_err(|source| PuzzlesError::Write { path: args.out.clone(), source })?;
    let by_length: Vec<String> = lengths.iter().map(|(n, count)| format!("win in {n}: {count}")).collect();
    println!(
        "{} puzzles written to {} in {:.0} s ({})",
        set.puzzles.len(),
        args.out.display(),
        started.elapsed().as_secs_f64(),
        by_length.join(", ")
    );
    Ok(())
}

/// Reads a puzzle file.
pub(crate) fn read_set(path: &PathBuf) -> Result<PuzzleSet, PuzzlesError> {
    let text = std::fs::read_to_string(path).map_err(|source| PuzzlesError::Read { path: path.clone(), source })?;
    serde_json::from_str(&text).map_err(|source| PuzzlesError::Json { path: path.clone(), source })
}

fn run_check(file: &PathBuf) -> Result<(), PuzzlesError> {
    let set = read_set(file)?;
    for (i, puzzle) in set.puzzles.iter().enumerate() {
        puzzle.check().map_err(|source| PuzzlesError::Puzzle { path: file.clone(), index: i + 1, source })?;
    }
    println!("{}: {} puzzles, every line replays to the mover's win", file.display(), set.puzzles.len());
    Ok(())
}
