//! The rules a solved grid must satisfy, checked from scratch and sharing no
//! code with the solvers, so tests can hold every solver to them.
//!
//! The rules are the report's: every cell is coloured (rule 1); sources keep
//! their colour; a source has exactly one neighbour of its colour (rule 4) and
//! any other cell exactly two (rule 3), so paths never branch or touch
//! themselves; and each colour's cells are connected, so a colour is one path
//! from source to source and never a path plus a detached loop.

use thiserror::Error;

use super::puzzle::{Colour, Puzzle};

/// The first rule a grid breaks. Rows and columns count from 1 at the top left.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Violation {
    /// The grid's cell count differs from the puzzle's.
    #[error("the grid has {found} cells, the puzzle {expected}")]
    WrongSize {
        /// Cells in the grid.
        found: usize,
        /// Cells in the puzzle.
        expected: usize,
    },
    /// A cell's colour is not one of the puzzle's (rule 1).
    #[error("cell at row {row}, column {column} has no colour of the puzzle")]
    Uncoloured {
        /// The cell's row.
        row: usize,
        /// The cell's column.
        column: usize,
    },
    /// A source cell holds another colour than its own.
    #[error("the source at row {row}, column {column} changed colour")]
    SourceChanged {
        /// The source's row.
        row: usize,
        /// The source's column.
        column: usize,
    },
    /// A cell has the wrong number of same-coloured neighbours (rules 3 and 4).
    #[error("cell at row {row}, column {column} has {found} neighbours of its colour, not {expected}")]
    Degree {
        /// The cell's row.
        row: usize,
        /// The cell's column.
        column: usize,
        /// Same-coloured neighbours it has.
        found: usize,
        /// How many it needs: 1 for a source, 2 otherwise.
        expected: usize,
    },
    /// The colour (its character) falls apart into more than one piece.
    #[error("colour '{0}' is not one connected path")]
    Disconnected(char),
}

/// Checks `cells` (one colour per cell, reading order) against the rules.
pub fn validate(puzzle: &Puzzle, cells: &[Colour]) -> Result<(), Violation> {
    let (w, h) = (puzzle.width(), puzzle.height());
    if cells.len() != w * h {
        return Err(Violation::WrongSize { found: cells.len(), expected: w * h });
    }
    let at = |cell: usize| (cell / w + 1, cell % w + 1);
    for (cell, &colour) in cells.iter().enumerate() {
        let (row, column) = at(cell);
        if colour as usize >= puzzle.colour_count() {
            return Err(Violation::Uncoloured { row, column });
        }
        if puzzle.source(cell).is_some_and(|s| s != colour) {
            return Err(Violation::SourceChanged { row, column });
        }
    }
    for (cell, &colour) in cells.iter().enumerate() {
        let (row, column) = at(cell);
        let r = cell / w;
        let c = cell % w;
        let beside = [
            (r > 0, cell.wrapping_sub(w)),
            (r + 1 < h, cell + w),
            (c > 0, cell.wrapping_sub(1)),
            (c + 1 < w, cell + 1),
        ];
        let found = beside.iter().filter(|&&(inside, n)| inside && cells[n] == colour).count();
        let expected = if puzzle.source(cell).is_some() { 1 } else { 2 };
        if found != expected {
            return Err(Violation::Degree { row, column, found, expected });
        }
    }
    // Walk each colour from its first source; every cell of it must be reached.
    for colour in 0..puzzle.colour_count() as Colour {
        let total = cells.iter().filter(|&&c| c == colour).count();
        let mut seen = vec![false; cells.len()];
        let mut stack = vec![puzzle.ends(colour)[0]];
        seen[stack[0]] = true;
        let mut reached = 0;
        while let Some(cell) = stack.pop() {
            reached += 1;
            let (r, c) = (cell / w, cell % w);
            for (inside, n) in [
                (r > 0, cell.wrapping_sub(w)),
                (r + 1 < h, cell + w),
                (c > 0, cell.wrapping_sub(1)),
                (c + 1 < w, cell + 1),
            ] {
                if inside && !seen[n] && cells[n] == colour {
                    seen[n] = true;
                    stack.push(n);
                }
            }
        }
        if reached != total {
            return Err(Violation::Disconnected(puzzle.names()[colour as usize]));
        }
    }
    Ok(())
}
