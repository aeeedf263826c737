//! Plain-text move lists: a header line naming the variant, size and start, then
//! the moves in notation, numbered in pairs. Import accepts the same text, with
//! or without header and numbers, and the records of the sites where people
//! play (see [`sites`](crate::record::sites)): PGN-like text, SGF, OpenSpiel's moves.

use thiserror::Error;

use crate::error::{FenError, MoveError};
use crate::placement::Placement;
use crate::position::Position;
use crate::record::sites::{self, Defaults, Format, ReadError};
use crate::{BoardSize, SizeError, Variant};

/// Why a move list could not be imported.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum MoveTextError {
    /// The header line is malformed or contradicts itself.
    #[error("bad header: {0}")]
    Header(String),
    /// The header's variant or size is unknown or unsupported.
    #[error(transparent)]
    Size(#[from] SizeError),
    /// The header's start position cannot be read.
    #[error(transparent)]
    Start(#[from] FenError),
    /// A move cannot be read or played.
    #[error("{place} {text}: {error}", place = super::PlyName(*.index))]
    Move {
        /// The ply's number, from 1.
        index: usize,
        /// The move as written.
        text: String,
        /// Why it cannot be played.
        error: MoveError,
    },
    /// A site's record (PGN-like, SGF, OpenSpiel) that cannot be read
    /// (boxed: it is large and rare).
    #[error(transparent)]
    Record(Box<ReadError>),
}

impl From<ReadError> for MoveTextError {
    fn from(error: ReadError) -> MoveTextError {
        MoveTextError::Record(Box::new(error))
    }
}

/// `# breakline <variant> <size> <ranks> <side>` then e.g. `1. a2-a3 h7-h6`.
pub fn export(position: &Position) -> String {
    let start = position.start_placement();
    let mut out = format!("# breakline {} {} {}\n", position.variant().id(), position.size(), start.to_fen());
    let mut replay = Position::from_placement(position.variant(), start.clone()).ok();
    for (i, &m) in position.moves().iter().enumerate() {
        let name = replay.as_ref().map_or_else(|| position.move_name(m), |p| p.move_name(m));
        if i % 2 == 0 {
            if i > 0 {
                out.push('\n');
            }
            out.push_str(&format!("{}. {name}", i / 2 + 1));
        } else {
            out.push_str(&format!(" {name}"));
        }
        if let Some(p) = replay.as_mut() {
            let _ = p.play(m);
        }
    }
    out.push('\n');
    out
}

/// Reads a move list, or a site's record of its first game; without a
/// header the game starts from `variant`'s start position on `size`. Every
/// move is checked. A bare list that Breakline's notation refuses is tried
/// as OpenSpiel's (or undashed) moves before its error is given.
pub fn import(text: &str, variant: Variant, size: BoardSize) -> Result<Position, MoveTextError> {
    let defaults = Defaults { variant, size };
    match sites::detect(text) {
        Format::Sgf | Format::Pgn => return Ok(sites::read(text, defaults)?.position),
        Format::Breakline if !text.trim_start().starts_with('#') => return Ok(sites::read(text, defaults)?.position),
        _ => {}
    }
    let own = own_list(text, variant, size);
    if own.is_ok() || text.trim_start().starts_with('#') {
        return own;
    }
    own.or_else(|own| sites::read(text, defaults).map(|game| game.position).map_err(|_| own))
}

/// Breakline's own move list, with or without its header.
fn own_list(text: &str, variant: Variant, size: BoardSize) -> Result<Position, MoveTextError> {
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty()).peekable();
    let mut position = match lines.peek() {
        Some(first) if first.starts_with('#') => {
            let header = lines.next().unwrap_or_default();
            parse_header(header)?
        }
        _ => Position::start(variant, size)?,
    };
    let mut index = 0;
    for token in lines.flat_map(str::split_whitespace) {
        // Move numbers ("12." or "12...") carry no information.
        if token.trim_end_matches('.').chars().all(|c| c.is_ascii_digit()) {
            continue;
        }
        index += 1;
        position.play_text(token).map_err(|error| MoveTextError::Move { index, text: token.to_string(), error })?;
    }
    Ok(position)
}

fn parse_header(line: &str) -> Result<Position, MoveTextError> {
    let words: Vec<&str> = line.trim_start_matches('#').split_whitespace().collect();
    match words.as_slice() {
        ["breakline", variant, size, ranks, side] => {
            let variant: Variant = variant.parse()?;
            let size: BoardSize = size.parse()?;
            let placement = Placement::parse(&format!("{ranks} {side}"))?;
            if placement.size != size {
                return Err(MoveTextError::Header(format!("size {size} but the start position is {}", placement.size)));
            }
            Ok(Position::from_placement(variant, placement)?)
        }
        _ => Err(MoveTextError::Header("expected '# breakline <variant> <size> <ranks> <side>'".to_string())),
    }
}
