//! Visits: a lesson or a puzzle borrows the board, or a game opened in
//! Analyse is studied there. The game the person left waits, untouched, and
//! comes back on `GameRequest::Return`; nothing is lost, so a visit asks no
//! confirmation. A visit may name sides whose moves come from its plugin
//! (`MoveSource::Scripted`: a puzzle's replies, a lesson's example) rather
//! than from the person's clicks.

use bevy::prelude::*;

use crate::engine::Side;
use crate::game::players::Players;
use crate::game::session::GameSession;

/// The visit in progress, if any.
#[derive(Resource, Default, Debug)]
pub struct Visit {
    pub(super) left: Option<Box<(GameSession, Players)>>,
    pub(super) scripted: Vec<Side>,
    /// The board holds a game studied in Analyse or Watch & Lab (its own board:
    /// side lines, hints and the solver work as on any game), not a lesson's
    /// or a puzzle's.
    pub(super) study: bool,
}

impl Visit {
    /// Whether a lesson, puzzle or exercise has the board.
    pub fn active(&self) -> bool {
        self.left.is_some() && !self.study
    }

    /// Whether a game waits aside for the person's return (any visit).
    pub fn waiting(&self) -> bool {
        self.left.is_some()
    }

    /// Whether the board holds a game studied in Analyse or Watch & Lab
    /// while the person's game waits; leaving the screen brings that game back.
    pub fn studying(&self) -> bool {
        self.left.is_some() && self.study
    }

    /// Whether the visit's plugin plays `side`'s moves (the person may not move it).
    pub fn scripts(&self, side: Side) -> bool {
        self.scripted.contains(&side)
    }

    /// The game waiting for the person's return, if one is in progress.
    pub fn left_game(&self) -> Option<&GameSession> {
        self.left.as_ref().map(|left| &left.0)
    }

    /// The players of the game waiting for the person's return.
    pub fn left_players(&self) -> Option<&Players> {
        self.left.as_ref().map(|left| &left.1)
    }
}
