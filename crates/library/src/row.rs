//! A game's row in the games table, compact: the moves two bytes a ply, the
//! start position only when it is not the usual one, and the record's JSON
//! only when the columns cannot rebuild the record exactly (search figures,
//! clocks, side lines, a seed); the columns the list shows beside them. A
//! row is rebuilt from its columns by one function, the same at writing (to
//! decide whether the JSON is needed) and at reading.

use rusqlite::{Transaction, params};

use super::codes;
use super::entry::{GameId, LibraryGame};
use super::error::{LibraryError, StoredError, UnstorableError};
use super::identity::{Identity, day_of};
use super::openings;
use breakline_ai::player::{GameRecord, Player, names_program};
use breakline_ai::search::AiConfig;
use breakline_rules::clock::TimeControl;
use breakline_rules::position::Position;
use breakline_rules::record::MoveRecord;
use breakline_rules::record::game_text::result_token;
use breakline_rules::{BoardSize, Outcome, Side, Variant};

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
    pub white: String,
    pub black: String,
    pub result: Outcome,
    pub plies: usize,
    pub json: Option<String>,
    pub ident: i64,
    pub openings: Vec<(i64, i64)>,
}

impl Row {
    /// The record replayed and checked, and its compact columns.
    pub(super) fn of(game: &LibraryGame) -> Result<Row, LibraryError> {
        let (record, end) = game.record.rebuilt().map_err(UnstorableError::from)?;
        Row::checked(&record, &end, game)
    }

    /// The compact columns of `game` whose record, already replayed and
    /// checked, is `record` (one from `rebuilt`, or the one a game's text
    /// was read into), which ends at `end`.
    pub(super) fn checked(record: &GameRecord, end: &Position, game: &LibraryGame) -> Result<Row, LibraryError> {
        let played_at = game.played_at.map(|t| t.as_second());
        let usual = Position::start(end.variant(), end.size()).map(|p| p.fen()).ok();
        let columns = Columns {
            variant: end.variant().id().to_string(),
            size: end.size().to_string(),
            start: (usual.as_deref() != Some(record.start_fen.as_str())).then(|| record.start_fen.clone()),
            moves: codes::encode(end.moves()).ok_or(UnstorableError::OffBoard)?,
            white_label: record.white.label(),
            black_label: record.black.label(),
            time_control: record.time_control.map(|tc| tc.to_string()),
            outcome: serde_json::to_string(&record.result).map_err(UnstorableError::from)?,
        };
        let json = match columns.plain(record, end).ok().as_ref() == Some(record) {
            true => None,
            false => Some(serde_json::to_string(record).map_err(UnstorableError::from)?),
        };
        let ident = Identity {
            variant: &columns.variant,
            size: &columns.size,
            start_fen: &record.start_fen,
            moves: &columns.moves,
            outcome: &columns.outcome,
            white: &exact_name(&columns.white_label, game.white_name.as_deref()),
            black: &exact_name(&columns.black_label, game.black_name.as_deref()),
            day: played_at.map(day_of),
        }
        .hash();
        let start = columns.start_position().map_err(UnstorableError::from)?;
        let openings = openings::pairs(&start, end.moves().iter().copied())?;
        Ok(Row {
            white: game.white_name.clone().unwrap_or_else(|| record.white.display_name()),
            black: game.black_name.clone().unwrap_or_else(|| record.black.display_name()),
            result: record.result,
            plies: record.moves.len(),
            columns,
            json,
            ident,
            openings,
        })
    }
}

/// A player's exact name in a game's identity: the label (`human` or the
/// config), and the person's name where the game gives one, so two people's
/// games of the same moves on the same day are two games.
fn exact_name(label: &str, name: Option<&str>) -> String {
    match name {
        Some(name) => format!("{label}:{name}"),
        None => label.to_string(),
    }
}

/// A person's name as a stored row keeps it: the list's name (`white` or
/// `black` column) where the label is `human` and the name is not the
/// record's own `Human`.
fn stored_name(label: &str, shown: String) -> Option<String> {
    (label == "human" && shown != Player::Human.display_name()).then_some(shown)
}

impl Columns {
    /// The start position these columns name.
    fn start_position(&self) -> Result<Position, StoredError> {
        let variant: Variant = self.variant.parse()?;
        Ok(match &self.start {
            Some(fen) => Position::from_fen(variant, fen)?,
            None => Position::start(variant, self.size.parse::<BoardSize>()?)?,
        })
    }

    /// A record of these columns with `moves`, ending at `end`: the players,
    /// time control and outcome as the columns hold them.
    fn record_of(&self, start: &Position, moves: Vec<MoveRecord>, end: &Position) -> Result<GameRecord, StoredError> {
        let variant = start.variant();
        let player = |label: &str| match label {
            "human" => Ok(Player::Human),
            seat if names_program(seat) => Ok(Player::Program(seat.to_string())),
            config => AiConfig::parse(config, variant).map(Player::Ai),
        };
        let mut record = GameRecord::new(start, player(&self.white_label)?, player(&self.black_label)?, 0);
        record.time_control = self.time_control.as_deref().map(TimeControl::parse).transpose()?;
        record.moves = moves;
        record.finish(end);
        let outcome: Outcome = serde_json::from_str(&self.outcome)?;
        // Any loss off the board comes back as it was stored (a forfeit read
        // back as a game still going on).
        if let Outcome::Win { winner, reason } = outcome
            && !end.outcome().is_over()
        {
            record.lose_off_board(winner.opponent(), reason);
        }
        Ok(record)
    }

    /// The record these columns hold: the moves replayed from the start
    /// without figures, the outcome's resignation or fallen flag kept.
    pub(super) fn record(&self) -> Result<GameRecord, StoredError> {
        let start = self.start_position()?;
        let mut position = start.clone();
        let mut moves = Vec::with_capacity(self.moves.len() / 2);
        for m in codes::moves(&self.moves) {
            moves.push(plain_move(position.move_name(m), position.side_to_move(), m.capture));
            position.play(m)?;
        }
        self.record_of(&start, moves, &position)
    }

    /// What [`Columns::record`] makes of `record`'s row, without replaying
    /// it: the moves as `record` names them, their figures dropped. The
    /// names are the same: a move's code keeps its squares and capture,
    /// from which both name it.
    fn plain(&self, record: &GameRecord, end: &Position) -> Result<GameRecord, StoredError> {
        let moves = record.moves.iter().map(|m| plain_move(m.notation.clone(), m.side, m.capture)).collect();
        self.record_of(&self.start_position()?, moves, end)
    }
}

/// A ply without search figures or clock.
fn plain_move(notation: String, side: Side, capture: bool) -> MoveRecord {
    MoveRecord { notation, side, capture, nodes: 0, time_us: 0, depth: 0, score: None, book: false, clock_ms: None }
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
    let columns = &row.columns;
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
            row.white,
            row.black,
            columns.white_label,
            columns.black_label,
            game.person.map(Side::name),
            game.rated,
            columns.time_control,
            game.played_at.map(|t| t.as_second()),
            result_token(row.result),
            columns.outcome,
            row.plies as i64,
            game.opening_plies,
            columns.start,
            columns.moves,
            row.json,
        ])?;
    Ok((inserted > 0).then(|| GameId(tx.last_insert_rowid())))
}

/// The columns of a stored game, as `SELECT` lists them in [`COLUMNS`].
pub(super) const COLUMNS: &str = "variant, size, start, moves, white_label, black_label, time_control, outcome, record, played_at, rated, person, opening_plies, white, black";

/// A stored game from its row (the columns of [`COLUMNS`], in order).
pub(super) fn stored_game(id: GameId, row: &rusqlite::Row) -> Result<LibraryGame, LibraryError> {
    let bad = |why: StoredError| LibraryError::Stored { id, why };
    let record = match row.get::<_, Option<String>>(8)? {
        Some(json) => GameRecord::from_json(&json).map_err(|e| bad(e.into()))?.0,
        None => columns_of(row)?.record().map_err(bad)?,
    };
    let played_at = match row.get::<_, Option<i64>>(9)? {
        Some(second) => Some(jiff::Timestamp::from_second(second).map_err(|e| bad(e.into()))?),
        None => None,
    };
    let person = match row.get::<_, Option<String>>(11)?.as_deref() {
        None => None,
        Some("white") => Some(Side::White),
        Some("black") => Some(Side::Black),
        Some(other) => return Err(bad(StoredError::Side(other.to_string()))),
    };
    let white_name = stored_name(&row.get::<_, String>(4)?, row.get(13)?);
    let black_name = stored_name(&row.get::<_, String>(5)?, row.get(14)?);
    Ok(LibraryGame {
        record,
        played_at,
        rated: row.get(10)?,
        person,
        opening_plies: row.get(12)?,
        white_name,
        black_name,
    })
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
