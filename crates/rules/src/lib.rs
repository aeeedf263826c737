//! The rules wing: board sizes, bit sets, geometry, positions of both variants,
//! notation, typed moves, positions in words, position strings, hashing, perft, analysis and game records.
//! It uses nothing above it: the AI and the lab are written against it.

#![warn(missing_docs)]

pub mod analysis;
pub mod bits;
pub mod board;
pub mod breakthrough;
pub mod clock;
pub mod connection_rule;
pub mod describe;
pub mod error;
pub mod explain;
pub mod game;
pub mod geometry;
pub mod hashing;
pub mod loa;
pub mod moves;
pub mod notation;
pub mod outcome;
pub mod perft;
pub mod placement;
pub mod position;
pub mod record;
pub mod score;
pub mod side;
pub mod side_view;
pub mod spelling;
pub mod symmetry;
pub mod typed_move;
pub mod uci_fen;
mod variant;

// The small values every part of the engine shares, by their names alone.
pub use moves::Move;
pub use outcome::{DrawReason, Outcome, WinReason};
pub use score::{Score, WIN};
pub use side::{Side, rank_in_front};
pub use variant::{BoardSize, SizeError, Variant};
