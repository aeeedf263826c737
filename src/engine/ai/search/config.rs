//! An AI player as a value: algorithm x strategy x limits, with a short text
//! form for the command line (`alphabeta:offensive2:depth=5`,
//! `enhanced:expert:time=3000`, `mcts:expert:iterations=20000`) and presets.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::limits;
use crate::engine::ai::eval::{Strategy, UnknownStrategy};
use crate::engine::rules::types::Variant;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
/// How an AI player searches.
#[serde(rename_all = "lowercase")]
pub enum Algorithm {
    /// Plain fixed-depth minimax.
    Minimax,
    /// Fixed-depth alpha-beta: minimax's value with cutoffs.
    AlphaBeta,
    /// Iterative-deepening negamax with a transposition table, move ordering and pruning.
    Enhanced,
    /// Monte Carlo tree search with proven-result propagation.
    Mcts,
}

impl Algorithm {
    pub(crate) const ALL: [Algorithm; 4] =
        [Algorithm::Minimax, Algorithm::AlphaBeta, Algorithm::Enhanced, Algorithm::Mcts];

    fn id(self) -> &'static str {
        match self {
            Algorithm::Minimax => "minimax",
            Algorithm::AlphaBeta => "alphabeta",
            Algorithm::Enhanced => "enhanced",
            Algorithm::Mcts => "mcts",
        }
    }

    /// The depths worth offering on a slider: the plain searches grow
    /// exponentially (minimax at depth 6 takes minutes), enhanced goes deep.
    #[cfg_attr(not(feature = "gui"), expect(dead_code, reason = "only the game uses it"))]
    pub(crate) fn everyday_depth(self) -> std::ops::RangeInclusive<u32> {
        match self {
            Algorithm::Minimax => 1..=5,
            Algorithm::AlphaBeta => 1..=8,
            Algorithm::Enhanced | Algorithm::Mcts => 1..=20,
        }
    }

    #[cfg_attr(not(feature = "gui"), expect(dead_code, reason = "only the game uses it"))]
    pub(crate) fn title(self) -> &'static str {
        match self {
            Algorithm::Minimax => "Minimax",
            Algorithm::AlphaBeta => "Alpha-beta",
            Algorithm::Enhanced => "Enhanced alpha-beta",
            Algorithm::Mcts => "MCTS",
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Difficulty {
    Easy,
    Medium,
    Hard,
    Master,
}

impl Difficulty {
    pub(crate) const ALL: [Difficulty; 4] =
        [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard, Difficulty::Master];

    fn id(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
            Difficulty::Master => "master",
        }
    }

    /// easy/medium/hard: alpha-beta at depth 2/3/4; master: enhanced, 2 s a
    /// move, with `exact=off` (200-game matches at 200 ms said so in both
    /// games; README, "Strength").
    pub(crate) fn config(self) -> AiConfig {
        let strategy = Strategy::STRONGEST;
        match self {
            Difficulty::Easy => AiConfig::fixed_depth(Algorithm::AlphaBeta, strategy, 2),
            Difficulty::Medium => AiConfig::fixed_depth(Algorithm::AlphaBeta, strategy, 3),
            Difficulty::Hard => AiConfig::fixed_depth(Algorithm::AlphaBeta, strategy, 4),
            Difficulty::Master => AiConfig {
                time_ms: Some(2000),
                book: true,
                exact: false,
                ..AiConfig::new(Algorithm::Enhanced, strategy)
            },
        }
    }
}

/// An AI player: algorithm, strategy, limits and options.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct AiConfig {
    /// How it searches.
    pub algorithm: Algorithm,
    /// How it scores positions.
    pub strategy: Strategy,
    /// Plies (minimax, alpha-beta, enhanced).
    pub depth: Option<u32>,
    /// Milliseconds a move (enhanced, MCTS).
    pub time_ms: Option<u64>,
    /// Playouts (MCTS).
    pub iterations: Option<u64>,
    /// Tie-break noise as a fraction of the strategy's smallest step, in [0, 1];
    /// 0 is off and makes the search fully deterministic.
    pub noise: f64,
    /// Seeds the noise and MCTS playouts.
    pub seed: u64,
    /// Transposition table size in MiB (enhanced).
    pub tt_mib: u32,
    /// Null-move pruning (enhanced).
    pub null_move: bool,
    /// The safety guard: after the search, a win in one is taken and a loss in
    /// one avoided, whatever the search chose (on by default and in the
    /// presets; off to see what an algorithm finds by itself).
    #[serde(default = "on")]
    pub guard: bool,
    /// Enhanced only: keep fixed-depth values equal to plain alpha-beta's (the
    /// table cuts off only at equal depth, no late-move reductions, no win
    /// check at the horizon). On by default: `exact=off` reaches a depth about
    /// three times sooner, but 200-game matches against the previous build
    /// showed no gain (README, "Strength"), so it stays an experiment, except
    /// in the Lines of Action `master` preset, where it won once the
    /// evaluation saw connection threats.
    #[serde(default = "on")]
    pub exact: bool,
    /// Search threads (enhanced: Lazy SMP over a shared table; MCTS: one
    /// tree a thread, merged at the root), or [`AiConfig::AUTO_THREADS`]:
    /// every core for a search limited by time alone, one thread for a depth
    /// or playout limit (such searches stay reproducible). Series, matches
    /// and tournaments play their games in parallel, so they run `auto`
    /// players on one thread each.
    #[serde(default)]
    pub threads: u32,
    /// Play the shipped opening book's move where it has one (on for master).
    #[serde(default)]
    pub book: bool,
    /// MCTS: weight of the implicit minimax value (Lanctot et al. 2014) in
    /// the selection's mean, in [0, 1]: each node keeps the minimax of its
    /// children's evaluations beside its playout mean. 0 is plain UCT.
    #[serde(default = "implicit_default")]
    pub implicit: f64,
    /// Enhanced: aspiration windows at the root (off by default: 200-game
    /// matches found +38 and +19 Elo, neither significant; README, "Strength").
    #[serde(default)]
    pub aspiration: bool,
    /// MCTS: progressive bias, the weight of a child's evaluation in its
    /// selection value, fading as 1/(visits + 1). 0 is off.
    #[serde(default = "bias_default")]
    pub bias: f64,
}

/// MCTS's implicit minimax weight unless told (README, "Strength").
const IMPLICIT_DEFAULT: f64 = 1.0;
/// MCTS's progressive bias unless told (README, "Strength").
const BIAS_DEFAULT: f64 = 0.0;

fn implicit_default() -> f64 {
    IMPLICIT_DEFAULT
}

fn bias_default() -> f64 {
    BIAS_DEFAULT
}

fn on() -> bool {
    true
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ConfigError {
    #[error("empty AI config (expected e.g. alphabeta:offensive2:depth=5 or a preset: easy, medium, hard, master)")]
    Empty,
    #[error("unknown algorithm '{0}' (known: minimax, alphabeta, enhanced, mcts)")]
    UnknownAlgorithm(String),
    #[error(transparent)]
    UnknownStrategy(#[from] UnknownStrategy),
    #[error("expected a strategy before '{0}' (e.g. alphabeta:expert:{0})")]
    MissingStrategy(String),
    #[error("malformed config part '{0}' (expected key=value)")]
    Malformed(String),
    #[error(
        "unknown config key '{0}' (known: depth, time, iterations, noise, seed, tt, nullmove, guard, exact, aspiration, threads, implicit, bias, book)"
    )]
    UnknownKey(String),
    #[error("bad value for {key}: '{value}' ({expect})")]
    BadValue { key: String, value: String, expect: String },
    #[error("{algorithm} does not take '{key}'")]
    NotForAlgorithm { algorithm: &'static str, key: String },
    #[error("strategy {strategy} does not play {variant}")]
    WrongVariant { strategy: Strategy, variant: Variant },
}

impl AiConfig {
    /// `threads=auto`: see [`AiConfig::threads`].
    pub const AUTO_THREADS: u32 = 0;

    /// The threads this config's search runs on (`auto` resolved).
    pub(crate) fn search_threads(&self) -> usize {
        match self.threads {
            AiConfig::AUTO_THREADS if self.depth.is_none() && self.iterations.is_none() => all_cores() as usize,
            AiConfig::AUTO_THREADS => 1,
            n => n as usize,
        }
    }

    /// This config with `auto` threads replaced by `threads` (an explicit
    /// count stays): how series, matches and the protocol's `setoption
    /// threads` pin the default.
    pub(crate) fn with_auto_threads(&self, threads: u32) -> AiConfig {
        let mut config = self.clone();
        if config.threads == AiConfig::AUTO_THREADS {
            config.threads = threads;
        }
        config
    }

    /// The algorithm's default limits, no noise.
    pub fn new(algorithm: Algorithm, strategy: Strategy) -> AiConfig {
        AiConfig {
            algorithm,
            strategy,
            depth: match algorithm {
                Algorithm::Minimax | Algorithm::AlphaBeta => Some(3),
                _ => None,
            },
            time_ms: match algorithm {
                Algorithm::Enhanced | Algorithm::Mcts => Some(1000),
                _ => None,
            },
            iterations: None,
            noise: 0.0,
            seed: 0,
            tt_mib: 64,
            null_move: true,
            guard: true,
            exact: true,
            threads: AiConfig::AUTO_THREADS,
            book: false,
            implicit: IMPLICIT_DEFAULT,
            aspiration: false,
            bias: BIAS_DEFAULT,
        }
    }

    /// [`AiConfig::new`] searching exactly `depth` plies, with no time limit.
    pub fn fixed_depth(algorithm: Algorithm, strategy: Strategy, depth: u32) -> AiConfig {
        AiConfig { depth: Some(depth), time_ms: None, ..AiConfig::new(algorithm, strategy) }
    }

    /// Parses the text form for `variant`, whose strategies it accepts; with no
    /// strategy named, the result uses the strongest (expert).
    pub fn parse(text: &str, variant: Variant) -> Result<AiConfig, ConfigError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(ConfigError::Empty);
        }
        let mut parts = text.split(':');
        let head = parts.next().unwrap_or_default().to_ascii_lowercase();
        if let Some(d) = Difficulty::ALL.into_iter().find(|d| d.id() == head) {
            let mut config = d.config();
            for part in parts {
                config.apply(part)?;
            }
            return Ok(config);
        }
        let algorithm = Algorithm::ALL
            .into_iter()
            .find(|a| a.id() == head || (head == "ab" && *a == Algorithm::AlphaBeta))
            .ok_or_else(|| ConfigError::UnknownAlgorithm(head.clone()))?;
        let strategy = match parts.next() {
            Some(s) if !s.contains('=') => s.parse()?,
            Some(s) => return Err(ConfigError::MissingStrategy(s.to_string())),
            None => Strategy::STRONGEST,
        };
        if !strategy.supports(variant) {
            return Err(ConfigError::WrongVariant { strategy, variant });
        }
        let mut config = AiConfig::new(algorithm, strategy);
        let mut limits_given = false;
        for part in parts.flat_map(|p| p.split(',')) {
            let key = part.split('=').next().unwrap_or_default();
            if !limits_given && matches!(key, "depth" | "time" | "iterations") {
                // Limits given in the text replace the defaults rather than add to them.
                limits_given = true;
                config.depth = None;
                config.time_ms = None;
                config.iterations = None;
            }
            config.apply(part)?;
        }
        if config.depth.is_none() && config.time_ms.is_none() && config.iterations.is_none() {
            config.depth = AiConfig::new(algorithm, strategy).depth;
            config.time_ms = AiConfig::new(algorithm, strategy).time_ms;
        }
        Ok(config)
    }

    fn apply(&mut self, part: &str) -> Result<(), ConfigError> {
        let (key, value) = part.split_once('=').ok_or_else(|| ConfigError::Malformed(part.to_string()))?;
        let key = key.trim().to_ascii_lowercase();
        let value = value.trim();
        let bad = |expect: String| ConfigError::BadValue { key: key.clone(), value: value.to_string(), expect };
        let not_for = || ConfigError::NotForAlgorithm { algorithm: self.algorithm.id(), key: key.clone() };
        let alg = self.algorithm;
        match key.as_str() {
            "depth" | "time" | "iterations" => self.set_limit(Limit::parse(&key, value)?)?,
            "noise" => {
                let x: f64 = value.parse().map_err(|_| bad(limits::describe(&limits::NOISE, "a number")))?;
                if !limits::NOISE.contains(&x) {
                    return Err(bad(limits::describe(&limits::NOISE, "a number")));
                }
                self.noise = x;
            }
            "seed" => self.seed = value.parse().map_err(|_| bad("a whole number".to_string()))?,
            "tt" => {
                if alg != Algorithm::Enhanced {
                    return Err(not_for());
                }
                let mib: u32 = value.parse().map_err(|_| bad(limits::describe(&limits::TABLE_MIB, "MiB")))?;
                if !limits::TABLE_MIB.contains(&mib) {
                    return Err(bad(limits::describe(&limits::TABLE_MIB, "MiB")));
                }
                self.tt_mib = mib;
            }
            "nullmove" => {
                if alg != Algorithm::Enhanced {
                    return Err(not_for());
                }
                self.null_move = switch(value).ok_or_else(|| bad("on or off".to_string()))?;
            }
            "guard" => self.guard = switch(value).ok_or_else(|| bad("on or off".to_string()))?,
            "book" => self.book = switch(value).ok_or_else(|| bad("on or off".to_string()))?,
            "threads" => {
                if !matches!(alg, Algorithm::Enhanced | Algorithm::Mcts) {
                    return Err(not_for());
                }
                let expect = || bad(format!("auto or {}", limits::describe(&limits::THREADS, "threads")));
                self.threads = match value {
                    "auto" => AiConfig::AUTO_THREADS,
                    _ => value.parse().ok().filter(|n| limits::THREADS.contains(n)).ok_or_else(expect)?,
                };
            }
            "implicit" => {
                if alg != Algorithm::Mcts {
                    return Err(not_for());
                }
                self.implicit = fraction(value).ok_or_else(|| bad("a number from 0 to 1".to_string()))?;
            }
            "bias" => {
                if alg != Algorithm::Mcts {
                    return Err(not_for());
                }
                self.bias = value
                    .parse()
                    .ok()
                    .filter(|b| limits::BIAS.contains(b))
                    .ok_or_else(|| bad(limits::describe(&limits::BIAS, "a number")))?;
            }
            "aspiration" => {
                if alg != Algorithm::Enhanced {
                    return Err(not_for());
                }
                self.aspiration = switch(value).ok_or_else(|| bad("on or off".to_string()))?;
            }
            "exact" => {
                if alg != Algorithm::Enhanced {
                    return Err(not_for());
                }
                self.exact = switch(value).ok_or_else(|| bad("on or off".to_string()))?;
            }
            _ => return Err(ConfigError::UnknownKey(key)),
        }
        Ok(())
    }

    /// Sets one limit, checked as the text form checks it: the algorithm must
    /// take it and the number must be in range.
    fn set_limit(&mut self, limit: Limit) -> Result<(), ConfigError> {
        let takes = match limit {
            Limit::Depth(_) => self.algorithm != Algorithm::Mcts,
            Limit::TimeMs(_) => !matches!(self.algorithm, Algorithm::Minimax | Algorithm::AlphaBeta),
            Limit::Iterations(_) => self.algorithm == Algorithm::Mcts,
        };
        if !takes {
            return Err(ConfigError::NotForAlgorithm { algorithm: self.algorithm.id(), key: limit.key().to_string() });
        }
        let bad = |value: String| ConfigError::BadValue { key: limit.key().to_string(), value, expect: limit.expect() };
        match limit {
            Limit::Depth(d) if !limits::DEPTH.contains(&d) => return Err(bad(d.to_string())),
            Limit::TimeMs(t) if !limits::TIME_MS.contains(&t) => return Err(bad(t.to_string())),
            Limit::Iterations(n) if !limits::PLAYOUTS.contains(&n) => return Err(bad(n.to_string())),
            Limit::Depth(d) => self.depth = Some(d),
            Limit::TimeMs(t) => self.time_ms = Some(t),
            Limit::Iterations(n) => self.iterations = Some(n),
        }
        Ok(())
    }

    /// This config with `limits` in place of its own (kept when none are given).
    pub(crate) fn with_limits(&self, limits: &[Limit]) -> Result<AiConfig, ConfigError> {
        let mut config = self.clone();
        if !limits.is_empty() {
            config.depth = None;
            config.time_ms = None;
            config.iterations = None;
        }
        for &limit in limits {
            config.set_limit(limit)?;
        }
        Ok(config)
    }
}

/// The machine's cores: what `threads=auto` uses for a timed search.
pub fn all_cores() -> u32 {
    std::thread::available_parallelism().map_or(1, |n| n.get() as u32)
}

/// A number in [0, 1].
fn fraction(value: &str) -> Option<f64> {
    value.parse().ok().filter(|x| (0.0..=1.0).contains(x))
}

/// `on`/`off` (or true/false, 1/0) as a bool.
fn switch(value: &str) -> Option<bool> {
    match value {
        "on" | "true" | "1" => Some(true),
        "off" | "false" | "0" => Some(false),
        _ => None,
    }
}

impl fmt::Display for AiConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.algorithm.id(), self.strategy.id())?;
        if let Some(d) = self.depth {
            write!(f, ":depth={d}")?;
        }
        if let Some(t) = self.time_ms {
            write!(f, ":time={t}")?;
        }
        if let Some(n) = self.iterations {
            write!(f, ":iterations={n}")?;
        }
        if self.noise > 0.0 {
            write!(f, ":noise={}", self.noise)?;
        }
        if self.seed != 0 {
            write!(f, ":seed={}", self.seed)?;
        }
        if self.algorithm == Algorithm::Enhanced {
            if self.tt_mib != 64 {
                write!(f, ":tt={}", self.tt_mib)?;
            }
            if !self.null_move {
                write!(f, ":nullmove=off")?;
            }
            if !self.exact {
                write!(f, ":exact=off")?;
            }
            if self.aspiration {
                write!(f, ":aspiration=on")?;
            }
        }
        if self.algorithm == Algorithm::Mcts {
            if self.implicit != IMPLICIT_DEFAULT {
                write!(f, ":implicit={}", self.implicit)?;
            }
            if self.bias != BIAS_DEFAULT {
                write!(f, ":bias={}", self.bias)?;
            }
        }
        if matches!(self.algorithm, Algorithm::Enhanced | Algorithm::Mcts) && self.threads != AiConfig::AUTO_THREADS {
            write!(f, ":threads={}", self.threads)?;
        }
        if !self.guard {
            write!(f, ":guard=off")?;
        }
        if self.book {
            write!(f, ":book=on")?;
        }
        Ok(())
    }
}

/// One search limit: what the text form's `depth=`, `time=` and
/// `iterations=` give, and what the protocol's `go` options give.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Limit {
    /// Plies (minimax, alpha-beta, enhanced).
    Depth(u32),
    /// Milliseconds (enhanced, MCTS).
    TimeMs(u64),
    /// Playouts (MCTS).
    Iterations(u64),
}

impl Limit {
    /// Reads the number `value` for the text form's `key`: depth, time or iterations.
    pub(crate) fn parse(key: &str, value: &str) -> Result<Limit, ConfigError> {
        let limit = match key {
            "depth" => value.parse().map(Limit::Depth).map_err(|_| Limit::Depth(0)),
            "time" => value.parse().map(Limit::TimeMs).map_err(|_| Limit::TimeMs(0)),
            "iterations" => value.parse().map(Limit::Iterations).map_err(|_| Limit::Iterations(0)),
            _ => return Err(ConfigError::UnknownKey(key.to_string())),
        };
        limit.map_err(|kind| ConfigError::BadValue {
            key: kind.key().to_string(),
            value: value.to_string(),
            expect: kind.expect(),
        })
    }

    /// The key the text form writes it with.
    fn key(self) -> &'static str {
        match self {
            Limit::Depth(_) => "depth",
            Limit::TimeMs(_) => "time",
            Limit::Iterations(_) => "iterations",
        }
    }

    fn expect(self) -> String {
        match self {
            Limit::Depth(_) => limits::describe(&limits::DEPTH, "plies"),
            Limit::TimeMs(_) => limits::describe(&limits::TIME_MS, "milliseconds"),
            Limit::Iterations(_) => limits::describe(&limits::PLAYOUTS, "playouts"),
        }
    }
}

impl FromStr for Algorithm {
    type Err = ConfigError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Algorithm::ALL
            .into_iter()
            .find(|a| a.id() == s.to_ascii_lowercase())
            .ok_or_else(|| ConfigError::UnknownAlgorithm(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
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
            "enhanced:expert:time=100:threads=1",
            "alphabeta:expert:depth=1:guard=off",
        ] {
            let c = AiConfig::parse(text, bt).unwrap();
            assert_eq!(c.to_string(), text);
            assert_eq!(AiConfig::parse(&c.to_string(), bt).unwrap(), c);
        }
        let m = AiConfig::parse("master", Variant::LinesOfAction).unwrap();
        assert_eq!(m.to_string(), "enhanced:expert:time=2000:exact=off:book=on");
        let m = AiConfig::parse("master", bt).unwrap();
        assert_eq!(m.to_string(), "enhanced:expert:time=2000:exact=off:book=on");
        assert_eq!(AiConfig::parse("easy", bt).unwrap().depth, Some(2));
    }

    #[test]
    fn auto_threads_mean_every_core_for_a_timed_search_and_one_otherwise() {
        let bt = Variant::Breakthrough;
        let parse = |t: &str| AiConfig::parse(t, bt).unwrap();
        assert_eq!(parse("enhanced:expert:time=100").threads, AiConfig::AUTO_THREADS);
        assert_eq!(parse("enhanced:expert:time=100:threads=auto"), parse("enhanced:expert:time=100"));
        assert_eq!(parse("enhanced:expert:time=100").search_threads(), all_cores() as usize);
        assert_eq!(parse("mcts:expert:time=100").search_threads(), all_cores() as usize);
        assert_eq!(parse("enhanced:expert:depth=5").search_threads(), 1);
        assert_eq!(parse("mcts:expert:iterations=500").search_threads(), 1);
        assert_eq!(parse("enhanced:expert:depth=5:threads=3").search_threads(), 3);
        // Series and matches pin `auto` to one thread; a count stays.
        assert_eq!(parse("master").with_auto_threads(1).search_threads(), 1);
        assert_eq!(parse("master:threads=2").with_auto_threads(1).search_threads(), 2);
        // A saved config from before the key existed reads as `auto`.
        let mut json = serde_json::to_value(parse("master")).unwrap();
        json.as_object_mut().unwrap().remove("threads");
        let old: AiConfig = serde_json::from_value(json).unwrap();
        assert_eq!(old.threads, AiConfig::AUTO_THREADS);
    }

    #[test]
    fn bad_configs_say_what_is_wrong() {
        let bt = Variant::Breakthrough;
        let err = |t: &str| AiConfig::parse(t, bt).unwrap_err().to_string();
        assert_eq!(err("bogus:expert"), "unknown algorithm 'bogus' (known: minimax, alphabeta, enhanced, mcts)");
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
        assert!(err("mcts:expert:bias=-1").starts_with("bad value for bias"));
    }
}
