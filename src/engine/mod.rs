//! The rules engine and AI: pure Rust, free of the game framework, so the
//! command line, the tests and the game all share it.

#![warn(missing_docs)]

pub mod analysis;
pub mod bits;
pub mod board;
pub mod book;
pub mod breakthrough;
mod error;
pub mod eval;
pub mod flow;
pub mod game;
pub mod geometry;
pub mod loa;
pub mod movetext;
pub mod naive_study;
mod notation;
mod perft;
mod placement;
mod position;
pub(crate) mod rating;
pub mod record;
pub mod search;
pub mod series;
pub mod solver;
pub(crate) mod sprt;
pub mod tune;
mod types;
mod zobrist;

pub use error::{FenError, MoveError, SizeError};
pub use eval::{Score, Strategy};
pub use game::{Game, MoveList};
pub use placement::Placement;
pub use position::Position;
pub use search::{AiConfig, Algorithm, SearchHandler, SearchInfo, SearchResult};
pub use types::{BoardSize, Color, DrawReason, Move, Outcome, Variant, WinReason};
