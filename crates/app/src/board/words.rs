//! The position in words, as a blind-mode player asks for it ("describe"): the shown
//! position's pieces by square, the last move, the turn and the clocks as
//! they show now, kept for the panel's label to read out. Once asked for it
//! follows the board: every move, undo, review step or other game (a puzzle,
//! a lesson, Lines of Action) describes the board as it is now.

use bevy::prelude::*;

use crate::engine::rules::describe::describe_game;
use crate::game::clock::{TurnTimer, showing};
use crate::game::phase::GameSystems;
use crate::game::players::Players;
use crate::game::session::GameSession;

/// Asks for the position in words (a button, a key, or `describe` typed).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct DescribeRequest;

/// The description of the board shown, once asked for (`None` before).
#[derive(Resource, Default, Clone, Debug, PartialEq, Eq)]
pub struct PositionWords(pub Option<String>);

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<DescribeRequest>()
        .init_resource::<PositionWords>()
        .add_systems(Update, describe.after(GameSystems::Apply).before(GameSystems::Show));
}

fn describe(
    mut asked: MessageReader<DescribeRequest>,
    (session, players): (Res<GameSession>, Res<Players>),
    timer: Res<TurnTimer>,
    mut words: ResMut<PositionWords>,
) {
    let asked = asked.read().count() > 0;
    let follows = words.0.is_some() && (session.is_changed() || timer.is_changed());
    if !asked && !follows {
        return;
    }
    let clock = showing(&session, &timer).map(|(clock, _)| clock);
    // Written only when the words differ, so a running clock's frames that
    // change no digit change nothing.
    // The game's own end (a resignation, a flag) where the live position is shown.
    let shown = session.shown_position();
    let outcome = if session.reviewing() { shown.outcome() } else { session.outcome() };
    let mut text = describe_game(&shown, outcome, clock.as_ref());
    // A game ended before its first move has no result (fresh eyes: its
    // words said "White wins: the opponent resigned" under "Game aborted").
    if !session.reviewing() && session.aborted(&players) {
        text = text.replace(&format!("{}.", outcome.describe()), "Aborted before a first move: no result.");
    }
    words.set_if_neq(PositionWords(Some(text)));
}
