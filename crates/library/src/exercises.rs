//! Exercises from the person's own mistakes: each mistake or blunder a
//! report finds in a move of the side the person played becomes "find a
//! better move", kept with the game; each remembers its tries and whether
//! it was solved.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use rusqlite::{Transaction, params};

use super::entry::GameId;
use super::error::{LibraryError, StoredError};
use super::store::Library;

use crate::review::{GameReport, Mark, ReportError, ReportSettings, judge_answer};
use breakline_ai::judgement::Judgement;
use breakline_rules::error::FenError;
use breakline_rules::position::Position;
use breakline_rules::{Move, Side, SizeError, Variant};

/// The mildest mark that makes an exercise.
const LEAST_MARK: Mark = Mark::Mistake;

/// An exercise's number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ExerciseId(pub i64);

/// "Find a better move for White": a position from the person's game.
#[derive(Clone, Debug, PartialEq)]
pub struct Exercise {
    /// Its number.
    pub id: ExerciseId,
    /// The game it comes from.
    pub game: GameId,
    /// The game's ply of the mistake, from 0.
    pub ply: usize,
    /// The game played.
    pub variant: Variant,
    /// The position before the mistake.
    pub fen: String,
    /// The side to find a move for (the person's).
    pub side: Side,
    /// The move played in the game.
    pub played: String,
    /// The report's better move.
    pub better: String,
    /// What the move played was.
    pub mark: Mark,
    /// An answer must lose fewer points of winning chance than this against the best move.
    pub threshold: f64,
    /// Answers tried.
    pub attempts: u32,
    /// An answer was accepted.
    pub solved: bool,
}

impl Exercise {
    /// The position to find a move in.
    pub fn position(&self) -> Result<Position, FenError> {
        Position::from_fen(self.variant, &self.fen)
    }

    /// Judges `answer` (a legal move of [`Exercise::position`]) by `settings`'
    /// search, in at most `limit` if one is given; stopped once `cancel` is set.
    pub fn judge(
        &self,
        answer: Move,
        settings: &ReportSettings,
        (cancel, limit): (&AtomicBool, Option<Duration>),
    ) -> Result<Judgement, ReportError> {
        let position = self.position().map_err(breakline_rules::record::RecordError::from)?;
        judge_answer(&position, answer, self.threshold, settings, (cancel, limit))
    }
}

/// Writes the exercises of `report` for the side `person` played in the game
/// starting at `start` (inside the caller's transaction); an exercise
/// already made from the same move stays as it is.
pub(super) fn make_exercises(
    tx: &Transaction,
    id: GameId,
    start: &Position,
    person: Side,
    report: &GameReport,
) -> Result<(), LibraryError> {
    let mut position = start.clone();
    let mut statement = tx.prepare_cached(
        "INSERT OR IGNORE INTO exercises (game_id, ply, variant, fen, side, played, better, mark, threshold)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
    )?;
    for review in &report.moves {
        if let (Some(mark), Some(better)) = (review.mark, &review.best)
            && review.side == person
            && mark >= LEAST_MARK
        {
            statement.execute(params![
                id.0,
                review.ply as i64,
                position.variant().id(),
                position.fen(),
                person.name(),
                review.played,
                better,
                mark.name(),
                Mark::Inaccuracy.threshold(),
            ])?;
        }
        position.play_text(&review.played).map_err(|e| LibraryError::Stored { id, why: e.into() })?;
    }
    Ok(())
}

impl Library {
    /// The exercises, oldest first: of one variant or all, unsolved only or all.
    pub fn exercises(&self, variant: Option<Variant>, unsolved_only: bool) -> Result<Vec<Exercise>, LibraryError> {
        let mut statement = self.conn.prepare(
            "SELECT id, game_id, ply, variant, fen, side, played, better, mark, threshold, attempts, solved
             FROM exercises WHERE (?1 IS NULL OR variant = ?1) AND (?2 = 0 OR solved = 0) ORDER BY id",
        )?;
        let rows = statement.query_map(params![variant.map(Variant::id), unsolved_only], |row| {
            Ok((
                (row.get::<_, i64>(0)?, row.get::<_, i64>(1)?, row.get::<_, i64>(2)?, row.get::<_, String>(3)?),
                (
                    row.get::<_, String>(4)?,
                    row.get::<_, String>(5)?,
                    row.get::<_, String>(6)?,
                    row.get::<_, String>(7)?,
                ),
                (row.get::<_, String>(8)?, row.get::<_, f64>(9)?, row.get::<_, i64>(10)?, row.get::<_, bool>(11)?),
            ))
        })?;
        let mut out = Vec::new();
        for row in rows {
            let ((id, game, ply, variant), (fen, side, played, better), (mark, threshold, attempts, solved)) = row?;
            let bad = |why: StoredError| LibraryError::Stored { id: GameId(game), why };
            out.push(Exercise {
                id: ExerciseId(id),
                game: GameId(game),
                ply: usize::try_from(ply).map_err(|e| bad(e.into()))?,
                variant: variant.parse().map_err(|e: SizeError| bad(e.into()))?,
                fen,
                side: if side == "black" { Side::Black } else { Side::White },
                played,
                better,
                mark: Mark::ALL
                    .into_iter()
                    .find(|m| m.name() == mark)
                    .ok_or_else(|| bad(StoredError::Mark(mark.clone())))?,
                threshold,
                attempts: u32::try_from(attempts).unwrap_or(u32::MAX),
                solved,
            });
        }
        Ok(out)
    }

    /// The unsolved exercises of each variant that has any.
    pub fn exercises_left(&self) -> Result<Vec<(Variant, u64)>, LibraryError> {
        let mut out = Vec::new();
        for variant in Variant::ALL {
            let left: i64 = self.conn.query_row(
                "SELECT count(*) FROM exercises WHERE variant = ?1 AND solved = 0",
                [variant.id()],
                |row| row.get(0),
            )?;
            if left > 0 {
                out.push((variant, left as u64));
            }
        }
        Ok(out)
    }

    /// Notes a try at exercise `id`: one attempt more, solved if `accepted`
    /// (a solved exercise stays solved).
    pub fn record_attempt(&mut self, id: ExerciseId, accepted: bool) -> Result<(), LibraryError> {
        let tx = self.conn.transaction()?;
        tx.execute(
            "UPDATE exercises SET attempts = attempts + 1, solved = solved OR ?2 WHERE id = ?1",
            params![id.0, accepted],
        )?;
        tx.commit()?;
        Ok(())
    }
}
