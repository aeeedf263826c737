//! The level ladder: eight players from a true beginner to master, the same
//! in both games. Four keep the names the game had before the ladder (easy,
//! medium, hard, master). Their strength is measured, not guessed: `breakline
//! levels` plays them in a round robin and writes the ratings the game shows
//! (`assets/levels.json`, README "Levels").

use serde::{Deserialize, Serialize};

use super::key::Key;
use super::{AiConfig, Algorithm, ConfigError};
use crate::eval::Strategy;

/// A level of the ladder, 1 (weakest) to [`Level::COUNT`].
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Level(u8);

impl Level {
    /// The number of levels.
    pub const COUNT: u8 = 8;
    /// Level 4, alpha-beta at depth 2.
    pub const EASY: Level = Level(4);
    /// Level 5, alpha-beta at depth 3.
    pub const MEDIUM: Level = Level(5);
    /// Level 6, alpha-beta at depth 4.
    pub const HARD: Level = Level(6);
    /// Level 8, the strongest player: enhanced alpha-beta, 2 s a move, book.
    pub const MASTER: Level = Level(8);
    /// Every level, weakest first.
    pub const ALL: [Level; Level::COUNT as usize] =
        [Level(1), Level(2), Level(3), Level(4), Level(5), Level(6), Level(7), Level(8)];

    /// Level `number`, if it is one (1 to [`Level::COUNT`]).
    pub fn new(number: u8) -> Option<Level> {
        (1..=Level::COUNT).contains(&number).then_some(Level(number))
    }

    /// Its number, 1 to [`Level::COUNT`].
    pub fn number(self) -> u8 {
        self.0
    }

    /// The name the text form takes ("beginner" ... "master").
    pub fn id(self) -> &'static str {
        ["beginner", "novice", "improver", "easy", "medium", "hard", "expert", "master"][self.index()]
    }

    /// The name with a capital.
    pub fn title(self) -> &'static str {
        ["Beginner", "Novice", "Improver", "Easy", "Medium", "Hard", "Expert", "Master"][self.index()]
    }

    fn index(self) -> usize {
        usize::from(self.0 - 1)
    }

    /// The player. Below easy, shallow searches that blunder: in a share of
    /// positions they play another move that looks good one ply ahead, so
    /// they miss threats a person would learn to see. Easy, medium and hard
    /// search 2, 3 and 4 plies; expert is the enhanced search at 0.2 s a
    /// move and master at 2 s with `exact=off` and the book (200-game matches
    /// at 200 ms said so in both games), evaluating with the learned `nnue`
    /// (docs/lab/round-4.md: matches against the expert evaluation).
    pub fn config(self) -> AiConfig {
        let strategy = Strategy::STRONGEST;
        let alphabeta =
            |plies, blunder| AiConfig { depth: Some(plies), blunder, ..AiConfig::new(Algorithm::AlphaBeta, strategy) };
        let enhanced = |ms| AiConfig {
            time_ms: Some(ms),
            book: true,
            exact: false,
            ..AiConfig::new(Algorithm::Enhanced, Strategy::Nnue)
        };
        match self.0 {
            1 => alphabeta(1, 0.5),
            2 => alphabeta(1, 0.2),
            3 => alphabeta(2, 0.15),
            4 => alphabeta(2, 0.0),
            5 => alphabeta(3, 0.0),
            6 => alphabeta(4, 0.0),
            7 => enhanced(200),
            _ => enhanced(2000),
        }
    }

    /// `error` about a key, said of the level rather than of its algorithm
    /// ("level 6 (hard) does not take 'time'", with the keys it takes): a
    /// person who named a level need not know which algorithm plays it.
    pub(super) fn refusal(self, error: ConfigError) -> ConfigError {
        let ConfigError::NotForAlgorithm { key, .. } = error else {
            return error;
        };
        let algorithm = self.config().algorithm;
        let takes = Key::ALL.into_iter().filter(|k| k.taken_by(algorithm)).map(Key::id).collect::<Vec<_>>();
        ConfigError::NotForLevel { number: self.number(), name: self.id(), key, takes: takes.join(", ") }
    }

    /// The level whose player `config` is, whatever its seed.
    pub fn of(config: &AiConfig) -> Option<Level> {
        let unseeded = AiConfig { seed: 0, ..config.clone() };
        Level::ALL.into_iter().find(|level| level.config() == unseeded)
    }

    /// The level named `text`: its id ("hard") or "level6".
    pub fn parse(text: &str) -> Option<Level> {
        let text = text.trim().to_ascii_lowercase();
        if let Some(n) = text.strip_prefix("level") {
            return n.parse().ok().and_then(Level::new);
        }
        // Level 3 was "casual" until that read as the unrated game's name.
        let text = if text == "casual" { "improver".to_string() } else { text };
        Level::ALL.into_iter().find(|level| level.id() == text)
    }
}

/// A level number outside the ladder.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("no level {0} (levels are 1 to {count})", count = Level::COUNT)]
pub struct LevelError(u8);

impl TryFrom<u8> for Level {
    type Error = LevelError;

    fn try_from(number: u8) -> Result<Level, LevelError> {
        Level::new(number).ok_or(LevelError(number))
    }
}

impl From<Level> for u8 {
    fn from(level: Level) -> u8 {
        level.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use breakline_rules::Variant;

    #[test]
    fn levels_parse_by_name_and_number_and_know_their_configs() {
        for level in Level::ALL {
            assert_eq!(Level::parse(level.id()), Some(level));
            assert_eq!(Level::parse(&format!("level{}", level.number())), Some(level));
            assert_eq!(Level::of(&level.config()), Some(level));
            assert_eq!(AiConfig::parse(level.id(), Variant::LinesOfAction), Ok(level.config()));
        }
        assert_eq!(Level::parse("level0"), None);
        assert_eq!(Level::parse("level9"), None);
        assert_eq!(Level::EASY.title(), "Easy");
        // Level 3's old name still reads (scripts and records that use it).
        assert_eq!(Level::parse("casual"), Level::new(3));
        assert_eq!(Level::new(3).map(Level::title), Some("Improver"));
        assert_eq!(Level::MASTER.number(), Level::COUNT);
        // Strictly stronger settings up the ladder: each level's config differs.
        for pair in Level::ALL.windows(2) {
            assert_ne!(pair[0].config(), pair[1].config());
        }
    }
}
