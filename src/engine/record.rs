//! Game records: who played, every move with its search figures, the result and
//! per-side statistics. Serde-serializable, so games can be saved, replayed and
//! written as JSON lines by the experiments.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::error::{FenError, MoveError};
use super::eval::Score;
use super::position::Position;
use super::search::{self, AiConfig, SearchError, SearchHandler, SearchInfo};
use super::types::{BoardSize, Color, Move, Outcome, Variant};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    Human,
    Ai(AiConfig),
}

impl Player {
    pub fn label(&self) -> String {
        match self {
            Player::Human => "human".to_string(),
            Player::Ai(config) => config.to_string(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MoveRecord {
    /// The move in notation, e.g. `a2-a3`.
    pub notation: String,
    pub side: Color,
    pub capture: bool,
    /// Search figures; zero for a human move.
    pub nodes: u64,
    /// Whole microseconds, so records survive a JSON round trip exactly.
    pub time_us: u64,
    pub depth: u32,
    /// The mover's score of the position after its search, if it searched.
    pub score: Option<Score>,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SideStats {
    pub moves: u32,
    pub nodes: u64,
    pub captures: u32,
    pub total_time_us: u64,
}

impl SideStats {
    pub fn total_time_ms(&self) -> f64 {
        self.total_time_us as f64 / 1000.0
    }

    pub fn average_time_ms(&self) -> f64 {
        if self.moves == 0 { 0.0 } else { self.total_time_ms() / self.moves as f64 }
    }

    pub fn average_nodes(&self) -> f64 {
        if self.moves == 0 { 0.0 } else { self.nodes as f64 / self.moves as f64 }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameStats {
    pub winner: Option<Color>,
    /// Plies played (moves by both sides).
    pub turns: u32,
    pub final_fen: String,
    pub white: SideStats,
    pub black: SideStats,
}

impl GameStats {
    pub fn side(&self, color: Color) -> &SideStats {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    pub variant: Variant,
    pub size: BoardSize,
    pub white: Player,
    pub black: Player,
    pub seed: u64,
    pub start_fen: String,
    /// Lines of Action only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub move_limit: Option<u32>,
    pub moves: Vec<MoveRecord>,
    pub result: Outcome,
    pub stats: GameStats,
}

#[derive(Debug, Clone, PartialEq, Error)]
pub enum RecordError {
    #[error("bad start position in the record: {0}")]
    Start(#[from] FenError),
    #[error("move {index} ({notation}) in the record: {error}")]
    Move { index: usize, notation: String, error: MoveError },
    #[error("the record's size {recorded} does not match its start position ({actual})")]
    SizeMismatch { recorded: BoardSize, actual: BoardSize },
}

impl GameRecord {
    /// An empty record of a game starting at `start`.
    pub fn new(start: &Position, white: Player, black: Player, seed: u64) -> GameRecord {
        let mut record = GameRecord {
            variant: start.variant(),
            size: start.size(),
            white,
            black,
            seed,
            start_fen: start.fen(),
            move_limit: start.move_limit(),
            moves: Vec::new(),
            result: Outcome::Ongoing,
            stats: GameStats {
                winner: None,
                turns: 0,
                final_fen: start.fen(),
                white: SideStats::default(),
                black: SideStats::default(),
            },
        };
        record.finish(start);
        record
    }

    pub fn player(&self, color: Color) -> &Player {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    /// Adds a move played by `side` from `before`, with its search figures if any.
    pub fn push(&mut self, before: &Position, m: Move, search: Option<&SearchInfo>) {
        let side = before.side_to_move();
        let entry = MoveRecord {
            notation: before.move_name(m),
            side,
            capture: m.capture,
            nodes: search.map_or(0, |s| s.nodes),
            time_us: search.map_or(0, |s| s.time.as_micros() as u64),
            depth: search.map_or(0, |s| s.depth),
            score: search.map(|s| s.score),
        };
        let stats = match side {
            Color::White => &mut self.stats.white,
            Color::Black => &mut self.stats.black,
        };
        stats.moves += 1;
        stats.nodes += entry.nodes;
        stats.captures += entry.capture as u32;
        stats.total_time_us += entry.time_us;
        self.moves.push(entry);
    }

    /// Takes back the last recorded move and its statistics.
    pub fn pop(&mut self) -> Option<MoveRecord> {
        let entry = self.moves.pop()?;
        let stats = match entry.side {
            Color::White => &mut self.stats.white,
            Color::Black => &mut self.stats.black,
        };
        stats.moves -= 1;
        stats.nodes -= entry.nodes;
        stats.captures -= entry.capture as u32;
        stats.total_time_us -= entry.time_us;
        Some(entry)
    }

    /// Brings result, turn count and final position up to date with `now`.
    pub fn finish(&mut self, now: &Position) {
        self.result = now.outcome();
        self.stats.winner = self.result.winner();
        self.stats.turns = self.moves.len() as u32;
        self.stats.final_fen = now.fen();
    }

    /// Replays the record from its start, checking every move; the result is
    /// the final position.
    pub fn replay(&self) -> Result<Position, RecordError> {
        let mut pos = Position::from_fen(self.variant, &self.start_fen)?;
        if pos.size() != self.size {
            return Err(RecordError::SizeMismatch { recorded: self.size, actual: pos.size() });
        }
        if let Some(limit) = self.move_limit {
            pos.set_move_limit(limit);
        }
        for (index, m) in self.moves.iter().enumerate() {
            pos.play_text(&m.notation).map_err(|error| RecordError::Move {
                index: index + 1,
                notation: m.notation.clone(),
                error,
            })?;
        }
        Ok(pos)
    }

    /// The moves as plain text, one ply a line, in notation.
    pub fn move_list_text(&self) -> String {
        self.moves.iter().map(|m| m.notation.as_str()).collect::<Vec<_>>().join("\n")
    }
}

/// A different but reproducible seed for every move of every game.
pub fn move_seed(game_seed: u64, ply: usize, side: Color) -> u64 {
    let mut z = game_seed ^ ((ply as u64) << 1 | side.index() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Plays an AI-vs-AI game from `start` to its end and records it. Each move's
/// search is seeded from `seed`, the ply and the side, so the same seed gives
/// the same game. `handler` can stop the game between and within searches.
pub fn play_ai_game(
    start: Position,
    white: &AiConfig,
    black: &AiConfig,
    seed: u64,
    handler: &mut dyn SearchHandler,
) -> Result<GameRecord, SearchError> {
    let mut pos = start;
    let mut record = GameRecord::new(&pos, Player::Ai(white.clone()), Player::Ai(black.clone()), seed);
    while !pos.outcome().is_over() && !handler.should_stop() {
        let side = pos.side_to_move();
        let base = if side == Color::White { white } else { black };
        let config = AiConfig { seed: move_seed(seed, pos.moves().len(), side), ..base.clone() };
        let result = search::search(&pos, &config, handler)?;
        if handler.should_stop() {
            break;
        }
        let before = pos.clone();
        // The search only returns legal moves; a failure here is an engine bug.
        pos.play(result.best_move).map_err(SearchError::RefusedMove)?;
        record.push(&before, result.best_move, Some(&result.info));
    }
    record.finish(&pos);
    Ok(record)
}
