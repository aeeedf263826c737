//! `library bench`: fills a new library with seeded random games and times
//! the import (and the same games imported again), the bytes a game takes,
//! the count, pages of the list (the first, the next, a filtered one, a
//! text search) and the explorer, before and after its log is merged.

use std::time::Instant;

use clap::Args;

use super::LibraryCliError;
use crate::engine::library::sample::random_game;
use crate::engine::library::transfer::BATCH;
use crate::engine::library::{EXPLORER_PLIES, GameFilter, Library, ResultFilter};
use crate::engine::rules::position::Position;
use crate::engine::{BoardSize, Variant};

/// Games generated and imported at a time, so a million games never sit in
/// memory as one text.
const CHUNK: u64 = 10_000;

/// Games a page of the list shows.
const PAGE: u32 = 100;

/// Times each query is run; the best time is shown beside the first.
const RUNS: usize = 5;

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
    import(library, args)?;
    let first_chunk = chunk(args, 0)?;
    let clock = Instant::now();
    let again = library.import_text(&first_chunk, &mut |_| {})?;
    println!(
        "imported the first {} games again in {:.2} s: {} new, {} already there",
        again.stored.len() + again.already.len(),
        secs(clock),
        again.stored.len(),
        again.already.len()
    );
    let bytes = library.stored_bytes()?;
    let count = library.count()?;
    println!("library: {:.1} MiB, {} bytes a game", bytes as f64 / 1048576.0, bytes / count.max(1));
    let (first, best) = timed(|| library.count())?;
    println!("counted {count} games in {best:.1} ms (first {first:.1} ms)");
    list(library)?;
    explore(library, args)?;
    // The explorer's log as the import left it, then merged (see `library::openings`).
    let clock = Instant::now();
    library.merge_explorer()?;
    println!("merged the explorer's log into its main index in {:.2} s", secs(clock));
    explore(library, args)
}

/// Generates and imports the games a chunk at a time; only the import is timed.
fn import(library: &mut Library, args: &BenchArgs) -> Result<(), LibraryCliError> {
    let (mut making, mut storing, mut text_bytes, mut stored, mut refused) = (0.0, 0.0, 0, 0, 0);
    for index in 0..args.games.div_ceil(CHUNK) {
        let clock = Instant::now();
        let text = chunk(args, index)?;
        making += secs(clock);
        text_bytes += text.len();
        let clock = Instant::now();
        let summary = library.import_text(&text, &mut |_| {})?;
        storing += secs(clock);
        (stored, refused) = (stored + summary.stored.len(), refused + summary.refused.len());
        if args.games > 10 * CHUNK && (index + 1) % 10 == 0 {
            eprintln!("{stored} games stored, {storing:.1} s");
        }
    }
    println!("generated {} games ({} MiB of text) in {making:.2} s", args.games, text_bytes / (1024 * 1024));
    println!(
        "imported {stored} games in {storing:.2} s ({:.0} games/s, in transactions of {BATCH}), refused {refused}",
        stored as f64 / storing.max(1e-9)
    );
    Ok(())
}

/// The games of chunk `index` as text.
fn chunk(args: &BenchArgs, index: u64) -> Result<String, LibraryCliError> {
    let (first, count) = (index * CHUNK, CHUNK.min(args.games - index * CHUNK));
    let mut text = String::new();
    for n in first..first + count {
        let game =
            random_game(args.variant, args.size, args.seed, n).map_err(|e| LibraryCliError::Filter(e.to_string()))?;
        text.push_str(&game);
        text.push('\n');
    }
    Ok(text)
}

/// Pages of the list: the first, the next, a filtered one and a text search.
fn list(library: &Library) -> Result<(), LibraryCliError> {
    let page = GameFilter { limit: Some(PAGE), ..GameFilter::default() };
    let (first, best) = timed(|| library.list(&page))?;
    let shown = library.list(&page)?;
    println!("listed the first page ({} games) in {best:.1} ms (first {first:.1} ms)", shown.len());
    let next = GameFilter { after: shown.last().map(|g| g.id), ..page.clone() };
    let (first, best) = timed(|| library.list(&next))?;
    println!("listed the next page in {best:.1} ms (first {first:.1} ms)");
    let won = GameFilter { result: Some(ResultFilter::WhiteWon), ..page.clone() };
    let (first, best) = timed(|| library.list(&won))?;
    println!("listed a page of White's wins in {best:.1} ms (first {first:.1} ms)");
    let search = GameFilter { text: Some("a2-a3".into()), ..page };
    let (first, best) = timed(|| library.list(&search))?;
    println!("searched the moves for 'a2-a3' (a page) in {best:.1} ms (first {first:.1} ms)");
    Ok(())
}

/// The explorer at the start and after the most played first move.
fn explore(library: &Library, args: &BenchArgs) -> Result<(), LibraryCliError> {
    let start = Position::start(args.variant, args.size).map_err(|e| LibraryCliError::Filter(e.to_string()))?;
    let (first, best) = timed(|| library.explore(&start))?;
    let moves = library.explore(&start)?;
    let played: u64 = moves.iter().map(|m| m.played).sum();
    println!(
        "explorer at the start: {} moves, {played} games, in {best:.2} ms (first {first:.2} ms; it sees the first {EXPLORER_PLIES} plies)",
        moves.len()
    );
    if let Some(top) = moves.first() {
        let mut after = start.clone();
        after.play_text(&top.notation).map_err(|e| LibraryCliError::Filter(e.to_string()))?;
        let (first, best) = timed(|| library.explore(&after))?;
        println!("explorer after {}: in {best:.2} ms (first {first:.2} ms)", top.notation);
    }
    Ok(())
}

/// The first run's time and the best of [`RUNS`], in milliseconds.
fn timed<T, E>(mut run: impl FnMut() -> Result<T, E>) -> Result<(f64, f64), E> {
    let mut times = Vec::with_capacity(RUNS);
    for _ in 0..RUNS {
        let clock = Instant::now();
        run()?;
        times.push(1000.0 * secs(clock));
    }
    Ok((times[0], times.iter().copied().fold(f64::INFINITY, f64::min)))
}

fn secs(clock: Instant) -> f64 {
    clock.elapsed().as_secs_f64()
}
