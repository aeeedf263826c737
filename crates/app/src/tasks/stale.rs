//! One rule for every background task of the game: a task carries the key
//! of the position it works for ([`ForPosition`]) and is dropped, which stops
//! it, as soon as the board has moved on from that position (a move, an
//! undo, review, another game).

use bevy::prelude::*;

use crate::game::owner::apply_requests;
use crate::game::phase::GameSystems;
use crate::game::session::{GameSession, PositionKey};

/// The position a task works for.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ForPosition {
    pub(crate) key: PositionKey,
    follows: Follows,
}

/// Which of the session's positions a task follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Follows {
    /// The position on the board (an earlier one while reviewing).
    Shown,
    /// The game's latest position, whatever the board shows.
    Live,
}

impl ForPosition {
    /// For the position on the board now.
    pub(crate) fn shown(session: &GameSession) -> ForPosition {
        ForPosition { key: session.shown_key(), follows: Follows::Shown }
    }

    /// For the game's latest position, which review leaves in place.
    pub(crate) fn live(session: &GameSession) -> ForPosition {
        ForPosition { key: session.live_key(), follows: Follows::Live }
    }

    /// Whether the session is still at the position.
    pub(crate) fn current(&self, session: &GameSession) -> bool {
        let now = match self.follows {
            Follows::Shown => session.shown_key(),
            Follows::Live => session.live_key(),
        };
        now == self.key
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, drop_stale_tasks.in_set(GameSystems::Apply).after(apply_requests));
}

/// Drops every task whose position went away, in the frame it went: the
/// task's job sets its stop flag on drop. (A task that finished is dropped
/// by the system that takes its result.)
fn drop_stale_tasks(mut commands: Commands, tasks: Query<(Entity, &ForPosition)>, session: Res<GameSession>) {
    for (entity, task) in &tasks {
        if !task.current(&session) {
            commands.entity(entity).despawn();
        }
    }
}
