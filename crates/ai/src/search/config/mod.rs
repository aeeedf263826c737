//! An AI player as a value: algorithm x strategy x limits, with a short text
//! form for the command line (`alphabeta:offensive2:depth=5`,
//! `enhanced:expert:time=3000`, `mcts:expert:iterations=20000`) and presets.
//!
//! The fields are private, so every config keeps its rules: only the limits
//! its algorithm takes, at least one of them, and every number within
//! [`limits`]. A config is built by the parser ([`AiConfig::parse`]), by
//! [`AiConfig::new`] and the typed setters, or read from JSON and checked the
//! same way; its users (the editors, the protocol, the searches) need not
//! check it again.

mod error;
mod key;
mod level;
mod name;
mod players;
mod stored;
mod text;

use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::limits;
use crate::eval::Strategy;
use breakline_rules::Variant;
pub use error::ConfigError;
use key::Key;
pub use key::{Limit, LimitKind};
pub use key::{parse_threads, threads_expect};
pub use level::Level;
pub use players::{algorithms_in_words, levels_in_words, nearest_player};

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

/// The plain searches' depth unless told.
const DEFAULT_PLIES: u32 = 3;
/// The timed searches' thinking time a move unless told.
const DEFAULT_TIME_MS: u64 = 1000;
/// The depth an editor gives enhanced when its depth limit is switched on:
/// deep enough that the limit does not cut a short timed search shorter.
const FIRST_ENHANCED_DEPTH: u32 = 6;
/// The playouts an editor gives MCTS when its playout limit is switched on.
const FIRST_PLAYOUTS: u64 = 5_000;
/// The transposition table's size unless told.
const DEFAULT_TABLE_MIB: u32 = 64;
/// MCTS's implicit minimax weight unless told (README, "Strength").
const DEFAULT_IMPLICIT: f64 = 1.0;
/// MCTS's progressive bias unless told (README, "Strength").
const DEFAULT_BIAS: f64 = 0.0;

impl Algorithm {
    /// Every algorithm, in the order menus list them.
    pub const ALL: [Algorithm; 4] = [Algorithm::Minimax, Algorithm::AlphaBeta, Algorithm::Enhanced, Algorithm::Mcts];

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
    pub fn everyday_depth(self) -> std::ops::RangeInclusive<u32> {
        match self {
            Algorithm::Minimax => 1..=5,
            Algorithm::AlphaBeta => 1..=8,
            Algorithm::Enhanced | Algorithm::Mcts => 1..=20,
        }
    }

    /// The algorithm's name as people read it.
    pub fn title(self) -> &'static str {
        match self {
            Algorithm::Minimax => "Minimax",
            Algorithm::AlphaBeta => "Alpha-beta",
            Algorithm::Enhanced => "Enhanced alpha-beta",
            Algorithm::Mcts => "MCTS",
        }
    }

    /// Whether it searches within this kind of limit: a depth for minimax,
    /// alpha-beta and enhanced, a time for enhanced and MCTS, playouts for MCTS.
    pub fn takes(self, kind: LimitKind) -> bool {
        kind.key().taken_by(self)
    }

    /// Whether it takes a thread count (`threads=`): enhanced and MCTS.
    pub fn takes_threads(self) -> bool {
        Key::Threads.taken_by(self)
    }

    /// The limit it searches within unless told: the plain searches go
    /// [`DEFAULT_PLIES`] deep, the others think [`DEFAULT_TIME_MS`] a move.
    fn default_limit(self) -> Limit {
        match self {
            Algorithm::Minimax | Algorithm::AlphaBeta => Limit::Depth(DEFAULT_PLIES),
            Algorithm::Enhanced | Algorithm::Mcts => Limit::TimeMs(DEFAULT_TIME_MS),
        }
    }

    /// The value a limit of this kind starts from when an editor switches it on.
    pub fn starting_limit(self, kind: LimitKind) -> Limit {
        match kind {
            LimitKind::Depth if self == Algorithm::Enhanced => Limit::Depth(FIRST_ENHANCED_DEPTH),
            LimitKind::Depth => Limit::Depth(DEFAULT_PLIES),
            LimitKind::Time => Limit::TimeMs(DEFAULT_TIME_MS),
            LimitKind::Iterations => Limit::Iterations(FIRST_PLAYOUTS),
        }
    }

    /// The limit that lets it search until stopped: the deepest depth or the
    /// most playouts a config allows.
    pub fn unbounded_limit(self) -> Limit {
        match self {
            Algorithm::Mcts => Limit::Iterations(*limits::PLAYOUTS.end()),
            Algorithm::Minimax | Algorithm::AlphaBeta | Algorithm::Enhanced => Limit::Depth(*limits::DEPTH.end()),
        }
    }
}

/// An AI player: algorithm, strategy, limits and options. Read through its
/// getters; built by [`AiConfig::parse`], [`AiConfig::new`] and the setters,
/// which keep the rules the module describes. The JSON form lists every
/// field (as saved settings and records hold it) and is checked on reading.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(try_from = "stored::StoredConfig")]
pub struct AiConfig {
    algorithm: Algorithm,
    strategy: Strategy,
    /// Plies (minimax, alpha-beta, enhanced).
    depth: Option<u32>,
    /// Milliseconds a move (enhanced, MCTS).
    time_ms: Option<u64>,
    /// Playouts (MCTS).
    iterations: Option<u64>,
    noise: f64,
    seed: u64,
    tt_mib: u32,
    null_move: bool,
    guard: bool,
    exact: bool,
    threads: u32,
    book: bool,
    implicit: f64,
    aspiration: bool,
    bias: f64,
    blunder: f64,
}

/// The getters.
impl AiConfig {
    /// How it searches.
    pub fn algorithm(&self) -> Algorithm {
        self.algorithm
    }

    /// How it scores positions.
    pub fn strategy(&self) -> Strategy {
        self.strategy
    }

    /// Plies (minimax and alpha-beta always have one; enhanced may).
    pub fn depth(&self) -> Option<u32> {
        self.depth
    }

    /// Milliseconds a move (enhanced, MCTS).
    pub fn time_ms(&self) -> Option<u64> {
        self.time_ms
    }

    /// Playouts (MCTS).
    pub fn iterations(&self) -> Option<u64> {
        self.iterations
    }

    /// The limit of this kind, if the config has one.
    pub fn limit(&self, kind: LimitKind) -> Option<Limit> {
        match kind {
            LimitKind::Depth => self.depth.map(Limit::Depth),
            LimitKind::Time => self.time_ms.map(Limit::TimeMs),
            LimitKind::Iterations => self.iterations.map(Limit::Iterations),
        }
    }

    /// The limits it searches within (one at least).
    pub fn limits(&self) -> impl Iterator<Item = Limit> + '_ {
        [LimitKind::Depth, LimitKind::Time, LimitKind::Iterations].into_iter().filter_map(|kind| self.limit(kind))
    }

    /// The depth of a fixed-depth search (minimax, alpha-beta): the config
    /// always gives them one, so the default only makes this total.
    pub(crate) fn plies(&self) -> u32 {
        self.depth.unwrap_or(DEFAULT_PLIES)
    }

    /// Tie-break noise as a fraction of the strategy's smallest step, in
    /// [`limits::NOISE`]; 0 is off and makes the search fully deterministic.
    pub fn noise(&self) -> f64 {
        self.noise
    }

    /// Seeds the noise and MCTS playouts.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Transposition table size in MiB (enhanced).
    pub fn tt_mib(&self) -> u32 {
        self.tt_mib
    }

    /// Null-move pruning (enhanced).
    pub fn null_move(&self) -> bool {
        self.null_move
    }

    /// The safety guard: after the search, a win in one is taken and a loss in
    /// one avoided, whatever the search chose (on by default and in the
    /// presets; off to see what an algorithm finds by itself).
    pub fn guard(&self) -> bool {
        self.guard
    }

    /// Enhanced only: keep fixed-depth values equal to plain alpha-beta's (the
    /// table cuts off only at equal depth, no late-move reductions, no win
    /// check at the horizon). On by default: `exact=off` reaches a depth about
    /// three times sooner, but 200-game matches against the previous build
    /// showed no gain (README, "Strength"), so it stays an experiment, except
    /// in the `master` preset, where it won once the evaluation saw
    /// connection threats.
    pub fn exact(&self) -> bool {
        self.exact
    }

    /// Search threads (enhanced: Lazy SMP over a shared table; MCTS: one
    /// tree a thread, merged at the root), or [`AiConfig::AUTO_THREADS`]:
    /// every core for a search limited by time alone, one thread for a depth
    /// or playout limit (such searches stay reproducible). Series, matches
    /// and tournaments play their games in parallel, so they run `auto`
    /// players on one thread each.
    pub fn threads(&self) -> u32 {
        self.threads
    }

    /// Play the shipped opening book's move where it has one (on for master).
    pub fn book(&self) -> bool {
        self.book
    }

    /// MCTS: weight of the implicit minimax value (Lanctot et al. 2014) in
    /// the selection's mean, in [0, 1]: each node keeps the minimax of its
    /// children's evaluations beside its playout mean. 0 is plain UCT.
    pub fn implicit(&self) -> f64 {
        self.implicit
    }

    /// Enhanced: aspiration windows at the root (off by default: 200-game
    /// matches found +38 and +19 Elo, neither significant; README, "Strength").
    pub fn aspiration(&self) -> bool {
        self.aspiration
    }

    /// MCTS: progressive bias, the weight of a child's evaluation in its
    /// selection value, fading as 1/(visits + 1). 0 is off.
    pub fn bias(&self) -> f64 {
        self.bias
    }

    /// The share of positions ([`limits::BLUNDER`]) where the weak levels
    /// play a plausible other move; 0, the default, is off. Seeded like noise.
    pub fn blunder(&self) -> f64 {
        self.blunder
    }

    /// The threads this config's search runs on (`auto` resolved; one at least).
    pub fn search_threads(&self) -> usize {
        crate::threads::usable(match self.threads {
            AiConfig::AUTO_THREADS if self.depth.is_none() && self.iterations.is_none() => all_cores() as usize,
            AiConfig::AUTO_THREADS => 1,
            n => n as usize,
        })
    }
}

/// The constructors and setters: each checks what it sets as the text form
/// does, and a refused value changes nothing.
impl AiConfig {
    /// `threads=auto`: see [`AiConfig::threads`].
    pub const AUTO_THREADS: u32 = 0;

    /// The algorithm's default limit, no noise.
    pub fn new(algorithm: Algorithm, strategy: Strategy) -> AiConfig {
        let mut config = AiConfig {
            algorithm,
            strategy,
            depth: None,
            time_ms: None,
            iterations: None,
            noise: 0.0,
            seed: 0,
            tt_mib: DEFAULT_TABLE_MIB,
            null_move: true,
            guard: true,
            exact: true,
            threads: AiConfig::AUTO_THREADS,
            book: false,
            implicit: DEFAULT_IMPLICIT,
            aspiration: false,
            bias: DEFAULT_BIAS,
            blunder: 0.0,
        };
        config.put_limit(algorithm.default_limit());
        config
    }

    /// [`AiConfig::new`] searching exactly `depth` plies, with no time limit.
    pub fn fixed_depth(algorithm: Algorithm, strategy: Strategy, depth: u32) -> Result<AiConfig, ConfigError> {
        AiConfig::new(algorithm, strategy).with_limits(&[Limit::Depth(depth)])
    }

    /// This config's strategy, seed and noise with `algorithm` and its defaults
    /// for the rest: what an editor makes of a change of algorithm.
    pub fn switched_to(&self, algorithm: Algorithm) -> AiConfig {
        AiConfig {
            noise: self.noise,
            seed: self.seed,
            blunder: self.blunder,
            ..AiConfig::new(algorithm, self.strategy)
        }
    }

    /// Refuses a key the algorithm does not take.
    fn require(&self, key: Key) -> Result<(), ConfigError> {
        if key.taken_by(self.algorithm) {
            Ok(())
        } else {
            Err(ConfigError::NotForAlgorithm { algorithm: self.algorithm.id(), key: key.id().to_string() })
        }
    }

    fn put_limit(&mut self, limit: Limit) {
        match limit {
            Limit::Depth(d) => self.depth = Some(d),
            Limit::TimeMs(t) => self.time_ms = Some(t),
            Limit::Iterations(n) => self.iterations = Some(n),
        }
    }

    /// `limit` if the algorithm takes it and its number is in range.
    fn check_limit(&self, limit: Limit) -> Result<Limit, ConfigError> {
        self.require(limit.kind().key())?;
        limit.checked()
    }

    /// Sets one limit (the others stay): the algorithm must take it and the
    /// number must be in range.
    pub fn set_limit(&mut self, limit: Limit) -> Result<(), ConfigError> {
        let limit = self.check_limit(limit)?;
        self.put_limit(limit);
        Ok(())
    }

    /// Removes the limit of this kind, unless it is the last one.
    pub fn clear_limit(&mut self, kind: LimitKind) -> Result<(), ConfigError> {
        if self.limits().all(|limit| limit.kind() == kind) {
            return Err(self.no_limit());
        }
        match kind {
            LimitKind::Depth => self.depth = None,
            LimitKind::Time => self.time_ms = None,
            LimitKind::Iterations => self.iterations = None,
        }
        Ok(())
    }

    fn no_limit(&self) -> ConfigError {
        let taken = [LimitKind::Depth, LimitKind::Time, LimitKind::Iterations]
            .into_iter()
            .filter(|&kind| self.algorithm.takes(kind))
            .map(|kind| kind.key().id())
            .collect::<Vec<_>>();
        ConfigError::NoLimit { algorithm: self.algorithm.id(), expect: taken.join(" or ") }
    }

    /// This config with `limits` in place of its own (kept when none are given).
    pub fn with_limits(&self, limits: &[Limit]) -> Result<AiConfig, ConfigError> {
        if limits.is_empty() {
            return Ok(self.clone());
        }
        let mut config = AiConfig { depth: None, time_ms: None, iterations: None, ..self.clone() };
        for &limit in limits {
            config.set_limit(limit)?;
        }
        Ok(config)
    }

    /// Sets the strategy (whether it plays a variant is checked where the
    /// variant is known: [`AiConfig::check_variant`]).
    pub fn set_strategy(&mut self, strategy: Strategy) {
        self.strategy = strategy;
    }

    /// Refuses a variant the strategy does not play.
    pub fn check_variant(&self, variant: Variant) -> Result<(), ConfigError> {
        if self.strategy.supports(variant) {
            Ok(())
        } else {
            Err(ConfigError::WrongVariant { strategy: self.strategy, variant })
        }
    }

    /// Sets the tie-break noise (see [`AiConfig::noise`]).
    pub fn set_noise(&mut self, noise: f64) -> Result<(), ConfigError> {
        self.noise = checked_noise(noise)?;
        Ok(())
    }

    /// Sets the seed.
    pub fn set_seed(&mut self, seed: u64) {
        self.seed = seed;
    }

    /// This config with what does not change the values a search leaves in
    /// its table set aside (limits, seed, threads): searches of equal keys
    /// may share a table (see `SearchMemory`).
    pub(crate) fn table_key(&self) -> AiConfig {
        AiConfig { depth: None, time_ms: None, iterations: None, seed: 0, threads: 1, ..self.clone() }
    }

    /// This config with another seed: how a game seeds each move's search.
    pub fn with_seed(&self, seed: u64) -> AiConfig {
        AiConfig { seed, ..self.clone() }
    }

    /// Sets the transposition table's size (enhanced).
    pub fn set_tt_mib(&mut self, mib: u32) -> Result<(), ConfigError> {
        self.require(Key::Tt)?;
        self.tt_mib = checked_tt_mib(mib)?;
        Ok(())
    }

    /// Null-move pruning on or off (enhanced).
    pub fn set_null_move(&mut self, on: bool) -> Result<(), ConfigError> {
        self.require(Key::NullMove)?;
        self.null_move = on;
        Ok(())
    }

    /// Exact fixed-depth values on or off (enhanced; see [`AiConfig::exact`]).
    pub fn set_exact(&mut self, on: bool) -> Result<(), ConfigError> {
        self.require(Key::Exact)?;
        self.exact = on;
        Ok(())
    }

    /// Aspiration windows on or off (enhanced).
    pub fn set_aspiration(&mut self, on: bool) -> Result<(), ConfigError> {
        self.require(Key::Aspiration)?;
        self.aspiration = on;
        Ok(())
    }

    /// Sets the implicit minimax weight (MCTS).
    pub fn set_implicit(&mut self, weight: f64) -> Result<(), ConfigError> {
        self.require(Key::Implicit)?;
        self.implicit = checked_implicit(weight)?;
        Ok(())
    }

    /// Sets the progressive bias weight (MCTS).
    pub fn set_bias(&mut self, weight: f64) -> Result<(), ConfigError> {
        self.require(Key::Bias)?;
        self.bias = checked_bias(weight)?;
        Ok(())
    }

    /// Sets the blunder share (see [`AiConfig::blunder`]).
    pub fn set_blunder(&mut self, share: f64) -> Result<(), ConfigError> {
        self.blunder = checked_blunder(share)?;
        Ok(())
    }

    /// Sets the search threads: [`AiConfig::AUTO_THREADS`] or a count in
    /// [`limits::THREADS`] (enhanced, MCTS).
    pub fn set_threads(&mut self, threads: u32) -> Result<(), ConfigError> {
        self.require(Key::Threads)?;
        self.threads = checked_threads(threads)?;
        Ok(())
    }

    /// The safety guard on or off.
    pub fn set_guard(&mut self, on: bool) {
        self.guard = on;
    }

    /// The opening book on or off.
    pub fn set_book(&mut self, on: bool) {
        self.book = on;
    }

    /// This config with `auto` threads replaced by `threads` (an explicit
    /// count stays; `threads` is brought into [`limits::THREADS`]): how
    /// series, matches and the protocol's `setoption threads` pin the default.
    pub fn with_auto_threads(&self, threads: u32) -> AiConfig {
        let mut config = self.clone();
        if config.threads == AiConfig::AUTO_THREADS && threads != AiConfig::AUTO_THREADS {
            config.threads = threads.clamp(*limits::THREADS.start(), *limits::THREADS.end());
        }
        config
    }

    /// Checks every rule the setters keep, for a config read from JSON: the
    /// limits its algorithm takes, one at least, and every number in range.
    /// A key the algorithm ignores is only checked for its range (older
    /// builds wrote `threads` for every algorithm).
    fn check(&self) -> Result<(), ConfigError> {
        if self.limits().next().is_none() {
            return Err(self.no_limit());
        }
        for limit in self.limits() {
            self.check_limit(limit)?;
        }
        checked_noise(self.noise)?;
        checked_tt_mib(self.tt_mib)?;
        checked_threads(self.threads)?;
        checked_implicit(self.implicit)?;
        checked_bias(self.bias)?;
        checked_blunder(self.blunder)?;
        Ok(())
    }
}

/// Each number's range, stated once for the setters and the JSON reader. A
/// negative zero reads as zero, so it prints as the default it equals.
fn checked_noise(noise: f64) -> Result<f64, ConfigError> {
    Key::Noise.in_range(&limits::NOISE, noise + 0.0)
}

fn checked_tt_mib(mib: u32) -> Result<u32, ConfigError> {
    Key::Tt.in_range(&limits::TABLE_MIB, mib)
}

fn checked_implicit(weight: f64) -> Result<f64, ConfigError> {
    Key::Implicit.in_range(&limits::IMPLICIT, weight + 0.0)
}

fn checked_bias(weight: f64) -> Result<f64, ConfigError> {
    Key::Bias.in_range(&limits::BIAS, weight + 0.0)
}

fn checked_blunder(share: f64) -> Result<f64, ConfigError> {
    Key::Blunder.in_range(&limits::BLUNDER, share + 0.0)
}

fn checked_threads(threads: u32) -> Result<u32, ConfigError> {
    if threads == AiConfig::AUTO_THREADS || limits::THREADS.contains(&threads) {
        Ok(threads)
    } else {
        Err(Key::Threads.bad(threads))
    }
}

/// The machine's cores: what `threads=auto` uses for a timed search.
pub fn all_cores() -> u32 {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    crate::threads::usable(cores) as u32
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
    fn the_presets_keep_the_rules() {
        for level in Level::ALL {
            assert_eq!(level.config().check(), Ok(()), "{level:?}");
        }
        for algorithm in Algorithm::ALL {
            let config = AiConfig::new(algorithm, Strategy::Expert);
            assert_eq!(config.check(), Ok(()));
            for kind in [LimitKind::Depth, LimitKind::Time, LimitKind::Iterations] {
                let start = algorithm.starting_limit(kind);
                assert_eq!(start.checked(), Ok(start));
                let unbounded = algorithm.unbounded_limit();
                assert!(algorithm.takes(unbounded.kind()) && unbounded.checked().is_ok());
            }
        }
    }

    #[test]
    fn setters_refuse_what_the_text_form_refuses_and_change_nothing() {
        let mut c = AiConfig::new(Algorithm::AlphaBeta, Strategy::Expert);
        let before = c.clone();
        assert!(c.set_limit(Limit::Depth(0)).is_err());
        assert!(c.set_limit(Limit::Depth(65)).is_err());
        assert!(c.set_limit(Limit::TimeMs(100)).is_err());
        assert!(c.set_tt_mib(16).is_err());
        assert!(c.set_threads(2).is_err());
        assert!(c.set_noise(1.5).is_err());
        assert!(c.set_noise(f64::NAN).is_err());
        assert!(c.clear_limit(LimitKind::Depth).is_err());
        assert_eq!(c, before);
        let mut e = AiConfig::new(Algorithm::Enhanced, Strategy::Expert);
        e.set_limit(Limit::Depth(5)).unwrap();
        e.clear_limit(LimitKind::Time).unwrap();
        assert_eq!(e.to_string(), "enhanced:expert:depth=5");
        assert_eq!(e.clear_limit(LimitKind::Depth).unwrap_err().to_string(), "enhanced needs a limit (depth or time)");
        assert!(e.set_threads(0).is_ok() && e.set_threads(257).is_err() && e.set_tt_mib(0).is_err());
        assert_eq!(Limit::Depth(500).clamped(), Limit::Depth(64));
        assert_eq!(Limit::Iterations(0).clamped(), Limit::Iterations(1));
    }
}
