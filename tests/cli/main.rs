//! Tests of the command line and the engine protocol, through the real binary
//! where the exit code and stderr matter.

mod binary;
mod engine_matches;
mod flow;
mod protocol;
