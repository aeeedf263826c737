//! The values at the edge of every search: a finished game's, and the
//! strategy's judgement of a position searched no deeper.

use crate::eval::{Evaluate, Score, WIN};
use breakline_rules::{Outcome, Side};

use super::AiConfig;
use super::noise::Noise;

/// The value of a finished game for the side to move, `ply` plies from the root.
#[inline]
pub(crate) fn terminal_score(outcome: Outcome, to_move: Side, ply: u32) -> Option<Score> {
    match outcome {
        Outcome::Ongoing => None,
        Outcome::Draw { .. } => Some(0),
        Outcome::Win { winner, .. } if winner == to_move => Some(WIN - ply as Score),
        Outcome::Win { .. } => Some(-(WIN - ply as Score)),
    }
}

/// The value, for the side to move, of having no legal move `ply` plies from
/// the root: the game is lost.
#[inline]
pub(crate) fn no_moves_score(ply: u32) -> Score {
    -(WIN - ply as Score)
}

/// The root player's heuristic seen from the side to move (negamax form).
#[inline]
pub(crate) fn leaf_score<G: Evaluate>(game: &G, config: &AiConfig, root: Side, noise: &Noise) -> Score {
    let v = game.evaluate_seeded(config.strategy(), root, config.seed()) + noise.at(game.hash());
    if game.side_to_move() == root { v } else { -v }
}
