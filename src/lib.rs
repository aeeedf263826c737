//! Breakline: Breakthrough and Lines of Action with configurable AI players.
//! `engine` is the pure rules and AI; `app` the Bevy game; `cli` the command line.

#[cfg(feature = "gui")]
pub mod app;
pub mod cli;
pub mod engine;
