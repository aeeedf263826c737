//! The names the text form's first part takes (the algorithms and the
//! levels), in words and matched against a slip, for the errors that refuse
//! an unknown player and ask "did you mean ...?".

use super::{Algorithm, Level};
use breakline_rules::spelling::nearest;

/// The algorithms by name: "minimax, alphabeta, enhanced, mcts".
pub fn algorithms_in_words() -> String {
    Algorithm::ALL.map(Algorithm::id).join(", ")
}

/// The levels by name and number: "beginner, ..., master, or level1 to level8".
pub fn levels_in_words() -> String {
    let names = Level::ALL.map(Level::id).join(", ");
    format!("{names}, or level1 to level{}", Level::COUNT)
}

/// The name nearest to `typed` among the algorithms, the levels and `more`
/// (the players another layer adds: `uci`, say), if `typed` is a slip of
/// one; a level number off the ladder ("level9") is the ladder's nearest end.
pub fn nearest_player(typed: &str, more: &[&'static str]) -> Option<String> {
    let typed = typed.trim().to_ascii_lowercase();
    if let Some(number) = typed.strip_prefix("level").and_then(|n| n.parse::<u64>().ok()) {
        let end = if number == 0 { 1 } else { Level::COUNT };
        return Some(format!("level{end}"));
    }
    let numbers: Vec<String> = Level::ALL.iter().map(|level| format!("level{}", level.number())).collect();
    let known =
        Algorithm::ALL.map(Algorithm::id).into_iter().chain(Level::ALL.map(Level::id)).chain(more.iter().copied());
    nearest(&typed, known.chain(numbers.iter().map(String::as_str))).map(str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slip_of_a_player_finds_its_name() {
        assert_eq!(algorithms_in_words(), "minimax, alphabeta, enhanced, mcts");
        assert_eq!(
            levels_in_words(),
            "beginner, novice, improver, easy, medium, hard, expert, master, or level1 to level8"
        );
        assert_eq!(nearest_player("level9", &[]).as_deref(), Some("level8"));
        assert_eq!(nearest_player("level0", &[]).as_deref(), Some("level1"));
        assert_eq!(nearest_player("levle3", &[]).as_deref(), Some("level3"));
        assert_eq!(nearest_player("ucii", &["uci", "ugi", "engine"]).as_deref(), Some("uci"));
        assert_eq!(nearest_player("ucii", &[]), None);
        assert_eq!(nearest_player("bogus", &["uci"]), None);
    }
}
