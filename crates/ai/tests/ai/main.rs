//! The AI wing's tests: evaluations, searches (fixed depth, MultiPV, the naive players), the
//! clock's time plans, game records with players, the solver and its jobs. The tests of what the browser has run
//! there too (as WebAssembly under a WASI runtime, `scripts/wasm-tests.sh`). One binary, so a release
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
// Jobs live in files and run on a cluster: native only.
#[cfg(not(target_family = "wasm"))]
mod solver_jobs;
