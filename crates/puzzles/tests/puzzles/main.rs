//! The puzzles wing's tests: every shipped puzzle replays and is proved
//! again, the uniqueness rules, generation, and bad puzzles refused. One
//! binary, so a release build links the crate once.

mod puzzles;
