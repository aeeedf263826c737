//! Game records in the formats of the sites where people play: Little
//! Golem's, PlayStrategy's and igGameCenter's PGN-like text ([`pgn`]), SGF
//! ([`sgf`]) and OpenSpiel's move strings ([`openspiel`]). Each is read into
//! one [`GameText`] (tags, start, moves, result) and written back from it;
//! [`detect`] names the format of a text, [`read_all`] reads every game of a
//! file and names each damaged one by its line.

pub mod detect;
mod error;
pub mod game;
pub mod openspiel;
pub mod pgn;
pub mod sgf;
pub mod stated;
pub mod token;

pub use detect::{Format, detect};
pub use error::{ReadError, ReadErrorKind, WriteError};
pub use game::GameText;

use crate::{BoardSize, Variant};

/// What a text without tags is taken to be: the variant and size of the
/// game it continues (a bare move list or OpenSpiel's moves say neither).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Defaults {
    /// The variant of a text that does not name one.
    pub variant: Variant,
    /// The size of a text that does not give one.
    pub size: BoardSize,
}

impl Defaults {
    /// The size for `variant`: the default one if it is the default variant,
    /// else that variant's usual size.
    pub fn size_for(self, variant: Variant) -> BoardSize {
        if variant == self.variant { self.size } else { variant.default_size() }
    }
}

impl Default for Defaults {
    fn default() -> Defaults {
        Defaults { variant: Variant::Breakthrough, size: Variant::Breakthrough.default_size() }
    }
}

/// Every game of `text`, each read on its own: a damaged game is an error
/// naming its line, and the games around it are still read.
pub fn read_all(text: &str, defaults: Defaults) -> Vec<Result<GameText, ReadError>> {
    // A byte-order mark, as some editors save, is no part of the game.
    let text = text.trim_start_matches('\u{feff}');
    match detect(text) {
        Format::Sgf => sgf::read_all(text, defaults),
        Format::Pgn | Format::Breakline => pgn::read_all(text, defaults),
        Format::OpenSpiel | Format::Moves => vec![openspiel::read(text, 1, defaults)],
    }
}

/// The one game of `text` (the first, if there are several).
pub fn read(text: &str, defaults: Defaults) -> Result<GameText, ReadError> {
    read_all(text, defaults).into_iter().next().unwrap_or(Err(ReadError { line: 1, kind: ReadErrorKind::Empty }))
}

/// `game` in `format`; Breakline's own forms are written by `movetext` and
/// `game_text`, not here.
pub fn write(game: &GameText, format: Format) -> Result<String, WriteError> {
    match format {
        Format::Pgn => Ok(pgn::write(game)),
        Format::Sgf => sgf::write(game),
        Format::OpenSpiel => openspiel::write(game),
        Format::Moves | Format::Breakline => Err(WriteError::NotHere(format)),
    }
}
