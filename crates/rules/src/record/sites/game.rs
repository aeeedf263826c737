//! One game as every format holds it: its tags (PGN's names: `White`,
//! `Black`, `Event`, `Site`, `Date`...), the position it reached (with its
//! start and moves) and its result, a resignation or a fallen flag included.

use super::Format;
use super::error::{ReadError, ReadErrorKind};
use super::token::read_move;
use crate::Outcome;
use crate::error::FenError;
use crate::position::Position;

/// A game read from a record, or to be written as one.
#[derive(Clone, Debug, PartialEq)]
pub struct GameText {
    /// The format it was read from.
    pub format: Format,
    /// Tags as PGN names them, in the record's order.
    pub tags: Vec<(String, String)>,
    /// The position at the end of the record: its start placement and moves.
    pub position: Position,
    /// The result: the board's, or a win off the board.
    pub result: Outcome,
}

impl GameText {
    /// A game of `position`'s moves with no tags, its result the board's.
    pub fn new(position: Position) -> GameText {
        let result = position.outcome();
        GameText { format: Format::Moves, tags: Vec::new(), position, result }
    }

    /// The value of tag `name` (any case), if the record has it.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    /// Sets tag `name` to `value`, replacing one of that name.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|(n, _)| n.eq_ignore_ascii_case(name)) {
            Some(tag) => tag.1 = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
    }

    /// The position the game started from.
    pub fn start(&self) -> Result<Position, FenError> {
        Position::from_placement(self.position.variant(), self.position.start_placement().clone())
    }

    /// Whether the game started from its variant's usual position.
    pub fn usual_start(&self) -> bool {
        let usual = Position::start(self.position.variant(), self.position.size());
        usual.is_ok_and(|p| p.start_placement() == self.position.start_placement())
    }

    /// The moves in the project's notation, each with the position before it.
    pub fn moves_with_positions(&self) -> Vec<(Position, crate::Move)> {
        let Ok(mut replay) = self.start() else { return Vec::new() };
        let mut out = Vec::with_capacity(self.position.moves().len());
        for &m in self.position.moves() {
            out.push((replay.clone(), m));
            let _ = replay.play(m);
        }
        out
    }
}

/// Plays move `token`, written on `line`, in `position`.
pub(crate) fn play_token(position: &mut Position, token: &str, line: usize, flipped: bool) -> Result<(), ReadError> {
    let ply = position.moves().len() + 1;
    let refused = |kind| ReadError { line, kind };
    let m = read_move(position, token, flipped)
        .map_err(|error| refused(ReadErrorKind::Move { ply, text: token.to_string(), error }))?;
    position.play(m).map_err(|error| {
        refused(ReadErrorKind::Move {
            ply,
            text: token.to_string(),
            error: crate::typed_move::TypedMoveError::from(error).into(),
        })
    })
}
