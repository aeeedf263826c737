//! Tests of the pure engine: rules, notation, perft, AI. One binary, so a
//! release build links the crate once for all of them.

mod analysis;
mod book;
mod clock;
mod describe;
mod eval;
mod fixed_depth;
mod flow;
mod lessons;
mod levels;
mod library;
mod modules;
mod move_bound;
mod multipv;
mod naive;
mod perft;
mod puzzles;
mod record;
mod records;
mod rules;
mod rules_property;
mod search;
mod series;
mod shard;
mod solver;
mod solver_jobs;
mod symmetry;
mod tune;
mod typed_moves;
