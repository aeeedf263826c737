//! The turn cycle: pick whose turn it is (pausing, stepping and delaying AI
//! and replayed moves), follow player changes, and end the game. Moves are
//! played by the owner ([`super::owner`]), never here.

use bevy::prelude::*;

use super::ai::AiSearchTask;
use super::players::PlayerSetup;
use super::players::Players;
use super::session::GameSession;
use super::state::{AiControl, GamePhase, GameSystems, PlaySettings, TurnPhase};

/// When the current `Deciding` phase began (virtual seconds), for the AI delay.
#[derive(Resource, Default, Clone, Copy, Debug)]
struct TurnClock {
    deciding_since: f32,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<TurnClock>().add_systems(OnEnter(TurnPhase::Deciding), start_turn_clock).add_systems(
        Update,
        (
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
    (mut next_turn, mut next_phase): (ResMut<NextState<TurnPhase>>, ResMut<NextState<GamePhase>>),
) {
    // The owner already decided what comes next this frame (a new or loaded
    // game, an undo): deciding now would overwrite it.
    let phase_pending = !matches!(*next_phase, NextState::Unchanged);
    if phase_pending || !matches!(*next_turn, NextState::Unchanged) {
        return;
    }
    if session.outcome().is_over() {
        next_phase.set(GamePhase::Over);
        return;
    }
    // A watched record moves like an AI player, so pause, step and delay apply.
    let replaying = session.replay_next().is_some();
    match players.get(session.side_to_move()) {
        PlayerSetup::Human if !replaying => next_turn.set(TurnPhase::HumanTurn),
        _ => {
            if control.paused {
                if control.step_requested {
                    control.step_requested = false;
                    next_turn.set(TurnPhase::AiThinking);
                }
                return;
            }
            // Only AI-vs-AI games wait, so they can be watched; a human's
            // opponent answers at once.
            let first_move = session.plies() == 0;
            let watched = players.both_ai() || replaying;
            let delay = if watched && !first_move { settings.ai_delay_secs } else { 0.0 };
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
    if session.replay_next().is_some() {
        // The record moves, whoever is set to play.
        return;
    }
    let current = players.get(session.side_to_move());
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
