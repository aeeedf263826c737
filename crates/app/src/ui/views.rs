//! What the side panels and pages read about the game, in small parts (the
//! screen shown, the game as shown, the AI's state) so each section takes
//! only the parts it draws; and which panels show.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::game::clock::TurnTimer;
use crate::game::control::AiControl;
use crate::game::owner::visit::Visit;
use crate::game::phase::{GamePhase, TurnPhase};
use crate::game::players::Players;
use crate::game::ratings::RatedNow;
use crate::game::screen::Screen;
use crate::game::session::GameSession;
use crate::game::thinking::AiThinking;

/// Whether a page shows a question of its own (the Library's "Delete these
/// games?"): Escape answers it, and nothing else. The game's questions are
/// read from their own resources.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ModalOpen(pub bool);

/// The screen shown and the way to another.
#[derive(SystemParam)]
pub(crate) struct ScreenView<'w> {
    pub(crate) current: Res<'w, State<Screen>>,
    pub(crate) next: ResMut<'w, NextState<Screen>>,
}

impl ScreenView<'_> {
    pub(crate) fn get(&self) -> Screen {
        *self.current.get()
    }

    pub(crate) fn go(&mut self, screen: Screen) {
        NextState::set_if_neq(&mut self.next, screen);
    }
}

/// The game as the panels show it, read only: the status, the clocks and
/// the setup's notes draw from it.
#[derive(SystemParam)]
pub(crate) struct GameView<'w> {
    pub(crate) session: Res<'w, GameSession>,
    pub(crate) players: Res<'w, Players>,
    pub(crate) phase: Res<'w, State<GamePhase>>,
    turn: Option<Res<'w, State<TurnPhase>>>,
    pub(crate) timer: Res<'w, TurnTimer>,
    pub(crate) visit: Res<'w, Visit>,
    screen: Res<'w, State<Screen>>,
    rated_now: Res<'w, RatedNow>,
}

impl GameView<'_> {
    /// The turn's phase while a game is in play.
    pub(crate) fn turn(&self) -> Option<TurnPhase> {
        self.turn.as_ref().map(|turn| *turn.get())
    }

    /// Why the person's moves are not played on this screen's board (a
    /// rated or clocked game is played on Play), if they are not.
    pub(crate) fn moves_refused(&self) -> Option<&'static str> {
        crate::board::input::played_on_play_only(*self.screen.get(), &self.session, *self.rated_now, &self.visit)
    }

    pub(crate) fn over(&self) -> bool {
        *self.phase.get() == GamePhase::Over
    }
}

/// What the AI is doing and whether it is held: the status line and the
/// pacing buttons draw from it.
#[derive(SystemParam)]
pub(crate) struct AiView<'w> {
    pub(crate) thinking: Res<'w, AiThinking>,
    pub(crate) control: Res<'w, AiControl>,
}

/// Which panels show, and the numbers for those who want them.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PanelLayout {
    /// The settings panel; `None` follows the window: folded below
    /// [`NARROW_WINDOW`] so a small window keeps most of its width for the board.
    pub(crate) settings_open: Option<bool>,
    pub(crate) game_open: bool,
    pub(crate) diagnostics: bool,
    /// The engine's numbers (nodes, nodes/s, table hits) outside Watch & Lab.
    pub(crate) engine_numbers: bool,
}

impl Default for PanelLayout {
    fn default() -> Self {
        PanelLayout { settings_open: None, game_open: true, diagnostics: false, engine_numbers: false }
    }
}

impl PanelLayout {
    /// Whether the settings panel shows in a window `width` logical pixels wide.
    pub(crate) fn settings_shown(&self, width: f32) -> bool {
        self.settings_open.unwrap_or(width >= NARROW_WINDOW)
    }
}

/// Below this width the settings panel starts folded.
pub(crate) const NARROW_WINDOW: f32 = 1000.0;
