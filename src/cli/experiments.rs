//! `breakline experiments`: the classic Breakthrough and LOA studies, named and
//! runnable, each printed as a table beside the published figures.

use std::cell::RefCell;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use clap::Args;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::engine::ai::search::{AiConfig, Algorithm, Limit, SearchError};
use crate::engine::lab::naive_study::{NaiveRow, NaiveStudy};
use crate::engine::lab::runner::{PairGame, RoundRobin, Schedule, Seat, SeriesGame, SeriesSpec};
use crate::engine::lab::series::SeriesSummary;
use crate::engine::lab::shard::{Fingerprint, MergeError, Shard, ShardError, ShardSet, ShardSpec, share};
use crate::engine::lab::studies;
use crate::engine::{BoardSize, Strategy, Variant};

use super::matches;
use super::progress;
use super::shard::{ShardArgs, ShardOut, ShardRunError};
use super::tournament::{self, TournamentError};

/// Prints unless the run is a shard (whose tables would cover only its share).
macro_rules! say {
    ($ctx:expr) => {
        if $ctx.print() {
            println!();
        }
    };
    ($ctx:expr, $($arg:tt)*) => {
        if $ctx.print() {
            println!($($arg)*);
        }
    };
}

#[derive(Args, Debug)]
pub(crate) struct ExperimentsArgs {
    /// Games per series instead of the originals' counts
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    games: Option<u64>,
    /// Run only these reproductions (1-6), e.g. --only 2,4
    #[arg(long, value_delimiter = ',', value_parser = clap::value_parser!(u8).range(1..=6))]
    only: Vec<u8>,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    threads: Option<u64>,
    /// Milliseconds a move for the strength ladder (reproduction 5)
    #[arg(long, default_value_t = 20)]
    ladder_time: u64,
    /// Milliseconds a move for the strong player of the naive-players study (reproduction 6)
    #[arg(long, default_value_t = NaiveStudy::ARTICLE_TIME_MS, value_parser = clap::value_parser!(u64).range(1..=600_000))]
    naive_time: u64,
    /// With --shard: write the shard's games here (default: stdout)
    #[arg(long)]
    json: Option<PathBuf>,
    #[command(flatten)]
    shard: ShardArgs,
}

/// What decides the studies' games: the settings a shard file keeps, so
/// that `merge` runs the same studies from the merged games.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Settings {
    games: Option<usize>,
    only: Vec<u8>,
    seed: u64,
    ladder_time: u64,
    naive_time: u64,
}

/// Why a reproduction could not be run.
#[derive(Debug, Error)]
pub(crate) enum ExperimentsError {
    #[error(transparent)]
    Play(#[from] SearchError),
    #[error(transparent)]
    Tournament(#[from] TournamentError),
    #[error("--shard: {0}")]
    ShardName(#[from] ShardError),
    #[error(transparent)]
    Shard(#[from] ShardRunError),
    #[error(transparent)]
    Merge(#[from] MergeError),
    #[error("the shards' experiment settings cannot be read: {0}")]
    Settings(#[from] serde_json::Error),
    #[error("--json writes a shard's games: give --shard K/N too")]
    JsonAlone,
}

/// One named reproduction, run with the shared settings.
type Reproduction<'a> = dyn Fn(&Context<'_>) -> Result<(), ExperimentsError> + 'a;

struct Context<'a> {
    games: Option<usize>,
    seed: u64,
    threads: usize,
    source: Source<'a>,
}

/// Where the studies' games come from.
enum Source<'a> {
    /// Played here, all of them.
    Play,
    /// Played here, this shard's share of each series, into a shard file.
    Shard(Shard, RefCell<ShardOut>),
    /// Read from merged shard files.
    Merged(&'a ShardSet),
}

impl Context<'_> {
    fn series(
        &self,
        variant: Variant,
        size: BoardSize,
        a: AiConfig,
        b: AiConfig,
        games: usize,
        noise: f64,
    ) -> SeriesSpec {
        let schedule = Schedule {
            variant,
            size,
            move_limit: None,
            random_plies: 0,
            noise,
            seed: self.seed,
            swap: false,
            time_control: None,
            both_connected: Default::default(),
            openings: None,
        };
        SeriesSpec { schedule, a: Seat::Ai(a), b: Seat::Ai(b), games: self.games.unwrap_or(games) }
    }

    /// Whether tables are printed (not by a shard).
    fn print(&self) -> bool {
        !matches!(self.source, Source::Shard(..))
    }

    /// The games of one series, from the source.
    fn play(&self, spec: &SeriesSpec) -> Result<Vec<SeriesGame>, ExperimentsError> {
        let part = Fingerprint::of(spec);
        match &self.source {
            Source::Play => Ok(matches::play(spec, self.threads)?),
            Source::Merged(set) => Ok(set.games(Some(part), spec.games)?),
            Source::Shard(shard, out) => {
                let indices = share(*shard, 1, spec.games, spec.schedule.swap);
                let stop = AtomicBool::new(false);
                let mut out = out.borrow_mut();
                Ok(spec.run_games(&indices, self.threads, &stop, |g| out.record(Some(part), g.index, g, &stop))?)
            }
        }
    }

    /// The games of one round robin, from the source.
    fn play_round_robin(&self, round_robin: &RoundRobin) -> Result<Vec<PairGame>, ExperimentsError> {
        let part = Fingerprint::of(round_robin);
        let (pairs, per_pair) = (round_robin.pairs(), round_robin.games_per_pair);
        match &self.source {
            Source::Play => Ok(tournament::play(round_robin, self.threads)?),
            Source::Merged(set) => Ok(set.games(Some(part), pairs.len() * per_pair)?),
            Source::Shard(shard, out) => {
                round_robin.check().map_err(TournamentError::from)?;
                let jobs = share(*shard, pairs.len(), per_pair, true);
                let stop = AtomicBool::new(false);
                let mut out = out.borrow_mut();
                let job_of = |g: &PairGame| {
                    pairs.iter().position(|&p| p == (g.first, g.second)).unwrap_or(0) * per_pair + g.game.index
                };
                let played = round_robin.play_games(&jobs, self.threads, &stop, |g| {
                    out.record(Some(part), job_of(g), g, &stop);
                });
                Ok(played.map_err(TournamentError::from)?)
            }
        }
    }
}

/// Alpha-beta at one of the studies' depths (all in range).
fn ab(strategy: Strategy, depth: u32) -> AiConfig {
    studies::alpha_beta(strategy, depth)
}

pub(crate) fn run(args: &ExperimentsArgs) -> Result<(), ExperimentsError> {
    let settings = Settings {
        games: args.games.map(|g| g as usize),
        only: args.only.clone(),
        seed: args.seed,
        ladder_time: args.ladder_time,
        naive_time: args.naive_time,
    };
    let source = match args.shard.resolve()? {
        Some(shard) => {
            let value = serde_json::to_value(&settings)?;
            let spec = ShardSpec::Studies { settings: value };
            Source::Shard(shard, RefCell::new(ShardOut::open(args.json.as_deref(), &spec, shard)?))
        }
        None if args.json.is_some() => return Err(ExperimentsError::JsonAlone),
        None => Source::Play,
    };
    let threads = args.threads.map_or_else(progress::default_threads, |t| t as usize);
    let ctx = studies(&settings, threads, source)?;
    match ctx.source {
        Source::Shard(_, out) => Ok(out.into_inner().finish()?),
        _ => Ok(()),
    }
}

/// The studies run again from merged shard files (`breakline merge`).
pub(crate) fn merged(settings: &serde_json::Value, set: &ShardSet) -> Result<(), ExperimentsError> {
    let settings: Settings = serde_json::from_value(settings.clone())?;
    studies(&settings, 1, Source::Merged(set)).map(drop)
}

/// Runs the chosen reproductions with their games from `source`.
fn studies<'a>(settings: &Settings, threads: usize, source: Source<'a>) -> Result<Context<'a>, ExperimentsError> {
    let ctx = Context { games: settings.games, seed: settings.seed, threads, source };
    let wanted = |n: u8| settings.only.is_empty() || settings.only.contains(&n);
    let steps: [(u8, &Reproduction); 6] = [
        (1, &|c| classic_matchups(c)),
        (2, &|c| offence_defence_series(c)),
        (3, &|c| richer_pair(c)),
        (4, &|c| loa_levels(c)),
        (5, &|c| strength_ladder(c, settings.ladder_time)),
        (6, &|c| naive_players(c, settings.naive_time)),
    ];
    for (n, step) in steps {
        if wanted(n) {
            let started = Instant::now();
            step(&ctx)?;
            say!(ctx, "(reproduction {n} took {:.1} s)\n", started.elapsed().as_secs_f64());
        }
    }
    Ok(ctx)
}

/// Reproduction 1: the seven matchups of the classic assignment, depth 3.
fn classic_matchups(ctx: &Context<'_>) -> Result<(), ExperimentsError> {
    say!(ctx, "1. The seven Breakthrough matchups of the classic assignment (depth 3, White first):");
    let matchups = studies::classic_matchups().map(|m| (m.white, m.black, m.size));
    say!(
        ctx,
        "  {:<2} {:<62} {:<5} {:>11} {:>7} {:>17} {:>9} {:>15}",
        "#",
        "white vs black",
        "board",
        "wins W-B",
        "turns",
        "nodes/game W B",
        "capt W B",
        "ms/move W B"
    );
    for (i, (white, black, size)) in matchups.into_iter().enumerate() {
        // One exact game per matchup, as in the originals, unless more are asked for.
        let noise = if ctx.games.is_some() { 1.0 } else { 0.0 };
        let spec = ctx.series(Variant::Breakthrough, size, white, black, 1, noise);
        let games = ctx.play(&spec)?;
        let s = SeriesSummary::of(&games);
        let n = s.games;
        say!(
            ctx,
            "  {:<2} {:<62} {:<5} {:>11} {:>7.1} {:>8.0} {:>8.0} {:>4.1} {:>4.1} {:>7.2} {:>7.2}",
            i + 1,
            format!("{} vs {}", spec.a, spec.b),
            size.to_string(),
            format!("{}-{}", s.a.wins, s.b.wins),
            s.average_turns,
            s.a.nodes_per_game(n),
            s.b.nodes_per_game(n),
            s.a.captures_per_game(n),
            s.b.captures_per_game(n),
            s.a.time_per_move_ms(),
            s.b.time_per_move_ms()
        );
    }
    Ok(())
}

/// Reproduction 2: the five 99-game series at depth 3, offence as White.
fn offence_defence_series(ctx: &Context<'_>) -> Result<(), ExperimentsError> {
    say!(ctx, "2. Five 99-game series at depth 3 (alpha-beta, tie-break noise on, first named plays White):");
    let series = studies::offence_defence_series();
    say!(
        ctx,
        "  {:<24} {:>6} {:>9} {:>7} {:>15} {:>24}",
        "series",
        "games",
        "wins A-B",
        "turns",
        "ms/move A B",
        "original"
    );
    for (a, b, original) in series {
        let (depth, games) = (studies::STUDY_DEPTH, studies::SERIES_GAMES);
        let spec = ctx.series(Variant::Breakthrough, BoardSize::new(8, 8), ab(a, depth), ab(b, depth), games, 1.0);
        let games = ctx.play(&spec)?;
        let s = SeriesSummary::of(&games);
        let distinct = games.iter().map(|g| g.record.move_list_text()).collect::<std::collections::HashSet<_>>().len();
        say!(
            ctx,
            "  {:<24} {:>6} {:>9} {:>7.1} {:>7.2} {:>7.2} {:>24}",
            format!("{a} vs {b}"),
            s.games,
            format!("{}-{}", s.a.wins, s.b.wins),
            s.average_turns,
            s.a.time_per_move_ms(),
            s.b.time_per_move_ms(),
            original
        );
        if distinct < games.len() {
            say!(ctx, "    ({distinct} distinct games of {})", games.len());
        }
    }
    Ok(())
}

/// Reproduction 3: attacker/fortress against offensive1/defensive1 and each other, depth 5.
fn richer_pair(ctx: &Context<'_>) -> Result<(), ExperimentsError> {
    use Strategy::*;
    say!(ctx, "3. The richer pair at alpha-beta depth 5 (first named plays White):");
    let pairs = [
        (Attacker, Offensive1),
        (Attacker, Defensive1),
        (Fortress, Offensive1),
        (Fortress, Defensive1),
        (Attacker, Fortress),
        (Fortress, Attacker),
    ];
    say!(
        ctx,
        "  {:<24} {:>6} {:>9} {:>7} {:>17} {:>15}",
        "matchup",
        "games",
        "wins W-B",
        "turns",
        "nodes/game W B",
        "ms/move W B"
    );
    for (a, b) in pairs {
        let noise = if ctx.games.is_some() { 1.0 } else { 0.0 };
        let spec = ctx.series(Variant::Breakthrough, BoardSize::new(8, 8), ab(a, 5), ab(b, 5), 1, noise);
        let games = ctx.play(&spec)?;
        let s = SeriesSummary::of(&games);
        let n = s.games;
        say!(
            ctx,
            "  {:<24} {:>6} {:>9} {:>7.1} {:>8.0} {:>8.0} {:>7.2} {:>7.2}",
            format!("{a} vs {b}"),
            n,
            format!("{}-{}", s.a.wins, s.b.wins),
            s.average_turns,
            s.a.nodes_per_game(n),
            s.b.nodes_per_game(n),
            s.a.time_per_move_ms(),
            s.b.time_per_move_ms()
        );
    }
    Ok(())
}

/// Reproduction 4: LOA easy (depth 2) and medium (depth 3), both colours.
fn loa_levels(ctx: &Context<'_>) -> Result<(), ExperimentsError> {
    say!(ctx, "4. Lines of Action levels (classic evaluation, alpha-beta, noise on; Black moves first):");
    let (easy, medium) = studies::loa_levels();
    let size = BoardSize::new(8, 8);
    let runs = [
        ("easy (B) vs easy (W)", easy.clone(), easy.clone(), 50, "Black 37-13"),
        ("medium (B) vs easy (W)", medium.clone(), easy.clone(), 20, "medium 20-0 as Black"),
        ("easy (B) vs medium (W)", easy, medium, 20, "-"),
    ];
    say!(ctx, "  {:<24} {:>6} {:>11} {:>6} {:>7} {:>22}", "matchup", "games", "wins B-W", "draws", "turns", "original");
    for (label, black, white, games, original) in runs {
        // Series players are (A = White, B = Black); LOA's first player is Black.
        let spec = ctx.series(Variant::LinesOfAction, size, white, black, games, 1.0);
        let played = ctx.play(&spec)?;
        let s = SeriesSummary::of(&played);
        say!(
            ctx,
            "  {:<24} {:>6} {:>11} {:>6} {:>7.1} {:>22}",
            label,
            s.games,
            format!("{}-{}", s.b.wins, s.a.wins),
            s.draws,
            s.average_turns,
            original
        );
    }
    Ok(())
}

/// Reproduction 5: every strategy at the same search, per variant.
fn strength_ladder(ctx: &Context<'_>, time_ms: u64) -> Result<(), ExperimentsError> {
    say!(ctx, "5. Strength ladder: every strategy with enhanced alpha-beta at {time_ms} ms a move, round robin:");
    for variant in Variant::ALL {
        // The naive players are study opponents, not rungs of the ladder.
        let players = Strategy::for_variant(variant)
            .into_iter()
            .filter(|s| !s.is_naive())
            .map(|s| AiConfig::new(Algorithm::Enhanced, s).with_limits(&[Limit::TimeMs(time_ms)]).map(Seat::Ai))
            .collect::<Result<_, _>>()
            .map_err(SearchError::from)?;
        let schedule = Schedule {
            variant,
            size: BoardSize::new(8, 8),
            move_limit: None,
            random_plies: 2,
            noise: 1.0,
            seed: ctx.seed,
            swap: true,
            time_control: None,
            both_connected: Default::default(),
            openings: None,
        };
        let round_robin = RoundRobin { schedule, players, games_per_pair: ctx.games.unwrap_or(4) };
        let games = ctx.play_round_robin(&round_robin)?;
        say!(ctx, "  {} 8x8, {} games:", variant.title(), games.len());
        if ctx.print() {
            tournament::print_table(&round_robin.players, &games);
        }
    }
    Ok(())
}

/// Reproduction 6: the iterative-deepening article's strong player against its naive players.
fn naive_players(ctx: &Context<'_>, time_ms: u64) -> Result<(), ExperimentsError> {
    let study = NaiveStudy {
        strong_time_ms: time_ms,
        games: ctx.games.unwrap_or(NaiveStudy::article().games),
        seed: ctx.seed,
        ..NaiveStudy::article()
    };
    let strong = study.strong().map_err(SearchError::from)?;
    say!(
        ctx,
        "6. The naive players of the iterative-deepening article: {} against each naive player at alpha-beta \
         depth {}, colours alternating (article: {}):",
        strong,
        study.naive_depth,
        NaiveStudy::ARTICLE_CLAIM
    );
    say!(
        ctx,
        "  {:<5} {:<18} {:>5} {:>11} {:>16} {:>15} {:>17}",
        "board",
        "naive player",
        "games",
        "wins S-N-D",
        "moves to win",
        "depth mean max",
        "ms/move open all"
    );
    for pairing in study.pairings().map_err(SearchError::from)? {
        let games = ctx.play(&pairing.spec)?;
        let row = NaiveRow::of(&pairing, &games);
        let to_win = match (row.moves_to_win, row.most_moves_to_win) {
            (Some(mean), Some(most)) => format!("{mean:.1} (max {most})"),
            _ => "-".to_string(),
        };
        say!(
            ctx,
            "  {:<5} {:<18} {:>5} {:>11} {:>16} {:>9.1} {:>5} {:>8.0} {:>8.0}",
            row.size.to_string(),
            row.naive.id(),
            row.games,
            format!("{}-{}-{}", row.strong_wins, row.naive_wins, row.draws),
            to_win,
            row.mean_depth,
            row.max_depth,
            row.ms_per_open_move,
            row.ms_per_move
        );
    }
    say!(
        ctx,
        "  (moves to win: the strong player's own moves; depth and open ms/move: its moves before it had proven the result)"
    );
    Ok(())
}
