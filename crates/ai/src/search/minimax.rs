//! Plain full-width minimax to a fixed depth, no pruning: the baseline the
//! other algorithms are measured against.

use crate::eval::{Evaluate, Score};
use breakline_rules::game::MoveList;
use breakline_rules::{Move, Side};

use super::leaf::{leaf_score, no_moves_score, terminal_score};
use super::noise::Noise;
use super::window::INFINITY;
use super::{AiConfig, Control, SearchInfo, SearchResult, Stopped};

/// What every node of one search shares.
struct Context<'a> {
    config: &'a AiConfig,
    root: Side,
    noise: Noise,
}

pub(crate) fn search<G: Evaluate>(game: &mut G, config: &AiConfig, ctl: &mut Control) -> SearchResult {
    let depth = config.plies();
    let cx = Context { config, root: game.side_to_move(), noise: Noise::new(config, game) };
    let moves = game.legal_moves();
    let mut best = (moves[0], -INFINITY);
    let mut pv = vec![moves[0]];
    let mut root_scores = Vec::new();
    for &m in &moves {
        game.play_unchecked(m);
        let mut line = Vec::new();
        let r = negamax(game, depth - 1, 1, &cx, ctl, &mut line);
        game.undo_unchecked(m);
        let Ok(v) = r.map(|v| -v) else { break };
        root_scores.push((m, v));
        if v > best.1 {
            best = (m, v);
            pv = std::iter::once(m).chain(line).collect();
        }
    }
    root_scores.sort_by_key(|&(_, s)| -s);
    // Stopped before any root move was searched: nothing is known, so the
    // result says depth 0 rather than a loss at the full depth.
    let (depth, score) = if root_scores.is_empty() { (0, 0) } else { (depth, best.1) };
    SearchResult { best_move: best.0, info: SearchInfo { depth, score, pv, root_scores, ..SearchInfo::default() } }
}

/// The value of `game` for the side to move, `depth` plies deep; `pv` gets the
/// line that reaches it.
fn negamax<G: Evaluate>(
    game: &mut G,
    depth: u32,
    ply: u32,
    cx: &Context,
    ctl: &mut Control,
    pv: &mut Vec<Move>,
) -> Result<Score, Stopped> {
    ctl.node()?;
    pv.clear();
    if let Some(s) = terminal_score(game.quick_outcome(), game.side_to_move(), ply) {
        return Ok(s);
    }
    let mut moves = MoveList::new();
    game.generate_moves(&mut moves);
    if moves.is_empty() {
        return Ok(no_moves_score(ply));
    }
    if depth == 0 {
        return Ok(leaf_score(game, cx.config, cx.root, &cx.noise));
    }
    let mut best = -INFINITY;
    let mut line = Vec::new();
    for &m in &moves {
        game.play_unchecked(m);
        let r = negamax(game, depth - 1, ply + 1, cx, ctl, &mut line);
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
