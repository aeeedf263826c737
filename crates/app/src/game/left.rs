//! A person's game left unfinished: replaced (a new game, another opened, a
//! studied game played on in its place) after the person had moved in it.
//! It ends as left by the person (a loss), with the clocks as they stood, and
//! the library keeps it as it keeps any finished game (the rating counts it
//! where it was rated).

use bevy::prelude::*;

use crate::game::players::Players;
use crate::game::session::GameSession;

/// The game as it was left, lost by the person who left it, and its players.
#[derive(Message, Clone, Debug)]
pub struct GameLeft {
    pub(crate) session: GameSession,
    pub(crate) players: Players,
}

impl GameLeft {
    /// `session` left by its one person (playing an AI), who has moved in
    /// it, with `spent` of the turn in progress used; `None` for any other
    /// game (two people's, two AIs', an ended one, one the person never
    /// moved in: that is only aborted).
    pub(crate) fn of(session: &GameSession, players: &Players, spent: std::time::Duration) -> Option<GameLeft> {
        let person = players.person()?;
        let moved = session.record().moves.iter().any(|m| m.side == person);
        if !moved || session.outcome().is_over() || session.replay().is_some() {
            return None;
        }
        let mut left = session.clone();
        left.resign(person, spent, true).then_some(GameLeft { session: left, players: players.clone() })
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<GameLeft>();
}
