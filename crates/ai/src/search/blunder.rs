//! Blunders, for the weak levels (config key `blunder`): in a seeded share of
//! positions the player sets its search's choice aside and plays another move
//! that looks good at a glance (among the better half of the moves by the
//! evaluation one ply ahead), as a person who misses what lies deeper would.
//! A win the search proved is never thrown away, and the safety guard, which
//! runs after this, still takes a win in one and avoids a loss in one.

use crate::eval::{Evaluate, MAX_EVAL, Score};
use breakline_rules::Move;
use breakline_rules::hashing::mix;

use super::{AiConfig, SearchResult};

/// Replaces the result's move by a plausible other one in the share of
/// positions `config.blunder()` picks (by the position's hash and the seed, so
/// a game replays the same way).
pub(crate) fn maybe_blunder<G: Evaluate>(game: &mut G, config: &AiConfig, result: &mut SearchResult) {
    if config.blunder() <= 0.0 || result.info.score > MAX_EVAL {
        return;
    }
    let draw = mix(game.hash() ^ mix(config.seed() ^ 0xB1D5_u64));
    if (draw % 1_000_000) as f64 >= config.blunder() * 1_000_000.0 {
        return;
    }
    let Some(m) = plausible_other(game, config, result.best_move, mix(draw)) else { return };
    result.best_move = m;
    result.info.pv = vec![m];
    result.info.lines.clear();
}

/// A move other than `chosen`, picked by `pick` from the better half of the
/// moves as the evaluation sees them one ply ahead.
fn plausible_other<G: Evaluate>(game: &mut G, config: &AiConfig, chosen: Move, pick: u64) -> Option<Move> {
    let mover = game.side_to_move();
    let mut scored: Vec<(Score, Move)> = Vec::new();
    for &m in game.legal_moves().iter().filter(|&&m| m != chosen) {
        game.play_unchecked(m);
        let score = game.evaluate(config.strategy(), mover);
        game.undo_unchecked(m);
        scored.push((score, m));
    }
    if scored.is_empty() {
        return None;
    }
    // Best first; ties keep the generator's order, so the choice is reproducible.
    scored.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
    let half = scored.len().div_ceil(2);
    Some(scored[(pick % half as u64) as usize].1)
}
