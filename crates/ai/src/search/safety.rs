//! The safety guard, a player's last look at its chosen move (config key
//! `guard`, on by default): however shallow or early stopped its search, it
//! takes a win in one and avoids a loss in one. It is a small search of its
//! own, so its nodes are counted and a stop request cuts it short (keeping
//! the search's move; the clock does not, as it is a few thousand nodes), and when it changes the move it also makes the result's
//! score, principal variation, lines, depth and root scores describe the new move.

use crate::eval::{Score, WIN};
use breakline_rules::Move;
use breakline_rules::game::{Game, MoveList};

use super::{Control, PvLine, SearchResult, Stopped};

/// The score of a move that wins at once, and of one the opponent answers with a win.
const WIN_IN_ONE: Score = WIN - 1;
const LOSS_IN_ONE: Score = -(WIN - 2);

/// Whether playing `m` ends the game in the mover's favour.
fn wins_at_once<G: Game>(game: &mut G, ctl: &mut Control, m: Move) -> Result<bool, Stopped> {
    ctl.node()?;
    let mover = game.side_to_move();
    game.play_unchecked(m);
    let won = game.outcome().winner() == Some(mover);
    game.undo_unchecked(m);
    Ok(won)
}

/// Whether after `m` the opponent can win with their next move.
fn loses_at_once<G: Game>(game: &mut G, ctl: &mut Control, m: Move) -> Result<bool, Stopped> {
    ctl.node()?;
    game.play_unchecked(m);
    let mut lost = Ok(false);
    if !game.outcome().is_over() {
        let mut replies = MoveList::new();
        game.generate_moves(&mut replies);
        for &r in replies.iter() {
            match wins_at_once(game, ctl, r) {
                Ok(false) => {}
                other => {
                    lost = other;
                    break;
                }
            }
        }
    }
    game.undo_unchecked(m);
    lost
}

/// Replaces a result's move by a win in one if there is one, and a move that
/// loses at once by one that does not (preferring moves the search ranked
/// higher). A stop leaves the result as the search gave it.
pub(crate) fn guard<G: Game>(game: &mut G, ctl: &mut Control, result: &mut SearchResult) {
    let _ = try_guard(game, ctl, result);
}

fn try_guard<G: Game>(game: &mut G, ctl: &mut Control, result: &mut SearchResult) -> Result<(), Stopped> {
    let chosen = result.best_move;
    if wins_at_once(game, ctl, chosen)? {
        return Ok(());
    }
    let moves = game.legal_moves();
    for &m in moves.iter() {
        if wins_at_once(game, ctl, m)? {
            replace(result, m, WIN_IN_ONE, 1);
            return Ok(());
        }
    }
    if !loses_at_once(game, ctl, chosen)? {
        return Ok(());
    }
    let ranked = result.info.root_scores.iter().map(|&(m, _)| m);
    let candidates: Vec<Move> = ranked.chain(moves.iter().copied()).filter(|&m| m != chosen).collect();
    for safe in candidates {
        if !loses_at_once(game, ctl, safe)? {
            let score = score_of(result, safe).unwrap_or(result.info.score);
            mark(result, chosen, LOSS_IN_ONE);
            replace(result, safe, score, 2);
            return Ok(());
        }
    }
    Ok(())
}

fn score_of(result: &SearchResult, m: Move) -> Option<Score> {
    result.info.root_scores.iter().find(|&&(r, _)| r == m).map(|&(_, s)| s)
}

/// Gives `m` the score `score` among the root scores.
fn mark(result: &mut SearchResult, m: Move, score: Score) {
    let scores = &mut result.info.root_scores;
    match scores.iter_mut().find(|(r, _)| *r == m) {
        Some(entry) => entry.1 = score,
        None => scores.push((m, score)),
    }
}

/// Plays `m` instead, found by a guard search `depth` plies deep: it leads the
/// root scores, and the result's depth is at least that of the guard's search.
/// Of the search's lines only this one is left: the others were ranked below
/// a move the guard has just judged differently.
fn replace(result: &mut SearchResult, m: Move, score: Score, depth: u32) {
    result.best_move = m;
    result.info.score = score;
    result.info.pv = vec![m];
    if !result.info.lines.is_empty() {
        result.info.lines = vec![PvLine { score, pv: vec![m] }];
    }
    result.info.depth = result.info.depth.max(depth);
    mark(result, m, score);
    let scores = &mut result.info.root_scores;
    scores.sort_by_key(|&(r, s)| (r != m, -s));
}
