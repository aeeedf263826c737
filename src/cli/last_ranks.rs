//! `breakline last-ranks`: solves a whole table of the fight on a side's last
//! ranks (Breakthrough) on every core and writes it to a file, which solves
//! and a proof's jobs then load (`solve --last-ranks-file`) instead of each
//! filling its own.

use std::path::PathBuf;
use std::time::Instant;

use clap::Args;

use crate::engine::ai::solver::LastRanksTable;
use crate::engine::{BoardSize, Variant};

use super::progress;
use super::solve_error::SolveCommandError;

#[derive(Args, Debug)]
pub(crate) struct LastRanksArgs {
    /// Breakthrough board size, COLUMNSxROWS
    #[arg(long)]
    size: BoardSize,
    /// Ranks nearest each side's home the table covers (2 or more, at most the rows less 2)
    #[arg(long)]
    ranks: usize,
    /// The file to write
    #[arg(long)]
    out: PathBuf,
    /// Threads solving it (default: every core)
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    threads: Option<u64>,
}

pub(crate) fn run(args: &LastRanksArgs) -> Result<(), SolveCommandError> {
    Variant::Breakthrough.check_size(args.size)?;
    let table = LastRanksTable::new(args.size, args.ranks)?;
    let threads = args.threads.map_or_else(progress::default_threads, |n| n as usize);
    let bar = progress::share_bar(&format!("{} last ranks on {}", args.ranks, args.size));
    let start = Instant::now();
    table.fill(threads, &|done| bar.set_position((done * 1000.0) as u64));
    bar.finish_and_clear();
    let solved = start.elapsed();
    table.save(&args.out)?;
    println!(
        "table of {} last ranks on {}: {} arrangements, solved in {:.1} s on {threads} thread{}, written to {} in {:.1} s ({} bytes)",
        table.ranks(),
        table.size(),
        table.arrangements(),
        solved.as_secs_f64(),
        if threads == 1 { "" } else { "s" },
        args.out.display(),
        (start.elapsed() - solved).as_secs_f64(),
        2 * table.arrangements() + 20
    );
    Ok(())
}
