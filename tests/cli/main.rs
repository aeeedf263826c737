//! Tests of the command line and the engine protocol, through the real binary
//! where the exit code and stderr matter.

mod architecture;
mod binary;
mod clocks;
mod convert;
mod datagen;
mod docs;
mod engine_matches;
mod flow;
mod levels;
mod library;
mod openings;
mod protocol;
mod puzzles;
mod runner;
#[cfg(feature = "server")]
mod serve;
mod shards;
mod uci;

use std::process::Command;

/// The variables that name a shard (see `engine::lab::shard`): cleared for
/// every run, so that tests run inside a batch job behave as anywhere else.
pub const SHARD_VARIABLES: [&str; 8] = [
    "BREAKLINE_SHARD",
    "BREAKLINE_SHARDS",
    "SLURM_ARRAY_TASK_ID",
    "SLURM_ARRAY_TASK_MIN",
    "SLURM_ARRAY_TASK_STEP",
    "SLURM_ARRAY_TASK_COUNT",
    "JOB_COMPLETION_INDEX",
    "PARALLEL_SEQ",
];

/// The binary, to be run with `args`, without any shard variable.
pub fn command(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_breakline"));
    command.args(args);
    for name in SHARD_VARIABLES {
        command.env_remove(name);
    }
    command
}

/// Runs the binary with `args`: exit code, stdout, stderr.
pub fn breakline(args: &[&str]) -> (i32, String, String) {
    breakline_with(args, &[])
}

/// Runs the binary with `args` and the variables `env`: exit code, stdout, stderr.
pub fn breakline_with(args: &[&str], env: &[(&str, &str)]) -> (i32, String, String) {
    let mut command = command(args);
    command.envs(env.iter().copied());
    let out = command.output().expect("binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
