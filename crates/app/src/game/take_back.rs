//! How far one take-back (or redo) goes: back to a person's turn.

use crate::engine::{Move as EngineMove, Position};
use crate::game::players::Players;

/// How many plies one undo (or redo) covers: with a human playing, up to the
/// next position where a human is to move; AI against AI, one ply.
pub(crate) fn batch(start: &Position, players: &Players, plies: impl Iterator<Item = Option<EngineMove>>) -> usize {
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
