//! The rules wing's tests: perft against a reference move generator, the rules' properties,
//! notation, symmetry, positions in words. One binary, so a release build links the
//! crate once.

mod analysis;
mod describe;
mod move_bound;
mod perft;
mod rules_property;
mod symmetry;
mod typed_moves;
