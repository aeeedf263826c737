//! Side lines of a stored game, kept as they change: the record's lines
//! replaced in place, in one transaction. The game's own moves (and so its
//! row's columns, the explorer's index and its report) stay as they were.

use rusqlite::{OptionalExtension, params};

use super::entry::GameId;
use super::error::LibraryError;
use super::store::Library;
use breakline_ai::player::GameRecord;
use breakline_rules::variation::SideLine;

impl Library {
    /// Game `id`'s side lines become `lines`, checked by replaying them.
    pub fn set_side_lines(&mut self, id: GameId, lines: &[SideLine]) -> Result<(), LibraryError> {
        let tx = self.conn.transaction()?;
        let json: String = tx
            .query_row("SELECT record FROM games WHERE id = ?1", [id.0], |row| row.get(0))
            .optional()?
            .ok_or(LibraryError::Missing(id))?;
        let (mut record, _) =
            GameRecord::from_json(&json).map_err(|e| LibraryError::Stored { id, why: e.to_string() })?;
        record.side_lines = lines.to_vec();
        let unstorable = |e: &dyn std::fmt::Display| LibraryError::Unstorable(e.to_string());
        let (record, _) = record.rebuilt().map_err(|e| unstorable(&e))?;
        let json = serde_json::to_string(&record).map_err(|e| unstorable(&e))?;
        tx.execute("UPDATE games SET record = ?1 WHERE id = ?2", params![json, id.0])?;
        tx.commit()?;
        Ok(())
    }
}
