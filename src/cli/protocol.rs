//! `breakline engine` and `breakline uci`: the command line's shell around
//! the protocol crate's session, which gets stdin and stdout.

use crate::engine::protocol::Protocol;
use crate::engine::protocol::session::{self, Dialect, SessionError, Sink};

/// Speaks `dialect` on stdin and stdout until `quit` or the input's end.
pub(crate) fn run(dialect: Dialect) -> Result<(), SessionError> {
    session::serve(dialect, std::io::stdin().lock(), Sink::stdout())
}

/// UCI, as `breakline uci` speaks it.
pub(crate) const UCI: Dialect = Dialect::Uci(Protocol::Uci);
