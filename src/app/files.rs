//! Saved games: the whole record as JSON (players, seed, moves with their
//! search figures, result, statistics) and plain-text move lists. Whatever is
//! read is replayed through the engine move by move; a file that does not
//! check out leaves the current game alone and says why in one line.

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use bevy::prelude::*;

use super::notice::Notice;
use super::players::PlayerSetup;
use super::players::Players;
use super::session::GameSession;
use super::state::{GamePhase, GameRequest, GameSettings, GameSystems, OpenedGame};
use crate::engine::ai::player::{GameRecord, Player};
use crate::engine::rules::movetext;
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

/// Reads a saved game, replays every move and rebuilds what follows from
/// them (see [`GameRecord::from_json`]); the error is one line.
pub fn load_game(path: &Path) -> Result<(GameSession, GameRecord), String> {
    let text = read(path)?;
    let (record, _) = GameRecord::from_json(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let session = GameSession::from_record(&record, 0).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok((session, record))
}

pub fn save_game(path: &Path, record: &GameRecord) -> Result<(), String> {
    let json = serde_json::to_string_pretty(record).map_err(|e| format!("cannot encode the game: {e}"))?;
    write(path, &json)
}

/// The game's moves as text, with a header naming variant, size and start.
fn export_moves(path: &Path, position: &Position) -> Result<(), String> {
    write(path, &movetext::export(position))
}

/// Reads a move list; without a header it is a game of `variant` on `size`.
fn import_moves(path: &Path, variant: Variant, size: BoardSize) -> Result<Position, String> {
    let text = read(path)?;
    movetext::import(&text, variant, size).map_err(|e| format!("{}: {e}", path.display()))
}

/// Where a new file goes by default: `<data dir>/breakline/games/game-<seconds>.<extension>`.
pub(crate) fn default_path(extension: &str) -> PathBuf {
    let seconds = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let dir = dirs::data_dir().unwrap_or_else(|| PathBuf::from(".")).join("breakline").join("games");
    dir.join(format!("game-{seconds}.{extension}"))
}

/// The players a record names.
pub(crate) fn players_from_record(record: &GameRecord) -> Players {
    let setup = |player: &Player| match player {
        Player::Human => PlayerSetup::Human,
        Player::Ai(config) => PlayerSetup::Ai(config.clone()),
    };
    Players { white: setup(&record.white), black: setup(&record.black) }
}

fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
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
            Err(error) => notice.error(error),
        }
    }
}

fn report(notice: &mut Notice, done: Result<String, String>) {
    match done {
        Ok(text) => notice.info(text),
        Err(error) => notice.error(error),
    }
}
