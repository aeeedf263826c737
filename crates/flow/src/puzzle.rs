//! A Flow Free puzzle (a grid whose sources are the two ends of each colour's
//! path) and its text format.
//!
//! The format is one line per row, top to bottom, one character per cell:
//! `.` or `_` for an empty cell, a letter or digit for a source of that colour
//! (case matters: `a` and `A` are two colours; `0` is a colour too, as in the
//! CS 440 report). Spaces and tabs inside a row are ignored, so `G . 0` reads
//! as `G.0`; blank lines and lines starting with `#` are skipped (use them for
//! a title or the puzzle's origin). Every colour appears exactly twice.

use thiserror::Error;

/// Smallest and largest side of a grid, in cells.
const MIN_SIDE: usize = 2;
const MAX_SIDE: usize = 20;
/// The solvers keep a colour set in a `u32`.
pub(crate) const MAX_COLOURS: usize = 32;

/// A colour is its index in [`Puzzle::names`] (order of first appearance).
pub type Colour = u8;

/// Why a puzzle's text was refused. Rows and columns count from 1 at the top left.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PuzzleError {
    /// The text has no rows.
    #[error("empty puzzle: expected rows of cells ('.' empty, a letter or digit a source)")]
    Empty,
    /// A row's length differs from the first row's.
    #[error("row {row} has {found} cells but the first row has {expected}")]
    RaggedRow {
        /// The row.
        row: usize,
        /// Its number of cells.
        found: usize,
        /// The first row's number of cells.
        expected: usize,
    },
    /// The grid is too small or too large.
    #[error("a {width}x{height} grid is outside the supported sizes ({MIN_SIDE}x{MIN_SIDE} to {MAX_SIDE}x{MAX_SIDE})")]
    Size {
        /// Cells per row.
        width: usize,
        /// Rows.
        height: usize,
    },
    /// A cell is neither empty nor a letter or digit (or, in a solution, empty).
    #[error("unexpected character '{ch}' at row {row}, column {column} (use '.' and letters or digits)")]
    BadChar {
        /// The cell's row.
        row: usize,
        /// The cell's column.
        column: usize,
        /// The character found.
        ch: char,
    },
    /// A colour does not have exactly two sources.
    #[error("colour '{colour}' has {count} source(s); every colour needs exactly 2")]
    Unpaired {
        /// The colour's character.
        colour: char,
        /// How many sources it has.
        count: usize,
    },
    /// The puzzle has more colours than the solvers can hold.
    #[error("{found} colours is more than the {max} supported")]
    TooManyColours {
        /// Colours in the puzzle.
        found: usize,
        /// The most supported.
        max: usize,
    },
    /// The grid has no sources at all.
    #[error("the puzzle has no sources")]
    NoColours,
}

/// A rectangular grid, cells indexed `row * width + column` from the top left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    width: usize,
    height: usize,
    sources: Vec<Option<Colour>>,
    names: Vec<char>,
    ends: Vec<[usize; 2]>,
}

impl Puzzle {
    /// Reads the text format described at the top of this module.
    pub fn parse(text: &str) -> Result<Puzzle, PuzzleError> {
        let (width, height, chars) = read_grid(text)?;
        let mut names: Vec<char> = Vec::new();
        let mut ends: Vec<Vec<usize>> = Vec::new();
        let mut sources = vec![None; chars.len()];
        for (cell, &ch) in chars.iter().enumerate() {
            if is_empty(ch) {
                continue;
            }
            let colour = match names.iter().position(|&n| n == ch) {
                Some(i) => i,
                None => {
                    names.push(ch);
                    ends.push(Vec::new());
                    names.len() - 1
                }
            };
            ends[colour].push(cell);
            sources[cell] = Some(colour as Colour);
        }
        if names.len() > MAX_COLOURS {
            return Err(PuzzleError::TooManyColours { found: names.len(), max: MAX_COLOURS });
        }
        if names.is_empty() {
            return Err(PuzzleError::NoColours);
        }
        if let Some(i) = ends.iter().position(|e| e.len() != 2) {
            return Err(PuzzleError::Unpaired { colour: names[i], count: ends[i].len() });
        }
        let ends = ends.iter().map(|e| [e[0], e[1]]).collect();
        Ok(Puzzle { width, height, sources, names, ends })
    }

    /// Recovers a puzzle from a solved grid written in the same format (every
    /// cell a colour): the sources are the cells with exactly one neighbour of
    /// their own colour. Also returns the grid's colours, indexed like the
    /// puzzle's. This is how the report's printed solutions give its puzzles.
    pub fn from_solution(text: &str) -> Result<(Puzzle, Vec<Colour>), PuzzleError> {
        let (width, height, chars) = read_grid(text)?;
        if let Some(cell) = chars.iter().position(|&c| is_empty(c)) {
            return Err(PuzzleError::BadChar { row: cell / width + 1, column: cell % width + 1, ch: chars[cell] });
        }
        let mut recovered = String::new();
        for (cell, &ch) in chars.iter().enumerate() {
            let same = neighbours_of(width, height, cell).filter(|&n| chars[n] == ch).count();
            recovered.push(if same == 1 { ch } else { '.' });
            if cell % width == width - 1 {
                recovered.push('\n');
            }
        }
        let puzzle = Puzzle::parse(&recovered)?;
        let mut cells = Vec::with_capacity(chars.len());
        for &ch in &chars {
            match puzzle.names.iter().position(|&n| n == ch) {
                Some(i) => cells.push(i as Colour),
                // A colour with no ends is a loop: no puzzle has it.
                None => return Err(PuzzleError::Unpaired { colour: ch, count: 0 }),
            }
        }
        Ok((puzzle, cells))
    }

    /// Cells per row.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Number of rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Number of cells (width times height).
    pub fn cell_count(&self) -> usize {
        self.width * self.height
    }

    /// Number of colours, each with two sources.
    pub fn colour_count(&self) -> usize {
        self.names.len()
    }

    /// The character each colour is written with, by colour index.
    pub fn names(&self) -> &[char] {
        &self.names
    }

    /// The source colour of a cell, `None` for a cell to fill.
    pub fn source(&self, cell: usize) -> Option<Colour> {
        self.sources[cell]
    }

    /// The two source cells of a colour, in reading order.
    pub fn ends(&self, colour: Colour) -> [usize; 2] {
        self.ends[colour as usize]
    }

    /// The cells beside `cell` (down, right, up, left: the report's order).
    pub fn neighbours(&self, cell: usize) -> impl Iterator<Item = usize> + use<> {
        neighbours_of(self.width, self.height, cell)
    }

    /// The puzzle in its text format: sources and `.` for the cells to fill.
    pub fn to_text(&self) -> String {
        self.render(|cell| self.sources[cell])
    }

    /// A grid of colours (one per cell, e.g. a solution) in the text format.
    pub fn render_cells(&self, cells: &[Colour]) -> String {
        self.render(|cell| cells.get(cell).copied())
    }

    fn render(&self, colour_at: impl Fn(usize) -> Option<Colour>) -> String {
        let mut text = String::with_capacity((self.width + 1) * self.height);
        for cell in 0..self.cell_count() {
            text.push(colour_at(cell).map_or('.', |c| self.names[c as usize]));
            if cell % self.width == self.width - 1 {
                text.push('\n');
            }
        }
        text
    }
}

impl std::fmt::Display for Puzzle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.to_text())
    }
}

fn is_empty(ch: char) -> bool {
    ch == '.' || ch == '_'
}

fn neighbours_of(width: usize, height: usize, cell: usize) -> impl Iterator<Item = usize> {
    let (row, column) = (cell / width, cell % width);
    let down = (row + 1 < height).then_some(cell + width);
    let right = (column + 1 < width).then_some(cell + 1);
    let up = (row > 0).then(|| cell - width);
    let left = (column > 0).then(|| cell - 1);
    [down, right, up, left].into_iter().flatten()
}

/// The grid's characters in reading order, its rows checked for equal length
/// and its characters for the alphabet.
fn read_grid(text: &str) -> Result<(usize, usize, Vec<char>), PuzzleError> {
    let mut chars = Vec::new();
    let mut width = 0;
    let mut height = 0;
    for line in text.lines() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        height += 1;
        let row: Vec<char> = trimmed.chars().filter(|c| *c != ' ' && *c != '\t').collect();
        if height == 1 {
            width = row.len();
        } else if row.len() != width {
            return Err(PuzzleError::RaggedRow { row: height, found: row.len(), expected: width });
        }
        if let Some(column) = row.iter().position(|&c| !(is_empty(c) || c.is_ascii_alphanumeric())) {
            return Err(PuzzleError::BadChar { row: height, column: column + 1, ch: row[column] });
        }
        chars.extend(row);
    }
    if height == 0 {
        return Err(PuzzleError::Empty);
    }
    if !(MIN_SIDE..=MAX_SIDE).contains(&width) || !(MIN_SIDE..=MAX_SIDE).contains(&height) {
        return Err(PuzzleError::Size { width, height });
    }
    Ok((width, height, chars))
}
