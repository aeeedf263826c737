//! A game's length said one way everywhere: full moves, with the plies
//! named as plies beside them.

/// A game's length in the one convention the game counts by: full moves
/// (a move is the first mover's move and the reply), with the plies
/// (half-moves) named as plies: "17 moves (34 plies)", "1 move (1 ply)".
pub fn game_length(plies: usize) -> String {
    let moves = plies.div_ceil(2);
    let (move_word, ply_word) = (if moves == 1 { "move" } else { "moves" }, if plies == 1 { "ply" } else { "plies" });
    format!("{moves} {move_word} ({plies} {ply_word})")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_length_counts_moves_with_the_plies_beside_them() {
        assert_eq!(game_length(34), "17 moves (34 plies)");
        assert_eq!(game_length(1), "1 move (1 ply)");
        assert_eq!(game_length(3), "2 moves (3 plies)");
    }
}
