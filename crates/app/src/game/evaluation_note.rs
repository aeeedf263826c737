//! Says once which evaluation an AI plays with where its `nnue` has no net
//! for the board (a size nobody trained, or a net file that was refused):
//! the expert evaluation plays instead, and a person should know.

use bevy::prelude::*;

use crate::engine::ai::eval::nnue::fallback;
use crate::engine::{BoardSize, Side, Variant};
use crate::game::notice::Notice;
use crate::game::players::{PlayerSetup, Players};
use crate::game::session::GameSession;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        note_missing_nets.run_if(resource_changed::<Players>.or_else(resource_changed::<GameSession>)),
    );
}

/// What the note depends on: a new move changes none of it.
type Seen = (Variant, BoardSize, Players);

fn note_missing_nets(
    players: Res<Players>,
    session: Res<GameSession>,
    mut notice: ResMut<Notice>,
    mut seen: Local<Option<Seen>>,
) {
    let now = (session.variant(), session.size(), players.clone());
    if seen.as_ref() == Some(&now) {
        return;
    }
    *seen = Some(now);
    let mut reasons: Vec<String> = Vec::new();
    for side in Side::BOTH {
        if let PlayerSetup::Ai(config) = players.get(side)
            && let Some(why) = fallback(config.strategy(), session.variant(), session.size())
        {
            let why = why.to_string();
            if !reasons.contains(&why) {
                reasons.push(why);
            }
        }
    }
    if !reasons.is_empty() {
        notice.info(reasons.join("; "));
    }
}
