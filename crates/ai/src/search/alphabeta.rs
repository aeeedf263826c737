//! Plain fixed-depth alpha-beta: minimax's value with cutoffs, moves in
//! generation order, no table, so its node counts show what pruning alone buys.

use crate::eval::{Evaluate, Score};
use breakline_rules::Side;
use breakline_rules::game::MoveList;

use super::leaf::{leaf_score, no_moves_score, terminal_score};
use super::noise::Noise;
use super::pv::PvTable;
use super::window::{INFINITY, Window};
use super::{AiConfig, Control, SearchInfo, SearchResult, Stopped};

/// What every node of one search shares.
struct Context<'a> {
    config: &'a AiConfig,
    root: Side,
    noise: Noise,
    pv: PvTable,
}

pub(crate) fn search<G: Evaluate>(game: &mut G, config: &AiConfig, ctl: &mut Control) -> SearchResult {
    let depth = config.plies();
    let mut cx = Context { config, root: game.side_to_move(), noise: Noise::new(config, game), pv: PvTable::default() };
    let moves = game.legal_moves();
    let mut best = (moves[0], -INFINITY);
    let mut pv = vec![moves[0]];
    let mut root_scores = Vec::with_capacity(moves.len());
    for &m in &moves {
        game.play_unchecked(m);
        // Fail-soft: moves that do not beat the best so far get an upper bound.
        let r = alphabeta(game, depth - 1, 1, -Window::above(best.1), &mut cx, ctl);
        game.undo_unchecked(m);
        let Ok(v) = r.map(|v| -v) else { break };
        root_scores.push((m, v));
        if v > best.1 {
            best = (m, v);
            pv = std::iter::once(m).chain(cx.pv.line(1).iter().copied()).collect();
        }
    }
    root_scores.sort_by_key(|&(_, s)| -s);
    // Stopped before any root move was searched: nothing is known, so the
    // result says depth 0 rather than a loss at the full depth.
    let (depth, score) = if root_scores.is_empty() { (0, 0) } else { (depth, best.1) };
    SearchResult { best_move: best.0, info: SearchInfo { depth, score, pv, root_scores, ..SearchInfo::default() } }
}

/// The value of `game` for the side to move, `depth` plies deep, within
/// `window` (fail-soft: outside it, a bound on the true value).
fn alphabeta<G: Evaluate>(
    game: &mut G,
    depth: u32,
    ply: u32,
    mut window: Window,
    cx: &mut Context,
    ctl: &mut Control,
) -> Result<Score, Stopped> {
    ctl.node()?;
    cx.pv.clear(ply as usize);
    if let Some(s) = terminal_score(game.quick_outcome(), game.side_to_move(), ply) {
        return Ok(s);
    }
    if depth == 0 {
        if !game.has_moves() {
            return Ok(no_moves_score(ply));
        }
        return Ok(leaf_score(game, cx.config, cx.root, &cx.noise));
    }
    let mut moves = MoveList::new();
    game.generate_moves(&mut moves);
    if moves.is_empty() {
        return Ok(no_moves_score(ply));
    }
    let mut best = -INFINITY;
    for &m in &moves {
        game.play_unchecked(m);
        let r = alphabeta(game, depth - 1, ply + 1, -window, cx, ctl);
        game.undo_unchecked(m);
        let v = -r?;
        if v > best {
            best = v;
            if !window.fails_low(v) {
                window.raise_alpha(v);
                cx.pv.update(ply as usize, m);
                if window.fails_high(v) {
                    break;
                }
            }
        }
    }
    Ok(best)
}
