//! The Breakline engine as one name: pure Rust, free of the game framework,
//! so the command line, the tests and the game all share it. Each wing is a
//! crate of its own, so the compiler holds the layers: [`rules`] uses nothing
//! above it; [`lessons`] (the How to play cards) and [`ai`] use `rules`;
//! [`protocol`] (the engine protocols and the engine's session) uses `ai`;
//! [`lab`] uses `protocol` and below; [`library`] (the store) uses `ai` and
//! below, no lab; [`puzzles`] uses `lab` and below; [`flow`] (the Flow Free
//! puzzle) stands apart. This crate only names them.

pub use breakline_ai as ai;
pub use breakline_flow as flow;
pub use breakline_lab as lab;
pub use breakline_lessons as lessons;
pub use breakline_library as library;
pub use breakline_protocol as protocol;
pub use breakline_puzzles as puzzles;
pub use breakline_rules as rules;

pub use ai::eval::{Score, Strategy};
pub use ai::search::{AiConfig, Algorithm, SearchHandler, SearchInfo, SearchResult};
pub use rules::game::{Game, MoveList};
pub use rules::placement::Placement;
pub use rules::position::Position;
pub use rules::{BoardSize, DrawReason, Move, Outcome, Side, Variant, WinReason};
