//! A config as JSON (saved settings, game records): written field by field,
//! read back into [`StoredConfig`] and checked as the setters check, so a
//! hand-edited file with `depth: 0` is refused with a message, never trusted.
//! Keys added since the first saves default when missing.

use serde::Deserialize;

use super::{AiConfig, Algorithm, ConfigError, DEFAULT_BIAS, DEFAULT_IMPLICIT};
use crate::eval::Strategy;

/// Every field of [`AiConfig`] as the JSON holds it, unchecked.
#[derive(Deserialize)]
pub(super) struct StoredConfig {
    algorithm: Algorithm,
    strategy: Strategy,
    depth: Option<u32>,
    time_ms: Option<u64>,
    iterations: Option<u64>,
    noise: f64,
    seed: u64,
    tt_mib: u32,
    null_move: bool,
    #[serde(default = "on")]
    guard: bool,
    #[serde(default = "on")]
    exact: bool,
    #[serde(default)]
    threads: u32,
    #[serde(default)]
    book: bool,
    #[serde(default = "default_implicit")]
    implicit: f64,
    #[serde(default)]
    aspiration: bool,
    #[serde(default = "default_bias")]
    bias: f64,
    #[serde(default)]
    blunder: f64,
}

fn on() -> bool {
    true
}

fn default_implicit() -> f64 {
    DEFAULT_IMPLICIT
}

fn default_bias() -> f64 {
    DEFAULT_BIAS
}

impl TryFrom<StoredConfig> for AiConfig {
    type Error = ConfigError;

    /// The stored config if it keeps every rule; with no limit at all it gets
    /// its algorithm's default, as the text form does.
    fn try_from(s: StoredConfig) -> Result<AiConfig, ConfigError> {
        let mut config = AiConfig {
            algorithm: s.algorithm,
            strategy: s.strategy,
            depth: s.depth,
            time_ms: s.time_ms,
            iterations: s.iterations,
            noise: s.noise,
            seed: s.seed,
            tt_mib: s.tt_mib,
            null_move: s.null_move,
            guard: s.guard,
            exact: s.exact,
            threads: s.threads,
            book: s.book,
            implicit: s.implicit,
            aspiration: s.aspiration,
            bias: s.bias,
            blunder: s.blunder,
        };
        if config.limits().next().is_none() {
            config.put_limit(config.algorithm.default_limit());
        }
        config.check()?;
        Ok(config)
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::*;
    use breakline_rules::Variant;

    fn parse(text: &str) -> AiConfig {
        AiConfig::parse(text, Variant::Breakthrough).unwrap()
    }

    fn read(json: Value) -> Result<AiConfig, serde_json::Error> {
        serde_json::from_value(json)
    }

    #[test]
    fn json_keeps_its_shape_and_reads_back() {
        let master = parse("master:threads=2:noise=0.25:seed=9");
        let json = serde_json::to_value(&master).unwrap();
        let keys: Vec<&str> = json.as_object().unwrap().keys().map(String::as_str).collect();
        let mut expected = [
            "algorithm",
            "strategy",
            "depth",
            "time_ms",
            "iterations",
            "noise",
            "seed",
            "tt_mib",
            "null_move",
            "guard",
            "exact",
            "threads",
            "book",
            "implicit",
            "aspiration",
            "bias",
            "blunder",
        ];
        let mut keys = keys;
        keys.sort_unstable();
        expected.sort_unstable();
        assert_eq!(keys, expected);
        assert_eq!(json["algorithm"], "enhanced");
        assert_eq!(json["time_ms"], 2000);
        assert_eq!(json["depth"], Value::Null);
        assert_eq!(read(json).unwrap(), master);
    }

    #[test]
    fn old_saves_read_with_defaults_for_the_keys_they_lack() {
        let mut json = serde_json::to_value(parse("mcts:expert:time=300")).unwrap();
        for key in ["guard", "exact", "threads", "book", "implicit", "aspiration", "bias", "blunder"] {
            json.as_object_mut().unwrap().remove(key);
        }
        let old = read(json).unwrap();
        assert_eq!(old, parse("mcts:expert:time=300"));
        // Older builds wrote a pinned thread count for every algorithm.
        let mut json = serde_json::to_value(parse("minimax:expert:depth=2")).unwrap();
        json["threads"] = json!(1);
        assert_eq!(read(json).unwrap().to_string(), "minimax:expert:depth=2");
        // No limit at all: the algorithm's default, as in the text form.
        let mut json = serde_json::to_value(parse("enhanced:expert:depth=4")).unwrap();
        json["depth"] = Value::Null;
        assert_eq!(read(json).unwrap().to_string(), "enhanced:expert:time=1000");
    }

    #[test]
    fn hand_edited_configs_that_break_the_rules_are_refused_with_the_reason() {
        let base = serde_json::to_value(parse("alphabeta:expert:depth=3")).unwrap();
        let with = |key: &str, value: Value| {
            let mut json = base.clone();
            json[key] = value;
            read(json).unwrap_err().to_string()
        };
        assert!(with("depth", json!(0)).starts_with("bad value for depth: '0' (plies from 1 to 64)"));
        assert!(with("depth", json!(10000)).starts_with("bad value for depth: '10000'"));
        assert!(with("time_ms", json!(500)).starts_with("alphabeta does not take 'time'"));
        assert!(with("noise", json!(3.0)).starts_with("bad value for noise"));
        assert!(with("tt_mib", json!(0)).starts_with("bad value for tt"));
        assert!(with("threads", json!(1000)).starts_with("bad value for threads"));
        assert!(with("bias", json!(-1.0)).starts_with("bad value for bias"));
        assert!(with("implicit", json!(2.0)).starts_with("bad value for implicit"));
        assert!(with("blunder", json!(0.95)).starts_with("bad value for blunder"));
        assert!(with("algorithm", json!("mcts")).starts_with("mcts does not take 'depth'"));
    }
}
