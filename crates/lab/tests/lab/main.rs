//! The lab's tests: the match runner and its records, series, shards, levels, tuning, the opening
//! book's builder, the naive players' study. One binary, so a release build links the crate once.

mod book;
mod levels;
mod naive_study;
mod record;
mod series;
mod shard;
mod tune;
