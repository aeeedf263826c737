//! `breakline levels`: measures the level ladder's ratings in a round robin
//! (see `engine::lab::levels`), prints them with their intervals and, with
//! `--write`, puts the variant's ladder into the table the game reads; with
//! `--against SEAT` it rates an outside player on the ladder instead.

use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::Args;
use thiserror::Error;

use crate::engine::ai::search::SearchError;
use crate::engine::lab::levels::{LadderPlan, LevelTable, VariantLadder, ladder_ratings};
use crate::engine::rules::SizeError;
use crate::engine::{BoardSize, Variant};

use super::levels_against::{AgainstError, AgainstRun, TableFileError, read_table};
use super::progress;

#[derive(Args, Debug)]
pub(crate) struct LevelsArgs {
    #[arg(long, default_value = "breakthrough")]
    variant: Variant,
    #[arg(long, default_value = "8x8")]
    size: BoardSize,
    /// Games each pair of levels plays
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u64).range(2..=100_000))]
    games: u64,
    /// Games each pair with the master (2 s a move) plays
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(2..=100_000))]
    master_games: u64,
    /// Only pairs at most this many levels apart play
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(1..=7))]
    reach: u8,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads (default: all cores)
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    threads: Option<u64>,
    /// Put the ladder into this level table (the game's is assets/levels.json)
    #[arg(long, conflicts_with = "against")]
    write: Option<PathBuf>,
    /// Rate this player on the measured ladder instead: an AI config,
    /// engine:PATH, uci:PATH[:...] or ugi:PATH[:...]; it plays --games
    /// against each level (--master-games against the master)
    #[arg(long, value_name = "SEAT")]
    against: Option<String>,
    /// With --against: the levels it plays (default: all), e.g. 3,4,5
    #[arg(long, value_delimiter = ',', requires = "against")]
    levels: Vec<u8>,
    /// With --against: the level table holding the ladder (default: the shipped one)
    #[arg(long, requires = "against")]
    table: Option<PathBuf>,
}

/// Why the ladder could not be measured or written.
#[derive(Debug, Error)]
pub(crate) enum LevelsError {
    #[error(transparent)]
    Size(#[from] SizeError),
    #[error(transparent)]
    Play(#[from] SearchError),
    #[error(transparent)]
    TableFile(#[from] TableFileError),
    #[error("cannot write {}: {source}", path.display())]
    Write { path: PathBuf, source: std::io::Error },
    #[error(transparent)]
    Against(#[from] AgainstError),
}

pub(crate) fn run(args: &LevelsArgs) -> Result<(), LevelsError> {
    args.variant.check_size(args.size)?;
    let threads = args.threads.map_or_else(progress::default_threads, |t| t as usize);
    if let Some(player) = &args.against {
        let run = AgainstRun {
            variant: args.variant,
            size: args.size,
            player,
            levels: &args.levels,
            games: args.games as usize,
            master_games: args.master_games as usize,
            seed: args.seed,
            threads,
            table: args.table.as_ref(),
        };
        return Ok(super::levels_against::run(&run)?);
    }
    let plan = LadderPlan {
        variant: args.variant,
        size: args.size,
        games: args.games as usize,
        master_games: args.master_games as usize,
        reach: args.reach,
        seed: args.seed,
        random_plies: 4,
    };
    // Read the table first: a bad file is refused before hours of games.
    let table = args.write.as_deref().map(table_or_new).transpose()?;
    let bar = progress::bar(plan.jobs().len(), "levels");
    let started = Instant::now();
    let games = plan.play(threads, |_| bar.inc(1))?;
    bar.finish_and_clear();
    let ladder = VariantLadder {
        variant: args.variant,
        size: args.size,
        command: format!(
            "breakline levels --variant {} --size {} --games {} --master-games {} --reach {} --seed {}",
            args.variant, args.size, args.games, args.master_games, args.reach, args.seed
        ),
        games: games.len(),
        seconds: started.elapsed().as_secs_f64(),
        levels: ladder_ratings(&games),
    };
    print!("{}", report(&ladder));
    if let (Some(path), Some(mut table)) = (&args.write, table) {
        table.put(ladder);
        let json = serde_json::to_string_pretty(&table).expect("a level table is plain data");
        std::fs::write(path, json + "\n").map_err(|source| LevelsError::Write { path: path.clone(), source })?;
        println!("written to {}", path.display());
    }
    Ok(())
}

/// The table at `path`, or an empty one where there is no file yet.
fn table_or_new(path: &Path) -> Result<LevelTable, TableFileError> {
    match read_table(path) {
        Err(TableFileError::Read { source, .. }) if source.kind() == std::io::ErrorKind::NotFound => {
            Ok(LevelTable::default())
        }
        read => read,
    }
}

/// The ladder as a table: level, name, rating with its interval, games.
pub(crate) fn report(ladder: &VariantLadder) -> String {
    let mut text = format!(
        "{} {} ladder: {} games in {:.0} s\n",
        ladder.variant.title(),
        ladder.size,
        ladder.games,
        ladder.seconds
    );
    text.push_str("level  name      rating   95%     games\n");
    for l in &ladder.levels {
        text.push_str(&format!(
            "{:>5}  {:<8} {:>6.0}  ± {:<4.0} {:>6}\n",
            l.level.number(),
            l.level.title(),
            l.rating,
            l.interval,
            l.games
        ));
    }
    text
}
