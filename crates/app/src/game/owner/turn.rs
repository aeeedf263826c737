//! The turn cycle, the owner's other half: set up a game and show its first
//! pieces, pick whose turn it is (pausing, stepping and delaying AI and
//! replayed moves), end the game, and start a turn over when the board game
//! is left for a puzzle, or when the board or the AI task says a turn's wait
//! ended ([`WaitEnded`]). Moves are played by the owner's requests, never here.

use bevy::prelude::*;

use crate::game::clock::ai_thinks_here;
use crate::game::control::AiControl;
use crate::game::phase::{GamePhase, GameSystems, TurnPhase, WaitEnded};
use crate::game::players::{PlayerSetup, Players};
use crate::game::request::ReplaceGame;
use crate::game::screen::{Mode, Screen};
use crate::game::session::GameSession;
use crate::game::settings::PlaySettings;
use crate::game::show::ShowPosition;

/// When the current `Deciding` phase began (virtual seconds), for the AI delay.
#[derive(Resource, Default, Clone, Copy, Debug)]
struct TurnClock {
    deciding_since: f32,
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<TurnClock>()
        .add_systems(OnEnter(TurnPhase::Deciding), start_turn_clock)
        .add_systems(OnTransition { exited: GamePhase::Setup, entered: GamePhase::Playing }, show_new_game)
        .add_systems(OnExit(Mode::Board), pause_board_turn)
        .add_systems(
            Update,
            (
                finish_setup.run_if(in_state(GamePhase::Setup)),
                // While reviewing an earlier position, or asked whether to
                // replace the game, nobody moves.
                decide_turn
                    .in_set(GameSystems::Turn)
                    .run_if(in_state(TurnPhase::Deciding))
                    .run_if(crate::game::review::following_game)
                    .run_if(no_question_open),
                hold_for_the_answer.in_set(GameSystems::Turn).run_if(not(no_question_open)),
                stop_for_the_pause.in_set(GameSystems::Turn).run_if(in_state(TurnPhase::AiThinking)),
                stop_where_the_clock_stands.in_set(GameSystems::Turn).run_if(in_state(TurnPhase::AiThinking)),
                end_wait.in_set(GameSystems::Turn).run_if(on_message::<WaitEnded>),
            ),
        );
}

/// Whether no question to replace the game is waiting for its answer: the
/// game under the question holds still until the person answers.
fn no_question_open(replace: Res<ReplaceGame>) -> bool {
    replace.pending.is_none()
}

/// An AI search under the question stops; its turn starts over once the
/// person keeps the game.
fn hold_for_the_answer(turn: Option<Res<State<TurnPhase>>>, mut next: ResMut<NextState<TurnPhase>>) {
    let thinking = turn.is_some_and(|t| *t.get() == TurnPhase::AiThinking);
    if thinking && matches!(*next, NextState::Unchanged) {
        next.set(TurnPhase::Deciding);
    }
}

/// A pause stops the search under way, so no move comes after Pause (fresh
/// eyes, round 11: one more move came through); its turn starts over on
/// Resume or Step. A step asked while paused thinks on.
fn stop_for_the_pause(control: Res<AiControl>, mut next: ResMut<NextState<TurnPhase>>) {
    if control.paused && !control.step_requested && matches!(*next, NextState::Unchanged) {
        next.set(TurnPhase::Deciding);
    }
}

/// A clocked game's search stops on a screen where its clock stands still;
/// its turn starts over where the clock runs again.
fn stop_where_the_clock_stands(
    (session, players, screen): (Res<GameSession>, Res<Players>, Res<State<Screen>>),
    mut next: ResMut<NextState<TurnPhase>>,
) {
    if !ai_thinks_here(&session, *screen.get(), &players) && matches!(*next, NextState::Unchanged) {
        next.set(TurnPhase::Deciding);
    }
}

/// `Setup` lasts one frame: entering it cleared the old game's entities.
fn finish_setup(mut next: ResMut<NextState<GamePhase>>) {
    next.set(GamePhase::Playing);
}

/// A new game's pieces come through the one path to the board, and its
/// record names the players.
fn show_new_game(mut session: ResMut<GameSession>, players: Res<Players>, mut board: MessageWriter<ShowPosition>) {
    session.set_players(&players);
    board.write(ShowPosition { position: session.shown_position(), step: None });
}

/// The next turn is decided once the wait the message names is still the
/// turn's (a slide's end read after an undo, say, changes nothing).
fn end_wait(
    mut ended: MessageReader<WaitEnded>,
    turn: Option<Res<State<TurnPhase>>>,
    mut next_turn: ResMut<NextState<TurnPhase>>,
) {
    let Some(turn) = turn else { return };
    for wait in ended.read() {
        let waiting_for = match wait {
            WaitEnded::SlideDone => TurnPhase::Animating,
            WaitEnded::SearchLost => TurnPhase::AiThinking,
        };
        if *turn.get() == waiting_for && matches!(*next_turn, NextState::Unchanged) {
            next_turn.set(TurnPhase::Deciding);
        }
    }
}

fn start_turn_clock(time: Res<Time>, mut clock: ResMut<TurnClock>) {
    clock.deciding_since = time.elapsed_secs();
}

fn decide_turn(
    (session, players, screen): (Res<GameSession>, Res<Players>, Res<State<Screen>>),
    (settings, clock, time): (Res<PlaySettings>, Res<TurnClock>, Res<Time>),
    control: Res<AiControl>,
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
    if !replaying && players.get(session.side_to_move()) == &PlayerSetup::Human {
        next_turn.set(TurnPhase::HumanTurn);
        return;
    }
    if !ai_thinks_here(&session, *screen.get(), &players) {
        return;
    }
    if control.paused {
        // A step plays one move; the owner clears the request when it is played.
        if control.step_requested {
            next_turn.set(TurnPhase::AiThinking);
        }
        return;
    }
    // Only AI-vs-AI games wait, so they can be watched; a human's opponent
    // answers at once.
    let first_move = session.plies() == 0;
    let watched = players.both_ai() || replaying;
    let delay = if watched && !first_move { settings.ai_delay_secs } else { 0.0 };
    if time.elapsed_secs() - clock.deciding_since >= delay {
        next_turn.set(TurnPhase::AiThinking);
    }
}

/// An AI search of the board game stops while another mode shows; its turn
/// starts over when the player comes back.
fn pause_board_turn(turn: Option<Res<State<TurnPhase>>>, mut next: ResMut<NextState<TurnPhase>>) {
    if turn.is_some_and(|t| *t.get() == TurnPhase::AiThinking) {
        next.set(TurnPhase::Deciding);
    }
}
