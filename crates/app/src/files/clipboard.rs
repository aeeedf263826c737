//! The game through the system clipboard: Copy game puts it there as text
//! (tags and numbered moves, as Export text writes it), Paste game opens the
//! text found there (or a bare move list for the board set up now), checked
//! move by move; a text that is not a game leaves the game alone and says why
//! in one line. Ctrl+C and Ctrl+V do the same outside text fields.

use bevy::prelude::*;

use crate::engine::rules::record::game_text::GameTextError;
use crate::files::game_file::{game_as_text, game_from_text, whole_record};
use crate::files::opening::GameOpener;
use crate::files::system_clipboard::{ClipboardRefused, SystemClipboard};
use crate::game::notice::Notice;
use crate::game::phase::{GamePhase, GameSystems};
use crate::game::players::Players;
use crate::game::session::GameSession;
use crate::platform::file_error::Problem;

/// Copy the game to the clipboard, or open the game on it.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClipboardAction {
    CopyGame,
    PasteGame,
}

pub(crate) fn view_plugin(app: &mut App) {
    app.add_message::<ClipboardAction>()
        .init_resource::<SystemClipboard>()
        .add_systems(Update, handle_actions.in_set(GameSystems::Input).run_if(not(in_state(GamePhase::Setup))));
}

fn handle_actions(
    mut actions: MessageReader<ClipboardAction>,
    mut clipboard: ResMut<SystemClipboard>,
    (session, players): (Res<GameSession>, Res<Players>),
    mut notice: ResMut<Notice>,
    mut opener: GameOpener,
) {
    for action in actions.read() {
        match action {
            ClipboardAction::CopyGame => match copy(&mut clipboard, &session) {
                Ok(plies) => notice
                    .info(format!("Copied the game ({}) to the clipboard", crate::game::length::game_length(plies))),
                Err(error) => notice.error(error.to_string()),
            },
            ClipboardAction::PasteGame => clipboard.ask_text(),
        }
    }
    // The desktop answers at once, the browser on a later frame.
    let Some(text) = clipboard.take_text() else { return };
    let pasted = text.map_err(ClipboardError::from).and_then(|text| {
        game_from_text(&text, session.variant(), session.size(), &players).map_err(ClipboardError::NoGame)
    });
    match pasted {
        Ok((pasted, pasted_players)) => {
            let length = crate::game::length::game_length(pasted.plies());
            let message = format!("Pasted a game ({length})");
            if let Err(why) = opener.open(pasted, pasted_players, message) {
                notice.error(why);
            }
        }
        Err(error) => notice.error(error.to_string()),
    }
}

/// Why the game could not go to or come from the clipboard, in one line.
#[derive(Debug, thiserror::Error)]
enum ClipboardError {
    /// The system clipboard refused.
    #[error("clipboard: {0}")]
    Clipboard(#[from] ClipboardRefused),
    /// The game cannot be written as text.
    #[error("cannot write the game as text: {0}")]
    Unwritable(#[from] GameTextError),
    /// The clipboard's text is not a game.
    #[error("the clipboard holds no game: {0}")]
    NoGame(#[source] Problem),
}

fn copy(clipboard: &mut SystemClipboard, session: &GameSession) -> Result<usize, ClipboardError> {
    let record = whole_record(session);
    let text = game_as_text(record)?;
    clipboard.write(text)?;
    Ok(record.moves.len())
}
