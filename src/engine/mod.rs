//! The rules engine and AI: pure Rust, free of the game framework, so the
//! command line, the tests and the game all share it. Three wings show the
//! layers: `rules` uses nothing above it, `ai` uses `rules`, `lab` uses both;
//! `flow` (the puzzle) stands apart.

#![warn(missing_docs)]

pub mod ai;
pub mod flow;
pub mod lab;
pub mod rules;

pub use ai::eval::{Score, Strategy};
pub use ai::search::{AiConfig, Algorithm, SearchHandler, SearchInfo, SearchResult};
pub use rules::error::{FenError, MoveError, SizeError};
pub use rules::game::{Game, MoveList};
pub use rules::placement::Placement;
pub use rules::position::Position;
pub use rules::types::{BoardSize, DrawReason, Move, Outcome, Side, Variant, WinReason};
