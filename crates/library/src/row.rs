//! A game's row in the games table, compact: the moves two bytes a ply, the
//! start position only when it is not the usual one, and the record's JSON
//! only when the columns cannot rebuild the record exactly (search figures,
//! clocks, side lines, a seed); the columns the list shows beside them. A
//! row is rebuilt from its columns by one function, the same at writing (to
//! decide whether the JSON is needed) and at reading.

use rusqlite::{Transaction, params};

use super::codes;
use super::entry::{GameId, LibraryGame};
use super::error::LibraryError;
use super::identity::{Identity, day_of};
use super::openings;
use breakline_ai::game_text::result_token;
use breakline_ai::player::{GameRecord, Player};
use breakline_ai::search::AiConfig;
use breakline_rules::clock::TimeControl;
use breakline_rules::position::Position;
use breakline_rules::{BoardSize, Outcome, Side, SizeError, Variant, WinReason};

/// The columns a record is rebuilt from.
pub(super) struct Columns {
    /// The variant's id.
    pub variant: String,
    /// The board, e.g. `8x8`.
    pub size: String,
    /// The start position's string, when it is not the usual start.
    pub start: Option<String>,
    /// The main line's codes.
    pub moves: Vec<u8>,
    /// White's exact name: `human` or a config.
    pub white_label: String,
    /// Black's exact name.
    pub black_label: String,
    /// The time control's text.
    pub time_control: Option<String>,
    /// The outcome as JSON.
    pub outcome: String,
}

/// A game ready to be written: its columns, what else the row holds, and
/// what the explorer's index takes of it.
pub(super) struct Row {
    pub columns: Columns,
    pub record: GameRecord,
    pub json: Option<String>,
    pub ident: i64,
    pub openings: Vec<(i64, i64)>,
}

fn unstorable(e: impl std::fmt::Display) -> LibraryError {
    LibraryError::Unstorable(e.to_string())
}

impl Row {
    /// The record replayed and checked, and its compact columns.
    pub(super) fn of(game: &LibraryGame) -> Result<Row, LibraryError> {
        let (record, end) = game.record.rebuilt().map_err(unstorable)?;
        let start = record.start_position().map_err(unstorable)?;
        let usual = Position::start(end.variant(), end.size()).map(|p| p.fen()).ok();
        let columns = Columns {
            variant: end.variant().id().to_string(),
            size: end.size().to_string(),
            start: (usual.as_deref() != Some(record.start_fen.as_str())).then(|| record.start_fen.clone()),
            moves: codes::encode(end.moves()).ok_or_else(|| unstorable("a square off the largest board"))?,
            white_label: record.white.label(),
            black_label: record.black.label(),
            time_control: record.time_control.map(|tc| tc.to_string()),
            outcome: serde_json::to_string(&record.result).map_err(unstorable)?,
        };
        let plain = columns.record().ok();
        let json = match plain.as_ref() == Some(&record) {
            true => None,
            false => Some(serde_json::to_string(&record).map_err(unstorable)?),
        };
        let ident = Identity {
            variant: &columns.variant,
            size: &columns.size,
            start_fen: &record.start_fen,
            moves: &columns.moves,
            outcome: &columns.outcome,
            white: &columns.white_label,
            black: &columns.black_label,
            day: game.played_at.map(|t| day_of(t.as_second())),
        }
        .hash();
        let openings = openings::pairs(&start, end.moves().iter().copied())?;
        Ok(Row { columns, record, json, ident, openings })
    }
}

impl Columns {
    /// The record these columns hold: the moves replayed from the start
    /// without figures, the outcome's resignation or fallen flag kept.
    pub(super) fn record(&self) -> Result<GameRecord, String> {
        let variant: Variant = self.variant.parse().map_err(|e: SizeError| e.to_string())?;
        let size: BoardSize = self.size.parse().map_err(|e: SizeError| e.to_string())?;
        let start = match &self.start {
            Some(fen) => Position::from_fen(variant, fen).map_err(|e| e.to_string())?,
            None => Position::start(variant, size).map_err(|e| e.to_string())?,
        };
        let player = |label: &str| match label {
            "human" => Ok(Player::Human),
            config => AiConfig::parse(config, variant).map(Player::Ai).map_err(|e| e.to_string()),
        };
        let mut record = GameRecord::new(&start, player(&self.white_label)?, player(&self.black_label)?, 0);
        record.time_control =
            self.time_control.as_deref().map(TimeControl::parse).transpose().map_err(|e| e.to_string())?;
        let mut position = start;
        for m in codes::moves(&self.moves) {
            let before = position.clone();
            position.play(m).map_err(|e| e.to_string())?;
            record.push(&before, m, None);
        }
        record.finish(&position);
        let outcome: Outcome = serde_json::from_str(&self.outcome).map_err(|e| e.to_string())?;
        if !position.outcome().is_over() {
            match outcome {
                Outcome::Win { winner, reason: WinReason::Resignation } => record.resign(winner.opponent()),
                Outcome::Win { winner, reason: WinReason::Time } => record.flag_fell(winner.opponent()),
                _ => {}
            }
        }
        Ok(record)
    }
}

/// Inserts the game's row into `table` (inside the caller's transaction),
/// as number `id` if given; `None` if the library holds the same game.
pub(super) fn insert(
    tx: &Transaction,
    table: &str,
    id: Option<i64>,
    game: &LibraryGame,
    row: &Row,
) -> Result<Option<GameId>, LibraryError> {
    let (record, columns) = (&row.record, &row.columns);
    let inserted = tx
        .prepare_cached(&format!(
            "INSERT INTO {table} (id, ident, variant, size, white, black, white_label, black_label, person,
                rated, time_control, played_at, result, outcome, plies, opening_plies, start, moves, record)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19)
             ON CONFLICT (ident) DO NOTHING"
        ))?
        .execute(params![
            id,
            row.ident,
            columns.variant,
            columns.size,
            record.white.display_name(),
            record.black.display_name(),
            columns.white_label,
            columns.black_label,
            game.person.map(Side::name),
            game.rated,
            columns.time_control,
            game.played_at.map(|t| t.as_second()),
            result_token(record.result),
            columns.outcome,
            record.moves.len() as i64,
            game.opening_plies,
            columns.start,
            columns.moves,
            row.json,
        ])?;
    Ok((inserted > 0).then(|| GameId(tx.last_insert_rowid())))
}

/// The columns of a stored game, as `SELECT` lists them in [`COLUMNS`].
pub(super) const COLUMNS: &str = "variant, size, start, moves, white_label, black_label, time_control, outcome, record, played_at, rated, person, opening_plies";

/// A stored game from its row (the columns of [`COLUMNS`], in order).
pub(super) fn stored_game(id: GameId, row: &rusqlite::Row) -> Result<LibraryGame, LibraryError> {
    let bad = |why: String| LibraryError::Stored { id, why };
    let record = match row.get::<_, Option<String>>(8)? {
        Some(json) => GameRecord::from_json(&json).map_err(|e| bad(e.to_string()))?.0,
        None => columns_of(row)?.record().map_err(bad)?,
    };
    let played_at = match row.get::<_, Option<i64>>(9)? {
        Some(second) => Some(jiff::Timestamp::from_second(second).map_err(|e| bad(e.to_string()))?),
        None => None,
    };
    let person = match row.get::<_, Option<String>>(11)?.as_deref() {
        None => None,
        Some("white") => Some(Side::White),
        Some("black") => Some(Side::Black),
        Some(other) => return Err(bad(format!("unknown side '{other}'"))),
    };
    Ok(LibraryGame { record, played_at, rated: row.get(10)?, person, opening_plies: row.get(12)? })
}

/// The first eight columns of [`COLUMNS`].
pub(super) fn columns_of(row: &rusqlite::Row) -> Result<Columns, LibraryError> {
    Ok(Columns {
        variant: row.get(0)?,
        size: row.get(1)?,
        start: row.get(2)?,
        moves: row.get(3)?,
        white_label: row.get(4)?,
        black_label: row.get(5)?,
        time_control: row.get(6)?,
        outcome: row.get(7)?,
    })
}
