//! One way to count moves everywhere the game shows a number: full moves, as
//! chess players count them. Move 12 is the first mover's twelfth move and
//! the reply to it; "12." is the first mover's half of it and "12…" the
//! second mover's (White moves first in Breakthrough, Black in LOA).

/// The label of the move that made the game `ply` plies long ("1." for the
/// first move, "1…" for the reply); "start" before any move.
pub(crate) fn move_label(ply: usize) -> String {
    match ply {
        0 => "start".to_string(),
        ply if ply % 2 == 1 => format!("{}.", ply.div_ceil(2)),
        ply => format!("{}…", ply / 2),
    }
}

/// The number of the full move being played after `plies` plies.
pub(crate) fn move_number(plies: usize) -> usize {
    plies / 2 + 1
}

/// A ply count on a move axis: moves made, half a move a ply.
pub(crate) fn moves_of_plies(plies: usize) -> f64 {
    plies as f64 / 2.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plies_count_as_chess_moves() {
        assert_eq!(move_label(0), "start");
        assert_eq!(move_label(1), "1.");
        assert_eq!(move_label(2), "1…");
        assert_eq!(move_label(7), "4.");
        assert_eq!(move_number(0), 1);
        assert_eq!(move_number(2), 2);
        assert_eq!(move_number(3), 2);
        assert_eq!(moves_of_plies(3), 1.5);
    }
}
