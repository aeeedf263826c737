//! Perft: the number of move sequences of exactly `depth` plies, a terminal
//! position never being expanded. The last ply is counted, not played.

use super::game::{Game, MoveList};

pub fn perft<G: Game>(game: &mut G, depth: u32) -> u64 {
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

/// Perft split by first move, in generation order.
pub fn divide<G: Game>(game: &mut G, depth: u32) -> Vec<(super::types::Move, u64)> {
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
