//! Flow Free's tests: the puzzles, the validator and the solvers. One binary, so a release build
//! links the crate once.

mod flow;
