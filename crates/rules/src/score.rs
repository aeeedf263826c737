//! Score units, shared by evaluations, searches and records.

/// Score units, shared by evaluations, searches and records. Heuristic scores
/// stay well inside `±WIN`; proven results use `±(WIN - plies to the end)`,
/// so shorter wins score higher.
pub type Score = i32;
/// The score of a win on the board; a win `n` plies ahead scores `WIN - n`.
pub const WIN: Score = 1_000_000;
