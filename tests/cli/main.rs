//! Tests of the command line and the engine protocol, through the real binary
//! where the exit code and stderr matter.

mod binary;
mod engine_matches;
mod flow;
mod protocol;
mod runner;

use std::process::Command;

/// Runs the binary with `args`: exit code, stdout, stderr.
pub fn breakline(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_breakline")).args(args).output().expect("binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
