//! The puzzles wing: positions where the side to move has a forced win with
//! one answer, beside the solver that proves them and the lab whose self-play
//! games they come from. A [`puzzle`] as a set file holds it, the shipped
//! [`set`]s, [`proving`] (the uniqueness rules and the solver's proofs),
//! [`generate`] (from seeded self-play), [`judge`] (a person's move off the
//! line) and [`rating`] (each puzzle an opponent of the person's puzzle
//! rating: picking and scoring). It uses the rules, the AI and the lab's
//! runner; the game's Puzzles mode calls it.

#![warn(missing_docs)]

pub mod generate;
pub mod judge;
pub mod proving;
mod puzzle;
pub mod rating;
pub mod set;

pub use generate::{PuzzleSpec, generate};
pub use proving::Uniqueness;
pub use puzzle::{Puzzle, PuzzleError};
pub use set::PuzzleSet;
