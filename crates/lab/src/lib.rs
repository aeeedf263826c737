//! The lab wing: the one match runner (every series of games, whoever plays
//! them: this build's AI or engine programs), match statistics and the
//! sequential test, ratings, Texel tuning, the naive-players study and the
//! shards that cut any of these across machines. It uses
//! the rules and the AI wings.

#![warn(missing_docs)]

pub mod against;
pub mod book_build;
pub mod levels;
pub mod naive_study;
pub mod openings;
pub mod rating;
pub mod runner;
pub mod series;
pub mod shard;
pub mod sprt;
pub mod studies;
pub mod train;
pub mod tune;
