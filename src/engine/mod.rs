//! The rules engine and AI: pure Rust, free of the game framework, so the
//! command line, the tests and the game all share it.

pub mod bits;
pub mod board;
pub mod breakthrough;
pub mod error;
pub mod game;
pub mod geometry;
pub mod loa;
pub mod notation;
pub mod perft;
pub mod placement;
pub mod record;
pub mod position;
pub mod types;
pub mod zobrist;

pub use error::{FenError, MoveError, SizeError};
pub use game::{Game, MoveList};
pub use placement::Placement;
pub use position::Position;
pub use types::{BoardSize, Color, DrawReason, Move, Outcome, Variant, WinReason};
pub mod eval;
pub mod search;

pub use eval::{Evaluate, Score, Strategy};
pub use search::{AiConfig, Algorithm, SearchHandler, SearchInfo, SearchResult};
