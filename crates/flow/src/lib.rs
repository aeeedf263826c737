//! Flow Free puzzles as a constraint problem: join each colour's two sources
//! by a path, fill every cell, never cross. The puzzle and its text format,
//! an independent validator, the solvers of the CS 440 report and our own,
//! and the puzzles shipped with the binary.

#![warn(missing_docs)]

mod drawing;
pub mod library;
mod puzzle;
pub mod solve;
pub mod validate;

pub use drawing::Drawing;
pub use puzzle::{Colour, Puzzle, PuzzleError};
pub use solve::SolveReport;
pub use solve::{Budget, GaveUp, Method, Observer, Outcome, count_solutions, solve, solve_watched};
pub use validate::{Violation, validate};
