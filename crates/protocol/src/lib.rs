//! The engine protocols as types: what a client asks an engine
//! ([`Command`]) and what the engine answers ([`Reply`]), each parsed and
//! formatted once per dialect: Breakline's own line protocol ([`line`]) and
//! UCI with its cousin UGI ([`uci`]). The engine (`breakline engine`,
//! `breakline uci`) and the match runner's `engine:`, `uci:` and `ugi:`
//! seats all speak through them, so the two sides cannot drift apart. The
//! engine's side of a conversation, its state and its loop, is the
//! [`session`], which the command line hands stdin and stdout.

#![warn(missing_docs)]

pub mod command;
pub mod line;
pub mod reply;
pub mod session;
pub mod uci;

pub use command::{Command, EngineOption, Go, GoClocks, Protocol, Query, SolveLimits, Start};
pub use reply::{GameStatus, Id, Info, OptionKind, OptionSpec, Reply, Response, Solved, UgiResult};
