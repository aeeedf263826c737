//! Breakline: Breakthrough and Lines of Action with configurable AI players.
//! `engine` is the pure rules and AI (the workspace's engine crates, by one
//! name); `app` the Bevy game; `cli` the command line.

#[cfg(feature = "gui")]
pub use breakline_app as app;
pub use breakline_engine as engine;

pub mod cli;
