//! Saved games: the whole record as JSON (players, seed, moves with their
//! search figures, result, statistics) and plain-text move lists. Whatever is
//! read is replayed through the engine move by move; a file that does not
//! check out leaves the current game alone and says why in one line.

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use bevy::prelude::*;
use thiserror::Error;

use super::notice::Notice;
use super::players::PlayerSetup;
use super::players::Players;
use super::session::GameSession;
use super::state::{GamePhase, GameRequest, GameSettings, GameSystems, OpenedGame};
use crate::engine::ai::player::GameRecord;
use crate::engine::rules::movetext::{self, MoveTextError};
use crate::engine::rules::record::RecordError;
use crate::engine::{BoardSize, Position, Variant};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileAction {
    Save,
    Load,
    ExportMoves,
    ImportMoves,
}

/// Do `action` with the file at `path`.
#[derive(Message, Clone, Debug)]
pub struct FileRequest {
    pub action: FileAction,
    pub path: PathBuf,
}

/// Why a game file could not be read or written; each says it in one line.
#[derive(Debug, Error)]
pub enum FileError {
    #[error("cannot read {}: {source}", path.display())]
    Read { path: PathBuf, source: std::io::Error },
    #[error("cannot write {}: {source}", path.display())]
    Write { path: PathBuf, source: std::io::Error },
    #[error("cannot create {}: {source}", dir.display())]
    CreateDir { dir: PathBuf, source: std::io::Error },
    #[error("cannot encode the game: {0}")]
    Encode(#[from] serde_json::Error),
    #[error("{}: {source}", path.display())]
    Record { path: PathBuf, source: RecordError },
    #[error("{}: {source}", path.display())]
    Moves { path: PathBuf, source: MoveTextError },
}

/// Reads a saved game, replays every move and rebuilds what follows from
/// them (see [`GameRecord::from_json`]).
pub fn load_game(path: &Path) -> Result<(GameSession, GameRecord), FileError> {
    let text = read(path)?;
    let in_file = |source| FileError::Record { path: path.to_path_buf(), source };
    let (record, _) = GameRecord::from_json(&text).map_err(in_file)?;
    let session = GameSession::from_record(&record, 0).map_err(in_file)?;
    Ok((session, record))
}

pub fn save_game(path: &Path, record: &GameRecord) -> Result<(), FileError> {
    write(path, &serde_json::to_string_pretty(record)?)
}

/// The game's moves as text, with a header naming variant, size and start.
fn export_moves(path: &Path, position: &Position) -> Result<(), FileError> {
    write(path, &movetext::export(position))
}

/// Reads a move list; without a header it is a game of `variant` on `size`.
fn import_moves(path: &Path, variant: Variant, size: BoardSize) -> Result<Position, FileError> {
    let text = read(path)?;
    movetext::import(&text, variant, size).map_err(|source| FileError::Moves { path: path.to_path_buf(), source })
}

/// Where a new file goes by default: `<data dir>/breakline/games/game-<seconds>.<extension>`.
pub(crate) fn default_path(extension: &str) -> PathBuf {
    let seconds = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let dir = dirs::data_dir().unwrap_or_else(|| PathBuf::from(".")).join("breakline").join("games");
    dir.join(format!("game-{seconds}.{extension}"))
}

/// The players a record names.
pub(crate) fn players_from_record(record: &GameRecord) -> Players {
    Players { white: PlayerSetup::from(&record.white), black: PlayerSetup::from(&record.black) }
}

fn read(path: &Path) -> Result<String, FileError> {
    std::fs::read_to_string(path).map_err(|source| FileError::Read { path: path.to_path_buf(), source })
}

fn write(path: &Path, text: &str) -> Result<(), FileError> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|source| FileError::CreateDir { dir: dir.to_path_buf(), source })?;
    }
    std::fs::write(path, text).map_err(|source| FileError::Write { path: path.to_path_buf(), source })
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<FileRequest>()
        .add_systems(Update, handle_requests.in_set(GameSystems::Input).run_if(not(in_state(GamePhase::Setup))));
}

/// Saves and exports read the game; loads and imports become a request to
/// the owner, so a file that does not check out leaves the game alone.
fn handle_requests(
    mut requests: MessageReader<FileRequest>,
    session: Res<GameSession>,
    players: Res<Players>,
    mut notice: ResMut<Notice>,
    mut settings: ResMut<GameSettings>,
    mut game_requests: MessageWriter<GameRequest>,
) {
    for request in requests.read() {
        let path = &request.path;
        let opened = match request.action {
            FileAction::Save => {
                let saved = save_game(path, session.record()).map(|()| format!("Saved {}", path.display()));
                report(&mut notice, saved);
                continue;
            }
            FileAction::ExportMoves => {
                let done =
                    export_moves(path, session.position()).map(|()| format!("Moves written to {}", path.display()));
                report(&mut notice, done);
                continue;
            }
            FileAction::Load => load_game(path).map(|(session, record)| (session, players_from_record(&record))),
            FileAction::ImportMoves => import_moves(path, session.variant(), session.size())
                .map(|position| (GameSession::from_position(position, &players, 0), players.clone())),
        };
        match opened {
            Ok((opened, opened_players)) => {
                let message = format!("Opened {} ({} moves)", path.display(), opened.plies());
                settings.set_if_neq(GameSettings { variant: opened.variant(), size: opened.size() });
                let game = OpenedGame { session: opened, players: opened_players, message };
                game_requests.write(GameRequest::Open(Box::new(game)));
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
