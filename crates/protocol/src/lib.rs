//! The engine protocols as types: what a client asks an engine
//! ([`Command`]) and what the engine answers ([`Reply`]), each parsed and
//! formatted once per dialect. Today's one dialect is Breakline's own line
//! protocol ([`line`]); the engine (`breakline engine`) and the match
//! runner's `engine:` seats both speak through it, so the two sides cannot
//! drift apart. Another dialect reads and writes the same types.

#![warn(missing_docs)]

pub mod command;
pub mod line;
pub mod reply;

pub use command::{Command, EngineOption, Go, GoClocks, SolveLimits, Start};
pub use line::SyntaxError;
pub use reply::{GameStatus, Info, Reply, Solved};
