//! `breakline match`: N games between two AI players, in parallel, with a
//! report in the style of the classic studies and optional JSON game records.

use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use clap::Args;

use crate::engine::rating::elo_from_score;
use crate::engine::search::AiConfig;
use crate::engine::series::{SeriesGame, SeriesSpec, SeriesSummary};
use crate::engine::{BoardSize, Variant};

use super::progress;

#[derive(Args, Debug)]
pub struct MatchArgs {
    #[arg(long, default_value = "breakthrough")]
    pub variant: Variant,
    #[arg(long, default_value = "8x8")]
    pub size: BoardSize,
    /// Player A's AI config (White unless colours are swapped)
    #[arg(long)]
    pub white: String,
    /// Player B's AI config
    #[arg(long)]
    pub black: String,
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub games: u64,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Play every second game with colours exchanged
    #[arg(long)]
    pub swap: bool,
    /// Worker threads (default: all cores)
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub threads: Option<u64>,
    /// Write one JSON game record per line to this file
    #[arg(long)]
    pub json: Option<std::path::PathBuf>,
    /// Random plies before the AIs take over
    #[arg(long, default_value_t = 0)]
    pub random_plies: u32,
    /// Tie-break noise for players whose config sets none (0 turns it off)
    #[arg(long, default_value_t = 1.0)]
    pub noise: f64,
    /// Lines of Action: plies before an undecided game is drawn
    #[arg(long)]
    pub move_limit: Option<u32>,
}

pub fn run(args: &MatchArgs) -> Result<(), String> {
    if !(0.0..=1.0).contains(&args.noise) {
        return Err(format!("--noise must be from 0 to 1, not {}", args.noise));
    }
    args.variant.check_size(args.size).map_err(|e| e.to_string())?;
    let parse = |text: &str, side: &str| AiConfig::parse(text, args.variant).map_err(|e| format!("--{side}: {e}"));
    let spec = SeriesSpec {
        variant: args.variant,
        size: args.size,
        a: parse(&args.white, "white")?,
        b: parse(&args.black, "black")?,
        games: args.games as usize,
        seed: args.seed,
        swap: args.swap,
        random_plies: args.random_plies,
        noise: args.noise,
        move_limit: args.move_limit,
    };
    let mut json = match &args.json {
        Some(path) => Some(std::fs::File::create(path).map_err(|e| format!("{}: {e}", path.display()))?),
        None => None,
    };
    let threads = args.threads.map_or_else(progress::default_threads, |t| t as usize);
    let started = Instant::now();
    let games = play(&spec, threads, |game| {
        if let Some(file) = json.as_mut() {
            // A failed write is reported once at the end through the flush below.
            let _ = serde_json::to_writer(&mut *file, &game.record).map(|_| writeln!(file));
        }
    })?;
    if let Some(file) = json.as_mut() {
        file.flush().map_err(|e| format!("writing JSON: {e}"))?;
    }
    print_report(&spec, &games, started.elapsed().as_secs_f64());
    Ok(())
}

/// Plays a series with a progress bar; `on_game` sees each finished game.
pub fn play(
    spec: &SeriesSpec,
    threads: usize,
    mut on_game: impl FnMut(&SeriesGame),
) -> Result<Vec<SeriesGame>, String> {
    let bar = progress::bar(spec.games, "match");
    let stop = AtomicBool::new(false);
    let games = spec
        .run(threads, &stop, |g| {
            bar.inc(1);
            on_game(g);
        })
        .map_err(|e| e.to_string())?;
    bar.finish_and_clear();
    Ok(games)
}

pub fn print_report(spec: &SeriesSpec, games: &[SeriesGame], seconds: f64) {
    let s = SeriesSummary::of(games);
    let n = s.games;
    let a_label = if spec.swap { "A".to_string() } else { "A (white)".to_string() };
    let b_label = if spec.swap { "B".to_string() } else { "B (black)".to_string() };
    println!("{} {}: {} vs {}", spec.variant.title(), spec.size, spec.a, spec.b);
    println!("games analysed: {n} ({seconds:.1} s)");
    println!("average number of turns (plies): {:.1}", s.average_turns);
    println!("{:<34} {:>18} {:>18}", "", a_label, b_label);
    for (name, a, b) in s.player_rows(spec.swap) {
        println!("{name:<34} {a:>18} {b:>18}");
    }
    if s.draws > 0 {
        println!("draws: {}", s.draws);
    }
    let (elo, lo, hi) = elo_from_score(s.score_of_a(), n);
    println!("score of A: {:.3}, Elo difference {elo:+.0} (95% {lo:+.0} to {hi:+.0})", s.score_of_a());
}
