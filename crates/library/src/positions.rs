//! The explorer's index: for every stored game, each main-line position's
//! hash with the move played from it, filled as the game is stored.

use rusqlite::{Transaction, params};

use super::entry::GameId;
use super::error::LibraryError;
use breakline_ai::player::GameRecord;

/// Writes game `id`'s rows of the index (inside the caller's transaction).
pub(super) fn index_game(tx: &Transaction, id: GameId, record: &GameRecord) -> Result<(), LibraryError> {
    let mut position = record.start_position().map_err(|e| LibraryError::Stored { id, why: e.into() })?;
    let mut statement =
        tx.prepare_cached("INSERT INTO positions (hash, game_id, ply, move, mover) VALUES (?1, ?2, ?3, ?4, ?5)")?;
    for (ply, entry) in record.moves.iter().enumerate() {
        // The hash's bits as SQLite's signed integer.
        let hash = position.hash() as i64;
        statement.execute(params![hash, id.0, ply as i64, entry.notation, entry.side.name()])?;
        position.play_text(&entry.notation).map_err(|e| LibraryError::Stored { id, why: e.into() })?;
    }
    Ok(())
}

/// Indexes every game stored before the index existed (a migration).
pub(super) fn index_all(tx: &Transaction) -> Result<(), LibraryError> {
    let games: Vec<(i64, String)> = {
        let mut statement = tx.prepare("SELECT id, record FROM games")?;
        let rows = statement.query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?;
        rows.collect::<Result<_, _>>()?
    };
    for (id, json) in games {
        let id = GameId(id);
        let (record, _) = GameRecord::from_json(&json).map_err(|e| LibraryError::Stored { id, why: e.into() })?;
        index_game(tx, id, &record)?;
    }
    Ok(())
}
