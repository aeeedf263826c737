//! Undo, redo and resignation. Against the AI, undo goes back to the human's
//! previous turn (the AI's reply and the human's move); redo replays what was
//! taken back, with its search figures; a new move forgets the redo list.

use bevy::prelude::*;

use super::ai::AiSearchTask;
use super::board_sync::{ShowPosition, Step};
use super::review::Review;
use super::session::GameSession;
use super::state::{AiControl, GamePhase, GameSystems, MovePlayed, Players, TurnPhase};
use crate::engine::record::MoveRecord;
use crate::engine::{Color as Side, Move as EngineMove, Position};

#[derive(Message, Clone, Copy, Debug, Default)]
pub struct Undo;

#[derive(Message, Clone, Copy, Debug, Default)]
pub struct Redo;

/// The side to move gives up (in human-vs-AI, the human does).
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct Resign;

/// Moves taken back, the latest last, with their records (figures included).
#[derive(Resource, Default, Clone, Debug)]
pub struct RedoStack {
    entries: Vec<(EngineMove, MoveRecord)>,
    generation: u64,
}

impl RedoStack {
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<Undo>().add_message::<Redo>().add_message::<Resign>().init_resource::<RedoStack>().add_systems(
        Update,
        (forget_redo, (undo_redo, resign).chain().run_if(not(in_state(GamePhase::Setup))))
            .chain()
            .in_set(GameSystems::Input),
    );
}

/// A new move or a new game makes the taken-back moves meaningless.
fn forget_redo(mut played: MessageReader<MovePlayed>, session: Res<GameSession>, mut stack: ResMut<RedoStack>) {
    if played.read().count() > 0 || stack.generation != session.generation {
        stack.entries.clear();
        stack.generation = session.generation;
    }
}

/// How many plies one undo (or redo) covers: with a human playing, up to the
/// next position where a human is to move; AI against AI, one ply.
fn batch(start: &Position, players: &Players, plies: impl Iterator<Item = Option<EngineMove>>) -> usize {
    let any_human = !players.both_ai();
    let mut position = start.clone();
    let mut count = 0;
    for step in plies {
        let moved = match step {
            Some(mv) => position.play(mv).is_ok(),
            None => position.undo().is_some(),
        };
        if !moved {
            break;
        }
        count += 1;
        let human_turn = !players.get(position.side_to_move()).is_ai();
        if !any_human || human_turn || position.outcome().is_over() {
            return count;
        }
    }
    // Against an AI that opened the game there is no earlier human turn.
    if any_human && count > 0 && !players.get(position.side_to_move()).is_ai() { count } else { 0 }
}

#[allow(clippy::too_many_arguments)]
fn undo_redo(
    mut commands: Commands,
    mut undo: MessageReader<Undo>,
    mut redo: MessageReader<Redo>,
    mut session: ResMut<GameSession>,
    mut stack: ResMut<RedoStack>,
    mut review: ResMut<Review>,
    players: Res<Players>,
    mut control: ResMut<AiControl>,
    phase: Res<State<GamePhase>>,
    tasks: Query<Entity, With<AiSearchTask>>,
    mut next_phase: ResMut<NextState<GamePhase>>,
    mut next_turn: ResMut<NextState<TurnPhase>>,
    mut show: MessageWriter<ShowPosition>,
) {
    let (undos, redos) = (undo.read().count(), redo.read().count());
    if undos + redos == 0 {
        return;
    }
    let shown_before = review.ply;
    let mut steps = Vec::new();
    let mut withdrew_resignation = false;
    for _ in 0..undos {
        if session.resigned().is_some() {
            // Taking back a resignation comes first, and is all this undo does.
            withdrew_resignation = true;
            let position = session.position.clone();
            session.record.finish(&position);
            continue;
        }
        let count = batch(&session.position, &players, std::iter::repeat_n(None, session.position.moves().len()));
        for _ in 0..count {
            let (Some(mv), Some(entry)) = (session.position.undo(), session.record.pop()) else {
                break;
            };
            stack.entries.push((mv, entry));
            steps.push(Step::Back(mv));
        }
    }
    for _ in 0..redos {
        let pending = stack.entries.iter().rev().map(|(mv, _)| Some(*mv));
        let count = match batch(&session.position, &players, pending) {
            _ if session.outcome().is_over() => 0,
            // The players changed since the undo: no human turn ahead, so all of it.
            0 => stack.entries.len(),
            count => count,
        };
        for _ in 0..count {
            let Some((mv, entry)) = stack.entries.pop() else {
                break;
            };
            if !replay(&mut session, mv, entry) {
                stack.entries.clear();
                break;
            }
            steps.push(Step::Forward(mv));
        }
    }
    if steps.is_empty() && !withdrew_resignation {
        return;
    }
    let position = session.position.clone();
    session.record.finish(&position);
    // Any search was for a position that is gone: dropping it sets its stop
    // flag, and its result would fail the position check anyway.
    for task in &tasks {
        commands.entity(task).despawn();
    }
    if players.both_ai() && !steps.is_empty() {
        // Otherwise the AI would play the taken-back move again at once.
        control.paused = true;
    }
    let single = if steps.len() == 1 && shown_before.is_none() { steps.first().copied() } else { None };
    review.ply = None;
    show.write(ShowPosition { position, step: single });
    match phase.get() {
        GamePhase::Over => next_phase.set(GamePhase::Playing),
        // Animating waits for the slide, then decides whose turn it is.
        _ => next_turn.set(TurnPhase::Animating),
    }
}

/// Plays a taken-back move again with its recorded figures; false if the
/// move no longer fits (it always should).
fn replay(session: &mut GameSession, mv: EngineMove, entry: MoveRecord) -> bool {
    if session.position.play(mv).is_err() {
        return false;
    }
    let side = entry.side;
    let stats = match side {
        Side::White => &mut session.record.stats.white,
        Side::Black => &mut session.record.stats.black,
    };
    stats.moves += 1;
    stats.nodes += entry.nodes;
    stats.captures += entry.capture as u32;
    stats.total_time_us += entry.time_us;
    session.record.moves.push(entry);
    true
}

fn resign(
    mut requests: MessageReader<Resign>,
    mut session: ResMut<GameSession>,
    players: Res<Players>,
    phase: Res<State<GamePhase>>,
    review: Res<Review>,
    mut next_phase: ResMut<NextState<GamePhase>>,
) {
    if requests.read().count() == 0 || *phase.get() != GamePhase::Playing || review.active() {
        return;
    }
    if session.outcome().is_over() {
        return;
    }
    let to_move = session.position.side_to_move();
    // Against the AI it is always the human who gives up, even on the AI's turn.
    let side = match (players.white.is_ai(), players.black.is_ai()) {
        (false, true) => Side::White,
        (true, false) => Side::Black,
        _ => to_move,
    };
    session.resign(side);
    next_phase.set(GamePhase::Over);
}
