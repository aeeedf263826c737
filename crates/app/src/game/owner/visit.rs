//! Visits: a lesson or a puzzle borrows the board. The game the person left
//! waits, untouched, and comes back on `GameRequest::Return`; nothing is
//! lost, so a visit asks no confirmation. A visit may name sides whose moves
//! come from its plugin (`MoveSource::Scripted`: a puzzle's replies, a
//! lesson's example) rather than from the person's clicks.

use bevy::prelude::*;

use crate::engine::Side;
use crate::game::players::Players;
use crate::game::session::GameSession;

/// The visit in progress, if any.
#[derive(Resource, Default, Debug)]
pub struct Visit {
    pub(super) left: Option<Box<(GameSession, Players)>>,
    pub(super) scripted: Vec<Side>,
}

impl Visit {
    /// Whether a lesson or puzzle has the board.
    pub fn active(&self) -> bool {
        self.left.is_some()
    }

    /// Whether the visit's plugin plays `side`'s moves (the person may not move it).
    pub fn scripts(&self, side: Side) -> bool {
        self.scripted.contains(&side)
    }

    /// The game waiting for the person's return, if one is in progress.
    pub(crate) fn left_game(&self) -> Option<&GameSession> {
        self.left.as_ref().map(|left| &left.0)
    }

    /// The players of the game waiting for the person's return.
    pub(crate) fn left_players(&self) -> Option<&Players> {
        self.left.as_ref().map(|left| &left.1)
    }
}
