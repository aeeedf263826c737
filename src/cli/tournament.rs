//! `breakline tournament`: a round robin between players (AI configs or engine
//! programs), every pair N games with colours alternating over shared
//! openings, with a cross table, scores and Elo estimates.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use clap::Args;

use crate::engine::lab::rating::fit_ratings;
use crate::engine::lab::series::{Finished, run_parallel};
use crate::engine::{BoardSize, Variant};

use super::arena::{Arena, ArenaGame, Contestant};
use super::progress;

#[derive(Args, Debug)]
pub(crate) struct TournamentArgs {
    #[arg(long, default_value = "breakthrough")]
    variant: Variant,
    #[arg(long, default_value = "8x8")]
    size: BoardSize,
    /// Two or more players: AI configs or engine:PATH[:ai=CONFIG]
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
}

/// One game of the round robin and the pair that played it.
pub(crate) struct PairGame {
    first: usize,
    second: usize,
    game: ArenaGame,
}

impl Finished for PairGame {
    fn is_finished(&self) -> bool {
        self.game.is_finished()
    }
}

pub(crate) struct Tournament {
    pub(crate) variant: Variant,
    pub(crate) size: BoardSize,
    pub(crate) players: Vec<Contestant>,
    pub(crate) games_per_pair: usize,
    pub(crate) seed: u64,
    pub(crate) random_plies: u32,
    pub(crate) noise: f64,
    pub(crate) timeout: Duration,
}

impl Tournament {
    pub(crate) fn play(&self, threads: usize) -> Result<Vec<PairGame>, String> {
        let pairs: Vec<(usize, usize)> =
            (0..self.players.len()).flat_map(|i| (i + 1..self.players.len()).map(move |j| (i, j))).collect();
        let arenas: Vec<Arena> = (0..pairs.len())
            .map(|p| Arena {
                variant: self.variant,
                size: self.size,
                move_limit: None,
                random_plies: self.random_plies,
                noise: self.noise,
                seed: self.seed.wrapping_add(p as u64 * 1_000_003),
                swap: true,
                timeout: self.timeout,
            })
            .collect();
        if let Some(arena) = arenas.first() {
            arena.check(&self.players.iter().collect::<Vec<_>>())?;
        }
        let total = pairs.len() * self.games_per_pair;
        let bar = progress::bar(total, "tournament");
        let stop = AtomicBool::new(false);
        let games = run_parallel(
            total,
            threads,
            &stop,
            |job| {
                let (pair, k) = (job / self.games_per_pair, job % self.games_per_pair);
                let (first, second) = pairs[pair];
                arenas[pair].play_game(k, &self.players[first], &self.players[second], &stop).map(|game| PairGame {
                    first,
                    second,
                    game,
                })
            },
            |_| bar.inc(1),
        )
        .map_err(|e| e.to_string())?;
        bar.finish_and_clear();
        Ok(games)
    }

    /// Prints the cross table, scores and Elo estimates; returns the players
    /// ordered by rating (best first) with their Elo.
    pub(crate) fn print_table(&self, games: &[PairGame]) -> Vec<(usize, f64)> {
        let n = self.players.len();
        let mut score = vec![vec![0.0; n]; n];
        let mut played = vec![vec![0.0; n]; n];
        for g in games {
            let s = g.game.series_game().score_of_a();
            score[g.first][g.second] += s;
            score[g.second][g.first] += 1.0 - s;
            played[g.first][g.second] += 1.0;
            played[g.second][g.first] += 1.0;
        }
        let ratings = fit_ratings(&score, &played);
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by(|&a, &b| ratings[b].elo.total_cmp(&ratings[a].elo));
        let width = self.players.iter().map(|p| p.to_string().len()).max().unwrap_or(8).max(8);
        print!("{:>3} {:<width$} ", "#", "player");
        for k in 0..n {
            print!("{:>7}", format!("[{}]", k + 1));
        }
        println!("{:>9} {:>14}", "score", "Elo");
        for (rank, &i) in order.iter().enumerate() {
            print!("{:>3} {:<width$} ", format!("{}.", rank + 1), self.players[i].to_string());
            for &j in &order {
                if i == j {
                    print!("{:>7}", "-");
                } else {
                    print!("{:>7}", format!("{}/{}", score[i][j], played[i][j]));
                }
            }
            let total: f64 = score[i].iter().sum();
            let of: f64 = played[i].iter().sum();
            println!("{:>9} {:>+6.0} ± {:<4.0}", format!("{total}/{of}"), ratings[i].elo, ratings[i].error);
        }
        println!("(columns follow the rows' order; Elo: mean 0, ± is a 95% interval)");
        order.into_iter().map(|i| (i, ratings[i].elo)).collect()
    }
}

pub(crate) fn run(args: &TournamentArgs) -> Result<(), String> {
    if !(0.0..=1.0).contains(&args.noise) {
        return Err(format!("--noise must be from 0 to 1, not {}", args.noise));
    }
    args.variant.check_size(args.size).map_err(|e| e.to_string())?;
    let players = args
        .players
        .iter()
        .map(|p| Contestant::parse(p, args.variant).map_err(|e| format!("--players {p}: {e}")))
        .collect::<Result<Vec<_>, _>>()?;
    let tournament = Tournament {
        variant: args.variant,
        size: args.size,
        players,
        games_per_pair: args.games as usize,
        seed: args.seed,
        random_plies: args.random_plies,
        noise: args.noise,
        timeout: Duration::from_millis(args.timeout),
    };
    let started = Instant::now();
    let games = tournament.play(args.threads.map_or_else(progress::default_threads, |t| t as usize))?;
    println!(
        "{} {} round robin: {} players, {} games in {:.1} s",
        args.variant.title(),
        args.size,
        tournament.players.len(),
        games.len(),
        started.elapsed().as_secs_f64()
    );
    tournament.print_table(&games);
    Ok(())
}
