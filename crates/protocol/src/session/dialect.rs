//! Which protocol a session speaks: Breakline's line protocol
//! (`breakline engine`) or UCI/UGI (`breakline uci`). The session works on
//! the protocol crate's typed commands and replies; the dialect reads and
//! writes their lines.

use crate::line::SyntaxError;
use crate::uci::{self, Flavor};
use crate::{Command, Protocol, Reply, line};
use breakline_rules::Variant;

/// A session's protocol.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// Breakline's own line protocol.
    Line,
    /// UCI, or UGI once the client said `ugi`.
    Uci(Protocol),
}

impl Dialect {
    /// The commands a session takes while a search or perft runs: none
    /// changes the position it works on.
    pub(crate) fn taken_while_busy(self) -> &'static [&'static str] {
        match self {
            Dialect::Line => &["isready", "stop", "quit", "legal", "status", "fen"],
            Dialect::Uci(_) => &["isready", "stop", "quit", "query"],
        }
    }

    /// The command on `line` (`None` for a blank one); UGI's clocks are read
    /// by `variant`'s turn order.
    pub(crate) fn parse(self, line: &str, variant: Variant) -> Result<Option<Command>, SyntaxError> {
        match self {
            Dialect::Line => line::parse_command(line),
            Dialect::Uci(protocol) => uci::parse_command(line, flavor(protocol, variant)),
        }
    }

    /// The line that says `reply`, or `None` where the dialect says nothing.
    pub(crate) fn text(self, reply: &Reply) -> Option<String> {
        match self {
            Dialect::Line => Some(line::reply_text(reply)),
            Dialect::Uci(_) => uci::reply_text(reply),
        }
    }
}

/// UCI's flavor, or UGI's with p1 the side that moves first in `variant`.
fn flavor(protocol: Protocol, variant: Variant) -> Flavor {
    match protocol {
        Protocol::Uci => Flavor::Uci,
        Protocol::Ugi => Flavor::ugi(variant),
    }
}
