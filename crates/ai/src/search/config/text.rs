//! The text form of a config (`alphabeta:offensive2:depth=5`, `master`,
//! `mcts:expert:time=100:implicit=0.4`): the parser, which builds through the
//! setters, and the printer, which writes what differs from the defaults.

use std::fmt;

use super::key::{Key, Limit, parse_threads};
use super::{AiConfig, Algorithm, ConfigError, Level, nearest_player};
use crate::eval::Strategy;
use breakline_rules::Variant;

impl AiConfig {
    /// Parses the text form for `variant`, whose strategies it accepts; with no
    /// strategy named, the result uses the strongest (expert). Limits given in
    /// the text replace the algorithm's default ones (a preset's are added to).
    pub fn parse(text: &str, variant: Variant) -> Result<AiConfig, ConfigError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(ConfigError::Empty);
        }
        let mut parts = text.split(':');
        let head = parts.next().unwrap_or_default().to_ascii_lowercase();
        if let Some(level) = Level::parse(&head) {
            let mut config = level.config();
            for part in parts {
                let (key, value) = key_value(part)?;
                config.set_text(&key, value).map_err(|error| level.refusal(error))?;
            }
            return Ok(config);
        }
        let algorithm = Algorithm::ALL
            .into_iter()
            .find(|a| a.id() == head || (head == "ab" && *a == Algorithm::AlphaBeta))
            .ok_or_else(|| ConfigError::UnknownPlayer { nearest: nearest_player(&head, &[]), name: head.clone() })?;
        let strategy = match parts.next() {
            Some(s) if !s.contains('=') => s.parse()?,
            Some(s) => return Err(ConfigError::MissingStrategy(s.to_string())),
            None => Strategy::STRONGEST,
        };
        let mut config = AiConfig::new(algorithm, strategy);
        config.check_variant(variant)?;
        let mut limits = Vec::new();
        for part in parts.flat_map(|p| p.split(',')) {
            let (key, value) = key_value(part)?;
            match Key::parse(&key) {
                Some(Key::Depth | Key::Time | Key::Iterations) => {
                    limits.push(config.check_limit(Limit::parse(&key, value)?)?);
                }
                _ => config.set_text(&key, value)?,
            }
        }
        config.with_limits(&limits)
    }

    /// Sets the key named `key` from its text `value`, as the setters check it.
    fn set_text(&mut self, key: &str, value: &str) -> Result<(), ConfigError> {
        let key = Key::parse(key).ok_or_else(|| ConfigError::UnknownKey(key.to_string()))?;
        let bad = || key.bad(value);
        let number = |value: &str| value.parse::<f64>().map_err(|_| bad());
        let on = |value: &str| switch(value).ok_or_else(bad);
        if !matches!(key, Key::Depth | Key::Time | Key::Iterations) {
            // Named before its value is read: "alphabeta does not take 'tt'".
            self.require(key)?;
        }
        let set = match key {
            Key::Depth | Key::Time | Key::Iterations => self.set_limit(Limit::parse(key.id(), value)?),
            Key::Noise => self.set_noise(number(value)?),
            Key::Seed => value.parse().map(|seed| self.set_seed(seed)).map_err(|_| bad()),
            Key::Tt => self.set_tt_mib(value.parse().map_err(|_| bad())?),
            Key::NullMove => self.set_null_move(on(value)?),
            Key::Exact => self.set_exact(on(value)?),
            Key::Aspiration => self.set_aspiration(on(value)?),
            Key::Implicit => self.set_implicit(number(value)?),
            Key::Bias => self.set_bias(number(value)?),
            Key::Threads => self.set_threads(parse_threads(value).ok_or_else(bad)?),
            Key::Guard => on(value).map(|on| self.set_guard(on)),
            Key::Book => on(value).map(|on| self.set_book(on)),
            Key::Blunder => self.set_blunder(number(value)?),
        };
        set.map_err(|e| e.with_value_text(value))
    }

    /// The text form's value for `key`, or `None` for a limit it does not have.
    fn value_text(&self, key: Key) -> Option<String> {
        let switch = |on: bool| if on { "on" } else { "off" }.to_string();
        Some(match key {
            Key::Depth => self.depth?.to_string(),
            Key::Time => self.time_ms?.to_string(),
            Key::Iterations => self.iterations?.to_string(),
            Key::Noise => self.noise.to_string(),
            Key::Seed => self.seed.to_string(),
            Key::Tt => self.tt_mib.to_string(),
            Key::NullMove => switch(self.null_move),
            Key::Exact => switch(self.exact),
            Key::Aspiration => switch(self.aspiration),
            Key::Implicit => self.implicit.to_string(),
            Key::Bias => self.bias.to_string(),
            Key::Threads if self.threads == AiConfig::AUTO_THREADS => "auto".to_string(),
            Key::Threads => self.threads.to_string(),
            Key::Guard => switch(self.guard),
            Key::Book => switch(self.book),
            Key::Blunder => self.blunder.to_string(),
        })
    }
}

/// `key=value`, the key trimmed and lowercase.
fn key_value(part: &str) -> Result<(String, &str), ConfigError> {
    let (key, value) = part.split_once('=').ok_or_else(|| ConfigError::Malformed(part.to_string()))?;
    Ok((key.trim().to_ascii_lowercase(), value.trim()))
}

/// `on`/`off` (or true/false, 1/0) as a bool.
fn switch(value: &str) -> Option<bool> {
    match value {
        "on" | "true" | "1" => Some(true),
        "off" | "false" | "0" => Some(false),
        _ => None,
    }
}

/// The text form: the algorithm, the strategy, the limits, then each key the
/// algorithm takes where it differs from the default.
impl fmt::Display for AiConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.algorithm.id(), self.strategy.id())?;
        let defaults = AiConfig::new(self.algorithm, self.strategy);
        for key in Key::ALL {
            let Some(value) = self.value_text(key) else {
                continue;
            };
            let is_limit = matches!(key, Key::Depth | Key::Time | Key::Iterations);
            if is_limit || (key.taken_by(self.algorithm) && defaults.value_text(key).as_ref() != Some(&value)) {
                write!(f, ":{}={value}", key.id())?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::all_cores;
    use super::*;

    #[test]
    fn text_forms_parse_and_print_back() {
        let bt = Variant::Breakthrough;
        for text in [
            "alphabeta:offensive2:depth=5",
            "enhanced:expert:time=3000",
            "mcts:expert:iterations=20000",
            "minimax:defensive1:depth=3:noise=0.5:seed=7",
            "enhanced:balanced:depth=6:time=500:tt=16:nullmove=off:exact=off:aspiration=on:threads=2",
            "mcts:attacker:time=200:iterations=500",
            "mcts:expert:time=100:implicit=0.4:bias=1.5:threads=3",
            "alphabeta:expert:depth=2:blunder=0.3",
            "enhanced:expert:time=100:threads=1",
            "alphabeta:expert:depth=1:guard=off",
        ] {
            let c = AiConfig::parse(text, bt).unwrap();
            assert_eq!(c.to_string(), text);
            assert_eq!(AiConfig::parse(&c.to_string(), bt).unwrap(), c);
        }
        let m = AiConfig::parse("master", Variant::LinesOfAction).unwrap();
        assert_eq!(m.to_string(), "enhanced:nnue:time=2000:exact=off:book=on");
        let m = AiConfig::parse("master", bt).unwrap();
        assert_eq!(m.to_string(), "enhanced:nnue:time=2000:exact=off:book=on");
        assert_eq!(AiConfig::parse("easy", bt).unwrap().depth(), Some(2));
        // A preset's limits are added to; an algorithm's defaults are replaced.
        assert_eq!(
            AiConfig::parse("master:depth=9", bt).unwrap().to_string(),
            "enhanced:nnue:depth=9:time=2000:exact=off:book=on"
        );
        assert_eq!(AiConfig::parse("enhanced:expert:depth=9", bt).unwrap().to_string(), "enhanced:expert:depth=9");
        assert_eq!(AiConfig::parse("enhanced", bt).unwrap().to_string(), "enhanced:expert:time=1000");
        assert_eq!(AiConfig::parse("ab:expert:noise=-0", bt).unwrap().to_string(), "alphabeta:expert:depth=3");
    }

    #[test]
    fn auto_threads_mean_every_core_for_a_timed_search_and_one_otherwise() {
        let bt = Variant::Breakthrough;
        let parse = |t: &str| AiConfig::parse(t, bt).unwrap();
        assert_eq!(parse("enhanced:expert:time=100").threads(), AiConfig::AUTO_THREADS);
        assert_eq!(parse("enhanced:expert:time=100:threads=auto"), parse("enhanced:expert:time=100"));
        assert_eq!(parse("enhanced:expert:time=100").search_threads(), all_cores() as usize);
        assert_eq!(parse("mcts:expert:time=100").search_threads(), all_cores() as usize);
        assert_eq!(parse("enhanced:expert:depth=5").search_threads(), 1);
        assert_eq!(parse("mcts:expert:iterations=500").search_threads(), 1);
        // A count stays (where the build has threads: one in the browser).
        let (three, two) = (crate::threads::usable(3), crate::threads::usable(2));
        assert_eq!(parse("enhanced:expert:depth=5:threads=3").search_threads(), three);
        // Series and matches pin `auto` to one thread; a count stays.
        assert_eq!(parse("master").with_auto_threads(1).search_threads(), 1);
        assert_eq!(parse("master:threads=2").with_auto_threads(1).search_threads(), two);
    }

    #[test]
    fn bad_configs_say_what_is_wrong() {
        let bt = Variant::Breakthrough;
        let err = |t: &str| AiConfig::parse(t, bt).unwrap_err().to_string();
        assert!(err("alphabeta:nosuch").starts_with("unknown strategy 'nosuch'"));
        assert_eq!(err("alphabeta:expert:time=100"), "alphabeta does not take 'time'");
        assert_eq!(err("mcts:expert:depth=3"), "mcts does not take 'depth'");
        assert!(err("alphabeta:expert:depth=x").starts_with("bad value for depth"));
        assert!(err("alphabeta:expert:depth=0").starts_with("bad value for depth"));
        assert_eq!(err("alphabeta:expert:foo=1").split(' ').take(3).collect::<Vec<_>>(), ["unknown", "config", "key"]);
        assert_eq!(err("alphabeta:classic"), "strategy classic does not play breakthrough");
        assert_eq!(err(""), ConfigError::Empty.to_string());
        assert_eq!(err("alphabeta:expert:threads=2"), "alphabeta does not take 'threads'");
        assert!(err("enhanced:expert:threads=0").starts_with("bad value for threads: '0' (auto or threads from 1"));
        assert_eq!(err("enhanced:expert:implicit=0.5"), "enhanced does not take 'implicit'");
        assert!(err("mcts:expert:implicit=1.5").starts_with("bad value for implicit"));
        assert_eq!(err("mcts:expert:bias=-1"), "bad value for bias: '-1' (a number from 0 to 10)");
        assert_eq!(err("easy:blunder=1"), "bad value for blunder: '1' (a number from 0 to 0.9)");
        assert_eq!(err("mcts:expert:implicit=1.50"), "bad value for implicit: '1.50' (a number from 0 to 1)");
        assert_eq!(err("alphabeta:expert:tt=x"), "alphabeta does not take 'tt'");
        assert_eq!(err("enhanced:expert:tt=0"), "bad value for tt: '0' (MiB from 1 to 4096)");
        assert_eq!(err("alphabeta:expert:noise=2"), "bad value for noise: '2' (a number from 0 to 1)");
        assert_eq!(err("alphabeta:expert:depth"), "malformed config part 'depth' (expected key=value)");
    }

    /// What an AI player may be, as the errors say it.
    const KINDS: &str = "an AI player is an algorithm (minimax, alphabeta, enhanced, mcts) or a level (beginner, \
                         novice, improver, easy, medium, hard, expert, master, or level1 to level8)";

    #[test]
    fn an_unknown_player_is_told_every_kind_and_the_nearest_name() {
        let err = |t: &str| AiConfig::parse(t, Variant::Breakthrough).unwrap_err().to_string();
        assert_eq!(err("bogus:expert"), format!("unknown AI player 'bogus': {KINDS}"));
        for (typed, nearest) in [
            ("level9", "level8"),
            ("level0", "level1"),
            ("level12:depth=3", "level8"),
            ("mater:time=100", "master"),
            ("alphabet:expert", "alphabeta"),
            ("Novise", "novice"),
        ] {
            let name = typed.split(':').next().unwrap_or_default().to_ascii_lowercase();
            assert_eq!(err(typed), format!("unknown AI player '{name}' (did you mean {nearest}?): {KINDS}"));
        }
    }

    #[test]
    fn a_level_refuses_a_key_as_the_level_and_says_what_it_takes() {
        let err = |t: &str| AiConfig::parse(t, Variant::Breakthrough).unwrap_err().to_string();
        let hard = "level 6 (hard) does not take 'time' (it takes depth, noise, seed, guard, book, blunder)";
        assert_eq!(err("level6:time=100"), hard);
        assert_eq!(err("hard:time=100"), hard);
        assert_eq!(
            err("master:iterations=500"),
            "level 8 (master) does not take 'iterations' (it takes depth, time, noise, seed, tt, nullmove, exact, \
             aspiration, threads, guard, book, blunder)"
        );
        assert_eq!(
            err("beginner:implicit=0.5").split(" (it").next(),
            Some("level 1 (beginner) does not take 'implicit'")
        );
        // A key the level takes still works, and a bad value is still about the value.
        assert!(AiConfig::parse("level6:depth=5", Variant::Breakthrough).is_ok());
        assert!(err("level6:depth=x").starts_with("bad value for depth"));
    }
}
