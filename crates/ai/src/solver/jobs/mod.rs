//! Job-level proof-number search (after Wu, Lin and others 2010, "Job-level
//! proof-number search for Connect6", and Saffidine, Jouandeau and Cazenave
//! 2011, who proved Breakthrough 6x5 this way): a master grows the top of the
//! proof tree (`tree`) and hands its frontier positions out as jobs, each
//! proved or disproved by an ordinary solve within a node budget. Results
//! are files (`files`), so the jobs can run anywhere a batch engine puts
//! them, a job that dies is simply handed out again, and a run resumes from
//! its directory. Only for games without repetitions (Breakthrough): a
//! frontier job cannot see the master's path, so in Lines of Action a proof
//! could loop through it.

mod files;
mod tree;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use web_time::Instant;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use breakline_rules::error::FenError;
use breakline_rules::position::Position;
use breakline_rules::{Move, Side, Variant};

use super::{LastRanksFileError, LastRanksTable, SolveConfig, SolveError, Verdict, solve};
pub use files::JobDir;
use tree::{Plan, Tree};

/// How a job-level solve cuts its work.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JobSettings {
    /// Nodes each job may search before it reports its numbers.
    pub budget: u64,
    /// Jobs handed out at most in one wave.
    pub wave: usize,
    /// Each job's table, MiB.
    pub memory_mib: usize,
    /// Nodes of the master's own small solve of each new leaf (its numbers,
    /// or its result where that settles it).
    pub probe: u64,
    /// How many last ranks the jobs' tables of the last ranks cover
    /// (`None`: the default depth; `Some(0)`: none), each job filling its own.
    pub last_ranks: Option<usize>,
    /// A table of the last ranks (`breakline last-ranks`) every job loads,
    /// rather than each filling its own; a path every job's machine sees.
    pub last_ranks_file: Option<PathBuf>,
}

/// One frontier position handed out to prove, as a wave file holds it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Job {
    /// The job's place in its wave, from 0 (its shard is this modulo the shards).
    pub index: usize,
    /// The game.
    pub variant: Variant,
    /// The position.
    pub fen: String,
    /// Nodes the job may search.
    pub budget: u64,
    /// The job's table, MiB.
    pub memory_mib: usize,
    /// The depth of the table of the last ranks, filled by the job as it
    /// goes (`None`: the default depth).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_ranks: Option<usize>,
    /// A table of the last ranks to load instead (its depth is the file's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_ranks_file: Option<PathBuf>,
}

/// What a job found, as its result file holds it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct JobResult {
    /// The position proved.
    pub fen: String,
    /// Who wins it, or unknown within the budget.
    pub verdict: Verdict,
    /// For a win: a line to the end of the game, moves by name.
    pub line: Vec<String>,
    /// Unknown: the root's proof and disproof numbers for the mover's win.
    pub proof: u32,
    /// See `proof`.
    pub disproof: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Seconds spent.
    pub seconds: f64,
}

impl JobResult {
    /// The line's moves on `pos`, as far as they are legal (the whole line
    /// is checked by the rules at the end).
    fn moves(&self, pos: &Position) -> Vec<Move> {
        let mut pos = pos.clone();
        self.line.iter().map_while(|text| pos.play_text(text).ok()).collect()
    }
}

/// Why a job-level solve or a job could not go on, in one line.
#[derive(Debug, Error)]
pub enum JobError {
    /// Lines of Action, or another game where positions recur.
    #[error("job-level proofs need a game whose positions never recur (Breakthrough)")]
    Repeats,
    /// The position is already decided.
    #[error("the game is already over")]
    GameOver,
    /// A file of the run cannot be read or written.
    #[error("{}: {reason}", path.display())]
    Access {
        /// The file or directory.
        path: std::path::PathBuf,
        /// What the system said.
        #[source]
        reason: std::io::Error,
    },
    /// A wave or result cannot be written as JSON.
    #[error("{}: {reason}", path.display())]
    Unwritable {
        /// The file.
        path: std::path::PathBuf,
        /// What writing it ran into.
        #[source]
        reason: serde_json::Error,
    },
    /// The directory holds a run of another position or budget.
    #[error("{} holds a job-level solve of another position or job budget", path.display())]
    Foreign {
        /// The run's directory.
        path: std::path::PathBuf,
    },
    /// A wave or result file is damaged.
    #[error("{} is damaged: {reason}", path.display())]
    Damaged {
        /// The file.
        path: std::path::PathBuf,
        /// What reading it ran into.
        #[source]
        reason: serde_json::Error,
    },
    /// Waves in a row brought back no result: the jobs are failing.
    #[error("{0} waves in a row returned no result (see the jobs' logs)")]
    NoProgress(usize),
    /// A job's position could not be solved.
    #[error("job {index} of {}: {reason}", path.display())]
    Job {
        /// The wave file.
        path: std::path::PathBuf,
        /// The job's index.
        index: usize,
        /// Why.
        #[source]
        reason: JobFailure,
    },
}

/// Why one job's solve could not be run.
#[derive(Debug, Error)]
pub enum JobFailure {
    /// Its position does not read.
    #[error(transparent)]
    Position(#[from] FenError),
    /// The table of the last ranks it names does not load.
    #[error(transparent)]
    LastRanks(#[from] LastRanksFileError),
    /// The solve refused it.
    #[error(transparent)]
    Solve(#[from] SolveError),
}

/// What a job-level solve proved, and what it cost.
#[derive(Clone, Debug, PartialEq)]
pub struct JobSolution {
    /// Who wins.
    pub winner: Side,
    /// A line to the end of the game (the master's moves, then a job's).
    pub line: Vec<Move>,
    /// The proof's length along the line's choices, plies.
    pub bound: u32,
    /// Waves handed out by this run (not those a resumed run found done).
    pub waves: usize,
    /// Results the proof rests on or passed by, from every run in the directory.
    pub jobs: usize,
    /// Nodes those jobs searched.
    pub job_nodes: u64,
    /// Seconds those jobs spent, added up.
    pub job_seconds: f64,
    /// Nodes of this run's own small solves of new leaves (`JobSettings::probe`).
    pub probe_nodes: u64,
    /// This run's wall time.
    pub time: Duration,
}

/// A wave about to run, as the master's `run` hears of it.
#[derive(Clone, Copy, Debug)]
pub struct WaveStart<'a> {
    /// The wave file.
    pub path: &'a Path,
    /// Its jobs.
    pub jobs: usize,
    /// Results known before it.
    pub results: usize,
    /// The root's proof number for its mover's win, with those results.
    pub proof: u32,
    /// The root's disproof number for its mover's win.
    pub disproof: u32,
}

/// Waves in a row without a new result before the master gives up.
const IDLE_WAVES: usize = 3;

/// Proves who wins `position` by jobs: plans a wave from the results in
/// `dir`, writes it, has `run` execute it (any job may fail, it is handed
/// out again), and again until the root is decided. A directory with earlier
/// results resumes where they leave off.
pub fn solve_by_jobs(
    position: &Position,
    settings: &JobSettings,
    dir: &JobDir,
    run: &mut dyn FnMut(&WaveStart),
) -> Result<JobSolution, JobError> {
    check_position(position)?;
    let start = Instant::now();
    let (mut waves, mut idle) = (0, 0);
    let mut prober = Prober { settings, done: HashMap::new(), nodes: 0 };
    loop {
        let ledger = dir.results()?;
        let (jobs, proof, disproof): (Vec<Job>, _, _) = match Tree::plan(position, &ledger, settings.wave, &mut |p| {
            prober.probe(p)
        }) {
            Plan::Decided { winner, line, len } => {
                let (job_nodes, job_seconds) = ledger.values().fold((0, 0.0), |(n, s), r| (n + r.nodes, s + r.seconds));
                let (jobs, time, probe_nodes) = (ledger.len(), start.elapsed(), prober.nodes);
                let bound = len;
                return Ok(JobSolution { winner, line, bound, waves, jobs, job_nodes, job_seconds, probe_nodes, time });
            }
            Plan::Wave { positions, proof, disproof } => (jobs_of(&positions, settings), proof, disproof),
        };
        let path = dir.write_wave(&jobs)?;
        run(&WaveStart { path: &path, jobs: jobs.len(), results: ledger.len(), proof, disproof });
        waves += 1;
        idle = if dir.results()?.len() > ledger.len() { 0 } else { idle + 1 };
        if idle >= IDLE_WAVES {
            return Err(JobError::NoProgress(idle));
        }
    }
}

/// A wave's jobs: one for each position.
fn jobs_of(positions: &[Position], settings: &JobSettings) -> Vec<Job> {
    let job = |(index, p): (usize, &Position)| job_for(index, p, settings.budget, settings.memory_mib, settings);
    positions.iter().enumerate().map(job).collect()
}

/// The job of proving `pos` within `budget` nodes on a `memory_mib` table,
/// with the run's table of the last ranks.
fn job_for(index: usize, pos: &Position, budget: u64, memory_mib: usize, settings: &JobSettings) -> Job {
    Job {
        index,
        variant: pos.variant(),
        fen: pos.fen(),
        budget,
        memory_mib,
        last_ranks: settings.last_ranks,
        last_ranks_file: settings.last_ranks_file.clone(),
    }
}

/// The master's small solves of new leaves, each done once a run (every
/// wave replans from the root).
struct Prober<'a> {
    settings: &'a JobSettings,
    done: HashMap<String, JobResult>,
    nodes: u64,
}

impl Prober<'_> {
    fn probe(&mut self, pos: &Position) -> JobResult {
        let fen = pos.fen();
        if let Some(known) = self.done.get(&fen) {
            return known.clone();
        }
        let job = job_for(0, pos, self.settings.probe, 1, self.settings);
        let result = run_job(&job, 1).unwrap_or_else(|_| unknown(&job));
        self.nodes += result.nodes;
        self.done.insert(fen, result.clone());
        result
    }
}

/// A job that found nothing: its numbers those of a new node.
fn unknown(job: &Job) -> JobResult {
    let fen = job.fen.clone();
    JobResult { fen, verdict: Verdict::Unknown, line: Vec::new(), proof: 1, disproof: 1, nodes: 0, seconds: 0.0 }
}

fn check_position(position: &Position) -> Result<(), JobError> {
    if position.variant() != Variant::Breakthrough {
        return Err(JobError::Repeats);
    }
    if position.outcome().is_over() {
        return Err(JobError::GameOver);
    }
    Ok(())
}

/// Runs the jobs of the wave file `path` that fall to shard `number` of
/// `count` (from 1; job i is shard i mod count + 1), each on `threads`
/// threads, writing each result beside the wave file. A job whose result is
/// already there is skipped, so a task run again only finishes its share.
/// Returns how many jobs it ran.
pub fn run_wave(path: &Path, number: usize, count: usize, threads: usize) -> Result<usize, JobError> {
    let jobs = files::read_wave(path)?;
    let mut ran = 0;
    for job in jobs.iter().filter(|j| count > 0 && j.index % count + 1 == number) {
        let target = files::result_path(path, job.index);
        if target.exists() {
            continue;
        }
        let result = run_job(job, threads).map_err(|reason| JobError::Job {
            path: path.to_path_buf(),
            index: job.index,
            reason,
        })?;
        files::write_result(&target, &result)?;
        ran += 1;
    }
    Ok(ran)
}

/// Runs the wave file `path` on this machine, `threads` jobs at a time.
pub fn run_wave_here(path: &Path, threads: usize) -> Result<usize, JobError> {
    let threads = threads.max(1);
    std::thread::scope(|scope| {
        let tasks: Vec<_> =
            (1..=threads).map(|number| scope.spawn(move || run_wave(path, number, threads, 1))).collect();
        tasks.into_iter().map(|t| t.join().unwrap_or(Ok(0))).sum()
    })
}

/// One job: an ordinary solve of its position within its budget.
fn run_job(job: &Job, threads: usize) -> Result<JobResult, JobFailure> {
    let pos = Position::from_fen(job.variant, &job.fen)?;
    let last_ranks = match &job.last_ranks_file {
        Some(path) => Some(LastRanksTable::load(path)?.ranks()),
        None => job.last_ranks,
    };
    let config = SolveConfig {
        nodes: Some(job.budget),
        memory_mib: job.memory_mib,
        distance: false,
        threads: threads.max(1),
        last_ranks,
        ..SolveConfig::default()
    };
    let s = solve(&pos, &config, &mut ())?;
    let line = s.line.iter().scan(pos.clone(), |p, &m| {
        let name = p.move_name(m);
        p.play(m).ok().map(|_| name)
    });
    Ok(JobResult {
        fen: job.fen.clone(),
        verdict: s.verdict,
        line: line.collect(),
        proof: s.progress.proof,
        disproof: s.progress.disproof,
        nodes: s.nodes,
        seconds: s.time.as_secs_f64(),
    })
}
