//! A last look at the chosen move, so that every player, however shallow or
//! however early it was stopped, takes a win in one and avoids a loss in one.

use crate::engine::eval::{Score, WIN};
use crate::engine::game::{Game, MoveList};
use crate::engine::types::{Color, Move};

use super::SearchResult;

/// Whether playing `m` ends the game in the mover's favour.
fn wins_at_once<G: Game>(game: &mut G, m: Move) -> bool {
    let mover = game.side_to_move();
    game.play_unchecked(m);
    let won = winner(game) == Some(mover);
    game.undo_unchecked(m);
    won
}

fn winner<G: Game>(game: &G) -> Option<Color> {
    game.outcome().winner()
}

/// Whether after `m` the opponent can win with their next move.
fn loses_at_once<G: Game>(game: &mut G, m: Move) -> bool {
    game.play_unchecked(m);
    let lost = winner(game).is_none() && {
        let mut replies = MoveList::new();
        game.generate_moves(&mut replies);
        replies.iter().any(|&r| wins_at_once(game, r))
    };
    game.undo_unchecked(m);
    lost
}

/// Replaces a result's move by a win in one if there is one, and a move that
/// loses at once by one that does not (preferring moves the search ranked higher).
pub fn guard<G: Game>(game: &mut G, result: &mut SearchResult) {
    let chosen = result.best_move;
    if wins_at_once(game, chosen) {
        return;
    }
    let moves = game.legal_moves();
    if let Some(&win) = moves.iter().find(|&&m| wins_at_once(game, m)) {
        replace(result, win, WIN - 1);
        return;
    }
    if !loses_at_once(game, chosen) {
        return;
    }
    let ranked = result.info.root_scores.iter().map(|&(m, _)| m);
    let candidates: Vec<Move> = ranked.chain(moves.iter().copied()).filter(|&m| m != chosen).collect();
    if let Some(safe) = candidates.into_iter().find(|&m| !loses_at_once(game, m)) {
        let score = result.info.root_scores.iter().find(|&&(m, _)| m == safe).map_or(result.info.score, |&(_, s)| s);
        replace(result, safe, score);
    }
}

fn replace(result: &mut SearchResult, m: Move, score: Score) {
    result.best_move = m;
    result.info.score = score;
    result.info.pv = vec![m];
}
