//! An outside player measured against the level ladder: it plays some of
//! the levels (through the one runner, as the ladder's own round robin plays
//! them) and its rating is fitted on the ladder's scale, the levels' measured
//! ratings held fixed.

use std::sync::atomic::AtomicBool;

use super::levels::{VariantLadder, ladder_schedule};
use super::rating::{KnownOpponent, Rating, fit_against};
use super::runner::{EngineStartError, PairGame, RoundRobin, Seat, cross_table};
use breakline_ai::search::{Level, SearchError};
use breakline_rules::{BoardSize, Variant};

/// How the outside player meets the levels.
#[derive(Clone, Debug, PartialEq)]
pub struct AgainstPlan {
    /// The game.
    pub variant: Variant,
    /// The board size.
    pub size: BoardSize,
    /// The outside player.
    pub player: Seat,
    /// The levels it plays, each once in the list.
    pub levels: Vec<Level>,
    /// Games against each level, colours swapped over shared openings.
    pub games: usize,
    /// Games against the top level (2 s a move: the costly ones).
    pub master_games: usize,
    /// The round robin's seed.
    pub seed: u64,
    /// Random plies of each shared opening.
    pub random_plies: u32,
}

impl AgainstPlan {
    /// The round robin of the player (first) and every level; only the
    /// player's pairs with [`AgainstPlan::levels`] play (see [`AgainstPlan::jobs`]).
    pub fn round_robin(&self) -> RoundRobin {
        let schedule = ladder_schedule(self.variant, self.size, self.random_plies, self.seed);
        let mut players = vec![self.player.clone()];
        players.extend(Level::ALL.iter().map(|level| Seat::Ai(level.config())));
        RoundRobin { schedule, players, games_per_pair: self.games.max(self.master_games).max(1) }
    }

    /// The games this plan plays, as job numbers of [`AgainstPlan::round_robin`]:
    /// the player's pair with level N is pair N - 1.
    pub fn jobs(&self) -> Vec<usize> {
        let per_pair = self.round_robin().games_per_pair;
        let mut levels = self.levels.clone();
        levels.sort();
        levels.dedup();
        let mut jobs = Vec::new();
        for level in levels {
            let pair = usize::from(level.number()) - 1;
            let games = if level == Level::MASTER { self.master_games } else { self.games };
            jobs.extend((0..games.min(per_pair)).map(|k| pair * per_pair + k));
        }
        jobs
    }

    /// Starts the outside program once, so that one that cannot play is an
    /// error before the games.
    pub fn check(&self) -> Result<(), EngineStartError> {
        self.round_robin().check()
    }

    /// Plays the plan on `threads` threads; `on_game` sees each game.
    pub fn play(&self, threads: usize, on_game: impl FnMut(&PairGame)) -> Result<Vec<PairGame>, SearchError> {
        self.round_robin().play_games(&self.jobs(), threads, &AtomicBool::new(false), on_game)
    }
}

/// How the outside player did against one level.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LevelResult {
    /// The level.
    pub level: Level,
    /// The level's rating on the ladder.
    pub rating: f64,
    /// Points the outside player took (draws as halves).
    pub score: f64,
    /// Games played.
    pub games: usize,
}

/// The outside player's results by level (the levels it played, weakest
/// first) and its rating on `ladder`'s scale.
pub fn rating_against(ladder: &VariantLadder, games: &[PairGame]) -> (Vec<LevelResult>, Rating) {
    let (score, played) = cross_table(games, 1 + usize::from(Level::COUNT));
    let results: Vec<LevelResult> = ladder
        .levels
        .iter()
        .map(|l| {
            let index = usize::from(l.level.number());
            LevelResult { level: l.level, rating: l.rating, score: score[0][index], games: played[0][index] as usize }
        })
        .filter(|r| r.games > 0)
        .collect();
    let known: Vec<KnownOpponent> =
        results.iter().map(|r| KnownOpponent { rating: r.rating, score: r.score, games: r.games as f64 }).collect();
    (results, fit_against(&known))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_plan_plays_only_the_players_pairs_with_its_levels() {
        let plan = AgainstPlan {
            variant: Variant::Breakthrough,
            size: BoardSize::new(8, 8),
            player: Seat::Ai(Level::EASY.config()),
            levels: vec![Level::MASTER, Level::new(2).unwrap(), Level::MASTER],
            games: 6,
            master_games: 2,
            seed: 1,
            random_plies: 4,
        };
        // Pair 1 is (player, level 2); pair 7 is (player, level 8).
        assert_eq!(plan.jobs(), vec![6, 7, 8, 9, 10, 11, 42, 43]);
        let round_robin = plan.round_robin();
        let pairs = round_robin.pairs();
        assert_eq!((pairs[1], pairs[7]), ((0, 2), (0, 8)));
    }
}
