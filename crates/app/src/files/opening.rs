//! Where a game read from a file, the clipboard or the Library goes. In
//! Analyse (where the Library opens its games) and Watch & Lab it is studied
//! beside the game in progress, which waits aside and comes back when the
//! screen is left;
//! elsewhere it replaces the game, and the owner asks first when a game is
//! in progress. A rated game in progress forbids analysis, so no other game
//! is studied beside it.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::game::owner::{Visit, in_progress};
use crate::game::players::Players;
use crate::game::request::{GameRequest, OpenedGame};
use crate::game::screen::Screen;
use crate::game::session::GameSession;
use crate::game::settings::{GameSettings, StudyBoard};
use crate::play::rated::RatedGame;

/// Why no game is studied beside a rated game in progress.
pub const RATED_GAME_WAITS: &str =
    "Your rated game is in progress and forbids analysis: other games open in Analyse once it ends";

/// What opening a game reads and writes.
#[derive(SystemParam)]
pub(crate) struct GameOpener<'w> {
    screen: Res<'w, State<Screen>>,
    session: Res<'w, GameSession>,
    visit: Res<'w, Visit>,
    rated: Res<'w, RatedGame>,
    settings: ResMut<'w, GameSettings>,
    study_board: ResMut<'w, StudyBoard>,
    requests: MessageWriter<'w, GameRequest>,
}

impl GameOpener<'_> {
    /// Why a game cannot be studied beside the game in progress now, if it
    /// cannot (with no game in progress, a game opened simply replaces the board).
    pub(crate) fn study_refused(&self) -> Option<&'static str> {
        let rated_in_progress = in_progress(&self.session, &self.visit) && self.rated.in_force(&self.session);
        rated_in_progress.then_some(RATED_GAME_WAITS)
    }

    /// Opens `session` with `players`, the panel saying `message`: studied
    /// beside the game in progress in Analyse, or in its place. Refused
    /// (nothing changes) while a rated game forbids the study.
    pub(crate) fn open(&mut self, session: GameSession, players: Players, message: String) -> Result<(), &'static str> {
        self.open_kept(session, players, message, false)
    }

    /// As [`GameOpener::open`]; `kept_when_finished`: the person's own saved
    /// game, kept in the library when it ends.
    pub(crate) fn open_kept(
        &mut self,
        session: GameSession,
        players: Players,
        message: String,
        kept_when_finished: bool,
    ) -> Result<(), &'static str> {
        let studying_screen = matches!(self.screen.get(), Screen::Analyse | Screen::Watch);
        let study = studying_screen && in_progress(&self.session, &self.visit);
        let opened = Box::new(OpenedGame { session, players, message, kept_when_finished });
        if study {
            if let Some(why) = self.study_refused() {
                return Err(why);
            }
            // A study leaves the person's game and its settings as they are.
            self.requests.write(GameRequest::Study(opened));
            return Ok(());
        }
        // The game opened in place of the last: the next new game keeps its
        // board; in Analyse and Watch & Lab the study board, not Play's.
        let board = (opened.session.variant(), opened.session.size());
        if studying_screen {
            self.study_board.0 = Some(board);
        } else {
            let time_control = self.settings.time_control;
            let both_connected = opened.session.position().both_connected().unwrap_or(self.settings.both_connected);
            let (variant, size) = board;
            self.settings.set_if_neq(GameSettings { variant, size, time_control, both_connected });
        }
        self.requests.write(GameRequest::Open(opened));
        Ok(())
    }
}
