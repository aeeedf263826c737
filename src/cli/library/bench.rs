//! `library bench`: fills a new library with seeded random games and times
//! the import (and the same games imported again), the bytes a game takes,
//! the count, pages of the list (the first, the next, a filtered one, a
//! text search) and the explorer, before and after its log is merged. The
//! import and the merge are timed in wall time and in the process's CPU
//! time, which a busy machine does not stretch.

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
        return Err(LibraryCliError::NotEmpty(library.path().to_path_buf()));
    }
    let importing = import(library, args)?;
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
    let clock = Stopwatch::start();
    library.merge_explorer()?;
    let merging = clock.read();
    println!("merged the explorer's log into its main index in {}", merging.text());
    let whole = importing.plus(merging);
    println!("import and merge together: {}, {}", whole.text(), whole.rate(count));
    explore(library, args)
}

/// Wall time and this process's CPU time (every thread's, user and system)
/// from a start.
struct Stopwatch {
    wall: Instant,
    cpu: Option<f64>,
}

/// Seconds of wall and CPU time a step took (no CPU time where the system
/// does not tell it).
#[derive(Clone, Copy)]
struct Took {
    wall: f64,
    cpu: Option<f64>,
}

impl Stopwatch {
    fn start() -> Stopwatch {
        Stopwatch { wall: Instant::now(), cpu: cpu_seconds() }
    }

    fn read(&self) -> Took {
        let cpu = self.cpu.zip(cpu_seconds()).map(|(then, now)| now - then);
        Took { wall: secs(self.wall), cpu }
    }
}

impl Took {
    fn plus(self, other: Took) -> Took {
        Took { wall: self.wall + other.wall, cpu: self.cpu.zip(other.cpu).map(|(a, b)| a + b) }
    }

    fn text(self) -> String {
        match self.cpu {
            Some(cpu) => format!("{:.2} s ({cpu:.2} s of CPU)", self.wall),
            None => format!("{:.2} s", self.wall),
        }
    }

    /// Games a second of wall time, and a second of CPU time.
    fn rate(self, games: u64) -> String {
        let per = |seconds: f64| games as f64 / seconds.max(1e-9);
        match self.cpu {
            Some(cpu) => format!("{:.0} games/s, {:.0} games a CPU-second", per(self.wall), per(cpu)),
            None => format!("{:.0} games/s", per(self.wall)),
        }
    }
}

/// The CPU time this process has used, every thread's, user and system.
#[cfg(unix)]
fn cpu_seconds() -> Option<f64> {
    let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
    // SAFETY: getrusage only writes the struct it is given, and zeroed is a
    // valid rusage; RUSAGE_SELF counts every thread of the process.
    if unsafe { libc::getrusage(libc::RUSAGE_SELF, usage.as_mut_ptr()) } != 0 {
        return None;
    }
    // SAFETY: initialised above (zeroed, then filled by getrusage).
    let usage = unsafe { usage.assume_init() };
    let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    Some(seconds(usage.ru_utime) + seconds(usage.ru_stime))
}

/// No CPU time where the system has no `getrusage`.
#[cfg(not(unix))]
fn cpu_seconds() -> Option<f64> {
    None
}

/// Generates and imports the games a chunk at a time; only the import is
/// timed, and its time returned.
fn import(library: &mut Library, args: &BenchArgs) -> Result<Took, LibraryCliError> {
    let (mut making, mut text_bytes, mut stored, mut refused) = (0.0, 0, 0, 0);
    let mut storing = Took { wall: 0.0, cpu: Some(0.0) };
    for index in 0..args.games.div_ceil(CHUNK) {
        let clock = Instant::now();
        let text = chunk(args, index)?;
        making += secs(clock);
        text_bytes += text.len();
        let clock = Stopwatch::start();
        let summary = library.import_text(&text, &mut |_| {})?;
        storing = storing.plus(clock.read());
        (stored, refused) = (stored + summary.stored.len(), refused + summary.refused.len());
        if args.games > 10 * CHUNK && (index + 1) % 10 == 0 {
            eprintln!("{stored} games stored, {:.1} s", storing.wall);
        }
    }
    println!("generated {} games ({} MiB of text) in {making:.2} s", args.games, text_bytes / (1024 * 1024));
    println!(
        "imported {stored} games in {} ({}, in transactions of {BATCH}), refused {refused}",
        storing.text(),
        storing.rate(stored as u64)
    );
    Ok(storing)
}

/// The games of chunk `index` as text.
fn chunk(args: &BenchArgs, index: u64) -> Result<String, LibraryCliError> {
    let (first, count) = (index * CHUNK, CHUNK.min(args.games - index * CHUNK));
    let mut text = String::new();
    for n in first..first + count {
        let game = random_game(args.variant, args.size, args.seed, n)?;
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
    let start = Position::start(args.variant, args.size)?;
    let (first, best) = timed(|| library.explore(&start))?;
    let moves = library.explore(&start)?;
    let played: u64 = moves.iter().map(|m| m.played).sum();
    println!(
        "explorer at the start: {} moves, {played} games, in {best:.2} ms (first {first:.2} ms; it sees the first {EXPLORER_PLIES} plies)",
        moves.len()
    );
    if let Some(top) = moves.first() {
        let mut after = start.clone();
        after.play_text(&top.notation)?;
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
