//! Position strings as UCI engines write them (Fairy-Stockfish's FEN):
//! `P` for White, `p` for Black, ranks from the top with digits (two-digit
//! runs on wide boards) for empty squares, the side to move `w`/`b`, then
//! the move counters, e.g. `pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w - - 0 1`.
//! The board's size is the string's: the number of ranks, and the squares a rank.

use super::error::FenError;
use super::placement::Placement;

/// The most fields after the side to move: castling, en passant, halfmove
/// and fullmove counters (read and not used: neither game has them).
const MAX_COUNTER_FIELDS: usize = 4;

impl Placement {
    /// Reads a UCI position string: ranks of `P`, `p` and digits, the side to
    /// move, then up to four counter fields (`- - 0 1`, or Fairy-Stockfish's `0 1`).
    pub fn parse_uci(text: &str) -> Result<Placement, FenError> {
        let mut fields = text.split_whitespace();
        let ranks = fields.next().ok_or(FenError::Empty)?;
        let side = fields.next().ok_or(FenError::MissingSide)?;
        let counters: Vec<&str> = fields.collect();
        if let Some(extra) = counters.get(MAX_COUNTER_FIELDS) {
            return Err(FenError::TrailingText(extra.to_string()));
        }
        if let Some(bad) = counters.iter().find(|f| **f != "-" && f.parse::<u32>().is_err()) {
            return Err(FenError::TrailingText(bad.to_string()));
        }
        if let Some(bad) = ranks.chars().find(|c| !matches!(c, 'P' | 'p' | '/' | '0'..='9')) {
            return Err(FenError::BadChar(bad));
        }
        let own: String = ranks
            .chars()
            .map(|c| {
                if c == 'P' {
                    'w'
                } else if c == 'p' {
                    'b'
                } else {
                    c
                }
            })
            .collect();
        if !matches!(side, "w" | "b") {
            return Err(FenError::BadSide(side.to_string()));
        }
        Placement::parse(&format!("{own} {side}"))
    }

    /// Writes the UCI position string, counters `- - 0 1`; [`Placement::parse_uci`] reads it back.
    pub fn to_uci_fen(&self) -> String {
        let own = self.to_fen();
        let (ranks, side) = own.split_once(' ').unwrap_or((&own, "w"));
        let ranks: String = ranks
            .chars()
            .map(|c| {
                if c == 'w' {
                    'P'
                } else if c == 'b' {
                    'p'
                } else {
                    c
                }
            })
            .collect();
        format!("{ranks} {side} - - 0 1")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;
    use crate::{BoardSize, Side, Variant};

    #[test]
    fn fairy_stockfish_breakthrough_start_is_the_start() {
        let p = Placement::parse_uci("pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w 0 1").unwrap();
        let start = Position::start(Variant::Breakthrough, BoardSize::new(8, 8)).unwrap();
        assert_eq!(&p, start.start_placement());
        assert_eq!(p.to_uci_fen(), "pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w - - 0 1");
    }

    #[test]
    fn lines_of_action_start_has_black_to_move() {
        let text = "1pppppp1/P6P/P6P/P6P/P6P/P6P/P6P/1pppppp1 b - - 0 1";
        let p = Placement::parse_uci(text).unwrap();
        let start = Position::start(Variant::LinesOfAction, BoardSize::new(8, 8)).unwrap();
        assert_eq!(&p, start.start_placement());
        assert_eq!(p.side, Side::Black);
        assert_eq!(p.to_uci_fen(), text);
    }

    #[test]
    fn oblong_and_wide_boards_take_their_size_from_the_string() {
        let p = Placement::parse_uci("pppppp/pppppp/6/PPPPPP/PPPPPP w - - 0 1").unwrap();
        assert_eq!(p.size, BoardSize::new(6, 5));
        let wide = Placement::parse_uci("p11/12/12/11P b").unwrap();
        assert_eq!(wide.size, BoardSize::new(12, 4));
        assert_eq!(wide.to_uci_fen(), "p11/12/12/11P b - - 0 1");
    }

    #[test]
    fn breakline_letters_and_bad_fields_are_refused() {
        assert_eq!(Placement::parse_uci("bbbb/4/4/wwww w"), Err(FenError::BadChar('b')));
        assert_eq!(Placement::parse_uci("pppp/4/4/PPPP x"), Err(FenError::BadSide("x".into())));
        assert_eq!(Placement::parse_uci("pppp/4/4/PPPP w - - 0 1 9"), Err(FenError::TrailingText("9".into())));
        assert_eq!(Placement::parse_uci("pppp/4/4/PPPP w KQ"), Err(FenError::TrailingText("KQ".into())));
        assert_eq!(Placement::parse_uci(""), Err(FenError::Empty));
        assert_eq!(Placement::parse_uci("pppp/4/4/PPPP"), Err(FenError::MissingSide));
    }
}
