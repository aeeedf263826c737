//! `breakline match`: N games between two players (AI configs or engine
//! programs), in parallel, with a report in the style of the classic studies,
//! the Elo difference from game pairs, an optional SPRT stop and JSON records.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use clap::Args;
use thiserror::Error;

use crate::engine::ai::eval::nnue::fallback;
use crate::engine::ai::search::SearchError;
use crate::engine::lab::rating::elo_from_score;
use crate::engine::lab::runner::{EngineStartError, Schedule, Seat, SeatError, SeriesGame, SeriesSpec};
use crate::engine::lab::series::{SeriesSummary, samples_of_a};
use crate::engine::lab::shard::{Shard, ShardSpec, share};
use crate::engine::lab::sprt::{Sprt, SprtBoundsError, Verdict};
use crate::engine::rules::SizeError;
use crate::engine::rules::clock::TimeControl;
use crate::engine::rules::connection_rule::BothConnected;
use crate::engine::{BoardSize, Side, Variant};

use super::openings::{OpeningsFileError, read_openings};
use super::progress;
use super::shard::{ShardArgs, ShardOut, ShardRunError};

#[derive(Args, Debug)]
pub(crate) struct MatchArgs {
    #[arg(long, default_value = "breakthrough")]
    variant: Variant,
    #[arg(long, default_value = "8x8")]
    size: BoardSize,
    /// Player A (White unless colours are swapped): a level (beginner, novice, improver, easy, medium, hard,
    /// expert, master, or level1 to level8), an AI config, or engine:PATH[:ai=CONFIG] for a program speaking
    /// the engine protocol, or uci:PATH[:arg=ARG][:movetime=MS][:OPTION=VALUE] (ugi:...) for a UCI or UGI program
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
    /// Write one JSON game record per line to this file (with --shard: the shard file)
    #[arg(long)]
    json: Option<PathBuf>,
    /// Random plies before the players take over (shared by each pair with --swap)
    #[arg(long, default_value_t = 0)]
    random_plies: u32,
    /// Tie-break noise for this build's AI players whose config sets none (0 turns it off)
    #[arg(long, default_value_t = 1.0)]
    noise: f64,
    /// Lines of Action: plies before an undecided game is drawn
    #[arg(long)]
    move_limit: Option<u32>,
    /// Lines of Action: what a move joining both sides' pieces at once does,
    /// mover-wins (the usual rule) or draw (the tournament rule); engine
    /// programs are told it, and a UCI program without the option is refused
    #[arg(long, default_value = "mover-wins", value_name = "RULE")]
    both_connected: BothConnected,
    /// Stop once a sequential test decides between A being elo0 and elo1
    /// better (e.g. 0,20; alpha = beta = 0.05)
    #[arg(long, value_name = "ELO0,ELO1")]
    sprt: Option<String>,
    /// Milliseconds an engine program may take for any answer before it forfeits
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    timeout: u64,
    /// Play on the clock: BASE+INCREMENT in seconds (e.g. 10+0.1); each AI
    /// plans its moves by its clock and a fallen flag loses the game
    #[arg(long, value_name = "BASE+INC")]
    tc: Option<TimeControl>,
    /// A file of openings, one position string a line (`breakline openings`
    /// makes one): pair k starts from opening k, round the file again once it
    /// is used up; --random-plies are played after it
    #[arg(long)]
    openings: Option<PathBuf>,
    #[command(flatten)]
    shard: ShardArgs,
}

/// Why a match could not be played.
#[derive(Debug, Error)]
pub(crate) enum MatchError {
    #[error(transparent)]
    Noise(#[from] NoiseError),
    #[error(transparent)]
    Size(#[from] SizeError),
    #[error("--sprt: {0}")]
    Sprt(#[from] SprtBoundsError),
    #[error("--{side}: {error}")]
    Player { side: &'static str, error: SeatError },
    #[error(transparent)]
    EngineStart(#[from] EngineStartError),
    #[error("{}: {error}", path.display())]
    Create { path: PathBuf, error: std::io::Error },
    #[error("writing JSON: {0}")]
    Write(std::io::Error),
    #[error(transparent)]
    Play(#[from] SearchError),
    #[error(transparent)]
    Openings(#[from] OpeningsFileError),
    #[error("--shard: {0}")]
    ShardName(#[from] crate::engine::lab::shard::ShardError),
    #[error(transparent)]
    Shard(#[from] ShardRunError),
}

/// A `--noise` outside the range a series takes.
#[derive(Debug, Error)]
#[error("--noise must be from 0 to 1, not {0}")]
pub(crate) struct NoiseError(f64);

/// The `--noise` of a series is a fraction of the evaluation step.
pub(crate) fn check_noise(noise: f64) -> Result<(), NoiseError> {
    if (0.0..=1.0).contains(&noise) { Ok(()) } else { Err(NoiseError(noise)) }
}

impl MatchArgs {
    /// The series these arguments ask for.
    fn spec(&self) -> Result<SeriesSpec, MatchError> {
        let timeout = Duration::from_millis(self.timeout);
        let seat = |text: &str, side| {
            Seat::parse(text, self.variant)
                .map(|s| s.with_timeout(timeout))
                .map_err(|error| MatchError::Player { side, error })
        };
        let (a, b) = (seat(&self.white, "white")?, seat(&self.black, "black")?);
        let openings = self.openings.as_deref().map(|p| read_openings(p, self.variant, self.size)).transpose()?;
        let schedule = Schedule {
            variant: self.variant,
            size: self.size,
            move_limit: self.move_limit,
            random_plies: self.random_plies,
            noise: self.noise,
            seed: self.seed,
            swap: self.swap,
            time_control: self.tc,
            both_connected: self.both_connected,
            openings,
        };
        Ok(SeriesSpec { schedule, a, b, games: self.games as usize })
    }
}

pub(crate) fn run(args: &MatchArgs) -> Result<(), MatchError> {
    check_noise(args.noise)?;
    args.variant.check_size(args.size)?;
    let sprt = args.sprt.as_deref().map(Sprt::parse).transpose()?;
    let spec = args.spec()?;
    let shard = args.shard.resolve()?;
    spec.check()?;
    let threads = args.threads.map_or_else(progress::default_threads, |t| t as usize);
    for seat in [&spec.a, &spec.b] {
        if let Seat::Ai(config) = seat
            && let Some(why) = fallback(config.strategy(), args.variant, args.size)
        {
            eprintln!("breakline: {config}: {why}");
        }
    }
    if let Some(shard) = shard {
        return play_shard(&spec, sprt, shard, args.json.as_deref(), threads);
    }
    let mut json = match &args.json {
        Some(path) => {
            Some(std::fs::File::create(path).map_err(|error| MatchError::Create { path: path.clone(), error })?)
        }
        None => None,
    };
    let started = Instant::now();
    let bar = progress::bar(spec.games, "match");
    let stop = AtomicBool::new(false);
    let mut finished: Vec<SeriesGame> = Vec::new();
    let games = spec.run(threads, &stop, |game| {
        bar.inc(1);
        if let Some(file) = json.as_mut() {
            // A failed write is reported once at the end through the flush below.
            let _ = serde_json::to_writer(&mut *file, game).map(|_| writeln!(file));
        }
        finished.push(game.clone());
        if sprt.is_some_and(|t| t.verdict(&samples_of_a(&finished, spec.schedule.swap)) != Verdict::Continue) {
            stop.store(true, Ordering::Relaxed);
        }
    })?;
    bar.finish_and_clear();
    if let Some(file) = json.as_mut() {
        file.flush().map_err(MatchError::Write)?;
    }
    print!("{}", report(&spec, sprt, &games, started.elapsed().as_secs_f64()));
    Ok(())
}

/// Plays shard `shard` of the series into a shard file. The SPRT never stops
/// a shard (it cannot see the others' games): the merge gives its verdict.
fn play_shard(
    spec: &SeriesSpec,
    sprt: Option<Sprt>,
    shard: Shard,
    json: Option<&Path>,
    threads: usize,
) -> Result<(), MatchError> {
    let shard_spec = ShardSpec::Match { series: spec.clone(), sprt: sprt.map(|t| [t.elo0(), t.elo1()]) };
    let indices = share(shard, 1, spec.games, spec.schedule.swap);
    let mut out = ShardOut::open(json, &shard_spec, shard)?;
    let bar = progress::bar(indices.len(), "match shard");
    let stop = AtomicBool::new(false);
    spec.run_games(&indices, threads, &stop, |game| {
        bar.inc(1);
        out.record(None, game.index, game, &stop);
    })?;
    bar.finish_and_clear();
    Ok(out.finish()?)
}

/// The match's report, as `match` prints it after playing and `merge` after
/// reading the shards: the table, then the statistics.
pub(crate) fn report(spec: &SeriesSpec, sprt: Option<Sprt>, games: &[SeriesGame], seconds: f64) -> String {
    let title = format!("{} {}: {} vs {}", spec.schedule.variant.title(), spec.schedule.size, spec.a, spec.b);
    let mut text = rows(&title, spec.schedule.swap, games, seconds);
    text.push_str(&statistics(games, spec.schedule.swap, sprt));
    text
}

/// The games each colour won and, with pairs, how many pairs one colour won
/// both games of: an opening that decides the game whoever plays it shows
/// there, and such a pair says nothing of the players.
fn colours(games: &[SeriesGame], paired: bool) -> String {
    let winners: Vec<Option<Side>> = games.iter().map(|g| g.record.result.winner()).collect();
    let won_by = |side| winners.iter().filter(|w| **w == Some(side)).count();
    let mut text = format!("won by White {}, by Black {}", won_by(Side::White), won_by(Side::Black));
    if paired {
        let mut pairs: BTreeMap<usize, Vec<Option<Side>>> = BTreeMap::new();
        for (g, winner) in games.iter().zip(&winners) {
            pairs.entry(g.index / 2).or_default().push(*winner);
        }
        let whole = pairs.values().filter(|p| p.len() == 2);
        let one_colour = whole.clone().filter(|p| p[0].is_some() && p[0] == p[1]).count();
        let _ = write!(text, "; one colour won both games of {one_colour} of {} pairs", whole.count());
    }
    text
}

/// Forfeits, draw rate, the Elo estimate from pairs and the SPRT's state
/// (at the end, and where it would first have decided, games in index order).
fn statistics(games: &[SeriesGame], paired: bool, sprt: Option<Sprt>) -> String {
    let mut text = String::new();
    let mut line = |line: String| {
        text.push_str(&line);
        text.push('\n');
    };
    for g in games.iter().filter(|g| g.forfeit.is_some()) {
        line(format!("forfeit in game {}: {}", g.index + 1, g.forfeit.as_deref().unwrap_or_default()));
    }
    let draws = games.iter().filter(|g| g.record.result.winner().is_none()).count();
    line(format!("draw rate: {:.1}%", 100.0 * draws as f64 / games.len().max(1) as f64));
    line(colours(games, paired));
    let s = samples_of_a(games, paired);
    if paired {
        let [l, ld, d, wd, w] = s.pentanomial();
        line(format!("pairs (A's points 0, 0.5, 1, 1.5, 2): {l}, {ld}, {d}, {wd}, {w}"));
    }
    let e = s.estimate();
    let unit = if paired { "pairs" } else { "games" };
    line(format!(
        "Elo difference from {} {unit}: {:+.0} (95% {:+.0} to {:+.0})",
        s.values.len(),
        e.elo,
        e.elo_low,
        e.elo_high
    ));
    if let Some(t) = sprt {
        let (low, high) = t.bounds();
        let said = |verdict| match verdict {
            Verdict::Better => format!("H1 accepted: A is at least {:+} Elo better", t.elo1()),
            Verdict::NotBetter => format!("H0 accepted: A is at most {:+} Elo better", t.elo0()),
            Verdict::Continue => "undecided".to_string(),
        };
        line(format!(
            "SPRT [{}, {}]: LLR {:.2} (bounds {low:.2}, {high:.2}): {}",
            t.elo0(),
            t.elo1(),
            s.llr(t.elo0(), t.elo1()),
            said(t.verdict(&s))
        ));
        line(match t.first_decision(&s) {
            Some((n, verdict)) => {
                format!("SPRT in game order: would have stopped after {n} {unit} ({})", said(verdict))
            }
            None => format!("SPRT in game order: would not have stopped within these {} {unit}", s.values.len()),
        });
    }
    text
}

/// Plays a series with a progress bar.
pub(crate) fn play(spec: &SeriesSpec, threads: usize) -> Result<Vec<SeriesGame>, SearchError> {
    let bar = progress::bar(spec.games, "match");
    let games = spec.run(threads, &AtomicBool::new(false), |_| bar.inc(1))?;
    bar.finish_and_clear();
    Ok(games)
}

/// The per-player table and the score with its Elo estimate per game.
fn rows(title: &str, swap: bool, games: &[SeriesGame], seconds: f64) -> String {
    let s = SeriesSummary::of(games);
    let n = s.games;
    let a_label = if swap { "A".to_string() } else { "A (white)".to_string() };
    let b_label = if swap { "B".to_string() } else { "B (black)".to_string() };
    let mut text = String::new();
    let _ = writeln!(text, "{title}");
    let _ = writeln!(text, "games analysed: {n} ({seconds:.1} s)");
    let _ = writeln!(text, "average number of turns (plies): {:.1}", s.average_turns);
    let _ = writeln!(text, "{:<34} {:>18} {:>18}", "", a_label, b_label);
    for (name, a, b) in s.player_rows(swap) {
        let _ = writeln!(text, "{name:<34} {a:>18} {b:>18}");
    }
    if s.draws > 0 {
        let _ = writeln!(text, "draws: {}", s.draws);
    }
    let (elo, lo, hi) = elo_from_score(s.score_of_a(), n);
    let _ = writeln!(text, "score of A: {:.3}, Elo difference {elo:+.0} (95% {lo:+.0} to {hi:+.0})", s.score_of_a());
    text
}
