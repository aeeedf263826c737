//! Position strings: ranks top to bottom separated by `/`, `w`/`b` pieces,
//! numbers for runs of empty squares, then the side to move. A [`Placement`] is
//! the width-independent form that every position is read from and written to.

use super::error::FenError;
use crate::{BoardSize, Side};

/// A board's contents indexed `rank * columns + file` (rank 0 at the bottom).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    /// The board's dimensions.
    pub size: BoardSize,
    /// Each square's piece, if any.
    pub cells: Vec<Option<Side>>,
    /// The side to move.
    pub side: Side,
}

impl Placement {
    /// A board of `size` with no pieces, `side` to move.
    pub fn empty(size: BoardSize, side: Side) -> Placement {
        Placement { size, cells: vec![None; size.squares()], side }
    }

    pub(crate) fn count(&self, color: Side) -> usize {
        self.cells.iter().filter(|&&c| c == Some(color)).count()
    }

    /// Reads `ranks side`, e.g. `bbbbb/bbbbb/5/5/5/wwwww/wwwww w`.
    pub fn parse(text: &str) -> Result<Placement, FenError> {
        let mut parts = text.split_whitespace();
        let ranks = parts.next().ok_or(FenError::Empty)?;
        let side = match parts.next() {
            Some("w") | Some("W") => Side::White,
            Some("b") | Some("B") => Side::Black,
            Some(other) => return Err(FenError::BadSide(other.to_string())),
            None => return Err(FenError::MissingSide),
        };
        if let Some(extra) = parts.next() {
            return Err(FenError::TrailingText(extra.to_string()));
        }
        let mut rows: Vec<Vec<Option<Side>>> = Vec::new();
        for (i, rank) in ranks.split('/').enumerate() {
            let mut row = Vec::new();
            let mut chars = rank.chars().peekable();
            while let Some(ch) = chars.next() {
                match ch {
                    'w' | 'W' => row.push(Some(Side::White)),
                    'b' | 'B' => row.push(Some(Side::Black)),
                    '0'..='9' => {
                        let mut run = ch.to_digit(10).unwrap_or(0) as usize;
                        while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                            run = run * 10 + d as usize;
                            chars.next();
                            if run > 64 {
                                return Err(FenError::Invalid("empty-square run too long"));
                            }
                        }
                        if run == 0 {
                            return Err(FenError::ZeroRun(i + 1));
                        }
                        row.extend(std::iter::repeat_n(None, run));
                    }
                    other => return Err(FenError::BadChar(other)),
                }
                if row.len() > 64 {
                    return Err(FenError::Invalid("rank too long"));
                }
            }
            if let Some(first) = rows.first()
                && first.len() != row.len()
            {
                return Err(FenError::RaggedRank { rank: i + 1, found: row.len(), expected: first.len() });
            }
            rows.push(row);
            if rows.len() > 64 {
                return Err(FenError::Invalid("too many ranks"));
            }
        }
        let columns = rows[0].len();
        if columns == 0 {
            return Err(FenError::Invalid("a rank has no squares"));
        }
        let size = BoardSize::new(columns as u8, rows.len() as u8);
        // The string lists the top rank first; cells start at the bottom.
        let cells = rows.into_iter().rev().flatten().collect();
        Ok(Placement { size, cells, side })
    }

    /// Writes the position string; `parse` reads it back unchanged.
    pub fn to_fen(&self) -> String {
        let mut out = String::new();
        let cols = self.size.columns as usize;
        for rank in (0..self.size.rows as usize).rev() {
            let mut run = 0;
            for file in 0..cols {
                match self.cells[rank * cols + file] {
                    None => run += 1,
                    Some(c) => {
                        if run > 0 {
                            out.push_str(&run.to_string());
                            run = 0;
                        }
                        out.push(c.letter());
                    }
                }
            }
            if run > 0 {
                out.push_str(&run.to_string());
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out.push(' ');
        out.push(self.side.letter());
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_two_digit_runs() {
        let fen = "b11/12/12/12/12/12/12/12/12/12/12/11w w";
        let p = Placement::parse(fen).unwrap();
        assert_eq!(p.size, BoardSize::new(12, 12));
        assert_eq!(p.cells[11], Some(Side::White));
        assert_eq!(p.cells[132], Some(Side::Black));
        assert_eq!(p.to_fen(), fen);
    }

    #[test]
    fn rejects_malformed_strings() {
        assert_eq!(Placement::parse(""), Err(FenError::Empty));
        assert_eq!(Placement::parse("8/8"), Err(FenError::MissingSide));
        assert_eq!(Placement::parse("8/8 x"), Err(FenError::BadSide("x".into())));
        assert_eq!(Placement::parse("8/8 w extra"), Err(FenError::TrailingText("extra".into())));
        assert_eq!(Placement::parse("8/7q w"), Err(FenError::BadChar('q')));
        assert!(matches!(Placement::parse("8/7 w"), Err(FenError::RaggedRank { .. })));
        assert_eq!(Placement::parse("80/8 w"), Err(FenError::Invalid("empty-square run too long")));
        assert_eq!(Placement::parse("0w/ww w"), Err(FenError::ZeroRun(1)));
        assert!(Placement::parse("/ w").is_err());
    }
}
