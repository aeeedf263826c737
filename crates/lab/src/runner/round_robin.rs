//! A round robin: every pair of players plays its own series, colours
//! alternating over shared openings, each pair on a seed of its own.

use std::sync::atomic::AtomicBool;

use serde::{Deserialize, Serialize};

use super::SeriesSpec;
use super::game::SeriesGame;
use super::parallel::{Finished, run_parallel};
use super::schedule::Schedule;
use super::seat::{EngineStartError, Seat};
use breakline_ai::search::SearchError;

/// Every pair of `players` plays `games_per_pair` games on `schedule`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoundRobin {
    /// The pairs' schedule; each pair plays on its own seed derived from this
    /// one, with colours swapped.
    pub schedule: Schedule,
    /// Two or more players.
    pub players: Vec<Seat>,
    /// Games each pair plays.
    pub games_per_pair: usize,
}

/// One game of the round robin and the pair that played it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PairGame {
    /// The pair's first player (A of its series), an index into the players.
    pub first: usize,
    /// Its second player (B).
    pub second: usize,
    /// The game, A being `first`.
    pub game: SeriesGame,
}

impl Finished for PairGame {
    fn is_finished(&self) -> bool {
        self.game.is_finished()
    }
}

/// Points each player took from each other (draws as halves) and the games
/// each pair played, from a round robin's games among `players` players.
pub fn cross_table(games: &[PairGame], players: usize) -> (Vec<Vec<f64>>, Vec<Vec<f64>>) {
    let mut score = vec![vec![0.0; players]; players];
    let mut played = vec![vec![0.0; players]; players];
    for g in games {
        let s = g.game.score_of_a();
        score[g.first][g.second] += s;
        score[g.second][g.first] += 1.0 - s;
        played[g.first][g.second] += 1.0;
        played[g.second][g.first] += 1.0;
    }
    (score, played)
}

impl RoundRobin {
    /// The pairs of players, each once, in order: (0, 1), (0, 2)... (1, 2)...
    pub fn pairs(&self) -> Vec<(usize, usize)> {
        let n = self.players.len();
        (0..n).flat_map(|i| (i + 1..n).map(move |j| (i, j))).collect()
    }

    /// The series pair number `pair` plays.
    pub fn pairing(&self, pair: usize, (first, second): (usize, usize)) -> SeriesSpec {
        let seed = self.schedule.seed.wrapping_add(pair as u64 * 1_000_003);
        SeriesSpec {
            schedule: Schedule { seed, swap: true, ..self.schedule.clone() },
            a: self.players[first].clone(),
            b: self.players[second].clone(),
            games: self.games_per_pair,
        }
    }

    /// Starts each engine program once, as [`SeriesSpec::check`] does.
    pub fn check(&self) -> Result<(), EngineStartError> {
        let terms = self.schedule.engine_terms();
        self.players.iter().try_for_each(|p| p.check(&terms))
    }

    /// Plays every pair's series on `threads` threads; `on_game` sees each
    /// game as it finishes. Sorted by pair, then game.
    pub fn play(
        &self,
        threads: usize,
        stop: &AtomicBool,
        on_game: impl FnMut(&PairGame),
    ) -> Result<Vec<PairGame>, SearchError> {
        let all: Vec<usize> = (0..self.pairs().len() * self.games_per_pair).collect();
        self.play_games(&all, threads, stop, on_game)
    }

    /// Plays the games numbered `jobs` (pair x games per pair + game,
    /// ascending) as [`RoundRobin::play`] plays them all: a share of the
    /// round robin gives the very games the whole would.
    pub fn play_games(
        &self,
        jobs: &[usize],
        threads: usize,
        stop: &AtomicBool,
        on_game: impl FnMut(&PairGame),
    ) -> Result<Vec<PairGame>, SearchError> {
        let pairs = self.pairs();
        let series: Vec<SeriesSpec> = pairs.iter().enumerate().map(|(p, &pair)| self.pairing(p, pair)).collect();
        let per_pair = self.games_per_pair.max(1);
        let job = |job: usize| {
            let (pair, k) = (jobs[job] / per_pair, jobs[job] % per_pair);
            let (first, second) = pairs[pair];
            series[pair].play_game(k, stop).map(|game| PairGame { first, second, game })
        };
        run_parallel(jobs.len(), threads, stop, job, on_game)
    }
}
