//! Perft: the number of move sequences of exactly `depth` plies, a terminal
//! position never being expanded. The last ply is counted, not played.

use std::sync::atomic::{AtomicBool, Ordering};

use super::game::{Game, MoveList};

pub(crate) fn perft<G: Game>(game: &mut G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if game.quick_outcome().is_over() {
        return 0;
    }
    if depth == 1 {
        return game.count_moves() as u64;
    }
    let mut moves = MoveList::new();
    game.generate_moves(&mut moves);
    let mut nodes = 0;
    for &m in &moves {
        game.play_unchecked(m);
        nodes += perft(game, depth - 1);
        game.undo_unchecked(m);
    }
    nodes
}

/// [`perft`] that gives up, returning `None`, once `stop` is set. The flag is
/// read at every node two or more plies from the end, so it answers within a
/// few thousand move counts; the plain `perft` stays free of the check.
pub fn perft_until<G: Game>(game: &mut G, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if depth < 2 {
        return Some(perft(game, depth));
    }
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    if game.quick_outcome().is_over() {
        return Some(0);
    }
    let mut moves = MoveList::new();
    game.generate_moves(&mut moves);
    let mut nodes = 0;
    for &m in &moves {
        game.play_unchecked(m);
        let below = perft_until(game, depth - 1, stop);
        game.undo_unchecked(m);
        nodes += below?;
    }
    Some(nodes)
}

/// Perft split by first move, in generation order.
pub fn divide<G: Game>(game: &mut G, depth: u32) -> Vec<(crate::Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    game.legal_moves()
        .into_iter()
        .map(|m| {
            game.play_unchecked(m);
            let n = perft(game, depth - 1);
            game.undo_unchecked(m);
            (m, n)
        })
        .collect()
}
