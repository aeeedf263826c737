//! Breakline's own line protocol (`breakline engine`): moves with dashes,
//! `variant breakthrough 8x8`, `info ... score win3 ...`. Each command and
//! reply is read and written here once; see `docs/guide/engine-protocol.md`.

pub(crate) mod command;
mod reply;
mod score;

pub use command::{command_text, parse_command};
pub use reply::{parse_reply, reply_text};
pub use score::{score_token, score_value};

use breakline_ai::search::{ConfigError, limits, threads_expect};
use breakline_rules::SizeError;
use thiserror::Error;

/// Why a line is not a command of the protocol (the engine answers `error
/// <reason>` and changes nothing).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SyntaxError {
    /// A command with the wrong arguments: how to write it.
    #[error("usage: {0}")]
    Usage(&'static str),
    /// A word that is no command.
    #[error("unknown command '{0}'")]
    UnknownCommand(String),
    /// A variant name or board size that cannot be read.
    #[error(transparent)]
    Size(#[from] SizeError),
    /// A `position` line whose moves do not follow `moves`.
    #[error("expected 'moves', found '{0}'")]
    ExpectedMoves(String),
    /// A search limit out of its range.
    #[error(transparent)]
    Limit(#[from] ConfigError),
    /// `setoption threads` with no count.
    #[error("bad thread count '{0}' ({expect})", expect = threads_expect())]
    ThreadCount(String),
    /// `setoption hash` out of range.
    #[error("bad hash size '{0}' ({expect})", expect = limits::describe(&limits::TABLE_MIB, "MiB"))]
    Hash(String),
    /// A UCI `setoption` for an option the engine does not have.
    #[error("no option '{0}'")]
    UnknownOption(String),
    /// A UCI option given a value it does not take.
    #[error("option {option} takes {expect}, not '{value}'")]
    OptionValue {
        /// The option.
        option: String,
        /// What it takes.
        expect: &'static str,
        /// What it was given.
        value: String,
    },
    /// A UCI position string that cannot be read.
    #[error(transparent)]
    Fen(#[from] breakline_rules::error::FenError),
    /// `setoption bothconnected` with no rule of that name.
    #[error(transparent)]
    BothConnected(#[from] breakline_rules::connection_rule::UnknownRule),
    /// `setoption movelimit` with no count.
    #[error("bad move limit '{0}'")]
    MoveLimit(String),
    /// `setoption multipv` out of range.
    #[error("bad multipv line count '{0}' ({expect})", expect = limits::describe(&limits::MULTIPV, "a count"))]
    MultiPv(String),
    /// An on/off option given something else.
    #[error("setoption {option} takes on or off, not '{value}'")]
    OnOff {
        /// The option.
        option: &'static str,
        /// What it was given.
        value: String,
    },
    /// A `go` option at the end of the line, with no value.
    #[error("go option '{0}' needs a value")]
    GoNeedsValue(String),
    /// A `go` clock option that is no number.
    #[error("go {key} takes a number of milliseconds (movestogo: of moves), not '{value}'")]
    GoValue {
        /// The option.
        key: String,
        /// What it was given.
        value: String,
    },
    /// A word `go` does not know, with what `go` takes in the dialect.
    #[error("unknown go parameter '{word}' (go takes {takes})")]
    UnknownGoOption {
        /// The word.
        word: String,
        /// The parameters `go` takes.
        takes: &'static str,
    },
    /// `go infinite` with limits beside it.
    #[error("go infinite takes no depth, movetime, iterations or clocks")]
    InfiniteWithLimits,
    /// A perft depth out of range.
    #[error("bad perft depth '{0}' (0 to 8)")]
    PerftDepth(String),
    /// A `solve` value that is no number.
    #[error("bad {key} value '{value}'")]
    SolveValue {
        /// The option.
        key: String,
        /// What it was given.
        value: String,
    },
    /// A word `solve` does not know.
    #[error("unknown solve option '{0}'")]
    SolveOption(String),
    /// A `solve` option at the end of the line, with no value.
    #[error("solve option '{0}' needs a value")]
    SolveNeedsValue(String),
    /// A reply line the protocol does not have.
    #[error("not a reply of the protocol: '{0}'")]
    Reply(String),
}

#[cfg(test)]
mod tests;
