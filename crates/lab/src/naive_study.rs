//! The naive-players study of the iterative-deepening article: its strong
//! player (iterative-deepening alpha-beta with the 8-factor evaluation, i.e.
//! enhanced `balanced`, a fixed time a move) against each naive player
//! searching 3 plies, on 6x6 (the article's board) and 8x8, colours
//! alternating. Stated once here so the command line and the game's Series
//! window offer the same study; each pairing is an ordinary [`SeriesSpec`].

use serde::{Deserialize, Serialize};

use super::runner::{Schedule, Seat, SeriesGame, SeriesSpec};
use breakline_ai::eval::{Strategy, is_proven};
use breakline_ai::search::{AiConfig, Algorithm, ConfigError, Limit};
use breakline_rules::{BoardSize, Side, Variant};

/// The study's settings; [`NaiveStudy::article`] gives the article's.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NaiveStudy {
    /// The strong player's time a move, in milliseconds.
    pub strong_time_ms: u64,
    /// The naive players' fixed alpha-beta depth.
    pub naive_depth: u32,
    /// The boards played on, each with every pairing.
    pub sizes: Vec<BoardSize>,
    /// Games per pairing and board; colours alternate, the strong player
    /// taking White in the even-numbered ones.
    pub games: usize,
    /// The seed of every pairing's series.
    pub seed: u64,
    /// Tie-break noise (below one evaluation step) so a pairing's games differ.
    pub noise: f64,
}

/// One series of the study: the strong player (A) against one naive player (B).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NaivePairing {
    /// The naive player's strategy.
    pub naive: Strategy,
    /// The series played.
    pub spec: SeriesSpec,
}

impl NaiveStudy {
    /// The article's time a move for its strong player.
    pub const ARTICLE_TIME_MS: u64 = 3000;
    /// The article's depth for its naive players.
    const ARTICLE_DEPTH: u32 = 3;
    /// What the article reports.
    pub const ARTICLE_CLAIM: &'static str = "the strong player beat every naive player within about 20 moves";

    /// The article's setting on both boards, two games a pairing (one per colour).
    pub fn article() -> NaiveStudy {
        NaiveStudy {
            strong_time_ms: NaiveStudy::ARTICLE_TIME_MS,
            naive_depth: NaiveStudy::ARTICLE_DEPTH,
            sizes: vec![BoardSize::new(6, 6), BoardSize::new(8, 8)],
            games: 2,
            seed: 1,
            noise: 1.0,
        }
    }

    /// The strong player: enhanced alpha-beta with `balanced` at the study's time.
    pub fn strong(&self) -> Result<AiConfig, ConfigError> {
        AiConfig::new(Algorithm::Enhanced, Strategy::Balanced).with_limits(&[Limit::TimeMs(self.strong_time_ms)])
    }

    /// A naive player: plain alpha-beta at the study's depth.
    fn naive(&self, strategy: Strategy) -> Result<AiConfig, ConfigError> {
        AiConfig::fixed_depth(Algorithm::AlphaBeta, strategy, self.naive_depth)
    }

    /// Every pairing, board by board, naive players in [`Strategy::NAIVE`]
    /// order; an error if the study's time or depth is out of range.
    pub fn pairings(&self) -> Result<Vec<NaivePairing>, ConfigError> {
        let mut out = Vec::with_capacity(self.sizes.len() * Strategy::NAIVE.len());
        for &size in &self.sizes {
            for naive in Strategy::NAIVE {
                let schedule = Schedule {
                    variant: Variant::Breakthrough,
                    size,
                    move_limit: None,
                    random_plies: 0,
                    noise: self.noise,
                    seed: self.seed,
                    swap: true,
                    time_control: None,
                    both_connected: Default::default(),
                    openings: None,
                };
                let spec = SeriesSpec {
                    schedule,
                    a: Seat::Ai(self.strong()?),
                    b: Seat::Ai(self.naive(naive)?),
                    games: self.games,
                };
                out.push(NaivePairing { naive, spec });
            }
        }
        Ok(out)
    }
}

/// One row of the study's report: a pairing's games summed up from the
/// strong player's side.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NaiveRow {
    /// The board size of these games.
    pub size: BoardSize,
    /// The naive player's strategy.
    pub naive: Strategy,
    /// Games summed up.
    pub games: usize,
    /// Games the strong player won.
    pub strong_wins: u32,
    /// Games the naive player won.
    pub naive_wins: u32,
    /// Games neither won.
    pub draws: u32,
    /// The strong player's own moves in the games it won, on average.
    pub moves_to_win: Option<f64>,
    /// The most own moves the strong player needed for a win.
    pub most_moves_to_win: Option<u32>,
    /// The depth the strong player completed in its time, on average over its
    /// moves played before it had proven the result (a proven win or loss ends
    /// the search early, at a shallow depth, in no time).
    pub mean_depth: f64,
    /// The deepest depth it completed over those moves.
    pub max_depth: u32,
    /// The strong player's moves searched until its time was up.
    pub open_moves: u32,
    /// Its moves played with the result already proven.
    pub proven_moves: u32,
    /// The strong player's mean time over its open moves, in milliseconds.
    pub ms_per_open_move: f64,
    /// Its mean time over all its moves, in milliseconds.
    pub ms_per_move: f64,
}

impl NaiveRow {
    /// Sums up `games` of `pairing` (the strong player is the spec's A).
    pub fn of(pairing: &NaivePairing, games: &[SeriesGame]) -> NaiveRow {
        let mut row = NaiveRow {
            size: pairing.spec.schedule.size,
            naive: pairing.naive,
            games: games.len(),
            strong_wins: 0,
            naive_wins: 0,
            draws: 0,
            moves_to_win: None,
            most_moves_to_win: None,
            mean_depth: 0.0,
            max_depth: 0,
            open_moves: 0,
            proven_moves: 0,
            ms_per_open_move: 0.0,
            ms_per_move: 0.0,
        };
        let (mut win_moves, mut depth_sum, mut open_us, mut time_us) = (Vec::new(), 0u64, 0u64, 0u64);
        for g in games {
            let strong: Side = g.color_of_a();
            match g.record.result.winner() {
                Some(w) if w == strong => {
                    row.strong_wins += 1;
                    win_moves.push(g.record.stats.side(strong).moves);
                }
                Some(_) => row.naive_wins += 1,
                None => row.draws += 1,
            }
            for m in g.record.moves.iter().filter(|m| m.side == strong) {
                time_us += m.time_us;
                if m.score.is_some_and(is_proven) {
                    row.proven_moves += 1;
                    continue;
                }
                row.open_moves += 1;
                open_us += m.time_us;
                depth_sum += m.depth as u64;
                row.max_depth = row.max_depth.max(m.depth);
            }
        }
        if !win_moves.is_empty() {
            row.moves_to_win = Some(win_moves.iter().sum::<u32>() as f64 / win_moves.len() as f64);
            row.most_moves_to_win = win_moves.iter().max().copied();
        }
        let open = row.open_moves.max(1) as f64;
        row.mean_depth = depth_sum as f64 / open;
        row.ms_per_open_move = open_us as f64 / 1000.0 / open;
        row.ms_per_move = time_us as f64 / 1000.0 / (row.open_moves + row.proven_moves).max(1) as f64;
        row
    }
}
