//! The config's settings by name: the text form's keys, which algorithms take
//! each, what a value must be, and the search limits among them.

use std::fmt;

use super::super::limits;
use super::{Algorithm, ConfigError};

/// One key of the text form (`depth=5`, `tt=16`, ...), in the order the text
/// form writes them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Key {
    Depth,
    Time,
    Iterations,
    Noise,
    Seed,
    Tt,
    NullMove,
    Exact,
    Aspiration,
    Implicit,
    Bias,
    Threads,
    Guard,
    Book,
    Blunder,
}

impl Key {
    pub(super) const ALL: [Key; 15] = [
        Key::Depth,
        Key::Time,
        Key::Iterations,
        Key::Noise,
        Key::Seed,
        Key::Tt,
        Key::NullMove,
        Key::Exact,
        Key::Aspiration,
        Key::Implicit,
        Key::Bias,
        Key::Threads,
        Key::Guard,
        Key::Book,
        Key::Blunder,
    ];

    pub(super) fn id(self) -> &'static str {
        match self {
            Key::Depth => "depth",
            Key::Time => "time",
            Key::Iterations => "iterations",
            Key::Noise => "noise",
            Key::Seed => "seed",
            Key::Tt => "tt",
            Key::NullMove => "nullmove",
            Key::Exact => "exact",
            Key::Aspiration => "aspiration",
            Key::Implicit => "implicit",
            Key::Bias => "bias",
            Key::Threads => "threads",
            Key::Guard => "guard",
            Key::Book => "book",
            Key::Blunder => "blunder",
        }
    }

    pub(super) fn parse(text: &str) -> Option<Key> {
        Key::ALL.into_iter().find(|k| k.id() == text)
    }

    /// Which algorithms take this key: the one statement of it, for the
    /// parser, the setters, the JSON reader and the text form.
    pub(super) fn taken_by(self, algorithm: Algorithm) -> bool {
        use Algorithm::{AlphaBeta, Enhanced, Mcts, Minimax};
        match self {
            Key::Depth => matches!(algorithm, Minimax | AlphaBeta | Enhanced),
            Key::Time | Key::Threads => matches!(algorithm, Enhanced | Mcts),
            Key::Iterations | Key::Implicit | Key::Bias => algorithm == Mcts,
            Key::Tt | Key::NullMove | Key::Exact | Key::Aspiration => algorithm == Enhanced,
            Key::Noise | Key::Seed | Key::Guard | Key::Book | Key::Blunder => true,
        }
    }

    /// What a value must be, from the ranges in [`limits`].
    pub(super) fn expect(self) -> String {
        match self {
            Key::Depth => limits::describe(&limits::DEPTH, "plies"),
            Key::Time => limits::describe(&limits::TIME_MS, "milliseconds"),
            Key::Iterations => limits::describe(&limits::PLAYOUTS, "playouts"),
            Key::Noise => limits::describe(&limits::NOISE, "a number"),
            Key::Seed => "a whole number".to_string(),
            Key::Tt => limits::describe(&limits::TABLE_MIB, "MiB"),
            Key::Implicit => limits::describe(&limits::IMPLICIT, "a number"),
            Key::Bias => limits::describe(&limits::BIAS, "a number"),
            Key::Blunder => limits::describe(&limits::BLUNDER, "a number"),
            Key::Threads => format!("auto or {}", limits::describe(&limits::THREADS, "threads")),
            Key::NullMove | Key::Exact | Key::Aspiration | Key::Guard | Key::Book => "on or off".to_string(),
        }
    }

    /// The error for `value` given for this key.
    pub(super) fn bad(self, value: impl fmt::Display) -> ConfigError {
        ConfigError::BadValue { key: self.id().to_string(), value: value.to_string(), expect: self.expect() }
    }

    /// `value` if it lies in `range`, else the error that says what it must be.
    pub(super) fn in_range<T: PartialOrd + fmt::Display>(
        self,
        range: &std::ops::RangeInclusive<T>,
        value: T,
    ) -> Result<T, ConfigError> {
        if range.contains(&value) { Ok(value) } else { Err(self.bad(value)) }
    }
}

/// A kind of search limit: how deep, how long, how many playouts.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum LimitKind {
    /// Plies.
    Depth,
    /// Milliseconds a move.
    Time,
    /// MCTS playouts.
    Iterations,
}

impl LimitKind {
    pub(super) fn key(self) -> Key {
        match self {
            LimitKind::Depth => Key::Depth,
            LimitKind::Time => Key::Time,
            LimitKind::Iterations => Key::Iterations,
        }
    }
}

/// One search limit: what the text form's `depth=`, `time=` and
/// `iterations=` give, and what the protocol's `go` options give.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Limit {
    /// Plies (minimax, alpha-beta, enhanced).
    Depth(u32),
    /// Milliseconds (enhanced, MCTS).
    TimeMs(u64),
    /// Playouts (MCTS).
    Iterations(u64),
}

impl Limit {
    /// What it limits.
    pub fn kind(self) -> LimitKind {
        match self {
            Limit::Depth(_) => LimitKind::Depth,
            Limit::TimeMs(_) => LimitKind::Time,
            Limit::Iterations(_) => LimitKind::Iterations,
        }
    }

    /// Reads the number `value` for the text form's `key`: depth, time or iterations.
    pub fn parse(key: &str, value: &str) -> Result<Limit, ConfigError> {
        let kind = match Key::parse(key) {
            Some(Key::Depth) => LimitKind::Depth,
            Some(Key::Time) => LimitKind::Time,
            Some(Key::Iterations) => LimitKind::Iterations,
            _ => return Err(ConfigError::UnknownKey(key.to_string())),
        };
        let bad = |_| kind.key().bad(value);
        match kind {
            LimitKind::Depth => value.parse().map(Limit::Depth).map_err(bad),
            LimitKind::Time => value.parse().map(Limit::TimeMs).map_err(bad),
            LimitKind::Iterations => value.parse().map(Limit::Iterations).map_err(bad),
        }
    }

    /// This limit if its number is in its range (see [`limits`]).
    pub(super) fn checked(self) -> Result<Limit, ConfigError> {
        let key = self.kind().key();
        match self {
            Limit::Depth(d) => key.in_range(&limits::DEPTH, d).map(Limit::Depth),
            Limit::TimeMs(t) => key.in_range(&limits::TIME_MS, t).map(Limit::TimeMs),
            Limit::Iterations(n) => key.in_range(&limits::PLAYOUTS, n).map(Limit::Iterations),
        }
    }

    /// This limit with its number brought into its range: how an editor turns
    /// whatever was typed into a value a config takes.
    pub fn clamped(self) -> Limit {
        let clamp = |range: &std::ops::RangeInclusive<_>, v: u64| v.clamp(*range.start(), *range.end());
        match self {
            Limit::Depth(d) => Limit::Depth(d.clamp(*limits::DEPTH.start(), *limits::DEPTH.end())),
            Limit::TimeMs(t) => Limit::TimeMs(clamp(&limits::TIME_MS, t)),
            Limit::Iterations(n) => Limit::Iterations(clamp(&limits::PLAYOUTS, n)),
        }
    }
}

/// `threads=`'s value: `auto` or a count in [`limits::THREADS`]; the
/// protocol's `setoption threads` reads the same.
pub fn parse_threads(text: &str) -> Option<u32> {
    match text {
        "auto" => Some(super::AiConfig::AUTO_THREADS),
        _ => text.parse().ok().filter(|n| limits::THREADS.contains(n)),
    }
}

/// What `threads=` must be, for messages.
pub fn threads_expect() -> String {
    Key::Threads.expect()
}
