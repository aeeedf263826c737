//! The AI wing: evaluations, the searches, the opening book and the df-pn
//! solver. It uses the rules wing and nothing above it.

#![warn(missing_docs)]

pub mod book;
pub mod eval;
pub mod game_text;
pub mod player;
pub mod search;
pub mod solver;
mod zeroed;
