//! Reading square and move notation: files `a`.., ranks `1`.., moves `a2-a3`
//! (quiet) and `a2xb3` (capture); [`BoardSize::move_name`] writes them.
//! Parsing checks the text against a board size only; whether a move is legal
//! is the position's business.

use super::error::MoveError;
use crate::{BoardSize, Move};

/// The square named `text` (`e4`) on a board of `size`, as its index.
pub fn parse_square(size: BoardSize, text: &str) -> Result<u8, MoveError> {
    let malformed = || MoveError::MalformedSquare(text.to_string());
    let mut chars = text.chars();
    let file = chars.next().filter(|c| c.is_ascii_lowercase()).ok_or_else(malformed)?;
    let digits = chars.as_str();
    if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(malformed());
    }
    let rank: u8 = digits.parse().map_err(|_| malformed())?;
    let file = file as u8 - b'a';
    if rank == 0 || rank > size.rows || file >= size.columns {
        return Err(MoveError::OffBoard { square: text.to_string(), size });
    }
    Ok(size.index(file, rank - 1))
}

/// Reads `a2-a3` or `a2xb3`; the capture mark is kept so the position can
/// insist it matches.
pub(crate) fn parse_move(size: BoardSize, text: &str) -> Result<Move, MoveError> {
    let text = text.trim();
    let (from, to, capture) = match text.find(['-', 'x']) {
        Some(i) => (&text[..i], &text[i + 1..], text.as_bytes()[i] == b'x'),
        None => return Err(MoveError::Malformed(text.to_string())),
    };
    if from.is_empty() || to.is_empty() {
        return Err(MoveError::Malformed(text.to_string()));
    }
    Ok(Move::new(parse_square(size, from)?, parse_square(size, to)?, capture))
}

/// A move as the sites write it, stripped to its squares: without a move
/// number before it (`12.`, `12...`, glued as in `1.c8-c6`), without marks
/// after it (`!`, `?`, `+`, `#`) and without OpenSpiel's capture star
/// (`b7c6*`); the flag says whether the star was there.
pub fn move_core(text: &str) -> (&str, bool) {
    let text = text.trim();
    let digits = text.len() - text.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let text = match text[digits..].trim_start_matches('.') {
        rest if digits > 0 && rest.len() < text.len() - digits => rest,
        _ => text,
    };
    let text = text.trim_end_matches(['!', '?', '+', '#']);
    match text.strip_suffix('*') {
        Some(core) => (core, true),
        None => (text, false),
    }
}

/// A count as people write it: 20000 as "20,000" (node counts, playouts).
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// A count in three significant figures, for a narrow line: 950, 12.3 k,
/// 1.23 M, 4.56 G.
pub fn compact_count(n: u64) -> String {
    let (mut value, mut unit) = (n as f64, "");
    for next in ["k", "M", "G"] {
        // 999,999 is "1.00 M", not "1000 k".
        if value < 999.5 {
            break;
        }
        value /= 1000.0;
        unit = next;
    }
    match unit {
        "" => n.to_string(),
        _ => {
            let decimals = if value >= 99.95 {
                0
            } else if value >= 9.995 {
                1
            } else {
                2
            };
            format!("{value:.decimals$} {unit}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_cores_lose_numbers_and_marks() {
        let cases = [
            ("1.", ("", false)),
            ("12...", ("", false)),
            ("1.c8-c6", ("c8-c6", false)),
            ("1...c8-c6", ("c8-c6", false)),
            ("b7c6*", ("b7c6", true)),
            ("e2-e3!?", ("e2-e3", false)),
            ("e2-e3", ("e2-e3", false)),
            ("12", ("12", false)),
        ];
        for (text, expected) in cases {
            assert_eq!(move_core(text), expected, "{text}");
        }
    }

    #[test]
    fn compact_counts_keep_three_figures() {
        let cases =
            [(0, "0"), (950, "950"), (1_000, "1.00 k"), (12_345, "12.3 k"), (999_999, "1.00 M"), (99_960, "100 k")];
        for (n, text) in
            cases.into_iter().chain([(1_234_567, "1.23 M"), (456_000_000, "456 M"), (4_560_000_000, "4.56 G")])
        {
            assert_eq!(compact_count(n), text, "{n}");
        }
    }

    #[test]
    fn squares_and_moves_round_trip_on_every_size() {
        for (c, r) in [(8, 8), (5, 10), (12, 12), (3, 5)] {
            let size = BoardSize::new(c, r);
            for sq in 0..size.squares() as u8 {
                let name = size.square_name(sq);
                assert_eq!(parse_square(size, &name), Ok(sq));
                for capture in [false, true] {
                    let m = Move::new(sq, (sq + 1) % size.squares() as u8, capture);
                    assert_eq!(parse_move(size, &size.move_name(m)), Ok(m));
                }
            }
        }
        assert_eq!(BoardSize::new(12, 12).square_name(143), "l12");
    }

    #[test]
    fn bad_text_gives_typed_errors() {
        let s = BoardSize::new(8, 8);
        assert!(matches!(parse_square(s, "i1"), Err(MoveError::OffBoard { .. })));
        assert!(matches!(parse_square(s, "a9"), Err(MoveError::OffBoard { .. })));
        assert!(matches!(parse_square(s, "a0"), Err(MoveError::OffBoard { .. })));
        for bad in ["A1", "1a", "a", "a1b", "é1", "a+1", "a123"] {
            assert_eq!(parse_square(s, bad), Err(MoveError::MalformedSquare(bad.into())), "{bad}");
        }
        for bad in ["a2a3", "", "-a3", "a2-", "x"] {
            assert!(parse_move(s, bad).is_err(), "{bad}");
        }
        assert_eq!(parse_move(s, "a2xb3"), Ok(Move::new(8, 17, true)));
    }
}
