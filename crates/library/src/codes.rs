//! A main line as bytes: every ply two bytes (big-endian) holding its from
//! and to squares and whether it takes, so a game's moves cost two bytes a
//! ply on disk and their notation is written back without replaying them.

use breakline_rules::BoardSize;
use breakline_rules::moves::Move;

/// Squares of the largest board (12x12): a square index is below this.
const SQUARES: u16 = 144;

/// A move's code: `(from * SQUARES + to) * 2 + capture`, below 2^16.
pub(super) fn code(m: Move) -> Option<u16> {
    let (from, to) = (u16::from(m.from), u16::from(m.to));
    (from < SQUARES && to < SQUARES).then(|| (from * SQUARES + to) * 2 + u16::from(m.capture))
}

/// The move a code stands for.
pub(super) fn decode(code: u16) -> Move {
    let squares = code / 2;
    // Both quotients are below SQUARES, so they fit a byte.
    Move::new((squares / SQUARES) as u8, (squares % SQUARES) as u8, code % 2 == 1)
}

/// The moves as bytes; `None` if a square lies off the largest board.
pub(super) fn encode(moves: &[Move]) -> Option<Vec<u8>> {
    let mut bytes = Vec::with_capacity(2 * moves.len());
    for &m in moves {
        bytes.extend_from_slice(&code(m)?.to_be_bytes());
    }
    Some(bytes)
}

/// The moves of `bytes` (a trailing odd byte is ignored: it is no ply).
pub(super) fn moves(bytes: &[u8]) -> impl Iterator<Item = Move> + '_ {
    bytes.chunks_exact(2).map(|pair| decode(u16::from_be_bytes([pair[0], pair[1]])))
}

/// The moves in notation on a board of `size`, a space between them (what the
/// list's text search reads).
pub(super) fn notation(bytes: &[u8], size: BoardSize) -> String {
    moves(bytes).map(|m| size.move_name(m)).collect::<Vec<_>>().join(" ")
}
