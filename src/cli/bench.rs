//! `breakline bench`: single-thread perft speed, and the two classic search
//! tables (Breakthrough after a2-a3, LOA from the start) to set beside the
//! published figures.

use std::time::{Duration, Instant};

use clap::Args;
use thiserror::Error;

use crate::engine::ai::search::{self, AiConfig, Algorithm, ConfigError, Limit, SearchError};
use crate::engine::rules::SizeError;
use crate::engine::rules::error::MoveError;
use crate::engine::{BoardSize, Position, Strategy, Variant};

#[derive(Args, Debug)]
pub(crate) struct BenchArgs {
    /// Runs of each perft; the best is reported
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=20))]
    runs: u32,
    /// Skip the perft part
    #[arg(long)]
    no_perft: bool,
    /// Skip the search tables
    #[arg(long)]
    no_search: bool,
    /// Time for the "depth reached" rows, in milliseconds
    #[arg(long, default_value_t = 3000)]
    time: u64,
    /// Only the master's time to depth at these thread counts (e.g. 1,2,4,8,16), instead of the rest
    #[arg(long, value_delimiter = ',', value_parser = clap::value_parser!(u32).range(1..=256))]
    smp: Vec<u32>,
    /// Positions a game for --smp
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u64).range(1..=100))]
    positions: u64,
}

/// Why a bench could not run.
#[derive(Debug, Error)]
pub(crate) enum BenchError {
    #[error(transparent)]
    Size(#[from] SizeError),
    #[error(transparent)]
    Move(#[from] MoveError),
    #[error(transparent)]
    Search(#[from] SearchError),
    /// A `--time` the search does not take.
    #[error("--time: {0}")]
    Time(ConfigError),
    #[error(transparent)]
    Config(#[from] ConfigError),
    #[error(transparent)]
    Smp(#[from] super::smp::SmpError),
}

pub(crate) fn run(args: &BenchArgs) -> Result<(), BenchError> {
    if cfg!(debug_assertions) {
        eprintln!("note: this is a debug build; run `cargo run --release -- bench` for real figures");
    }
    if !args.smp.is_empty() {
        return Ok(super::smp::run(&args.smp, args.positions as usize)?);
    }
    if !args.no_search {
        // A --time the search does not take is refused before anything runs.
        timed_enhanced(Strategy::Expert, args.time)?;
    }
    if !args.no_perft {
        println!("perft, single thread, best of {}:", args.runs);
        perft_row(Variant::Breakthrough, 6, args.runs)?;
        perft_row(Variant::LinesOfAction, 5, args.runs)?;
    }
    if !args.no_search {
        breakthrough_table(args.time)?;
        loa_table(args.time)?;
    }
    Ok(())
}

fn perft_row(variant: Variant, depth: u32, runs: u32) -> Result<(), BenchError> {
    let pos = Position::start(variant, BoardSize::new(8, 8))?;
    let mut best = Duration::MAX;
    let mut nodes = 0;
    for _ in 0..runs {
        let start = Instant::now();
        nodes = pos.perft(depth);
        best = best.min(start.elapsed());
    }
    let secs = best.as_secs_f64();
    println!(
        "  {:<13} 8x8 perft {depth}: {nodes:>11} nodes {secs:>7.3} s {:>7.1} M nodes/s",
        variant.id(),
        nodes as f64 / secs / 1e6
    );
    Ok(())
}

fn timed(pos: &Position, config: &AiConfig) -> Result<(u64, f64, u32), BenchError> {
    let result = search::search(pos, config, &mut ())?;
    Ok((result.info.nodes, result.info.time.as_secs_f64() * 1000.0, result.info.depth))
}

fn fixed(algorithm: Algorithm, strategy: Strategy, depth: u32) -> Result<AiConfig, BenchError> {
    Ok(AiConfig::fixed_depth(algorithm, strategy, depth)?)
}

/// Enhanced alpha-beta on one thread for `time_ms` a move.
fn timed_enhanced(strategy: Strategy, time_ms: u64) -> Result<AiConfig, BenchError> {
    let mut config = AiConfig::new(Algorithm::Enhanced, strategy)
        .with_limits(&[Limit::TimeMs(time_ms)])
        .map_err(BenchError::Time)?;
    config.set_threads(1)?;
    Ok(config)
}

fn breakthrough_table(time_ms: u64) -> Result<(), BenchError> {
    let mut pos = Position::start(Variant::Breakthrough, BoardSize::new(8, 8))?;
    pos.play_text("a2-a3")?;
    let strategy = Strategy::Expert;
    println!("\nbreakthrough 8x8 after a2-a3, black to move, strategy {strategy}:");
    println!("  depth | alpha-beta nodes       ms | enhanced nodes       ms | 2009 C# enhanced nodes     ms");
    let published = [(25, 29), (115, 58), (526, 225), (2564, 837), (3568, 1090), (62536, 22491)];
    for (depth, (pub_nodes, pub_ms)) in (2..=7).zip(published) {
        let (ab_nodes, ab_ms, _) = timed(&pos, &fixed(Algorithm::AlphaBeta, strategy, depth)?)?;
        let (en_nodes, en_ms, _) = timed(&pos, &fixed(Algorithm::Enhanced, strategy, depth)?)?;
        println!(
            "  {depth:>5} | {ab_nodes:>16} {ab_ms:>8.1} | {en_nodes:>14} {en_ms:>8.1} | {pub_nodes:>22} {pub_ms:>6}"
        );
    }
    let (nodes, ms, depth) = timed(&pos, &timed_enhanced(strategy, time_ms)?)?;
    println!("  enhanced, {time_ms} ms: depth {depth} reached, {nodes} nodes in {ms:.0} ms");
    Ok(())
}

fn loa_table(time_ms: u64) -> Result<(), BenchError> {
    let pos = Position::start(Variant::LinesOfAction, BoardSize::new(8, 8))?;
    let strategy = Strategy::Classic;
    println!("\nlines of action 8x8 start, strategy {strategy}:");
    println!("  depth | minimax nodes       ms | alpha-beta nodes       ms | published alpha-beta nodes      s");
    let published = [(403, 0.22), (5767, 2.05), (74403, 38.71)];
    for (depth, (pub_nodes, pub_s)) in (2..=4).zip(published) {
        let (mm_nodes, mm_ms, _) = timed(&pos, &fixed(Algorithm::Minimax, strategy, depth)?)?;
        let (ab_nodes, ab_ms, _) = timed(&pos, &fixed(Algorithm::AlphaBeta, strategy, depth)?)?;
        println!(
            "  {depth:>5} | {mm_nodes:>13} {mm_ms:>8.1} | {ab_nodes:>16} {ab_ms:>8.1} | {pub_nodes:>26} {pub_s:>6.2}"
        );
    }
    for strategy in [Strategy::Classic, Strategy::Expert] {
        let (nodes, ms, depth) = timed(&pos, &timed_enhanced(strategy, time_ms)?)?;
        println!("  enhanced {strategy}, {time_ms} ms: depth {depth} reached, {nodes} nodes in {ms:.0} ms");
    }
    Ok(())
}
