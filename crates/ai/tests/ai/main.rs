//! The AI wing's tests: evaluations, searches (fixed depth, MultiPV, the naive players), the
//! clock's time plans, game records with players, the solver and its jobs. One binary, so a release
//! build links the crate once.

mod clock;
mod eval;
mod fixed_depth;
mod multipv;
mod naive;
mod records;
mod rules;
mod search;
mod solver;
mod solver_jobs;
