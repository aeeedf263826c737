//! Side lines of a stored game, kept as they change: the record's lines
//! replaced in place, in one transaction. The game's own moves (and so its
//! row's columns, the explorer's index and its report) stay as they were.

use rusqlite::params;

use super::entry::GameId;
use super::error::LibraryError;
use super::row::Row;
use super::store::Library;
use breakline_rules::record::variation::SideLine;

impl Library {
    /// Game `id`'s side lines become `lines`, checked by replaying them.
    pub fn set_side_lines(&mut self, id: GameId, lines: &[SideLine]) -> Result<(), LibraryError> {
        let mut game = self.get(id)?;
        game.record.side_lines = lines.to_vec();
        // The row keeps the record's JSON where the columns cannot rebuild it.
        let row = Row::of(&game)?;
        let tx = self.conn.transaction()?;
        tx.execute("UPDATE games SET record = ?1 WHERE id = ?2", params![row.json, id.0])?;
        tx.commit()?;
        Ok(())
    }
}
