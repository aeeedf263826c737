//! Plain full-width minimax to a fixed depth, no pruning: the baseline the
//! other algorithms are measured against.

use crate::engine::ai::eval::{Evaluate, Score, WIN};
use crate::engine::rules::game::{Game, MoveList};
use crate::engine::rules::types::{Color, Outcome};

use super::noise::Noise;
use super::{AiConfig, Control, SearchInfo, SearchResult, Stopped};

/// The value of a finished game for the side to move, `ply` plies from the root.
#[inline]
pub(crate) fn terminal_score(outcome: Outcome, to_move: Color, ply: u32) -> Option<Score> {
    match outcome {
        Outcome::Ongoing => None,
        Outcome::Draw { .. } => Some(0),
        Outcome::Win { winner, .. } if winner == to_move => Some(WIN - ply as Score),
        Outcome::Win { .. } => Some(-(WIN - ply as Score)),
    }
}

/// Above every score a search can produce: the bound of a full window.
pub(crate) const INFINITY: Score = WIN + 1;

/// Whether the side to move in an unfinished position has no legal move, i.e.
/// has lost (each variant answers without listing its moves).
#[inline]
pub(crate) fn has_no_moves<G: Game>(game: &G) -> bool {
    !game.has_moves()
}

/// The root player's heuristic seen from the side to move (negamax form).
#[inline]
pub(crate) fn leaf_score<G: Evaluate>(game: &G, config: &AiConfig, root: Color, noise: &Noise) -> Score {
    let v = game.evaluate_seeded(config.strategy(), root, config.seed()) + noise.at(game.hash());
    if game.side_to_move() == root { v } else { -v }
}

pub(crate) fn search<G: Evaluate>(game: &mut G, config: &AiConfig, ctl: &mut Control) -> SearchResult {
    let depth = config.plies();
    let root = game.side_to_move();
    let noise = Noise::new(config, game);
    let moves = game.legal_moves();
    let mut best = (moves[0], -WIN - 1);
    let mut pv = vec![moves[0]];
    let mut root_scores = Vec::new();
    for &m in &moves {
        game.play_unchecked(m);
        let mut line = Vec::new();
        let r = negamax(game, depth - 1, 1, config, root, &noise, ctl, &mut line);
        game.undo_unchecked(m);
        let Ok(v) = r.map(|v| -v) else { break };
        root_scores.push((m, v));
        if v > best.1 {
            best = (m, v);
            pv = std::iter::once(m).chain(line).collect();
        }
    }
    root_scores.sort_by_key(|&(_, s)| -s);
    SearchResult {
        best_move: best.0,
        info: SearchInfo { depth, score: best.1, pv, root_scores, ..SearchInfo::default() },
    }
}

#[allow(clippy::too_many_arguments)]
fn negamax<G: Evaluate>(
    game: &mut G,
    depth: u32,
    ply: u32,
    config: &AiConfig,
    root: Color,
    noise: &Noise,
    ctl: &mut Control,
    pv: &mut Vec<super::Move>,
) -> Result<Score, Stopped> {
    ctl.node()?;
    pv.clear();
    if let Some(s) = terminal_score(game.quick_outcome(), game.side_to_move(), ply) {
        return Ok(s);
    }
    let mut moves = MoveList::new();
    game.generate_moves(&mut moves);
    if moves.is_empty() {
        return Ok(-(WIN - ply as Score));
    }
    if depth == 0 {
        return Ok(leaf_score(game, config, root, noise));
    }
    let mut best = -WIN - 1;
    let mut line = Vec::new();
    for &m in &moves {
        game.play_unchecked(m);
        let r = negamax(game, depth - 1, ply + 1, config, root, noise, ctl, &mut line);
        game.undo_unchecked(m);
        let v = -r?;
        if v > best {
            best = v;
            pv.clear();
            pv.push(m);
            pv.extend_from_slice(&line);
        }
    }
    Ok(best)
}
