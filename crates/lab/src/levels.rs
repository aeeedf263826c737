//! The level ladder's measured ratings: the round robin that measures them
//! (pairs of levels a few steps apart, through the one runner) and the table
//! the game reads (`assets/levels.json`), anchored so level 1 sits at 800 on
//! the Elo scale.

use std::sync::LazyLock;
use std::sync::atomic::AtomicBool;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::rating::{Rating, fit_ratings};
use super::runner::{PairGame, RoundRobin, Schedule, Seat, cross_table};
use breakline_ai::search::{Level, SearchError};
use breakline_rules::{BoardSize, Variant};

/// Level 1's rating: where the scale is anchored.
pub const ANCHOR: f64 = 800.0;

/// How the ladder is measured.
#[derive(Clone, Debug, PartialEq)]
pub struct LadderPlan {
    /// The game and board.
    pub variant: Variant,
    /// The board size.
    pub size: BoardSize,
    /// Games each pair of levels plays, colours swapped over shared openings.
    pub games: usize,
    /// Games for a pair with the top level (2 s a move: the costly pairs).
    pub master_games: usize,
    /// Pairs at most this many levels apart play (farther ones are foregone
    /// conclusions that add nothing to the ratings).
    pub reach: u8,
    /// The round robin's seed.
    pub seed: u64,
    /// Random plies of each shared opening.
    pub random_plies: u32,
}

/// How every game against the ladder's levels is set up: shared random
/// openings, colours swapped, the usual rules, no clock. The ladder's own
/// round robin and an outside player's games against it both use it, so
/// the player is rated on the ladder's terms.
pub fn ladder_schedule(variant: Variant, size: BoardSize, random_plies: u32, seed: u64) -> Schedule {
    Schedule {
        variant,
        size,
        move_limit: None,
        random_plies,
        noise: 1.0,
        seed,
        swap: true,
        time_control: None,
        both_connected: Default::default(),
        openings: None,
    }
}

impl LadderPlan {
    /// The round robin of every level; [`LadderPlan::jobs`] picks its games.
    pub fn round_robin(&self) -> RoundRobin {
        let schedule = ladder_schedule(self.variant, self.size, self.random_plies, self.seed);
        let players = Level::ALL.iter().map(|level| Seat::Ai(level.config())).collect();
        RoundRobin { schedule, players, games_per_pair: self.games.max(self.master_games).max(1) }
    }

    /// The games this plan plays, as job numbers of [`LadderPlan::round_robin`].
    pub fn jobs(&self) -> Vec<usize> {
        let round_robin = self.round_robin();
        let per_pair = round_robin.games_per_pair;
        let top = usize::from(Level::COUNT) - 1;
        let mut jobs = Vec::new();
        for (p, (a, b)) in round_robin.pairs().into_iter().enumerate() {
            if b - a > usize::from(self.reach) {
                continue;
            }
            let games = if b == top { self.master_games } else { self.games };
            jobs.extend((0..games.min(per_pair)).map(|k| p * per_pair + k));
        }
        jobs
    }

    /// Plays the plan on `threads` threads; `on_game` sees each game.
    pub fn play(&self, threads: usize, on_game: impl FnMut(&PairGame)) -> Result<Vec<PairGame>, SearchError> {
        self.round_robin().play_games(&self.jobs(), threads, &AtomicBool::new(false), on_game)
    }
}

/// One level's measured rating.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct LevelRating {
    /// The level's number.
    pub level: Level,
    /// Its rating, level 1 at [`ANCHOR`].
    pub rating: f64,
    /// Half the 95% interval.
    pub interval: f64,
    /// Games it played.
    pub games: usize,
}

/// A variant's ladder as measured.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct VariantLadder {
    /// The game.
    pub variant: Variant,
    /// The board it was measured on.
    pub size: BoardSize,
    /// The command that measured it.
    pub command: String,
    /// Games played in all.
    pub games: usize,
    /// Wall-clock seconds the round robin took.
    pub seconds: f64,
    /// Every level, weakest first.
    pub levels: Vec<LevelRating>,
}

/// Ratings of every level from a ladder's games, level 1 at [`ANCHOR`].
pub fn ladder_ratings(games: &[PairGame]) -> Vec<LevelRating> {
    let (score, played) = cross_table(games, usize::from(Level::COUNT));
    let fitted: Vec<Rating> = fit_ratings(&score, &played);
    let shift = ANCHOR - fitted[0].elo;
    Level::ALL
        .iter()
        .zip(&fitted)
        .enumerate()
        .map(|(i, (&level, r))| LevelRating {
            level,
            rating: r.elo + shift,
            interval: r.error,
            games: played[i].iter().sum::<f64>() as usize,
        })
        .collect()
}

/// The table of measured ladders the game reads.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct LevelTable {
    /// One ladder a variant.
    pub ladders: Vec<VariantLadder>,
}

/// Why a level table could not be read.
#[derive(Debug, Error)]
pub enum LevelTableError {
    /// Not the JSON of a table.
    #[error("not a level table: {0}")]
    Json(#[from] serde_json::Error),
    /// A ladder without every level, in order.
    #[error("the {0} ladder must list levels 1 to 8 in order")]
    Incomplete(String),
}

impl LevelTable {
    /// The table shipped with the game (read once; the tests check it parses).
    pub fn shipped() -> &'static LevelTable {
        static SHIPPED: LazyLock<LevelTable> =
            LazyLock::new(|| LevelTable::parse(include_str!("../../../assets/levels.json")).unwrap_or_default());
        &SHIPPED
    }

    /// "Level 3 · Improver (about 1150)", or without the rating where it was not measured.
    pub fn label(&self, variant: Variant, level: Level) -> String {
        let name = format!("Level {} · {}", level.number(), level.title());
        match self.rating(variant, level) {
            Some(r) => format!("{name} (about {:.0})", r.rating),
            None => name,
        }
    }

    /// Reads a table, checking each ladder lists every level once, in order.
    pub fn parse(text: &str) -> Result<LevelTable, LevelTableError> {
        let table: LevelTable = serde_json::from_str(text)?;
        for ladder in &table.ladders {
            let numbers: Vec<u8> = ladder.levels.iter().map(|l| l.level.number()).collect();
            if numbers != (1..=Level::COUNT).collect::<Vec<u8>>() || ladder.levels.iter().any(|l| !l.rating.is_finite())
            {
                return Err(LevelTableError::Incomplete(ladder.variant.to_string()));
            }
        }
        Ok(table)
    }

    /// `level`'s rating in `variant`, if measured.
    pub fn rating(&self, variant: Variant, level: Level) -> Option<LevelRating> {
        let ladder = self.ladders.iter().find(|l| l.variant == variant)?;
        ladder.levels.iter().find(|l| l.level == level).copied()
    }

    /// The level whose rating is nearest `rating` in `variant`.
    pub fn nearest(&self, variant: Variant, rating: f64) -> Option<Level> {
        let ladder = self.ladders.iter().find(|l| l.variant == variant)?;
        ladder
            .levels
            .iter()
            .min_by(|a, b| (a.rating - rating).abs().total_cmp(&(b.rating - rating).abs()))
            .map(|l| l.level)
    }

    /// Puts `ladder` in, replacing the variant's old one.
    pub fn put(&mut self, ladder: VariantLadder) {
        self.ladders.retain(|l| l.variant != ladder.variant);
        self.ladders.push(ladder);
        self.ladders.sort_by_key(|l| l.variant.id());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_plan_plays_pairs_within_reach_and_fewer_games_with_the_master() {
        let plan = LadderPlan {
            variant: Variant::Breakthrough,
            size: BoardSize::new(8, 8),
            games: 40,
            master_games: 12,
            reach: 3,
            seed: 1,
            random_plies: 4,
        };
        // Pairs at most 3 apart: 7 + 6 + 5 = 18, of which 3 with the master.
        assert_eq!(plan.jobs().len(), 15 * 40 + 3 * 12);
        let round_robin = plan.round_robin();
        let pairs = round_robin.pairs();
        for job in plan.jobs() {
            let (a, b) = pairs[job / round_robin.games_per_pair];
            assert!(b - a <= 3);
            let k = job % round_robin.games_per_pair;
            assert!(k < if b == 7 { 12 } else { 40 });
        }
        let everything = LadderPlan { reach: 7, ..plan };
        assert_eq!(everything.jobs().len(), 21 * 40 + 7 * 12);
    }
}
