//! Review mode: look at any earlier position of the game without changing it.
//! While reviewing, no AI searches and the human cannot move; going back to
//! the live ply ends review, and "continue from here" cuts the game there.

use bevy::prelude::*;

use super::board_sync::{ShowPosition, Step};
use super::session::GameSession;
use super::state::{GamePhase, GameSystems, TurnPhase};
use crate::engine::{Move as EngineMove, Position};

/// Go to the position after `ply` moves of the game; going to the live ply
/// (all moves played) ends review. The move list and the evaluation graph send it.
#[derive(Message, Clone, Copy, Debug)]
pub struct ReviewGoTo {
    pub ply: usize,
}

/// Start again from the reviewed position with the same players: later
/// moves are dropped, the earlier ones stay in the record.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct ContinueFromHere;

/// The ply the board shows while reviewing; `None` follows the game.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Review {
    pub ply: Option<usize>,
    /// The game it belongs to: a new game ends review.
    generation: u64,
}

impl Review {
    pub fn active(&self) -> bool {
        self.ply.is_some()
    }
}

/// Run condition: the board follows the game (not reviewing).
pub fn following_game(review: Option<Res<Review>>) -> bool {
    review.is_none_or(|r| !r.active())
}

/// The game's position after its first `ply` moves.
pub fn position_at(live: &Position, ply: usize) -> Position {
    let mut position = live.clone();
    while position.moves().len() > ply && position.undo().is_some() {}
    position
}

/// The move that led to the shown position: the live game's last move, or
/// while reviewing ply `k`, the k-th move (none at the start).
pub fn last_shown_move(moves: &[EngineMove], review_ply: Option<usize>) -> Option<EngineMove> {
    let shown = review_ply.map_or(moves.len(), |ply| ply.min(moves.len()));
    moves[..shown].last().copied()
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<ReviewGoTo>().add_message::<ContinueFromHere>().init_resource::<Review>().add_systems(
        Update,
        (end_review_with_game, go_to, continue_from_here)
            .chain()
            .in_set(GameSystems::Input)
            .run_if(not(in_state(GamePhase::Setup))),
    );
}

fn end_review_with_game(session: Res<GameSession>, mut review: ResMut<Review>) {
    if review.generation != session.generation {
        *review = Review { ply: None, generation: session.generation };
    }
}

fn go_to(
    mut requests: MessageReader<ReviewGoTo>,
    session: Res<GameSession>,
    mut review: ResMut<Review>,
    turn: Option<Res<State<TurnPhase>>>,
    mut next_turn: ResMut<NextState<TurnPhase>>,
    mut show: MessageWriter<ShowPosition>,
) {
    let Some(request) = requests.read().last().copied() else {
        return;
    };
    let live = session.position.moves().len();
    let target = (request.ply < live).then_some(request.ply);
    let shown = review.ply.unwrap_or(live);
    let wanted = target.unwrap_or(live);
    if target == review.ply {
        return;
    }
    review.ply = target;
    let position = position_at(&session.position, wanted);
    let step = match wanted.checked_sub(shown) {
        Some(1) => position.moves().last().copied().map(Step::Forward),
        None if shown - wanted == 1 => session.position.moves().get(wanted).copied().map(Step::Back),
        _ => None,
    };
    show.write(ShowPosition { position, step });
    // A turn in progress (a search, a half-made human move) starts over after review.
    if target.is_some() && turn.is_some_and(|t| matches!(t.get(), TurnPhase::AiThinking | TurnPhase::HumanTurn)) {
        next_turn.set(TurnPhase::Deciding);
    }
}

/// A new game (next generation, so stale searches are dropped) from the
/// reviewed position, keeping the moves up to it and their statistics.
fn continue_from_here(
    mut requests: MessageReader<ContinueFromHere>,
    mut session: ResMut<GameSession>,
    mut review: ResMut<Review>,
    phase: Res<State<GamePhase>>,
    mut next_phase: ResMut<NextState<GamePhase>>,
    mut next_turn: ResMut<NextState<TurnPhase>>,
) {
    if requests.read().last().is_none() {
        return;
    }
    let Some(ply) = review.ply else {
        return;
    };
    while session.position.moves().len() > ply {
        session.position.undo();
        session.record.pop();
    }
    let position = session.position.clone();
    session.record.finish(&position);
    session.generation += 1;
    *review = Review { ply: None, generation: session.generation };
    match phase.get() {
        GamePhase::Over => next_phase.set(GamePhase::Playing),
        _ => next_turn.set(TurnPhase::Deciding),
    }
}
