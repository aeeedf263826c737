//! The AI wing: evaluations, the searches, the opening book and the df-pn
//! solver. It uses the rules wing and nothing above it.

pub mod book;
pub mod eval;
pub mod game_text;
pub mod player;
pub mod search;
pub mod solver;
pub mod time_plan;
mod zeroed;
