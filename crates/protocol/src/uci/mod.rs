//! UCI and UGI, the chess engines' protocol as Fairy-Stockfish speaks it and
//! its game-neutral cousin from cutegames: `setoption name X value Y`,
//! moves without a dash (`a2a3`), UCI position strings, `score cp|mate`,
//! and for UGI `p1time`/`p2time` clocks by turn order and `query`. Each
//! command and reply is read and written here once, on the same types as
//! Breakline's own line protocol; see `docs/guide/uci.md`.

mod command;
mod reply;

pub use command::{BOTH_CONNECTED_OPTION, command_text, parse_command, setoption_text};
pub use reply::{parse_reply, reply_text};

use breakline_ai::search::limits;
use breakline_rules::{Side, Variant};

/// Which protocol a line is read or written in, and for UGI which side
/// moves first (p1): White in Breakthrough, Black in Lines of Action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flavor {
    /// UCI: clocks by colour (`wtime`, `btime`).
    Uci,
    /// UGI: clocks by turn order (`p1time`, `p2time`).
    Ugi {
        /// The side that moves first.
        p1: Side,
    },
}

impl Flavor {
    /// UGI's flavor for `variant`: p1 is the side that moves first in it.
    pub fn ugi(variant: Variant) -> Flavor {
        Flavor::Ugi { p1: first_mover(variant) }
    }
}

/// The side that moves first in `variant`.
pub fn first_mover(variant: Variant) -> Side {
    match variant {
        Variant::Breakthrough => Side::White,
        Variant::LinesOfAction => Side::Black,
    }
}

/// The variant's `UCI_Variant` value: Fairy-Stockfish's `breakthrough`,
/// and `linesofaction` (a name Fairy-Stockfish does not have).
pub fn variant_name(variant: Variant) -> &'static str {
    match variant {
        Variant::Breakthrough => "breakthrough",
        Variant::LinesOfAction => "linesofaction",
    }
}

/// A search table size in MiB, if in range.
pub(crate) fn hash_mib(text: &str) -> Option<u32> {
    text.parse().ok().filter(|n| limits::TABLE_MIB.contains(n))
}

/// A move as UCI writes it: the two squares with no `-` or `x` between
/// (`a2-a3` is `a2a3`, `c2xd3` is `c2d3`); anything else as it is.
pub fn uci_move(text: &str) -> String {
    let Some(first_digit_end) = text.char_indices().skip(1).find(|(_, c)| !c.is_ascii_digit()).map(|(i, _)| i) else {
        return text.to_string();
    };
    let (from, rest) = text.split_at(first_digit_end);
    match rest.strip_prefix(['-', 'x']) {
        Some(to) if to.starts_with(|c: char| c.is_ascii_lowercase()) => format!("{from}{to}"),
        _ => text.to_string(),
    }
}

#[cfg(test)]
mod tests;
