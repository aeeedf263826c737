//! What the panel and the board's overlay show about the AI's search in
//! progress: whose, with which config, for which position, and its latest
//! report. The AI task writes it.

use std::time::Duration;

use web_time::Instant;

use bevy::prelude::*;

use crate::engine::{SearchInfo, Side};
use crate::game::session::GameSession;

/// What the panel shows about the search in progress.
#[derive(Resource, Default, Clone, Debug)]
pub struct AiThinking {
    pub(crate) status: Option<ThinkingStatus>,
}

impl AiThinking {
    /// The search at work for the game's position now, if any: not the one
    /// whose move was just played (its status stays until the turn moves on,
    /// and would name the side that moved).
    pub(crate) fn current(&self, session: &GameSession) -> Option<&ThinkingStatus> {
        self.status.as_ref().filter(|status| {
            status.generation == session.generation() && status.position_hash == session.position().hash()
        })
    }

    /// The side whose search works for the position now, as the panel names it.
    pub fn side_thinking(&self, session: &GameSession) -> Option<Side> {
        self.current(session).map(|status| status.side)
    }
}

#[derive(Clone, Debug)]
pub(crate) struct ThinkingStatus {
    pub(crate) side: Side,
    /// Who thinks, as the panel's hover names it ("AI alphabeta:...", "Program uci:...").
    pub(crate) player: String,
    pub(crate) started: Instant,
    /// The game and position the search is for, so views can tell whether
    /// its reports still describe the board.
    pub(crate) generation: u64,
    pub(crate) position_hash: u64,
    /// The latest progress report, if the search sent one yet.
    pub(crate) latest: Option<SearchInfo>,
}

impl ThinkingStatus {
    pub(crate) fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<AiThinking>();
}
