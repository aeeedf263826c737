//! What the library keeps of a game: its record (players and their configs,
//! every move with its figures and clocks, the time control, the result and
//! its reason) and what a record does not hold: when it was played, whether
//! it was rated, and which side the person played.

use std::fmt;

use jiff::Timestamp;

use breakline_ai::player::{GameRecord, Player};
use breakline_rules::{BoardSize, Outcome, Side, Variant};

/// A stored game's number, given by the library, never reused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct GameId(pub i64);

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A game as the library keeps it.
#[derive(Clone, Debug, PartialEq)]
pub struct LibraryGame {
    /// The whole record: players, start, moves (and side lines), clocks, result.
    pub record: GameRecord,
    /// When the game was played (UTC), if known.
    pub played_at: Option<Timestamp>,
    /// Played for the person's rating.
    pub rated: bool,
    /// The side a person played, if one did: the side whose mistakes become exercises.
    pub person: Option<Side>,
    /// Plies played at random (or from a book) before the players took over.
    pub opening_plies: Option<u32>,
    /// White's name, where a person played White and the game names them
    /// (a site's record does); the list shows it for the record's `Human`.
    pub white_name: Option<String>,
    /// Black's name, as for White.
    pub black_name: Option<String>,
}

impl LibraryGame {
    /// A game of `record` played at `played_at`; the person is the one side a
    /// human played (none when both or neither did).
    pub fn new(record: GameRecord, played_at: Option<Timestamp>) -> LibraryGame {
        let person = match (&record.white, &record.black) {
            (Player::Human, Player::Human) => None,
            (Player::Human, _) => Some(Side::White),
            (_, Player::Human) => Some(Side::Black),
            _ => None,
        };
        LibraryGame { record, played_at, rated: false, person, opening_plies: None, white_name: None, black_name: None }
    }
}

/// One row of the game list: what a list shows without reading the moves.
#[derive(Clone, Debug, PartialEq)]
pub struct GameSummary {
    /// The game's number.
    pub id: GameId,
    /// The game played.
    pub variant: Variant,
    /// Its board.
    pub size: BoardSize,
    /// White's name as a person reads it.
    pub white: String,
    /// Black's name as a person reads it.
    pub black: String,
    /// The side a person played, if one did.
    pub person: Option<Side>,
    /// Played for the person's rating.
    pub rated: bool,
    /// The time control in its text form, if there was one.
    pub time_control: Option<String>,
    /// When it was played (UTC), if known.
    pub played_at: Option<Timestamp>,
    /// The result and its reason.
    pub outcome: Outcome,
    /// Plies played.
    pub plies: u32,
}

/// What storing a game did: stored it, or found the same game already held.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kept {
    /// The game's number (the stored one's, if it was held already).
    pub id: GameId,
    /// Whether the game was new to the library.
    pub new: bool,
}
