//! `library bench`: fills a new library with seeded random games and times
//! the import, a list of every game, a filtered list and the explorer.

use std::time::Instant;

use clap::Args;

use super::LibraryCliError;
use crate::engine::library::sample::random_games;
use crate::engine::library::transfer::BATCH;
use crate::engine::library::{GameFilter, Library};
use crate::engine::rules::position::Position;
use crate::engine::{BoardSize, Variant};

#[derive(Args, Debug)]
pub(crate) struct BenchArgs {
    /// Games to import
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    games: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[arg(long, default_value = "breakthrough")]
    variant: Variant,
    #[arg(long, default_value = "8x8")]
    size: BoardSize,
}

/// Runs the bench in `library`, which must be empty.
pub(super) fn bench(library: &mut Library, args: &BenchArgs) -> Result<(), LibraryCliError> {
    if library.count()? > 0 {
        let path = library.path().display();
        return Err(LibraryCliError::Filter(format!("{path} holds games: the bench needs an empty library")));
    }
    let clock = Instant::now();
    let text = random_games(args.variant, args.size, args.seed, args.games)
        .map_err(|e| LibraryCliError::Filter(e.to_string()))?;
    println!("generated {} games ({} KiB of text) in {:.2} s", args.games, text.len() / 1024, secs(clock));
    let clock = Instant::now();
    let summary = library.import_text(&text, &mut |_| {})?;
    let import = secs(clock);
    println!(
        "imported {} games in {import:.2} s ({:.0} games/s, in transactions of {BATCH}), refused {}",
        summary.stored.len(),
        summary.stored.len() as f64 / import.max(1e-9),
        summary.refused.len()
    );
    let clock = Instant::now();
    let all = library.list(&GameFilter::default())?;
    println!("listed all {} games in {:.1} ms", all.len(), 1000.0 * secs(clock));
    let clock = Instant::now();
    let found = library.list(&GameFilter { text: Some("a2-a3".into()), limit: Some(100), ..GameFilter::default() })?;
    println!("searched the moves for 'a2-a3' (first {}) in {:.1} ms", found.len(), 1000.0 * secs(clock));
    let start = Position::start(args.variant, args.size).map_err(|e| LibraryCliError::Filter(e.to_string()))?;
    let clock = Instant::now();
    let moves = library.explore(&start)?;
    let played: u64 = moves.iter().map(|m| m.played).sum();
    println!("explorer at the start: {} moves, {played} games, in {:.1} ms", moves.len(), 1000.0 * secs(clock));
    let size = std::fs::metadata(library.path()).map(|m| m.len()).unwrap_or(0);
    println!("library file: {} MiB", size / (1024 * 1024));
    Ok(())
}

fn secs(clock: Instant) -> f64 {
    clock.elapsed().as_secs_f64()
}
