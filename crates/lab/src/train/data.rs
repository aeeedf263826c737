//! The training data file: positions with the search's score and the game's
//! result, written by `breakline datagen` and read by `breakline train`.
//!
//! ```text
//! header   16 bytes: "BLDATA\r\n", version u16 (1), variant u8 (0
//!          Breakthrough, 1 Lines of Action), columns u8, rows u8, 3 zero bytes
//! record   white's pieces, then black's: ceil(cells / 8) bytes each, bit i
//!          (least significant first) for square i (a1 = 0, along the rank)
//!          side to move   u8 (0 White, 1 Black)
//!          score          i32 little-endian, points for the side to move
//!          result         i8, the game's result for the side to move (1, 0, -1)
//! ```
//!
//! A record is 22 bytes on 8x8. Records are appended as games finish, so a
//! killed run leaves whole games behind; a file whose length is not a whole
//! number of records, or a record that could not be a position (a square
//! with two pieces, a bit off the board, a side or result out of range), is
//! refused whole.

use std::io::{self, Read, Write};

use thiserror::Error;

use breakline_rules::{BoardSize, Side, Variant};

const MAGIC: &[u8; 8] = b"BLDATA\r\n";
const VERSION: u16 = 1;
const HEADER: usize = 16;

/// One position to learn from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sample {
    /// The squares of White's pieces and of Black's.
    pub pieces: [Vec<u16>; 2],
    /// The side to move.
    pub side: Side,
    /// The search's score for the side to move, in points.
    pub score: i32,
    /// The game's result for the side to move: 1 won, 0 drawn, -1 lost.
    pub result: i8,
}

/// Why a data file was refused.
#[derive(Debug, Error)]
pub enum DataError {
    /// The file does not open with the magic bytes.
    #[error("not a Breakline training data file (no BLDATA header)")]
    NotData,
    #[error("data file version {0} is not one this build reads (it reads {VERSION})")]
    /// A version this build does not read.
    Version(u16),
    #[error("data file for an unknown variant (code {0})")]
    /// A variant code this build does not know.
    Variant(u8),
    #[error("data file for an unsupported board size {columns}x{rows}")]
    /// A board size the variant is not played on.
    #[allow(missing_docs)]
    Size { columns: u8, rows: u8 },
    #[error("data file for {found_variant} {found_size}, not {variant} {size}")]
    /// Another variant or size than the run's.
    #[allow(missing_docs)]
    Mismatch { found_variant: Variant, found_size: BoardSize, variant: Variant, size: BoardSize },
    #[error("data file damaged: {0} bytes past its last whole record")]
    /// A record cut short at the end.
    Partial(usize),
    #[error("data file damaged: record {0} is not a position")]
    /// A record that is no position (counted from 1).
    BadRecord(usize),
    #[error("{0}")]
    /// The file could not be read.
    Io(#[from] io::Error),
}

fn variant_code(variant: Variant) -> u8 {
    match variant {
        Variant::Breakthrough => 0,
        Variant::LinesOfAction => 1,
    }
}

/// The bytes a side's pieces take in a record on `size`.
fn bitmap_len(size: BoardSize) -> usize {
    size.squares().div_ceil(8)
}

/// The bytes one record takes on `size`.
pub fn record_len(size: BoardSize) -> usize {
    2 * bitmap_len(size) + 1 + 4 + 1
}

/// The file's header for `variant` on `size`.
pub fn header(variant: Variant, size: BoardSize) -> [u8; HEADER] {
    let mut h = [0; HEADER];
    h[..8].copy_from_slice(MAGIC);
    h[8..10].copy_from_slice(&VERSION.to_le_bytes());
    h[10..13].copy_from_slice(&[variant_code(variant), size.columns, size.rows]);
    h
}

/// Appends `sample`'s record to `out`.
pub fn write_record(out: &mut impl Write, size: BoardSize, sample: &Sample) -> io::Result<()> {
    let mut bytes = vec![0u8; record_len(size)];
    let n = bitmap_len(size);
    for (side, squares) in sample.pieces.iter().enumerate() {
        for &sq in squares {
            bytes[side * n + sq as usize / 8] |= 1 << (sq % 8);
        }
    }
    bytes[2 * n] = sample.side.index() as u8;
    bytes[2 * n + 1..2 * n + 5].copy_from_slice(&sample.score.to_le_bytes());
    bytes[2 * n + 5] = sample.result as u8;
    out.write_all(&bytes)
}

/// Reads a whole data file, checking it is for `variant` on `size`.
pub fn read_all(input: &mut impl Read, variant: Variant, size: BoardSize) -> Result<Vec<Sample>, DataError> {
    let mut bytes = Vec::new();
    input.read_to_end(&mut bytes)?;
    let (found_variant, found_size) = read_header(&bytes)?;
    if (found_variant, found_size) != (variant, size) {
        return Err(DataError::Mismatch { found_variant, found_size, variant, size });
    }
    let body = &bytes[HEADER..];
    let len = record_len(size);
    if body.len() % len != 0 {
        return Err(DataError::Partial(body.len() % len));
    }
    body.chunks_exact(len).enumerate().map(|(i, r)| parse(r, size).ok_or(DataError::BadRecord(i + 1))).collect()
}

/// The variant and size a file's header names.
fn read_header(bytes: &[u8]) -> Result<(Variant, BoardSize), DataError> {
    if bytes.len() < HEADER || &bytes[..8] != MAGIC {
        return Err(DataError::NotData);
    }
    let version = u16::from_le_bytes([bytes[8], bytes[9]]);
    if version != VERSION {
        return Err(DataError::Version(version));
    }
    let variant = match bytes[10] {
        0 => Variant::Breakthrough,
        1 => Variant::LinesOfAction,
        code => return Err(DataError::Variant(code)),
    };
    let (columns, rows) = (bytes[11], bytes[12]);
    let size = BoardSize::new(columns, rows);
    variant.check_size(size).map_err(|_| DataError::Size { columns, rows })?;
    Ok((variant, size))
}

/// One record, if it is a position.
fn parse(record: &[u8], size: BoardSize) -> Option<Sample> {
    let n = bitmap_len(size);
    let cells = size.squares();
    let squares = |bitmap: &[u8]| -> Option<Vec<u16>> {
        let set: Vec<u16> = (0..n * 8).filter(|&i| bitmap[i / 8] & (1 << (i % 8)) != 0).map(|i| i as u16).collect();
        set.iter().all(|&s| (s as usize) < cells).then_some(set)
    };
    let white = squares(&record[..n])?;
    let black = squares(&record[n..2 * n])?;
    if white.iter().any(|s| black.contains(s)) {
        return None;
    }
    let side = match record[2 * n] {
        0 => Side::White,
        1 => Side::Black,
        _ => return None,
    };
    let score = i32::from_le_bytes(record[2 * n + 1..2 * n + 5].try_into().ok()?);
    let result = record[2 * n + 5] as i8;
    (-1..=1).contains(&result).then_some(Sample { pieces: [white, black], side, score, result })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Sample {
        Sample { pieces: [vec![0, 9, 63], vec![8, 62]], side: Side::Black, score: -1234, result: 1 }
    }

    fn file(samples: &[Sample]) -> Vec<u8> {
        let size = BoardSize::new(8, 8);
        let mut bytes = header(Variant::Breakthrough, size).to_vec();
        for s in samples {
            write_record(&mut bytes, size, s).unwrap();
        }
        bytes
    }

    fn read(bytes: &[u8]) -> Result<Vec<Sample>, DataError> {
        read_all(&mut &bytes[..], Variant::Breakthrough, BoardSize::new(8, 8))
    }

    #[test]
    fn records_round_trip_and_take_22_bytes_on_8x8() {
        let bytes = file(&[sample(), sample()]);
        assert_eq!(bytes.len(), HEADER + 2 * 22);
        assert_eq!(read(&bytes).unwrap(), vec![sample(), sample()]);
    }

    #[test]
    fn damaged_files_are_refused_in_one_line() {
        let good = file(&[sample()]);
        let mut cut = good.clone();
        cut.pop();
        assert!(matches!(read(&cut), Err(DataError::Partial(21))));
        let mut clash = good.clone();
        clash[HEADER + 8] |= 1; // Black on a1, where White stands
        assert!(matches!(read(&clash), Err(DataError::BadRecord(1))));
        let mut result = good.clone();
        *result.last_mut().unwrap() = 7;
        assert!(matches!(read(&result), Err(DataError::BadRecord(1))));
        assert!(matches!(read(b"hello world, not data"), Err(DataError::NotData)));
        let loa = read_all(&mut &good[..], Variant::LinesOfAction, BoardSize::new(8, 8));
        assert!(matches!(loa, Err(DataError::Mismatch { .. })));
        for e in [read(&cut).unwrap_err(), read(&clash).unwrap_err()] {
            assert!(!e.to_string().contains('\n'));
        }
    }
}
