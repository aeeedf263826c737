//! The turn cycle: pick whose turn it is (pausing, stepping and delaying AI
//! moves), play chosen moves on the engine and the piece entities, and end
//! the game.

use bevy::prelude::*;

use super::PlayerSetup;
use super::ai::AiSearchTask;
use super::animation::{CaptureAnimation, MoveAnimation};
use super::board::Piece;
use super::session::GameSession;
use super::state::{
    AiControl, GamePhase, GameSystems, MoveChosen, MovePlayed, MoveSource, PlaySettings, Players, TurnPhase,
};
use crate::engine::{Color as Side, Outcome, Position, Variant, WinReason};

/// When the current `Deciding` phase began (virtual seconds), for the AI delay.
#[derive(Resource, Default, Clone, Copy, Debug)]
pub struct TurnClock {
    pub deciding_since: f32,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<TurnClock>().add_systems(OnEnter(TurnPhase::Deciding), start_turn_clock).add_systems(
        Update,
        (
            play_chosen_move.in_set(GameSystems::Apply).run_if(in_state(GamePhase::Playing)),
            // While reviewing an earlier position nobody moves.
            decide_turn
                .in_set(GameSystems::Turn)
                .run_if(in_state(TurnPhase::Deciding))
                .run_if(super::review::following_game),
            follow_player_changes.in_set(GameSystems::Turn).run_if(in_state(GamePhase::Playing)),
        ),
    );
}

fn start_turn_clock(time: Res<Time>, mut clock: ResMut<TurnClock>) {
    clock.deciding_since = time.elapsed_secs();
}

fn decide_turn(
    session: Res<GameSession>,
    players: Res<Players>,
    settings: Res<PlaySettings>,
    clock: Res<TurnClock>,
    time: Res<Time>,
    mut control: ResMut<AiControl>,
    mut next_turn: ResMut<NextState<TurnPhase>>,
    mut next_phase: ResMut<NextState<GamePhase>>,
) {
    if session.outcome().is_over() {
        next_phase.set(GamePhase::Over);
        return;
    }
    match players.get(session.position.side_to_move()) {
        PlayerSetup::Human => next_turn.set(TurnPhase::HumanTurn),
        PlayerSetup::Ai(_) => {
            if control.paused {
                if control.step_requested {
                    control.step_requested = false;
                    next_turn.set(TurnPhase::AiThinking);
                }
                return;
            }
            // Only AI-vs-AI games wait, so they can be watched; a human's
            // opponent answers at once.
            let first_move = session.position.moves().is_empty();
            let delay = if players.both_ai() && !first_move { settings.ai_delay_secs } else { 0.0 };
            if time.elapsed_secs() - clock.deciding_since >= delay {
                next_turn.set(TurnPhase::AiThinking);
            }
        }
    }
}

/// A turn waits for the player it was started for; when that side's setup
/// changes (human to AI, another AI config), the turn starts over (a running
/// search is dropped, which stops it).
fn follow_player_changes(
    players: Res<Players>,
    session: Res<GameSession>,
    turn: Res<State<TurnPhase>>,
    tasks: Query<&AiSearchTask>,
    mut next_turn: ResMut<NextState<TurnPhase>>,
) {
    if !players.is_changed() {
        return;
    }
    let current = players.get(session.position.side_to_move());
    let stale = match (turn.get(), current) {
        (TurnPhase::HumanTurn, PlayerSetup::Ai(_)) => true,
        (TurnPhase::AiThinking, PlayerSetup::Human) => true,
        (TurnPhase::AiThinking, PlayerSetup::Ai(config)) => tasks.iter().any(|task| task.config != *config),
        _ => false,
    };
    if stale {
        next_turn.set(TurnPhase::Deciding);
    }
}

/// Plays the first acceptable chosen move: current game and position, legal,
/// and from the player whose turn it is. Everything else is ignored.
fn play_chosen_move(
    mut commands: Commands,
    mut chosen: MessageReader<MoveChosen>,
    mut session: ResMut<GameSession>,
    players: Res<Players>,
    settings: Res<PlaySettings>,
    turn: Res<State<TurnPhase>>,
    mut pieces: Query<(Entity, &mut Piece)>,
    mut played: MessageWriter<MovePlayed>,
    mut next_turn: ResMut<NextState<TurnPhase>>,
) {
    for choice in chosen.read() {
        if choice.generation != session.generation || choice.position_hash != session.position.hash() {
            debug!("ignoring a move chosen for another game or position");
            continue;
        }
        let side = session.position.side_to_move();
        let expected = match (players.get(side), choice.source) {
            (PlayerSetup::Human, MoveSource::Human) => *turn.get() == TurnPhase::HumanTurn,
            (PlayerSetup::Ai(_), MoveSource::Ai) => *turn.get() == TurnPhase::AiThinking,
            _ => false,
        };
        if !expected {
            debug!("ignoring a move from a player whose turn it is not");
            continue;
        }
        if let Err(error) = session.play(choice.mv, choice.search.as_ref()) {
            debug!("ignoring an illegal move: {error}");
            continue;
        }
        let mv = choice.mv;
        let animate = settings.animate && settings.move_secs > 0.0;
        let duration = settings.move_secs;
        if mv.capture {
            for (entity, piece) in &pieces {
                if piece.square == mv.to && piece.color != side {
                    let mut captured = commands.entity(entity);
                    captured.remove::<Piece>();
                    if animate {
                        captured.insert(CaptureAnimation { elapsed: 0.0, duration });
                    } else {
                        captured.despawn();
                    }
                }
            }
        }
        for (entity, mut piece) in &mut pieces {
            if piece.square == mv.from && piece.color == side {
                piece.square = mv.to;
                if animate {
                    commands.entity(entity).insert(MoveAnimation { from_square: mv.from, elapsed: 0.0, duration });
                }
            }
        }
        played.write(MovePlayed { mv, side });
        next_turn.set(TurnPhase::Animating);
        // The position changed: any further choices were made for the old one.
        break;
    }
}

/// The squares to celebrate at the end: the pawn that broke through, the
/// connected LOA group, or the piece that made the last winning move.
pub fn winning_squares(position: &Position) -> Vec<u8> {
    let Outcome::Win { winner, reason } = position.outcome() else {
        return Vec::new();
    };
    let size = position.size();
    let own = position.pieces().into_iter().filter(|(_, c)| *c == winner).map(|(sq, _)| sq);
    match (position.variant(), reason) {
        (Variant::Breakthrough, WinReason::ReachedGoal) => {
            let goal = if winner == Side::White { size.rows - 1 } else { 0 };
            own.filter(|sq| size.rank_of(*sq) == goal).collect()
        }
        (Variant::LinesOfAction, WinReason::Connected) => own.collect(),
        _ => {
            let last = position.moves().last().map(|m| m.to);
            last.filter(|sq| position.piece_at(*sq) == Some(winner)).into_iter().collect()
        }
    }
}
