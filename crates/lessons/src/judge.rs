//! The judge of a try-it position: the move the page asks for is accepted;
//! any other gets one line of why ([`Miss`]), from the rules where they
//! refuse it.

use thiserror::Error;

use breakline_rules::explain::why_refused;
use breakline_rules::position::Position;
use breakline_rules::{Move, Variant};

use crate::card::{Accepts, LessonError, TryIt};

impl TryIt {
    /// The position the person plays from.
    pub fn position(&self, variant: Variant) -> Result<Position, LessonError> {
        Ok(Position::from_fen(variant, self.start)?)
    }

    /// The legal moves in `position` that answer the page.
    pub fn accepted(&self, position: &Position) -> Vec<Move> {
        position.legal_moves().into_iter().filter(|&m| self.answers(position, m)).collect()
    }

    /// Whether the legal move `m` is one the page asks for.
    fn answers(&self, position: &Position, m: Move) -> bool {
        match &self.accepts {
            Accepts::Moves { moves, .. } => moves
                .iter()
                .filter_map(|text| position.parse_move(text).ok())
                .any(|intended| (intended.from, intended.to) == (m.from, m.to)),
            Accepts::AnyCapture => m.capture,
            Accepts::Winning => {
                let mut after = position.clone();
                after.play(m).is_ok() && after.outcome().winner() == Some(position.side_to_move())
            }
        }
    }

    /// Yes to a move the page asks for; otherwise why not (one line).
    pub fn judge(&self, position: &Position, m: Move) -> Result<(), Miss> {
        let legal = position.legal_moves().into_iter().find(|l| (l.from, l.to) == (m.from, m.to));
        let Some(legal) = legal else {
            return Err(Miss::Illegal(why_refused(position, m)));
        };
        if self.answers(position, legal) {
            return Ok(());
        }
        Err(match (&self.accepts, position.variant()) {
            (Accepts::Moves { miss, .. }, _) => Miss::Page(miss),
            (Accepts::AnyCapture, _) => Miss::NoCapture,
            (Accepts::Winning, variant) => Miss::NoWin(variant),
        })
    }
}

/// Why a move does not answer a try-it, said in one line on the card.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Miss {
    /// The rules refuse the move (and say why, where they can).
    #[error("{}", refused(.0))]
    Illegal(Option<String>),
    /// A legal move the page does not ask for, in the page's own words.
    #[error("{0}")]
    Page(&'static str),
    /// A legal move that does not capture, where the page asks for a capture.
    #[error("That piece moves, but it does not capture.")]
    NoCapture,
    /// A legal move that does not win the game of this variant.
    #[error("{}", no_win(.0))]
    NoWin(Variant),
}

fn refused(why: &Option<String>) -> &str {
    why.as_deref().unwrap_or("That move is not allowed here.")
}

fn no_win(variant: &Variant) -> &'static str {
    match variant {
        Variant::Breakthrough => "That move is allowed, but it does not win: which pawn can reach the far row?",
        Variant::LinesOfAction => "That move is allowed, but your pieces are not all connected after it.",
    }
}
