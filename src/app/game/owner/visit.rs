//! Visits: a lesson or a puzzle borrows the board. The game the person left
//! waits, untouched, and comes back on [`GameRequest::Return`]; nothing is
//! lost, so a visit asks no confirmation. A visit may name sides whose moves
//! come from its plugin ([`MoveSource::Scripted`]: a puzzle's replies, a
//! lesson's example) rather than from the person's clicks.

use bevy::prelude::*;

use super::Owner;
use crate::app::players::Players;
use crate::app::session::GameSession;
use crate::app::state::{OpenedGame, TurnPhase};
use crate::engine::Side;

/// The visit in progress, if any.
#[derive(Resource, Default, Debug)]
pub struct Visit {
    left: Option<Box<(GameSession, Players)>>,
    scripted: Vec<Side>,
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
}

/// A game to visit: the session and players it opens with (people on both
/// sides, so the turn waits), and the sides its plugin plays.
#[derive(Clone, Debug)]
pub struct VisitedGame {
    pub(crate) opened: OpenedGame,
    pub(crate) scripted: Vec<Side>,
}

impl Owner<'_, '_> {
    /// Opens the visited game, keeping the person's game aside (a visit
    /// from a visit keeps the first game aside, not the visit).
    pub(super) fn visit(&mut self, visited: &VisitedGame) {
        if self.visit.left.is_none() {
            self.visit.left = Some(Box::new((self.session.clone(), self.players.clone())));
        }
        self.visit.scripted = visited.scripted.clone();
        self.open(&visited.opened);
    }

    /// Brings back the game the person left, as it was.
    pub(super) fn return_from_visit(&mut self) {
        let Some(left) = self.visit.left.take() else { return };
        self.visit.scripted.clear();
        let (session, players) = *left;
        let generation = self.session.generation() + 1;
        self.players.set_if_neq(players);
        self.replace_session(session.with_generation(generation));
    }

    /// A new, opened or watched game ends the visit; the game left behind goes.
    pub(super) fn end_visit(&mut self) {
        self.visit.left = None;
        self.visit.scripted.clear();
    }

    /// Whether a scripted move may be played now: its side is to move and waits.
    pub(super) fn scripted_turn(&self) -> bool {
        self.visit.scripts(self.session.side_to_move()) && self.phases.turn() == Some(TurnPhase::HumanTurn)
    }
}
