//! `breakline tournament`: a round robin between players (AI configs or engine
//! programs), every pair N games with colours alternating over shared
//! openings, with a cross table, scores and Elo estimates.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use clap::Args;
use thiserror::Error;

use crate::engine::ai::search::SearchError;
use crate::engine::lab::rating::fit_ratings;
use crate::engine::lab::runner::{EngineStartError, PairGame, RoundRobin, Schedule, Seat, SeatError, cross_table};
use crate::engine::lab::shard::{Shard, ShardError, ShardSpec, share};
use crate::engine::rules::SizeError;
use crate::engine::rules::clock::TimeControl;
use crate::engine::rules::connection_rule::BothConnected;
use crate::engine::{BoardSize, Variant};

use super::matches::{NoiseError, check_noise};
use super::openings::{OpeningsFileError, read_openings};
use super::progress;
use super::shard::{ShardArgs, ShardOut, ShardRunError};

#[derive(Args, Debug)]
pub(crate) struct TournamentArgs {
    #[arg(long, default_value = "breakthrough")]
    variant: Variant,
    #[arg(long, default_value = "8x8")]
    size: BoardSize,
    /// Two or more players: levels (beginner, novice, improver, easy, medium, hard, expert, master, or level1 to
    /// level8), AI configs, engine:PATH[:ai=CONFIG], or uci:PATH[:...] / ugi:PATH[:...]
    #[arg(long, num_args = 2.., required = true)]
    players: Vec<String>,
    /// Games per pair
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    games: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    threads: Option<u64>,
    #[arg(long, default_value_t = 0)]
    random_plies: u32,
    #[arg(long, default_value_t = 1.0)]
    noise: f64,
    /// Milliseconds an engine program may take for any answer before it forfeits
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    timeout: u64,
    /// Play on the clock: BASE+INCREMENT in seconds (e.g. 10+0.1)
    #[arg(long, value_name = "BASE+INC")]
    tc: Option<TimeControl>,
    /// Lines of Action: what a move joining both sides' pieces at once does,
    /// mover-wins (the usual rule) or draw (the tournament rule); engine
    /// programs are told it, and a UCI program without the option is refused
    #[arg(long, default_value = "mover-wins", value_name = "RULE")]
    both_connected: BothConnected,
    /// A file of openings, one position string a line (`breakline openings`
    /// makes one): the k-th pair of games of each two players starts from opening k, round the file again once it
    /// is used up; --random-plies are played after it
    #[arg(long)]
    openings: Option<PathBuf>,
    /// With --shard: write the shard's games here (default: stdout)
    #[arg(long)]
    json: Option<PathBuf>,
    #[command(flatten)]
    shard: ShardArgs,
}

/// Why a round robin could not be played.
#[derive(Debug, Error)]
pub(crate) enum TournamentError {
    #[error(transparent)]
    Noise(#[from] NoiseError),
    #[error(transparent)]
    Size(#[from] SizeError),
    #[error("--players {text}: {error}")]
    Player { text: String, error: SeatError },
    #[error(transparent)]
    EngineStart(#[from] EngineStartError),
    #[error(transparent)]
    Play(#[from] SearchError),
    #[error(transparent)]
    Openings(#[from] OpeningsFileError),
    #[error("--shard: {0}")]
    ShardName(#[from] ShardError),
    #[error(transparent)]
    Shard(#[from] ShardRunError),
    #[error("--json writes a shard's games: give --shard K/N too (1/1 for the whole round robin)")]
    JsonAlone,
}

/// Plays the round robin with a progress bar, after checking that every
/// engine program starts.
pub(crate) fn play(round_robin: &RoundRobin, threads: usize) -> Result<Vec<PairGame>, TournamentError> {
    round_robin.check()?;
    let bar = progress::bar(round_robin.pairs().len() * round_robin.games_per_pair, "tournament");
    let games = round_robin.play(threads, &AtomicBool::new(false), |_| bar.inc(1))?;
    bar.finish_and_clear();
    Ok(games)
}

/// Prints the cross table, scores and Elo estimates; returns the players
/// ordered by rating (best first) with their Elo.
pub(crate) fn print_table(players: &[Seat], games: &[PairGame]) -> Vec<(usize, f64)> {
    let (text, order) = table(players, games);
    print!("{text}");
    order
}

/// The cross table, scores and Elo estimates, and the players ordered by
/// rating (best first) with their Elo.
fn table(players: &[Seat], games: &[PairGame]) -> (String, Vec<(usize, f64)>) {
    let n = players.len();
    let (score, played) = cross_table(games, n);
    let ratings = fit_ratings(&score, &played);
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| ratings[b].elo.total_cmp(&ratings[a].elo));
    let width = players.iter().map(|p| p.to_string().len()).max().unwrap_or(8).max(8);
    let mut t = String::new();
    let _ = write!(t, "{:>3} {:<width$} ", "#", "player");
    for k in 0..n {
        let _ = write!(t, "{:>7}", format!("[{}]", k + 1));
    }
    let _ = writeln!(t, "{:>9} {:>14}", "score", "Elo");
    for (rank, &i) in order.iter().enumerate() {
        let _ = write!(t, "{:>3} {:<width$} ", format!("{}.", rank + 1), players[i].to_string());
        for &j in &order {
            if i == j {
                let _ = write!(t, "{:>7}", "-");
            } else {
                let _ = write!(t, "{:>7}", format!("{}/{}", score[i][j], played[i][j]));
            }
        }
        let total: f64 = score[i].iter().sum();
        let of: f64 = played[i].iter().sum();
        let _ = writeln!(t, "{:>9} {:>+6.0} ± {:<4.0}", format!("{total}/{of}"), ratings[i].elo, ratings[i].error);
    }
    let _ = writeln!(t, "(columns follow the rows' order; Elo: mean 0, ± is a 95% interval)");
    (t, order.into_iter().map(|i| (i, ratings[i].elo)).collect())
}

/// The round robin's report, as `tournament` prints it after playing and
/// `merge` after reading the shards.
pub(crate) fn report(round_robin: &RoundRobin, games: &[PairGame], seconds: f64) -> String {
    let s = &round_robin.schedule;
    let mut text = format!(
        "{} {} round robin: {} players, {} games in {seconds:.1} s\n",
        s.variant.title(),
        s.size,
        round_robin.players.len(),
        games.len(),
    );
    text.push_str(&table(&round_robin.players, games).0);
    text
}

pub(crate) fn run(args: &TournamentArgs) -> Result<(), TournamentError> {
    check_noise(args.noise)?;
    args.variant.check_size(args.size)?;
    let timeout = Duration::from_millis(args.timeout);
    let players = args
        .players
        .iter()
        .map(|p| {
            Seat::parse(p, args.variant)
                .map(|s| s.with_timeout(timeout))
                .map_err(|error| TournamentError::Player { text: p.clone(), error })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let openings = args.openings.as_deref().map(|p| read_openings(p, args.variant, args.size)).transpose()?;
    let schedule = Schedule {
        variant: args.variant,
        size: args.size,
        move_limit: None,
        random_plies: args.random_plies,
        noise: args.noise,
        seed: args.seed,
        swap: true,
        time_control: args.tc,
        both_connected: args.both_connected,
        openings,
    };
    let round_robin = RoundRobin { schedule, players, games_per_pair: args.games as usize };
    let threads = args.threads.map_or_else(progress::default_threads, |t| t as usize);
    let Some(shard) = args.shard.resolve()? else {
        if args.json.is_some() {
            return Err(TournamentError::JsonAlone);
        }
        let started = Instant::now();
        let games = play(&round_robin, threads)?;
        print!("{}", report(&round_robin, &games, started.elapsed().as_secs_f64()));
        return Ok(());
    };
    round_robin.check()?;
    play_shard(&round_robin, shard, args, threads)
}

/// Plays shard `shard` of the round robin into a shard file.
fn play_shard(
    round_robin: &RoundRobin,
    shard: Shard,
    args: &TournamentArgs,
    threads: usize,
) -> Result<(), TournamentError> {
    let spec = ShardSpec::Tournament { round_robin: round_robin.clone() };
    let jobs = share(shard, round_robin.pairs().len(), round_robin.games_per_pair, true);
    let mut out = ShardOut::open(args.json.as_deref(), &spec, shard)?;
    let bar = progress::bar(jobs.len(), "tournament shard");
    let stop = AtomicBool::new(false);
    let per_pair = round_robin.games_per_pair;
    let pair_of = round_robin.pairs();
    round_robin.play_games(&jobs, threads, &stop, |g| {
        bar.inc(1);
        let pair = pair_of.iter().position(|&p| p == (g.first, g.second)).unwrap_or(0);
        out.record(None, pair * per_pair + g.game.index, g, &stop);
    })?;
    bar.finish_and_clear();
    Ok(out.finish()?)
}
