//! The AI wing: evaluations, the searches, the opening book and the df-pn
//! solver, and the one judgement of a person's move that the puzzles and the
//! exercises share. It uses the rules wing and nothing above it.

#![warn(missing_docs)]

pub mod book;
pub mod eval;
pub mod judgement;
pub mod player;
pub mod search;
pub mod solver;
pub mod threads;
mod zeroed;
