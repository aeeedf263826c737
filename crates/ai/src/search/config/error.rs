//! Why an AI config was refused: one error for the text form, the JSON
//! reader and the setters, each naming what was wrong and what would do.

use thiserror::Error;

use super::players::{algorithms_in_words, levels_in_words};
use crate::eval::{Strategy, UnknownStrategy};
use breakline_rules::Variant;
use breakline_rules::spelling::did_you_mean;

/// Why a config (text, JSON or a setter's value) was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ConfigError {
    /// No text at all.
    #[error("empty AI config (expected e.g. alphabeta:offensive2:depth=5 or a level: {levels})", levels = levels_in_words())]
    Empty,
    /// A name that is no algorithm.
    #[error("unknown algorithm '{0}' (known: {known})", known = algorithms_in_words())]
    UnknownAlgorithm(String),
    /// The text form's first part names no algorithm or level.
    #[error(
        "unknown AI player '{name}'{near}: an AI player is an algorithm ({algorithms}) or a level ({levels})",
        near = did_you_mean(.nearest.as_deref()),
        algorithms = algorithms_in_words(),
        levels = levels_in_words()
    )]
    UnknownPlayer {
        /// The first part, as read (lowercase).
        name: String,
        /// The algorithm or level it is likely a slip of.
        nearest: Option<String>,
    },
    /// The strategy is not one of the known ones.
    #[error(transparent)]
    UnknownStrategy(#[from] UnknownStrategy),
    /// A `key=value` stands where the strategy belongs.
    #[error("expected a strategy before '{0}' (e.g. alphabeta:expert:{0})")]
    MissingStrategy(String),
    /// A part that is not `key=value`.
    #[error("malformed config part '{0}' (expected key=value)")]
    Malformed(String),
    /// A key the text form does not know.
    #[error(
        "unknown config key '{0}' (known: depth, time, iterations, noise, seed, tt, nullmove, guard, exact, aspiration, threads, implicit, bias, book, blunder)"
    )]
    UnknownKey(String),
    /// A value out of its range or of the wrong kind.
    #[error("bad value for {key}: '{value}' ({expect})")]
    BadValue {
        /// The key, as the text form writes it.
        key: String,
        /// The value as given.
        value: String,
        /// What it must be.
        expect: String,
    },
    /// A key the config's algorithm does not take.
    #[error("{algorithm} does not take '{key}'")]
    NotForAlgorithm {
        /// The algorithm's name.
        algorithm: &'static str,
        /// The key, as the text form writes it.
        key: String,
    },
    /// A key the level's player (its algorithm) does not take.
    #[error("level {number} ({name}) does not take '{key}' (it takes {takes})")]
    NotForLevel {
        /// The level's number.
        number: u8,
        /// The level's name.
        name: &'static str,
        /// The key, as the text form writes it.
        key: String,
        /// The keys it takes.
        takes: String,
    },
    /// A config must keep one limit its algorithm takes.
    #[error("{algorithm} needs a limit ({expect})")]
    NoLimit {
        /// The algorithm's name.
        algorithm: &'static str,
        /// The limits it takes.
        expect: String,
    },
    /// The strategy evaluates the other variant.
    #[error("strategy {strategy} does not play {variant}")]
    WrongVariant {
        /// The config's strategy.
        strategy: Strategy,
        /// The variant it was asked to play.
        variant: Variant,
    },
}

impl ConfigError {
    /// This error with `text` as the value, where it is about a value: the
    /// text form reports what was typed, not the number it read.
    pub(super) fn with_value_text(self, text: &str) -> ConfigError {
        match self {
            ConfigError::BadValue { key, expect, .. } => ConfigError::BadValue { key, value: text.to_string(), expect },
            other => other,
        }
    }
}
