//! Game reports kept with their game, one per report settings, so a game
//! is reviewed once.

use rusqlite::OptionalExtension;

use super::entry::GameId;
use super::error::{LibraryError, UnstorableError};
use super::exercises::make_exercises;
use super::store::Library;
use crate::review::{GameReport, ReportError, ReportSettings, review};

impl Library {
    /// The stored report of game `id` under `settings`, if there is one.
    pub fn report(&self, id: GameId, settings: &ReportSettings) -> Result<Option<GameReport>, LibraryError> {
        let json: Option<String> = self
            .conn
            .query_row(
                "SELECT report FROM reports WHERE game_id = ?1 AND settings = ?2",
                rusqlite::params![id.0, settings.key()],
                |row| row.get(0),
            )
            .optional()?;
        json.map(|json| serde_json::from_str(&json).map_err(|e| LibraryError::Stored { id, why: e.into() })).transpose()
    }

    /// Keeps `report` with game `id` (replacing one of the same settings),
    /// and makes exercises of the person's mistakes and blunders in it.
    pub fn store_report(&mut self, id: GameId, report: &GameReport) -> Result<(), LibraryError> {
        let json = serde_json::to_string(report).map_err(UnstorableError::from)?;
        let game = self.get(id)?;
        let start = game.record.start_position().map_err(|e| LibraryError::Stored { id, why: e.into() })?;
        let tx = self.conn.transaction()?;
        tx.execute(
            "INSERT OR REPLACE INTO reports (game_id, settings, report) VALUES (?1, ?2, ?3)",
            rusqlite::params![id.0, report.settings.key(), json],
        )?;
        if let Some(person) = game.person {
            make_exercises(&tx, id, &start, person, report)?;
        }
        tx.commit()?;
        Ok(())
    }

    /// The report of game `id` under `settings`: the stored one, or one made
    /// now (`progress` as [`review`] takes it) and stored. `true` with it if it was made now.
    pub fn report_or_review(
        &mut self,
        id: GameId,
        settings: &ReportSettings,
        progress: &mut dyn FnMut(usize, usize) -> bool,
    ) -> Result<(GameReport, bool), ReviewFailure> {
        if let Some(report) = self.report(id, settings)? {
            return Ok((report, false));
        }
        let game = self.get(id)?;
        let report = review(&game.record, settings, progress)?;
        self.store_report(id, &report)?;
        Ok((report, true))
    }
}

/// Why a report could not be given: the library, or the review itself.
#[derive(Debug, thiserror::Error)]
pub enum ReviewFailure {
    /// The library could not read or store.
    #[error(transparent)]
    Library(#[from] LibraryError),
    /// The review failed.
    #[error(transparent)]
    Review(#[from] ReportError),
}
