//! A game's report: every position of the game searched by the master's
//! search at a fixed node count, one thread and a fixed seed (so the same
//! report on any machine), its score read as a winning chance through the
//! variant's fitted logistic curve, and each move judged by the drop in its
//! mover's chance: accuracy, a mark, and the better move.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::accuracy::{Mark, game_accuracy, move_accuracy};
use breakline_ai::eval::win_chance;
use breakline_ai::player::GameRecord;
use breakline_ai::search::{AiConfig, ConfigError, Level, NodeLimit, SearchError, search};
use breakline_rules::position::Position;
use breakline_rules::record::RecordError;
use breakline_rules::{Move, Outcome, Side};

/// How a report searches: what makes two reports of a game the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReportSettings {
    /// Nodes searched a position.
    pub nodes: u64,
    /// The search's seed.
    pub seed: u64,
}

impl Default for ReportSettings {
    fn default() -> Self {
        ReportSettings { nodes: 50_000, seed: 1 }
    }
}

impl ReportSettings {
    /// The settings as one key, under which a library keeps the report
    /// (the version names the searcher and the formulas: change it when they change).
    pub fn key(&self) -> String {
        format!("v1 master nodes={} seed={}", self.nodes, self.seed)
    }

    /// The searcher: the master level's search without its book, on one
    /// thread, seeded, limited by [`NodeLimit`] alone.
    pub fn config(&self) -> Result<AiConfig, ConfigError> {
        let mut config = Level::MASTER.config();
        config.set_book(false);
        config.set_threads(1)?;
        let unbounded = config.algorithm().unbounded_limit();
        Ok(config.with_limits(&[unbounded])?.with_seed(self.seed))
    }
}

/// What the report says of one move.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MoveReview {
    /// The game's ply, from 0.
    pub ply: usize,
    /// Who played it.
    pub side: Side,
    /// The move played, in notation.
    pub played: String,
    /// The search's choice in the position before, if it differs from the move played.
    pub best: Option<String>,
    /// The mover's winning chance before the move, percent.
    pub before: f64,
    /// The mover's winning chance after it, percent.
    pub after: f64,
    /// The drop, percentage points (0 if the chance rose).
    pub loss: f64,
    /// The move's accuracy, 0-100.
    pub accuracy: f64,
    /// Inaccuracy, mistake or blunder, if the move was one (never the search's own choice).
    pub mark: Option<Mark>,
}

/// A game's report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameReport {
    /// How it was searched.
    pub settings: ReportSettings,
    /// White's winning chance (percent) at every position, the start included: the graph.
    pub white_chances: Vec<f64>,
    /// Every move of the game.
    pub moves: Vec<MoveReview>,
    /// Each side's game accuracy (by [`Side::index`]), if it moved.
    pub accuracy: [Option<f64>; 2],
}

impl GameReport {
    /// How many moves of `side` earned `mark`.
    pub fn count(&self, side: Side, mark: Mark) -> usize {
        self.moves.iter().filter(|m| m.side == side && m.mark == Some(mark)).count()
    }
}

/// Why a report could not be made.
#[derive(Debug, Error)]
pub enum ReportError {
    /// The game's record does not replay.
    #[error(transparent)]
    Record(#[from] RecordError),
    /// The searcher cannot be set up.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// A search failed.
    #[error(transparent)]
    Search(#[from] SearchError),
    /// Stopped before the end.
    #[error("the report was stopped")]
    Stopped,
}

/// What a search says of one position: White's chance and the best move.
struct Verdict {
    white_chance: f64,
    best: Option<Move>,
}

/// The report of `record`; `progress` hears (positions done, positions in
/// all) after each position and stops the report by returning `false`.
pub fn review(
    record: &GameRecord,
    settings: &ReportSettings,
    progress: &mut dyn FnMut(usize, usize) -> bool,
) -> Result<GameReport, ReportError> {
    let (record, end) = record.rebuilt()?;
    let config = settings.config()?;
    let mut position =
        Position::from_placement(end.variant(), end.start_placement().clone()).map_err(RecordError::from)?;
    if let Some(limit) = end.move_limit() {
        position.set_move_limit(limit);
    }
    let start = position.clone();
    let total = record.moves.len() + 1;
    let mut verdicts = Vec::with_capacity(total);
    for (i, entry) in record.moves.iter().enumerate() {
        verdicts.push(judge(&position, &config, settings.nodes)?);
        if !progress(i + 1, total) {
            return Err(ReportError::Stopped);
        }
        position.play_text(&entry.notation).map_err(|error| RecordError::Move {
            index: i + 1,
            notation: entry.notation.clone(),
            error,
        })?;
    }
    verdicts.push(judge(&position, &config, settings.nodes)?);
    progress(total, total);
    Ok(assemble(&record, settings, &verdicts, &start))
}

/// White's chance in `position` and the search's move.
fn judge(position: &Position, config: &AiConfig, nodes: u64) -> Result<Verdict, ReportError> {
    let mover = position.side_to_move();
    let (chance, best) = match position.outcome() {
        Outcome::Win { winner, .. } => (if winner == mover { 100.0 } else { 0.0 }, None),
        Outcome::Draw { .. } => (50.0, None),
        Outcome::Ongoing => {
            let found = search(position, config, &mut NodeLimit(nodes))?;
            (100.0 * win_chance(position.variant(), found.info.score), Some(found.best_move))
        }
    };
    let white_chance = if mover == Side::White { chance } else { 100.0 - chance };
    Ok(Verdict { white_chance, best })
}

/// The report from the verdicts of every position.
fn assemble(record: &GameRecord, settings: &ReportSettings, verdicts: &[Verdict], start: &Position) -> GameReport {
    let white_chances: Vec<f64> = verdicts.iter().map(|v| v.white_chance).collect();
    let mut replay = start.clone();
    let mut moves = Vec::with_capacity(record.moves.len());
    for (ply, entry) in record.moves.iter().enumerate() {
        let mover_chance = |white: f64| if entry.side == Side::White { white } else { 100.0 - white };
        let (before, after) = (mover_chance(white_chances[ply]), mover_chance(white_chances[ply + 1]));
        let best = verdicts[ply].best.map(|m| replay.move_name(m)).filter(|name| *name != entry.notation);
        let loss = (before - after).max(0.0);
        let mark = best.as_ref().and_then(|_| Mark::of_loss(loss));
        moves.push(MoveReview {
            ply,
            side: entry.side,
            played: entry.notation.clone(),
            best,
            before,
            after,
            loss,
            accuracy: move_accuracy(before, after),
            mark,
        });
        // The record was rebuilt from its moves: each plays.
        let _ = replay.play_text(&entry.notation);
    }
    let accuracy = game_accuracy(&white_chances, start.side_to_move());
    GameReport { settings: *settings, white_chances, moves, accuracy }
}
