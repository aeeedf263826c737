//! The figures of a series, in the style of the classic studies: wins (by
//! colour), nodes, captures and time per player, draws, and A's score samples
//! for the Elo estimate and the sequential test. The games themselves are
//! played by the runner.

use serde::{Deserialize, Serialize};

use super::runner::SeriesGame;
use super::sprt::Samples;
use breakline_rules::notation::thousands;
use breakline_rules::{Outcome, Side, WinReason};

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
    /// Games lost because its time ran out.
    #[serde(default)]
    pub losses_on_time: u32,
}

impl PlayerSummary {
    /// Nodes searched for one move on average: the figure that shows what a
    /// search saves (a game's count hides it behind the game's length).
    pub fn nodes_per_move(&self) -> f64 {
        self.nodes as f64 / self.moves.max(1) as f64
    }
    /// Search nodes a game over `games` games.
    pub fn nodes_per_game(&self, games: usize) -> f64 {
        self.nodes as f64 / games.max(1) as f64
    }
    /// Captures a game over `games` games.
    pub fn captures_per_game(&self, games: usize) -> f64 {
        self.captures as f64 / games.max(1) as f64
    }
    /// Thinking time a move, in milliseconds.
    pub fn time_per_move_ms(&self) -> f64 {
        self.time_ms / self.moves.max(1) as f64
    }
}

/// The figures of a series: draws and each player's totals.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SeriesSummary {
    /// Games played.
    pub games: usize,
    /// Games with no winner.
    pub draws: u32,
    /// Plies a game, on average.
    pub average_turns: f64,
    /// Player A's figures.
    pub a: PlayerSummary,
    /// Player B's figures.
    pub b: PlayerSummary,
    /// The games were played on the clock.
    #[serde(default)]
    pub(crate) on_clock: bool,
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
                player.games_as_white += (color == Side::White) as u32;
                let lost_on_time =
                    g.record.result == Outcome::Win { winner: color.opponent(), reason: WinReason::Time };
                player.losses_on_time += lost_on_time as u32;
                if g.record.result.winner() == Some(color) {
                    player.wins += 1;
                    match color {
                        Side::White => player.wins_as_white += 1,
                        Side::Black => player.wins_as_black += 1,
                    }
                }
            }
            s.draws += g.record.result.winner().is_none() as u32;
            s.on_clock |= g.record.time_control.is_some();
        }
        s.average_turns = turns as f64 / games.len().max(1) as f64;
        s
    }

    /// The per-player rows of a series report, (label, A, B), as both the
    /// command line and the game show them; the colour rows only when
    /// colours were swapped.
    pub fn player_rows(&self, swapped: bool) -> Vec<(&'static str, String, String)> {
        let (a, b, n) = (&self.a, &self.b, self.games);
        let mut rows = vec![("Wins", a.wins.to_string(), b.wins.to_string())];
        if swapped {
            rows.push(("  as White", a.wins_as_white.to_string(), b.wins_as_white.to_string()));
            rows.push(("  as Black", a.wins_as_black.to_string(), b.wins_as_black.to_string()));
        }
        // Per move first: a game's length would hide what a search saves.
        let count = |n: f64| thousands(n.round() as u64);
        rows.push(("Nodes per move", count(a.nodes_per_move()), count(b.nodes_per_move())));
        rows.push((
            "Time per move (ms)",
            format!("{:.2}", a.time_per_move_ms()),
            format!("{:.2}", b.time_per_move_ms()),
        ));
        rows.push(("Nodes per game", count(a.nodes_per_game(n)), count(b.nodes_per_game(n))));
        rows.push((
            "Captures per game",
            format!("{:.2}", a.captures_per_game(n)),
            format!("{:.2}", b.captures_per_game(n)),
        ));
        if self.on_clock {
            rows.push(("Lost on time", a.losses_on_time.to_string(), b.losses_on_time.to_string()));
        }
        rows
    }

    /// A's score fraction (wins + half the draws).
    pub fn score_of_a(&self) -> f64 {
        (self.a.wins as f64 + 0.5 * self.draws as f64) / self.games.max(1) as f64
    }
}

/// A's score samples: one per complete pair (games 2k and 2k+1) when colours
/// alternate, else one per game.
pub fn samples_of_a(games: &[SeriesGame], paired: bool) -> Samples {
    let values = if paired {
        let mut by_index: Vec<&SeriesGame> = games.iter().collect();
        by_index.sort_by_key(|g| g.index);
        by_index
            .windows(2)
            .filter(|w| w[0].index % 2 == 0 && w[1].index == w[0].index + 1)
            .map(|w| (w[0].score_of_a() + w[1].score_of_a()) / 2.0)
            .collect()
    } else {
        games.iter().map(SeriesGame::score_of_a).collect()
    };
    Samples { values }
}
