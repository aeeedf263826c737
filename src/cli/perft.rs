//! `breakline perft`: move-path counts per depth, with time and speed.

use std::time::Instant;

use clap::Args;
use thiserror::Error;

use crate::engine::rules::SizeError;
use crate::engine::rules::error::FenError;
use crate::engine::{BoardSize, Position, Variant};

#[derive(Args, Debug)]
pub(crate) struct PerftArgs {
    /// breakthrough or loa
    #[arg(long, default_value = "breakthrough")]
    variant: Variant,
    /// Board size, COLUMNSxROWS (ignored with --fen, whose ranks give the size)
    #[arg(long, default_value = "8x8")]
    size: BoardSize,
    /// Deepest depth to count
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=20))]
    depth: u32,
    /// Start from this position string instead of the start position
    #[arg(long)]
    fen: Option<String>,
    /// Split the deepest count by first move
    #[arg(long)]
    divide: bool,
}

/// Why `perft` could not count: the position asked for does not exist.
#[derive(Debug, Error)]
pub(crate) enum PerftError {
    #[error(transparent)]
    Fen(#[from] FenError),
    #[error(transparent)]
    Size(#[from] SizeError),
}

pub(crate) fn run(args: &PerftArgs) -> Result<(), PerftError> {
    let pos = match &args.fen {
        Some(fen) => Position::from_fen(args.variant, fen)?,
        None => Position::start(args.variant, args.size)?,
    };
    let start = Instant::now();
    let mut total = 0;
    for depth in 1..=args.depth {
        let nodes = pos.perft(depth);
        total += nodes;
        println!("depth {depth} nodes {nodes}");
    }
    if args.divide && args.depth > 0 {
        for (m, nodes) in pos.divide(args.depth) {
            println!("{} {nodes}", pos.move_name(m));
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!("time {secs:.3} s, {:.0} nodes/s", total as f64 / secs.max(1e-9));
    Ok(())
}
