//! `breakline solve --jobs DIR` (the master of a job-level proof: waves of
//! frontier positions run here or by a batch engine's command) and
//! `breakline solve --run-jobs WAVE` (one task of a wave, its shard from
//! `--shard` or the batch engine's variables, as match shards find theirs).

use std::path::Path;
use std::process::Command;

use crate::engine::Position;
use crate::engine::ai::solver::jobs::{self, JobDir, JobSettings, JobSolution, WaveStart};
use crate::engine::ai::solver::{self};
use crate::engine::lab::shard::{Shard, shard_from_env};

use super::solve_error::SolveCommandError;

/// How the master runs each wave.
pub(crate) enum Runner<'a> {
    /// Here, this many jobs at a time.
    Here(usize),
    /// By this shell command, which returns when the wave's tasks are done.
    Command(&'a str),
}

/// The master: proves `pos` by waves of jobs whose files live in `dir`.
pub(crate) fn master(
    pos: &Position,
    dir: &Path,
    settings: &JobSettings,
    runner: Runner,
) -> Result<String, SolveCommandError> {
    let run_dir = JobDir::open(dir, pos, settings)?;
    let mut run = |wave: &WaveStart| {
        eprintln!(
            "breakline: wave {} with {} jobs; {} results so far, the root's {} win: proof {} disproof {}",
            wave.path.display(),
            wave.jobs,
            wave.results,
            pos.side_to_move(),
            wave.proof,
            wave.disproof
        );
        match runner {
            Runner::Here(threads) => {
                if let Err(e) = jobs::run_wave_here(wave.path, threads) {
                    eprintln!("breakline: warning: {e} (its jobs will be handed out again)");
                }
            }
            Runner::Command(command) => submit(command, wave.path, wave.jobs),
        }
    };
    let solution = jobs::solve_by_jobs(pos, settings, &run_dir, &mut run)?;
    solver::check_line(pos, solution.winner, &solution.line)?;
    Ok(report(pos, &solution))
}

/// Runs the submit command for one wave; a failure only warns, since the
/// jobs without a result are handed out again.
fn submit(command: &str, wave: &Path, count: usize) {
    let status = Command::new("sh")
        .arg("-c")
        .arg(command)
        .env("BREAKLINE_WAVE", wave)
        .env("BREAKLINE_JOBS", count.to_string())
        .status();
    match status {
        Ok(s) if s.success() => {}
        Ok(s) => {
            eprintln!("breakline: warning: the submit command ended with {s} (missing results are handed out again)")
        }
        Err(e) => eprintln!("breakline: warning: the submit command could not start: {e}"),
    }
}

fn report(pos: &Position, s: &JobSolution) -> String {
    let line: Vec<String> = s
        .line
        .iter()
        .scan(pos.clone(), |p, &m| {
            let name = p.move_name(m);
            p.play(m).ok().map(|_| name)
        })
        .collect();
    let secs = s.time.as_secs_f64();
    format!(
        "result {} wins (proved)\nline {}\nproof length {} plies\n\
         jobs {} results ({} waves this run), {} nodes in jobs, {:.3} s of job time; {} nodes in the master's probes\ntime {:.3} s\n",
        s.winner,
        line.join(" "),
        s.bound,
        s.jobs,
        s.waves,
        s.job_nodes,
        s.job_seconds,
        s.probe_nodes,
        secs
    )
}

/// A task of a wave: runs its shard's jobs of `wave` on `threads` threads.
pub(crate) fn worker(wave: &Path, shard: Option<Shard>, threads: usize) -> Result<(), SolveCommandError> {
    let shard = match shard {
        Some(s) => s,
        None => shard_from_env(|name| std::env::var(name).ok())?.map_or(Shard::whole(), |env| env.shard),
    };
    let ran = jobs::run_wave(wave, shard.number(), shard.count(), threads)?;
    eprintln!("breakline: shard {shard} of {}: {ran} jobs run", wave.display());
    Ok(())
}
