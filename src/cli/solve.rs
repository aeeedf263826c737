//! `breakline solve`: proves who wins a position, with a progress display on
//! stderr; and the protocol's `solve` command, which shares the reply format.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use crate::engine::ai::search::limits::THREADS;
use crate::engine::ai::solver::jobs::JobSettings;
use crate::engine::ai::solver::{
    self, Checkpoint, LastRanksError, LastRanksTable, Solution, SolveConfig, SolveHandler, SolveProgress, Verdict,
};
use crate::engine::lab::shard::Shard;
use crate::engine::{BoardSize, Position, Variant};

use super::solve_error::SolveCommandError;
use super::solve_jobs::{self, Runner};

#[derive(Args, Debug)]
pub(crate) struct SolveArgs {
    /// breakthrough or loa
    #[arg(long, default_value = "breakthrough")]
    variant: Variant,
    /// Board size, COLUMNSxROWS (ignored with --fen, whose ranks give the size); by default the
    /// game's smallest board: 5x5 Breakthrough, 6x6 Lines of Action
    #[arg(long)]
    size: Option<BoardSize>,
    /// Start from this position string instead of the start position
    #[arg(long)]
    fen: Option<String>,
    /// Moves to play first, space-separated (e.g. "a2-a3 b4-b3")
    #[arg(long)]
    moves: Option<String>,
    /// Seconds to spend at most on the proof (unlimited if absent)
    #[arg(long)]
    time_limit: Option<f64>,
    /// Nodes to search at most on the proof
    #[arg(long)]
    nodes: Option<u64>,
    /// Transposition-table size in MiB
    #[arg(long, default_value_t = 256, value_parser = clap::value_parser!(u64).range(1..=65536))]
    memory: u64,
    /// Skip the search for the shortest forced win after a proof
    #[arg(long)]
    no_distance: bool,
    /// Solve without the games' structural knowledge (races, forced captures)
    #[arg(long)]
    no_knowledge: bool,
    /// Breakthrough: how many of each side's last ranks the table of their
    /// fight covers (0: none; default: the deepest that fills in a moment;
    /// deeper tables are filled as the proof meets them, which can take
    /// minutes and up to a GB)
    #[arg(long, value_name = "RANKS")]
    last_ranks: Option<usize>,
    /// Breakthrough: load the table of the last ranks from this file (made
    /// by `breakline last-ranks`; its depth is the table's) instead of
    /// filling one; with --jobs, every job loads it
    #[arg(long, value_name = "FILE")]
    last_ranks_file: Option<PathBuf>,
    /// Keep mirror-image positions apart in the table (for comparisons)
    #[arg(long)]
    no_symmetry: bool,
    /// Threads proving together on one table
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(thread_range()))]
    threads: u64,
    /// Save the proof's table to this file as it goes, and resume from it if it exists
    #[arg(long)]
    checkpoint: Option<PathBuf>,
    /// Minutes between checkpoint saves
    #[arg(long, default_value_t = 5.0, requires = "checkpoint")]
    checkpoint_every: f64,
    /// Where stderr is not a terminal (a log, a batch job): a progress line
    /// every this many seconds
    #[arg(long, value_name = "SECONDS", default_value_t = 60, value_parser = clap::value_parser!(u64).range(1..))]
    log_every: u64,
    /// Prove by jobs (Breakthrough): grow the top of the proof tree here and
    /// hand its frontier positions out in waves of jobs, their files in DIR
    /// (run again, it resumes from them)
    #[arg(long, value_name = "DIR", conflicts_with_all = ["checkpoint", "nodes", "time_limit"])]
    jobs: Option<PathBuf>,
    /// With --jobs: nodes each job may search before it reports back
    #[arg(long, default_value_t = 100_000, requires = "jobs", value_parser = clap::value_parser!(u64).range(1..))]
    job_nodes: u64,
    /// With --jobs: jobs handed out at most in one wave
    #[arg(long, default_value_t = 16, requires = "jobs", value_parser = clap::value_parser!(u64).range(1..=100_000))]
    wave: u64,
    /// With --jobs: run each wave by this shell command (BREAKLINE_WAVE names
    /// the wave file, BREAKLINE_JOBS its jobs), returning when its tasks end,
    /// e.g. a Slurm array submitted with --wait; else the jobs run here,
    /// --threads at a time
    #[arg(long, value_name = "COMMAND", requires = "jobs")]
    submit: Option<String>,
    /// Run the jobs of this wave file that fall to this task's shard and
    /// write their results beside it (a task of a --jobs proof)
    #[arg(long, value_name = "WAVE", conflicts_with = "jobs")]
    run_jobs: Option<PathBuf>,
    /// With --run-jobs: this task's shard K/N (else BREAKLINE_SHARD, a Slurm
    /// array's SLURM_ARRAY_TASK_ID, or JOB_COMPLETION_INDEX with
    /// BREAKLINE_SHARDS; else every job of the wave)
    #[arg(long, value_name = "K/N", requires = "run_jobs")]
    shard: Option<Shard>,
}

/// Shows the root's numbers as the solve runs: a spinner on a terminal, and
/// where stderr is not one (a log, a batch job) a line every `--log-every` seconds.
struct Spinner {
    bar: ProgressBar,
    /// When the next line is due, and the time between lines (no lines on a terminal).
    lines: Option<(Duration, Duration)>,
    /// Set by an interrupt (Ctrl-C, or a batch system's SIGTERM): the solve
    /// stops with what it knows and saves its checkpoint.
    interrupted: Arc<AtomicBool>,
}

impl SolveHandler for Spinner {
    fn should_stop(&self) -> bool {
        self.interrupted.load(Ordering::Relaxed)
    }

    fn report(&mut self, p: &SolveProgress) {
        let phase = if p.distance_bound > 0 {
            format!("distance: win within {} plies?", p.distance_bound)
        } else {
            format!("proving a {} win: proof {} disproof {}", p.target, number(p.proof), number(p.disproof))
        };
        let message = format!("{phase}, {} nodes, table {:.0}% full", p.nodes, 100.0 * p.table_fill);
        if let Some((next, every)) = &mut self.lines
            && p.time >= *next
        {
            *next = p.time + *every;
            eprintln!("after {} s: {message}", p.time.as_secs());
        }
        self.bar.set_message(message);
        self.bar.tick();
    }
}

fn number(n: u32) -> String {
    if n >= 1 << 30 { "inf".to_string() } else { n.to_string() }
}

/// The exit status of a solve an interrupt stopped (128 + SIGINT, as shells report it).
const INTERRUPTED: u8 = 130;

pub(crate) fn run(args: &SolveArgs) -> Result<ExitCode, SolveCommandError> {
    if let Some(wave) = &args.run_jobs {
        solve_jobs::worker(wave, args.shard, args.threads as usize)?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut pos = match &args.fen {
        Some(fen) => Position::from_fen(args.variant, fen)?,
        None => Position::start(args.variant, args.size.unwrap_or_else(|| smallest_board(args.variant)))?,
    };
    for m in args.moves.iter().flat_map(|s| s.split_whitespace()) {
        pos.play_text(m).map_err(|source| SolveCommandError::Move { text: m.to_string(), source })?;
    }
    let last_ranks_file = match &args.last_ranks_file {
        Some(path) => Some(load_last_ranks(path, &pos, args.last_ranks)?),
        None => None,
    };
    if let Some(dir) = &args.jobs {
        return by_jobs(args, &pos, dir, last_ranks_file.map(|(path, _)| path));
    }
    let time = match args.time_limit {
        Some(s) if s.is_finite() && s > 0.0 => Some(Duration::from_secs_f64(s)),
        Some(s) => return Err(SolveCommandError::TimeLimit(s)),
        None => None,
    };
    let config = SolveConfig {
        time,
        nodes: args.nodes,
        memory_mib: args.memory as usize,
        distance: !args.no_distance,
        knowledge: !args.no_knowledge,
        symmetry: !args.no_symmetry,
        threads: args.threads as usize,
        checkpoint: checkpoint(args)?,
        last_ranks: last_ranks_file.map(|(_, ranks)| ranks).or(args.last_ranks),
    };
    let bar = ProgressBar::new_spinner();
    bar.set_style(
        ProgressStyle::with_template("{spinner} {elapsed} {msg}").unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    let every = Duration::from_secs(args.log_every);
    let lines = (!std::io::stderr().is_terminal()).then_some((every, every));
    let mut spinner = Spinner { bar, lines, interrupted: stop_on_interrupt() };
    let solution = solver::solve(&pos, &config, &mut spinner)?;
    spinner.bar.finish_and_clear();
    if let Verdict::Win(winner) = solution.verdict {
        solver::check_line(&pos, winner, &solution.line).map_err(SolveCommandError::BadLine)?;
    }
    print!("{}", report(&pos, &solution));
    if !spinner.interrupted.load(Ordering::Relaxed) {
        return Ok(ExitCode::SUCCESS);
    }
    interrupted(&config)
}

/// The last line of a solve an interrupt stopped, and its exit status.
fn interrupted(config: &SolveConfig) -> Result<ExitCode, SolveCommandError> {
    let resume = match &config.checkpoint {
        Some(c) => format!("the table is saved in {}: the same command resumes", c.path.display()),
        None => "no checkpoint was asked for (--checkpoint FILE keeps the work)".to_string(),
    };
    println!("interrupted: {resume}");
    let _ = std::io::stdout().flush();
    Ok(ExitCode::from(INTERRUPTED))
}

/// A job-level proof of `pos` in `dir` (`--jobs`), its jobs loading the
/// table of the last ranks in `last_ranks_file` if one is given.
fn by_jobs(
    args: &SolveArgs,
    pos: &Position,
    dir: &Path,
    last_ranks_file: Option<PathBuf>,
) -> Result<ExitCode, SolveCommandError> {
    // A depth the board cannot have is refused here, not by every job.
    if let (Some(ranks @ 1..), None) = (args.last_ranks, &last_ranks_file) {
        LastRanksTable::new(pos.size(), ranks)?;
    }
    let settings = JobSettings {
        budget: args.job_nodes,
        wave: args.wave as usize,
        memory_mib: args.memory as usize,
        probe: PROBE,
        last_ranks: args.last_ranks,
        last_ranks_file,
    };
    let runner = match &args.submit {
        Some(command) => Runner::Command(command),
        None => Runner::Here(args.threads as usize),
    };
    print!("{}", solve_jobs::master(pos, dir, &settings, runner)?);
    Ok(ExitCode::SUCCESS)
}

/// A flag the first interrupt (SIGINT, or the SIGTERM a batch system sends
/// before its time limit) sets, so that a long proof ends with its report and
/// checkpoint rather than losing the work since the last save; a second
/// interrupt ends the process at once.
fn stop_on_interrupt() -> Arc<AtomicBool> {
    let flag = Arc::new(AtomicBool::new(false));
    let set = flag.clone();
    let installed = ctrlc::set_handler(move || {
        if set.swap(true, Ordering::Relaxed) {
            std::process::exit(i32::from(INTERRUPTED));
        }
        eprintln!("breakline: interrupted; stopping the proof and saving what it knows (again to quit at once)");
    });
    if let Err(e) = installed {
        eprintln!("breakline: warning: an interrupt will end the proof without its report: {e}");
    }
    flag
}

/// Nodes of the master's small solve of each new leaf of a job-level proof.
const PROBE: u64 = 1000;

/// The threads a solve may use: the searches' limit.
const fn thread_range() -> std::ops::RangeInclusive<u64> {
    *THREADS.start() as u64..=*THREADS.end() as u64
}

/// The board a solve starts on when no size is given: the game's smallest,
/// the one a proof finishes on (fresh eyes: `--variant loa` alone was
/// refused for Breakthrough's 5x5).
fn smallest_board(variant: Variant) -> BoardSize {
    match variant {
        Variant::Breakthrough => BoardSize::new(5, 5),
        Variant::LinesOfAction => BoardSize::new(6, 6),
    }
}

/// Loads the table of the last ranks in `path` for a solve of `pos`, which
/// must be of its board size (and depth, if `asked`); the file's full path
/// (for jobs that run elsewhere) and the table's depth.
fn load_last_ranks(path: &Path, pos: &Position, asked: Option<usize>) -> Result<(PathBuf, usize), SolveCommandError> {
    if pos.variant() != Variant::Breakthrough {
        return Err(LastRanksError::NotBreakthrough.into());
    }
    let table = LastRanksTable::load(path)?;
    if table.size() != pos.size() {
        return Err(SolveCommandError::LastRanksSize { file: table.size(), board: pos.size() });
    }
    if let Some(asked) = asked.filter(|&k| k != table.ranks()) {
        return Err(SolveCommandError::LastRanksDepth { file: table.ranks(), asked });
    }
    let full = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    Ok((full, table.ranks()))
}

/// Where and how often to save the table, from the flags.
fn checkpoint(args: &SolveArgs) -> Result<Option<Checkpoint>, SolveCommandError> {
    let Some(path) = &args.checkpoint else { return Ok(None) };
    let minutes = args.checkpoint_every;
    if !(minutes.is_finite() && minutes > 0.0) {
        return Err(SolveCommandError::CheckpointEvery(minutes));
    }
    Ok(Some(Checkpoint { path: path.clone(), every: Duration::from_secs_f64(minutes * 60.0) }))
}

/// The command line's report: result, line, distance, effort.
fn report(pos: &Position, s: &Solution) -> String {
    let mut out = String::new();
    match s.verdict {
        Verdict::Win(winner) => {
            out.push_str(&format!("result {winner} wins (proved)\n"));
            out.push_str(&format!("line {}\n", line_text(pos, s)));
            if let Some(bound) = s.bound {
                out.push_str(&format!("proof length {bound} plies\n"));
            }
            match s.distance {
                Some(d) => out.push_str(&format!("distance {d} plies (shortest forced win)\n")),
                None => out.push_str("distance not computed\n"),
            }
        }
        Verdict::Unknown if s.neither_wins => {
            out.push_str(
                "result unknown: neither side can be shown to win (a draw is likely; repetitions keep it unproved)\n",
            );
        }
        Verdict::Unknown => {
            out.push_str(&format!(
                "result unknown within the budget ({} win: proof {} disproof {})\n",
                s.progress.target,
                number(s.progress.proof),
                number(s.progress.disproof)
            ));
        }
    }
    if let Some(entries) = s.resumed {
        out.push_str(&format!("resumed from the checkpoint's {entries} table entries\n"));
    }
    if let Some(failure) = &s.checkpoint_failure {
        out.push_str(&format!("warning: the last checkpoint save failed: {failure}\n"));
    }
    let secs = s.time.as_secs_f64();
    out.push_str(&format!(
        "nodes {} time {:.3} s (proof {:.3} s), {:.0} nodes/s\n",
        s.nodes,
        secs,
        s.proof_time.as_secs_f64(),
        s.nodes as f64 / secs.max(1e-9)
    ));
    out
}

fn line_text(pos: &Position, s: &Solution) -> String {
    s.line.iter().map(|&m| pos.move_name(m)).collect::<Vec<_>>().join(" ")
}
