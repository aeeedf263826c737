//! The position in words, as a blind-mode player asks for it ("describe"): the shown
//! position's pieces by square, the last move, the turn and the clocks as
//! they show now, kept for the panel's label to read out.

use bevy::prelude::*;

use crate::engine::rules::describe::describe_position;
use crate::game::clock::{TurnTimer, showing};
use crate::game::phase::GameSystems;
use crate::game::session::GameSession;

/// Asks for the position in words (a button, a key, or `describe` typed).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct DescribeRequest;

/// The last description asked for; it stays until the next is asked.
#[derive(Resource, Default, Clone, Debug, PartialEq, Eq)]
pub struct PositionWords(pub Option<String>);

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<DescribeRequest>()
        .init_resource::<PositionWords>()
        .add_systems(Update, describe.after(GameSystems::Apply).before(GameSystems::Show));
}

fn describe(
    mut asked: MessageReader<DescribeRequest>,
    session: Res<GameSession>,
    timer: Res<TurnTimer>,
    mut words: ResMut<PositionWords>,
) {
    if asked.read().count() == 0 {
        return;
    }
    let clock = showing(&session, &timer).map(|(clock, _)| clock);
    words.0 = Some(describe_position(&session.shown_position(), clock.as_ref()));
}
