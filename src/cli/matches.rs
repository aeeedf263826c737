//! `breakline match`: N games between two players (AI configs or engine
//! programs), in parallel, with a report in the style of the classic studies,
//! the Elo difference from game pairs, an optional SPRT stop and JSON records.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use clap::Args;

use crate::engine::lab::rating::elo_from_score;
use crate::engine::lab::series::{SeriesGame, SeriesSpec, SeriesSummary, run_parallel};
use crate::engine::lab::sprt::{Samples, Sprt, Verdict};
use crate::engine::{BoardSize, Variant};

use super::arena::{Arena, ArenaGame, Contestant};
use super::progress;

#[derive(Args, Debug)]
pub(crate) struct MatchArgs {
    #[arg(long, default_value = "breakthrough")]
    variant: Variant,
    #[arg(long, default_value = "8x8")]
    size: BoardSize,
    /// Player A (White unless colours are swapped): an AI config, or
    /// engine:PATH[:ai=CONFIG] for a program speaking the engine protocol
    #[arg(long)]
    white: String,
    /// Player B, in the same form
    #[arg(long)]
    black: String,
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    games: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Play games in pairs from the same opening, A White then Black
    #[arg(long)]
    swap: bool,
    /// Worker threads (default: all cores)
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    threads: Option<u64>,
    /// Write one JSON game record per line to this file
    #[arg(long)]
    json: Option<std::path::PathBuf>,
    /// Random plies before the players take over (shared by each pair with --swap)
    #[arg(long, default_value_t = 0)]
    random_plies: u32,
    /// Tie-break noise for this build's AI players whose config sets none (0 turns it off)
    #[arg(long, default_value_t = 1.0)]
    noise: f64,
    /// Lines of Action: plies before an undecided game is drawn
    #[arg(long)]
    move_limit: Option<u32>,
    /// Stop once a sequential test decides between A being elo0 and elo1
    /// better (e.g. 0,20; alpha = beta = 0.05)
    #[arg(long, value_name = "ELO0,ELO1")]
    sprt: Option<String>,
    /// Milliseconds an engine program may take for any answer before it forfeits
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    timeout: u64,
}

pub(crate) fn run(args: &MatchArgs) -> Result<(), String> {
    if !(0.0..=1.0).contains(&args.noise) {
        return Err(format!("--noise must be from 0 to 1, not {}", args.noise));
    }
    args.variant.check_size(args.size).map_err(|e| e.to_string())?;
    let sprt = args.sprt.as_deref().map(Sprt::parse).transpose().map_err(|e| format!("--sprt: {e}"))?;
    let parse = |text: &str, side: &str| Contestant::parse(text, args.variant).map_err(|e| format!("--{side}: {e}"));
    let (a, b) = (parse(&args.white, "white")?, parse(&args.black, "black")?);
    let arena = Arena {
        variant: args.variant,
        size: args.size,
        move_limit: args.move_limit,
        random_plies: args.random_plies,
        noise: args.noise,
        seed: args.seed,
        swap: args.swap,
        timeout: Duration::from_millis(args.timeout),
    };
    arena.check(&[&a, &b])?;
    let mut json = match &args.json {
        Some(path) => Some(std::fs::File::create(path).map_err(|e| format!("{}: {e}", path.display()))?),
        None => None,
    };
    let threads = args.threads.map_or_else(progress::default_threads, |t| t as usize);
    let started = Instant::now();
    let bar = progress::bar(args.games as usize, "match");
    let stop = AtomicBool::new(false);
    let mut finished: Vec<ArenaGame> = Vec::new();
    let games = run_parallel(
        args.games as usize,
        threads,
        &stop,
        |i| arena.play_game(i, &a, &b, &stop),
        |game: &ArenaGame| {
            bar.inc(1);
            if let Some(file) = json.as_mut() {
                // A failed write is reported once at the end through the flush below.
                let _ = serde_json::to_writer(&mut *file, game).map(|_| writeln!(file));
            }
            finished.push(game.clone());
            if sprt.is_some_and(|t| t.verdict(&samples(&finished, args.swap)) != Verdict::Continue) {
                stop.store(true, Ordering::Relaxed);
            }
        },
    )
    .map_err(|e| e.to_string())?;
    bar.finish_and_clear();
    if let Some(file) = json.as_mut() {
        file.flush().map_err(|e| format!("writing JSON: {e}"))?;
    }
    let series: Vec<SeriesGame> = games.iter().map(ArenaGame::series_game).collect();
    let title = format!("{} {}: {a} vs {b}", args.variant.title(), args.size);
    print_rows(&title, args.swap, &series, started.elapsed().as_secs_f64());
    print_statistics(&games, args.swap, sprt);
    Ok(())
}

/// A's score samples: one per complete pair when colours alternate, else one per game.
fn samples(games: &[ArenaGame], paired: bool) -> Samples {
    let score = |g: &ArenaGame| g.series_game().score_of_a();
    let values = if paired {
        let mut by_index: Vec<&ArenaGame> = games.iter().collect();
        by_index.sort_by_key(|g| g.index);
        by_index
            .windows(2)
            .filter(|w| w[0].index % 2 == 0 && w[1].index == w[0].index + 1)
            .map(|w| (score(w[0]) + score(w[1])) / 2.0)
            .collect()
    } else {
        games.iter().map(score).collect()
    };
    Samples { values }
}

/// Forfeits, draw rate, the Elo estimate from pairs and the SPRT's state.
fn print_statistics(games: &[ArenaGame], paired: bool, sprt: Option<Sprt>) {
    for g in games.iter().filter(|g| g.forfeit.is_some()) {
        println!("forfeit in game {}: {}", g.index + 1, g.forfeit.as_deref().unwrap_or_default());
    }
    let draws = games.iter().filter(|g| g.record.result.winner().is_none()).count();
    println!("draw rate: {:.1}%", 100.0 * draws as f64 / games.len().max(1) as f64);
    let s = samples(games, paired);
    if paired {
        let [l, ld, d, wd, w] = s.pentanomial();
        println!("pairs (A's points 0, 0.5, 1, 1.5, 2): {l}, {ld}, {d}, {wd}, {w}");
    }
    let e = s.estimate();
    let unit = if paired { "pairs" } else { "games" };
    println!(
        "Elo difference from {} {unit}: {:+.0} (95% {:+.0} to {:+.0})",
        s.values.len(),
        e.elo,
        e.elo_low,
        e.elo_high
    );
    if let Some(t) = sprt {
        let (low, high) = t.bounds();
        let verdict = match t.verdict(&s) {
            Verdict::Better => format!("H1 accepted: A is at least {:+} Elo better", t.elo1),
            Verdict::NotBetter => format!("H0 accepted: A is at most {:+} Elo better", t.elo0),
            Verdict::Continue => "undecided".to_string(),
        };
        println!(
            "SPRT [{}, {}]: LLR {:.2} (bounds {low:.2}, {high:.2}): {verdict}",
            t.elo0,
            t.elo1,
            s.llr(t.elo0, t.elo1)
        );
    }
}

/// Plays a series with a progress bar; `on_game` sees each finished game.
pub(crate) fn play(
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

/// The per-player table and the score with its Elo estimate per game.
fn print_rows(title: &str, swap: bool, games: &[SeriesGame], seconds: f64) {
    let s = SeriesSummary::of(games);
    let n = s.games;
    let a_label = if swap { "A".to_string() } else { "A (white)".to_string() };
    let b_label = if swap { "B".to_string() } else { "B (black)".to_string() };
    println!("{title}");
    println!("games analysed: {n} ({seconds:.1} s)");
    println!("average number of turns (plies): {:.1}", s.average_turns);
    println!("{:<34} {:>18} {:>18}", "", a_label, b_label);
    for (name, a, b) in s.player_rows(swap) {
        println!("{name:<34} {a:>18} {b:>18}");
    }
    if s.draws > 0 {
        println!("draws: {}", s.draws);
    }
    let (elo, lo, hi) = elo_from_score(s.score_of_a(), n);
    println!("score of A: {:.3}, Elo difference {elo:+.0} (95% {lo:+.0} to {hi:+.0})", s.score_of_a());
}
