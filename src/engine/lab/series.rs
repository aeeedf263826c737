//! Series of AI-vs-AI games: reproducible per game (each game's seed comes from
//! the series seed and its index, whatever the number of threads), run in
//! parallel, stoppable, and summarised in the style of the classic studies.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use serde::{Deserialize, Serialize};

use super::runner::{move_seed, play_ai_game, random_opening};
use crate::engine::ai::player::GameRecord;
use crate::engine::ai::search::{AiConfig, ConfigError, SearchError, SearchHandler};
use crate::engine::rules::types::{BoardSize, Color, Variant};
use crate::engine::{Position, SizeError};

/// What to play: player A against player B, N games.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeriesSpec {
    /// The game played.
    pub variant: Variant,
    /// The board it is played on.
    pub size: BoardSize,
    /// Player A (White unless colours are swapped).
    pub a: AiConfig,
    /// Player B.
    pub b: AiConfig,
    /// Number of games.
    pub games: usize,
    /// The seed every game's openings and searches derive from.
    pub seed: u64,
    /// Every second game with colours exchanged (A plays Black).
    pub swap: bool,
    /// Random plies played before the AIs take over, for varied openings.
    pub random_plies: u32,
    /// Tie-break noise given to a player whose config has none (0 keeps them exact).
    pub noise: f64,
    /// Lines of Action draw limit; `None` keeps the rules' default.
    pub move_limit: Option<u32>,
}

/// One finished (or stopped) game of a series.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeriesGame {
    /// Its number in the series, from 0.
    pub index: usize,
    /// Whether A played Black in this game.
    pub a_is_black: bool,
    /// The game itself.
    pub record: GameRecord,
}

impl SeriesGame {
    /// The colour A played in this game.
    pub fn color_of_a(&self) -> Color {
        if self.a_is_black { Color::Black } else { Color::White }
    }

    /// 1 for an A win, 0.5 for a draw, 0 for a loss.
    pub(crate) fn score_of_a(&self) -> f64 {
        match self.record.result.winner() {
            Some(w) if w == self.color_of_a() => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }
}

/// Stops every game of a series at once (searches poll it too).
struct SharedStop<'a>(&'a AtomicBool);

impl SearchHandler for SharedStop<'_> {
    fn should_stop(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

impl SeriesSpec {
    /// The start of every game: the variant's start position on this size.
    pub fn start(&self) -> Result<Position, SizeError> {
        let mut pos = Position::start(self.variant, self.size)?;
        if let Some(limit) = self.move_limit {
            pos.set_move_limit(limit);
        }
        Ok(pos)
    }

    /// A player's config as the series plays it: the series' noise where it
    /// sets none, and one search thread where it says `auto` (the games
    /// themselves run in parallel).
    fn with_noise(&self, config: &AiConfig) -> Result<AiConfig, ConfigError> {
        let mut c = config.with_auto_threads(1);
        if c.noise() == 0.0 {
            c.set_noise(self.noise)?;
        }
        Ok(c)
    }

    /// Plays game `index` of the series; the same index always gives the same game.
    fn play_game(&self, index: usize, stop: &AtomicBool) -> Result<SeriesGame, SearchError> {
        let game_seed = move_seed(self.seed, index, Color::White) ^ 0x5EED;
        let a_is_black = self.swap && index % 2 == 1;
        let (white, black) = if a_is_black { (&self.b, &self.a) } else { (&self.a, &self.b) };
        // Colours alternate over pairs of games that share their opening.
        let opening = if self.swap { index / 2 * 2 } else { index };
        let opening_seed = move_seed(self.seed, opening, Color::White) ^ 0x5EED;
        let start = self.start()?;
        let pos = random_opening(start, self.random_plies, opening_seed);
        let record =
            play_ai_game(pos, &self.with_noise(white)?, &self.with_noise(black)?, game_seed, &mut SharedStop(stop))?;
        Ok(SeriesGame { index, a_is_black, record })
    }

    /// Plays the whole series on `threads` threads, calling `on_game` on this
    /// thread as each game finishes (in finishing order). Games cut short by
    /// `stop` are left out. The result is sorted by game index.
    pub fn run(
        &self,
        threads: usize,
        stop: &AtomicBool,
        on_game: impl FnMut(&SeriesGame),
    ) -> Result<Vec<SeriesGame>, SearchError> {
        run_parallel(self.games, threads, stop, |i| self.play_game(i, stop), on_game)
    }
}

/// Runs jobs `0..jobs` on `threads` threads; `on_done` sees each finished job
/// on the calling thread. The first error stops the rest. Jobs finished after
/// a stop request are dropped unless they are complete games.
pub fn run_parallel<T: Send + Finished>(
    jobs: usize,
    threads: usize,
    stop: &AtomicBool,
    job: impl Fn(usize) -> Result<T, SearchError> + Sync,
    mut on_done: impl FnMut(&T),
) -> Result<Vec<T>, SearchError> {
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel();
    let mut done = Vec::with_capacity(jobs);
    let mut failure = None;
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1).min(jobs.max(1)) {
            let tx = tx.clone();
            let (next, job) = (&next, &job);
            scope.spawn(move || {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= jobs || stop.load(Ordering::Relaxed) {
                        break;
                    }
                    if tx.send((index, job(index))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for (index, result) in rx {
            match result {
                Ok(item) if item.is_finished() => {
                    on_done(&item);
                    done.push((index, item));
                }
                Ok(_) => {}
                Err(e) => {
                    failure.get_or_insert(e);
                    stop.store(true, Ordering::Relaxed);
                }
            }
        }
    });
    if let Some(e) = failure {
        return Err(e);
    }
    done.sort_by_key(|(i, _)| *i);
    Ok(done.into_iter().map(|(_, item)| item).collect())
}

/// Whether a job's result is whole (a game played to its end).
pub trait Finished {
    /// Whether the job ran to its end rather than being stopped.
    fn is_finished(&self) -> bool;
}

impl Finished for SeriesGame {
    fn is_finished(&self) -> bool {
        self.record.result.is_over()
    }
}

/// One player's figures over a series.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PlayerSummary {
    /// Games won.
    pub wins: u32,
    /// Games won as White.
    pub wins_as_white: u32,
    /// Games won as Black.
    pub wins_as_black: u32,
    games_as_white: u32,
    moves: u64,
    nodes: u64,
    captures: u64,
    /// Search time over all its moves, in milliseconds.
    pub time_ms: f64,
}

impl PlayerSummary {
    pub(crate) fn nodes_per_game(&self, games: usize) -> f64 {
        self.nodes as f64 / games.max(1) as f64
    }
    pub(crate) fn captures_per_game(&self, games: usize) -> f64 {
        self.captures as f64 / games.max(1) as f64
    }
    pub(crate) fn time_per_move_ms(&self) -> f64 {
        self.time_ms / self.moves.max(1) as f64
    }
}

/// The figures of a series: draws and each player's totals.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SeriesSummary {
    pub(crate) games: usize,
    /// Games with no winner.
    pub draws: u32,
    pub(crate) average_turns: f64,
    /// Player A's figures.
    pub a: PlayerSummary,
    /// Player B's figures.
    pub b: PlayerSummary,
}

impl SeriesSummary {
    /// Sums up `games` (the games of one series).
    pub fn of(games: &[SeriesGame]) -> SeriesSummary {
        let mut s = SeriesSummary { games: games.len(), ..Default::default() };
        let mut turns = 0u64;
        for g in games {
            turns += g.record.stats.turns as u64;
            let a_color = g.color_of_a();
            for (player, color) in [(&mut s.a, a_color), (&mut s.b, a_color.opponent())] {
                let side = g.record.stats.side(color);
                player.moves += side.moves as u64;
                player.nodes += side.nodes;
                player.captures += side.captures as u64;
                player.time_ms += side.total_time_ms();
                player.games_as_white += (color == Color::White) as u32;
                if g.record.result.winner() == Some(color) {
                    player.wins += 1;
                    match color {
                        Color::White => player.wins_as_white += 1,
                        Color::Black => player.wins_as_black += 1,
                    }
                }
            }
            s.draws += g.record.result.winner().is_none() as u32;
        }
        s.average_turns = turns as f64 / games.len().max(1) as f64;
        s
    }

    /// The per-player rows of a series report, (label, A, B), as both the
    /// command line and the game show them; the colour rows only when
    /// colours were swapped.
    pub(crate) fn player_rows(&self, swapped: bool) -> Vec<(&'static str, String, String)> {
        let (a, b, n) = (&self.a, &self.b, self.games);
        let mut rows = vec![("Wins", a.wins.to_string(), b.wins.to_string())];
        if swapped {
            rows.push(("  as White", a.wins_as_white.to_string(), b.wins_as_white.to_string()));
            rows.push(("  as Black", a.wins_as_black.to_string(), b.wins_as_black.to_string()));
        }
        rows.push(("Nodes per game", format!("{:.0}", a.nodes_per_game(n)), format!("{:.0}", b.nodes_per_game(n))));
        rows.push((
            "Captures per game",
            format!("{:.2}", a.captures_per_game(n)),
            format!("{:.2}", b.captures_per_game(n)),
        ));
        rows.push((
            "Time per move (ms)",
            format!("{:.2}", a.time_per_move_ms()),
            format!("{:.2}", b.time_per_move_ms()),
        ));
        rows
    }

    /// A's score fraction (wins + half the draws).
    pub fn score_of_a(&self) -> f64 {
        (self.a.wins as f64 + 0.5 * self.draws as f64) / self.games.max(1) as f64
    }
}
