//! Tests of the pure engine: rules, notation, perft, AI. One binary, so a
//! release build links the crate once for all of them.

mod eval;
mod perft;
mod rules;
mod rules_property;
mod purity;
mod search;
mod series;
mod record;
mod analysis;
