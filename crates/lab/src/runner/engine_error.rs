//! Why a program seated as a player (over Breakline's engine protocol, UCI
//! or UGI) could not be named, started or understood: one error for every
//! engine seat and for the pipes they share.

use thiserror::Error;

use breakline_rules::error::SharedSource;

/// Why an engine program could not be named, started or understood.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum EngineError {
    /// `engine:` with no program after it.
    #[error("engine player needs a program: engine:PATH[:ai=CONFIG]")]
    NoProgram,
    /// `uci:` or `ugi:` with no program after it.
    #[error("{0} player needs a program: {0}:PATH[:arg=ARG][:movetime=MS][:OPTION=VALUE]")]
    NoUciProgram(&'static str),
    /// A part of a `uci:`/`ugi:` seat that is no `KEY=VALUE` it takes.
    #[error("bad seat part '{0}': give arg=ARG, movetime=MS, depth=N, nodes=N or OPTION=VALUE")]
    BadSeatPart(String),
    /// A UCI program whose `UCI_Variant` lists no value for the game.
    #[error("the program's UCI_Variant has no {0}")]
    NoVariant(&'static str),
    /// A seat's `OPTION=VALUE` for an option the program did not list in
    /// its answer to `uci` (a slip such as `Hashh=16` would be ignored by it).
    #[error("the program has no option '{name}' ({hint})")]
    UnknownOption {
        /// The option, as the seat names it.
        name: String,
        /// The listed option it is likely a slip of ("did you mean Hash?"),
        /// else the options listed.
        hint: String,
    },
    /// A UCI program without the `BothConnected` option, for a series played
    /// by the tournament rule.
    #[error(
        "the program has no BothConnected option, so it cannot play by the tournament rule (a move joining both sides draws)"
    )]
    NoBothConnected,
    /// `engine:PATH:ai=` with nothing after it.
    #[error("engine player's ai= is empty")]
    EmptyAi,
    /// The program could not be run.
    #[error("cannot start {program}: {reason}")]
    Start {
        /// The program's path.
        program: String,
        /// What the system said.
        #[source]
        reason: SharedSource,
    },
    /// The program runs but its standard input or output could not be taken.
    #[error("{0}: no pipes")]
    NoPipes(String),
    /// Writing to the program failed: it is gone.
    #[error("the engine has exited")]
    Exited,
    /// The program said nothing in time.
    #[error("no answer to '{command}' within {ms} ms")]
    Timeout {
        /// The command waiting for an answer.
        command: String,
        /// The time allowed.
        ms: u128,
    },
    /// The program closed its output before answering.
    #[error("the engine exited before answering '{0}'")]
    ExitedBeforeAnswer(String),
    /// The program answered something else than the protocol allows.
    #[error("answered '{answer}' to '{command}'")]
    Unexpected {
        /// What it said.
        answer: String,
        /// What it was asked.
        command: String,
    },
}
