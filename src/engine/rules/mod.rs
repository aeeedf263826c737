//! The rules wing: board sizes, bit sets, geometry, positions of both variants,
//! notation, typed moves, positions in words, position strings, hashing, perft, analysis, game records and
//! the "How to play" lessons.
//! It uses nothing above it: the AI and the lab are written against it.

pub mod analysis;
pub mod bits;
pub mod board;
pub mod breakthrough;
pub mod clock;
pub mod describe;
pub(crate) mod error;
pub mod explain;
pub mod game;
pub mod geometry;
pub(crate) mod hashing;
pub mod lessons;
pub mod line_text;
pub mod line_tree;
pub mod loa;
pub mod movetext;
pub(crate) mod notation;
pub(crate) mod perft;
pub(crate) mod placement;
pub(crate) mod position;
pub mod record;
pub mod side_view;
pub mod symmetry;
pub mod typed_move;
pub(crate) mod types;
pub mod variation;
