//! Saved games: the whole record as JSON (players, seed, moves with their
//! search figures, result, statistics) and plain-text move lists. Whatever is
//! read is replayed through the engine move by move; a file that does not
//! check out leaves the current game alone and says why in one line.

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use bevy::prelude::*;

use super::PlayerSetup;
use super::notice::Notice;
use super::session::GameSession;
use super::state::{GamePhase, GameSettings, GameSystems, Players};
use crate::engine::movetext;
use crate::engine::record::{GameRecord, Player};
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

/// Reads a saved game and checks every move; the error is one line.
pub fn load_game(path: &Path) -> Result<GameRecord, String> {
    let text = read(path)?;
    let record: GameRecord =
        serde_json::from_str(&text).map_err(|e| format!("{} is not a Breakline game file: {e}", path.display()))?;
    record.replay().map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(record)
}

pub fn save_game(path: &Path, record: &GameRecord) -> Result<(), String> {
    let json = serde_json::to_string_pretty(record).map_err(|e| format!("cannot encode the game: {e}"))?;
    write(path, &json)
}

/// The game's moves as text, with a header naming variant, size and start.
pub fn export_moves(path: &Path, position: &Position) -> Result<(), String> {
    write(path, &movetext::export(position))
}

/// Reads a move list; without a header it is a game of `variant` on `size`.
pub fn import_moves(path: &Path, variant: Variant, size: BoardSize) -> Result<Position, String> {
    let text = read(path)?;
    movetext::import(&text, variant, size).map_err(|e| format!("{}: {e}", path.display()))
}

/// Where a new file goes by default: `<data dir>/breakline/games/game-<seconds>.<extension>`.
pub fn default_path(extension: &str) -> PathBuf {
    let seconds = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let dir = dirs::data_dir().unwrap_or_else(|| PathBuf::from(".")).join("breakline").join("games");
    dir.join(format!("game-{seconds}.{extension}"))
}

/// The session a checked record describes, as game `generation`.
pub fn session_from_record(record: GameRecord, generation: u64) -> Result<GameSession, String> {
    let position = record.replay().map_err(|e| e.to_string())?;
    Ok(GameSession { position, generation, record })
}

/// The players a record names.
pub fn players_from_record(record: &GameRecord) -> Players {
    let setup = |player: &Player| match player {
        Player::Human => PlayerSetup::Human,
        Player::Ai(config) => PlayerSetup::Ai(config.clone()),
    };
    Players { white: setup(&record.white), black: setup(&record.black) }
}

/// A record of the moves that led to `position`, with no search figures.
fn record_of(position: &Position, players: &Players) -> GameRecord {
    let mut replay = position.clone();
    while replay.undo().is_some() {}
    let player = |setup: &PlayerSetup| match setup {
        PlayerSetup::Human => Player::Human,
        PlayerSetup::Ai(config) => Player::Ai(config.clone()),
    };
    let mut record = GameRecord::new(&replay, player(&players.white), player(&players.black), 0);
    for &mv in position.moves() {
        let before = replay.clone();
        if replay.play(mv).is_err() {
            break;
        }
        record.push(&before, mv, None);
    }
    record.finish(&replay);
    record
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

fn handle_requests(
    mut requests: MessageReader<FileRequest>,
    mut session: ResMut<GameSession>,
    mut players: ResMut<Players>,
    mut settings: ResMut<GameSettings>,
    mut notice: ResMut<Notice>,
    mut next_phase: ResMut<NextState<GamePhase>>,
) {
    for request in requests.read() {
        let path = &request.path;
        let opened = match request.action {
            FileAction::Save => {
                report(&mut notice, save_game(path, &session.record).map(|()| format!("Saved {}", path.display())));
                continue;
            }
            FileAction::ExportMoves => {
                let done =
                    export_moves(path, &session.position).map(|()| format!("Moves written to {}", path.display()));
                report(&mut notice, done);
                continue;
            }
            FileAction::Load => load_game(path).and_then(|record| {
                let loaded_players = players_from_record(&record);
                Ok((session_from_record(record, session.generation + 1)?, loaded_players))
            }),
            FileAction::ImportMoves => import_moves(path, session.variant(), session.size()).map(|position| {
                let record = record_of(&position, &players);
                (GameSession { position, generation: session.generation + 1, record }, players.clone())
            }),
        };
        match opened {
            Ok((opened, opened_players)) => {
                notice.info(format!("Opened {} ({} moves)", path.display(), opened.position.moves().len()));
                settings.set_if_neq(GameSettings { variant: opened.variant(), size: opened.size() });
                players.set_if_neq(opened_players);
                *session = opened;
                // Setup clears the board and any search; play resumes at the final position.
                next_phase.set(GamePhase::Setup);
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
