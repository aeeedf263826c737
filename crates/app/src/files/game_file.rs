//! Saved games: the whole record as JSON (players, seed, moves with their
//! search figures, result, statistics) and plain-text move lists. Whatever is
//! read is replayed through the engine move by move; a file that does not
//! check out leaves the current game alone and says why in one line.

use std::path::{Path, PathBuf};
use std::time::Duration;

use web_time::{SystemTime, UNIX_EPOCH};

use bevy::prelude::*;

use crate::engine::ai::player::{GameRecord, Player};
use crate::engine::rules::record::RecordError;
use crate::engine::rules::record::game_text::{self, GameTextError, Headers};
use crate::engine::rules::record::movetext;
use crate::engine::{BoardSize, Variant};
use crate::files::opening::GameOpener;
use crate::game::clock::TurnTimer;
use crate::game::notice::Notice;
use crate::game::phase::{GamePhase, GameSystems};
use crate::game::players::Players;
use crate::game::session::GameSession;
use crate::platform::file_error::{FileError, Problem, read_text, write_text};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileAction {
    Save,
    Load,
    ExportMoves,
    ImportMoves,
    /// A file of many games into the library (`library::transfer`).
    ImportLibrary,
    /// The Library screen's chosen games to one file.
    ExportLibrary,
}

/// Do `action` with the file at `path`.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct FileRequest {
    pub action: FileAction,
    pub path: PathBuf,
}

/// Reads a saved game, replays every move and rebuilds what follows from
/// them (see [`GameRecord::from_json`]).
pub fn load_game(path: &Path) -> Result<(GameSession, GameRecord), FileError> {
    let text = read_text(path)?;
    let in_file = |source: RecordError| Problem::from(source).at(path);
    let (record, _) = GameRecord::from_json(&text).map_err(in_file)?;
    let session = GameSession::from_record(&record, 0).map_err(in_file)?;
    let turn = turn_spent_in(&text).filter(|_| !session.outcome().is_over());
    Ok((session.with_turn_spent(turn.unwrap_or_default()), record))
}

/// The key beside the record that keeps the turn in progress's time so far
/// (readers of the record alone pass over it).
const TURN_KEY: &str = "turn_ms";

/// The turn's time a saved file keeps, if it keeps one.
fn turn_spent_in(text: &str) -> Option<Duration> {
    let value: serde_json::Value = serde_json::from_str(text).ok()?;
    value.get(TURN_KEY)?.as_u64().map(Duration::from_millis)
}

/// The record as JSON, with the side to move's time so far on its turn
/// (`turn`): a save and an open gave that time back.
pub(crate) fn save_game(path: &Path, record: &GameRecord, turn: Duration) -> Result<(), FileError> {
    if path.extension().is_some_and(|extension| extension.eq_ignore_ascii_case("txt")) {
        return Err(FileError::SaveAsText { path: path.to_path_buf() });
    }
    let encode = |source| FileError::Encode { what: "the game", source };
    let mut value = serde_json::to_value(record).map_err(encode)?;
    let ms = u64::try_from(turn.as_millis()).unwrap_or(u64::MAX);
    if let (Some(object), true) = (value.as_object_mut(), ms > 0 && !record.result.is_over()) {
        object.insert(TURN_KEY.to_string(), ms.into());
    }
    let json = serde_json::to_string_pretty(&value).map_err(encode)?;
    write_text(path, &json)
}

/// The game as text to share: tags (variant, size, players, date, result)
/// and the numbered moves (see [`game_text`]).
fn export_text(path: &Path, record: &GameRecord) -> Result<(), FileError> {
    if path.extension().is_some_and(|extension| extension.eq_ignore_ascii_case("json")) {
        return Err(FileError::ExportAsJson { path: path.to_path_buf() });
    }
    let text = game_as_text(record).map_err(|source| Problem::from(source).at(path))?;
    write_text(path, &text)
}

/// The game a save, an export or a copy writes: a watched record whole,
/// not the moves replayed so far (fresh eyes, round 27: a series game saved
/// at its 54th ply of 74 was written as "ongoing"); else the game played.
pub(crate) fn whole_record(session: &GameSession) -> &GameRecord {
    session.replay().map_or(session.record(), |replay| replay.record())
}

/// The game as text, dated today.
pub(crate) fn game_as_text(record: &GameRecord) -> Result<String, GameTextError> {
    game_text::write(record, &Headers { date: Some(today()), ..Headers::default() })
}

/// Reads a game file as text (see [`game_from_text`]).
fn import_text(
    path: &Path,
    variant: Variant,
    size: BoardSize,
    players: &Players,
) -> Result<(GameSession, Players), FileError> {
    let text = read_text(path)?;
    game_from_text(&text, variant, size, players).map_err(|problem| problem.at(path))
}

/// A game as text: with tags, the game they describe (players too); a bare
/// move list (or the older `# breakline` header) is a game of `variant` on
/// `size` between the current players.
pub(crate) fn game_from_text(
    text: &str,
    variant: Variant,
    size: BoardSize,
    players: &Players,
) -> Result<(GameSession, Players), Problem> {
    if text.trim_start().starts_with('[') {
        let (record, _, headers) = game_text::read::<Player>(text)?;
        let mut session = GameSession::from_record(&record, 0)?;
        // A site's players keep their names (alice vs bob, not Human vs Human).
        if headers.white.is_some() || headers.black.is_some() {
            let name = |tag: Option<String>, player: &Player| tag.unwrap_or_else(|| player.display_name());
            let (white, black) = (name(headers.white, &record.white), name(headers.black, &record.black));
            session = session.with_names(Some(white), Some(black));
        }
        return Ok((session, Players::from_record(&record)));
    }
    let position = movetext::import(text, variant, size)?;
    Ok((GameSession::from_position(position, players, 0), players.clone()))
}

/// Today as PGN writes dates (`2026.11.25`, UTC).
fn today() -> String {
    date_of_day(SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs() / 86_400) as i64)
}

/// Days since 1970-01-01 to a civil date (H. Hinnant's algorithm).
fn date_of_day(days: i64) -> String {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

/// Where a new file goes by default: `<data dir>/breakline/games/game-<seconds>.<extension>`.
pub(crate) fn default_path(extension: &str) -> PathBuf {
    let seconds = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let dir = dirs::data_dir().unwrap_or_else(|| PathBuf::from(".")).join("breakline").join("games");
    dir.join(format!("game-{seconds}.{extension}"))
}

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<FileRequest>()
        .add_systems(Update, handle_requests.in_set(GameSystems::Input).run_if(not(in_state(GamePhase::Setup))));
}

/// Saves and exports read the game; loads and imports become a request to
/// the owner, so a file that does not check out leaves the game alone.
fn handle_requests(
    mut requests: MessageReader<FileRequest>,
    (session, timer): (Res<GameSession>, Res<TurnTimer>),
    players: Res<Players>,
    mut notice: ResMut<Notice>,
    mut opener: GameOpener,
) {
    for request in requests.read() {
        let path = &request.path;
        let opened = match request.action {
            FileAction::Save => {
                let turn = if session.reviewing() { Duration::ZERO } else { timer.spent() };
                let saved = save_game(path, whole_record(&session), turn).map(|()| format!("Saved {}", path.display()));
                report(&mut notice, saved);
                continue;
            }
            FileAction::ExportMoves => {
                let done = export_text(path, whole_record(&session))
                    .map(|()| format!("Game text written to {}", path.display()));
                report(&mut notice, done);
                continue;
            }
            FileAction::Load => load_game(path).map(|(session, record)| (session, Players::from_record(&record))),
            FileAction::ImportMoves => import_text(path, session.variant(), session.size(), &players),
            // The library's own: `library::transfer`.
            FileAction::ImportLibrary | FileAction::ExportLibrary => continue,
        };
        match opened {
            Ok((opened, opened_players)) => {
                let length = crate::game::length::game_length(opened.plies());
                let message = format!("Opened {} ({length})", path.display());
                // A saved game a person plays, unfinished, is theirs to play on and keep.
                let own = request.action == FileAction::Load
                    && !opened_players.both_ai()
                    && !opened.outcome().is_over()
                    && opened.names().is_none();
                if let Err(why) = opener.open_kept(opened, opened_players, message, own) {
                    notice.error(why);
                }
            }
            Err(error) => notice.error(error.to_string()),
        }
    }
}

fn report(notice: &mut Notice, done: Result<String, FileError>) {
    match done {
        Ok(text) => notice.info(text),
        Err(error) => notice.error(error.to_string()),
    }
}

#[cfg(test)]
mod tests {
    /// Fresh eyes, round 20: Save wrote JSON to a ".txt" name; it is
    /// refused in one line and no file is made.
    #[test]
    fn a_save_to_a_text_name_is_refused() {
        let path = std::env::temp_dir().join(format!("breakline-save-as-text-{}.TXT", std::process::id()));
        let size = crate::engine::BoardSize::new(8, 8);
        let record =
            crate::game::session::GameSession::new(crate::engine::Variant::Breakthrough, size, 0).record().clone();
        let error = super::save_game(&path, &record, std::time::Duration::ZERO).expect_err("a .txt name");
        assert!(error.to_string().contains("use Export text") && !error.to_string().contains('\n'), "{error}");
        assert!(!path.exists());
    }

    /// Fresh eyes, round 23: Export text wrote the game's text to the typed
    /// path's ".json" name; it is refused in one line and no file is made.
    #[test]
    fn an_export_to_a_json_name_is_refused() {
        let path = std::env::temp_dir().join(format!("breakline-export-as-json-{}.json", std::process::id()));
        let size = crate::engine::BoardSize::new(8, 8);
        let record =
            crate::game::session::GameSession::new(crate::engine::Variant::Breakthrough, size, 0).record().clone();
        let error = super::export_text(&path, &record).expect_err("a .json name");
        assert!(error.to_string().contains("use Save") && !error.to_string().contains('\n'), "{error}");
        assert!(!path.exists());
    }

    #[test]
    fn days_become_civil_dates() {
        assert_eq!(super::date_of_day(0), "1970.01.01");
        assert_eq!(super::date_of_day(11_016), "2000.02.29");
        assert_eq!(super::date_of_day(20_782), "2026.11.25");
    }
}
