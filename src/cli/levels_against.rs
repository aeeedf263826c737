//! `breakline levels --against SEAT`: an outside player (an engine program
//! or an AI config) plays some of the levels and gets a rating on the
//! measured ladder's scale (see `engine::lab::against`).

use std::path::{Path, PathBuf};
use std::time::Instant;

use thiserror::Error;

use crate::engine::ai::search::{Level, SearchError};
use crate::engine::lab::against::{AgainstPlan, LevelResult, rating_against};
use crate::engine::lab::levels::{LevelTable, LevelTableError, VariantLadder};
use crate::engine::lab::rating::Rating;
use crate::engine::lab::runner::{EngineStartError, Seat, SeatError};
use crate::engine::{BoardSize, Variant};

use super::progress;

/// What `levels --against` was asked.
pub(crate) struct AgainstRun<'a> {
    pub(crate) variant: Variant,
    pub(crate) size: BoardSize,
    pub(crate) player: &'a str,
    /// Level numbers; empty for every level.
    pub(crate) levels: &'a [u8],
    pub(crate) games: usize,
    pub(crate) master_games: usize,
    pub(crate) seed: u64,
    pub(crate) threads: usize,
    /// The table holding the ladder; the shipped one where none is named.
    pub(crate) table: Option<&'a PathBuf>,
}

/// Why the outside player could not be measured.
#[derive(Debug, Error)]
pub(crate) enum AgainstError {
    #[error("--against: {0}")]
    Player(#[from] SeatError),
    #[error("--levels: no level {0} (levels are 1 to {max})", max = Level::COUNT)]
    Level(u8),
    #[error(transparent)]
    TableFile(#[from] TableFileError),
    #[error("no measured {variant} ladder to rate against (measure it with `breakline levels --write`)")]
    NoLadder { variant: Variant },
    #[error("the {variant} ladder was measured on {measured}, not {size}")]
    OtherSize { variant: Variant, measured: BoardSize, size: BoardSize },
    #[error(transparent)]
    EngineStart(#[from] EngineStartError),
    #[error(transparent)]
    Play(#[from] SearchError),
}

/// Why a file of measured ladders could not be read.
#[derive(Debug, Error)]
pub(crate) enum TableFileError {
    #[error("cannot read {}: {source}", path.display())]
    Read { path: PathBuf, source: std::io::Error },
    #[error("{}: {source}", path.display())]
    Table { path: PathBuf, source: LevelTableError },
}

/// The table of measured ladders in the file at `path`.
pub(crate) fn read_table(path: &Path) -> Result<LevelTable, TableFileError> {
    let text = std::fs::read_to_string(path).map_err(|source| TableFileError::Read { path: path.into(), source })?;
    LevelTable::parse(&text).map_err(|source| TableFileError::Table { path: path.into(), source })
}

pub(crate) fn run(run: &AgainstRun) -> Result<(), AgainstError> {
    let player = Seat::parse(run.player, run.variant)?;
    let levels = if run.levels.is_empty() {
        Level::ALL.to_vec()
    } else {
        run.levels.iter().map(|&n| Level::new(n).ok_or(AgainstError::Level(n))).collect::<Result<_, _>>()?
    };
    let ladder = ladder(run)?;
    let plan = AgainstPlan {
        variant: run.variant,
        size: run.size,
        player,
        levels,
        games: run.games,
        master_games: run.master_games,
        seed: run.seed,
        random_plies: 4,
    };
    plan.check()?;
    let bar = progress::bar(plan.jobs().len(), "levels");
    let started = Instant::now();
    let games = plan.play(run.threads, |_| bar.inc(1))?;
    bar.finish_and_clear();
    let (results, rating) = rating_against(&ladder, &games);
    let title = format!(
        "{} against the {} {} ladder: {} games in {:.0} s\n",
        plan.player,
        run.variant.title(),
        run.size,
        games.len(),
        started.elapsed().as_secs_f64()
    );
    print!("{title}{}", report(&results, rating));
    Ok(())
}

/// The variant's measured ladder, from the named table or the shipped one.
fn ladder(run: &AgainstRun) -> Result<VariantLadder, AgainstError> {
    let table = match run.table {
        Some(path) => read_table(path)?,
        None => LevelTable::shipped().clone(),
    };
    let variant = run.variant;
    let ladder = table.ladders.into_iter().find(|l| l.variant == variant).ok_or(AgainstError::NoLadder { variant })?;
    if ladder.size != run.size {
        return Err(AgainstError::OtherSize { variant, measured: ladder.size, size: run.size });
    }
    Ok(ladder)
}

/// The results by level, then the rating with its interval.
pub(crate) fn report(results: &[LevelResult], rating: Rating) -> String {
    let mut text = String::from("level  name      rating   score  games\n");
    for r in results {
        text.push_str(&format!(
            "{:>5}  {:<8} {:>6.0}  {:>6.1} {:>6}\n",
            r.level.number(),
            r.level.title(),
            r.rating,
            r.score,
            r.games
        ));
    }
    text.push_str(&format!(
        "rating {:.0} ± {:.0} (95%, from these games; the levels' own intervals come on top)\n",
        rating.elo, rating.error
    ));
    text
}
