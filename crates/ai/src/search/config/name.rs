//! A config's name as a person reads it: a preset's own name ("Master"), or
//! its algorithm, limits and strategy in words ("Alpha-beta, depth 5, expert").

use super::{AiConfig, Level, Limit};
use breakline_rules::notation::thousands;

impl AiConfig {
    /// The level's name ("Easy", "Master") for a level of the ladder (whatever their
    /// seed), else the algorithm, its limits and the strategy in words; the
    /// text form ([`AiConfig::to_string`]) stays the exact name.
    pub fn display_name(&self) -> String {
        if let Some(level) = Level::of(self) {
            return level.title().to_string();
        }
        let mut words = vec![self.algorithm.title().to_string()];
        words.extend(self.limits().map(Limit::in_words));
        words.push(self.strategy.id().to_string());
        words.join(", ")
    }
}

impl Limit {
    /// "depth 5", "2 s a move", "0.2 s a move", "20,000 playouts".
    pub fn in_words(self) -> String {
        match self {
            Limit::Depth(plies) => format!("depth {plies}"),
            Limit::TimeMs(ms) if ms % 1000 == 0 => format!("{} s a move", ms / 1000),
            Limit::TimeMs(ms) => format!("{} s a move", ms as f64 / 1000.0),
            Limit::Iterations(playouts) => format!("{} playouts", thousands(playouts)),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::search::AiConfig;
    use breakline_rules::Variant;

    fn name(text: &str) -> String {
        AiConfig::parse(text, Variant::Breakthrough).unwrap().display_name()
    }

    #[test]
    fn presets_go_by_their_names_and_other_configs_in_words() {
        assert_eq!(name("master"), "Master");
        assert_eq!(name("easy"), "Easy");
        assert_eq!(name("master:seed=7"), "Master");
        assert_eq!(name("master:time=200"), "Expert", "level 7 is the master at 0.2 s");
        assert_eq!(name("master:time=300"), "Enhanced alpha-beta, 0.3 s a move, nnue");
        assert_eq!(name("beginner:blunder=0"), "Alpha-beta, depth 1, expert");
        assert_eq!(name("alphabeta:expert:depth=5"), "Alpha-beta, depth 5, expert");
        assert_eq!(name("mcts:expert:iterations=20000"), "MCTS, 20,000 playouts, expert");
        assert_eq!(name("enhanced:expert:depth=6:time=3000"), "Enhanced alpha-beta, depth 6, 3 s a move, expert");
    }
}
