//! The move box's text, read against the game: a move (`e2-e3`, `e2e3`,
//! `e3`) goes to the owner as the person's move, like a click (while
//! reviewing, tried as a side line); `describe` or `?` asks for the
//! position in words. A refusal is one line for the box.

use bevy::prelude::*;

use crate::board::input::played_on_play_only;
use crate::board::words::DescribeRequest;
use crate::engine::Position;
use crate::engine::rules::typed_move::{TypedExample, read_typed_move};
use crate::game::owner::visit::Visit;
use crate::game::phase::{GameSystems, TurnPhase};
use crate::game::ratings::RatedNow;
use crate::game::request::{GameRequest, MoveChosen};
use crate::game::screen::Screen;
use crate::game::session::GameSession;

/// Text typed into the move box and entered.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct TypedMove(pub String);

/// What the move box says under itself: why the last entry was refused.
#[derive(Resource, Default, Clone, Debug, PartialEq, Eq)]
pub struct MoveBoxReply(pub Option<String>);

/// The words that ask for the description instead of a move.
const DESCRIBE_WORDS: [&str; 2] = ["describe", "?"];

/// The move box's grey example and its tooltip, a move the side to move may
/// play in `position` (the one shown: while reviewing, a move typed there
/// makes a side line).
pub fn move_hints(position: &Position) -> (String, String) {
    // A finished game's last position has no move to show (fresh eyes,
    // round 23: "b1-d3" stood in the box beside a won game, no piece on b1).
    if position.outcome().is_over() || position.legal_moves().is_empty() {
        return (String::new(), "The game is over: no move can be played here".to_string());
    }
    let example = TypedExample::of(position);
    let hover = format!("Type a move: {example}; describe or ? for the position in words");
    (example.short(), hover)
}

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<TypedMove>()
        .init_resource::<MoveBoxReply>()
        .add_systems(Update, read_typed.in_set(GameSystems::Input));
}

fn read_typed(
    mut typed: MessageReader<TypedMove>,
    (session, rated, screen): (Res<GameSession>, Res<RatedNow>, Res<State<Screen>>),
    (turn, visit): (Option<Res<State<TurnPhase>>>, Res<Visit>),
    mut reply: ResMut<MoveBoxReply>,
    mut requests: MessageWriter<GameRequest>,
    mut describe: MessageWriter<DescribeRequest>,
) {
    let human_turn = turn.is_some_and(|t| *t.get() == TurnPhase::HumanTurn);
    for TypedMove(text) in typed.read() {
        if DESCRIBE_WORDS.contains(&text.trim().to_lowercase().as_str()) {
            describe.write(DescribeRequest);
            reply.0 = None;
            continue;
        }
        let elsewhere = played_on_play_only(*screen.get(), &session, *rated, &visit);
        let refusal = if let Some(why) = elsewhere {
            Some(why.to_string())
        } else if session.reviewing() && visit.active() {
            Some("you are looking at an earlier position: go back to the game first".to_string())
        } else if session.reviewing() {
            // Tried on the position shown, as a side line.
            match read_typed_move(&session.shown_position(), text) {
                Ok(mv) => {
                    requests.write(MoveChosen::by_person(mv, &session));
                    reply.0 = None;
                    break;
                }
                Err(error) => Some(error.to_string()),
            }
        } else if session.outcome().is_over() {
            Some("the game is over: no move can be played".to_string())
        } else if !human_turn || visit.scripts(session.side_to_move()) {
            Some(format!("it is not your turn: {} is to play", session.side_to_move()))
        } else {
            match read_typed_move(session.position(), text) {
                Ok(mv) => {
                    requests.write(MoveChosen::human(mv, session.generation(), session.position().hash()));
                    reply.0 = None;
                    // Later entries of this frame were typed for the position before the move.
                    break;
                }
                Err(error) => Some(error.to_string()),
            }
        };
        reply.0 = refusal;
    }
}
