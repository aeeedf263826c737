//! `breakline flow`: solve Flow Free puzzles (a file or a shipped puzzle's
//! name), list the shipped ones, and bench every method beside the CS 440
//! report's published figures.

use std::time::Duration;

use clap::{Args, Subcommand};
use thiserror::Error;

use crate::engine::flow::library::{self, Published};
use crate::engine::flow::{
    Budget, GaveUp, Method, Outcome, Puzzle, PuzzleError, SolveReport, Violation, count_solutions, solve, validate,
};

#[derive(Args, Debug)]
pub(crate) struct FlowArgs {
    #[command(subcommand)]
    command: FlowCommand,
}

#[derive(Subcommand, Debug)]
enum FlowCommand {
    /// Solve a puzzle and print the filled grid, the attempts and the time
    Solve(SolveArgs),
    /// List the shipped puzzles, and whether each has a unique solution
    List,
    /// Solve every shipped puzzle with every method, beside the report's figures
    Bench(BenchArgs),
}

#[derive(Args, Debug)]
struct SolveArgs {
    /// A puzzle file, or the name of a shipped puzzle (see `breakline flow list`)
    puzzle: String,
    /// dumbest, dumb, smart (the report's orderings) or paths (ours)
    #[arg(long, default_value = "paths", value_parser = parse_method)]
    method: Method,
    /// Give up after this many seconds
    #[arg(long, value_parser = parse_seconds)]
    time_limit: Option<Duration>,
    /// Give up after this many attempted assignments
    #[arg(long)]
    attempt_limit: Option<u64>,
    /// Seed of the random method (dumbest)
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

#[derive(Args, Debug)]
struct BenchArgs {
    /// Time limit of each run, in seconds; a run cut there is reported as such
    #[arg(long, default_value = "10", value_parser = parse_seconds)]
    time_limit: Duration,
    /// Runs of each solve under a second; the fastest is reported
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=100))]
    runs: u32,
    /// Seed of the random method (dumbest)
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// Why a `flow` command failed.
#[derive(Debug, Error)]
pub(crate) enum FlowCommandError {
    #[error("unknown method '{0}' (expected dumbest, dumb, smart or paths)")]
    UnknownMethod(String),
    #[error("'{0}' is not a number of seconds above 0")]
    BadSeconds(String),
    /// A shipped puzzle that does not parse: a build defect.
    #[error("shipped puzzle {name}: {source}")]
    Shipped { name: &'static str, source: PuzzleError },
    #[error("cannot read '{name}': {source} (give a puzzle file or a shipped name, see breakline flow list)")]
    Read { name: String, source: std::io::Error },
    #[error("{name}: {source}")]
    Parse { name: String, source: PuzzleError },
    /// A solver's solution that breaks a rule: a solver defect.
    #[error("internal error: the {method} solution breaks a rule: {source}")]
    BadSolution { method: Method, source: Violation },
    /// The same, found by the bench.
    #[error("{name} {method}: invalid solution: {source}")]
    BadBenchSolution { name: &'static str, method: Method, source: Violation },
}

/// A shipped puzzle, parsed.
fn shipped_puzzle(shipped: &library::Shipped) -> Result<Puzzle, FlowCommandError> {
    shipped.puzzle().map_err(|source| FlowCommandError::Shipped { name: shipped.name, source })
}

pub(crate) fn run(args: &FlowArgs) -> Result<(), FlowCommandError> {
    match &args.command {
        FlowCommand::Solve(args) => solve_one(args),
        FlowCommand::List => {
            let budget = Budget { time_limit: Some(Duration::from_secs(5)), ..Budget::default() };
            for shipped in &library::SHIPPED {
                let puzzle = shipped_puzzle(shipped)?;
                let solutions = match count_solutions(&puzzle, 2, &budget) {
                    Ok(1) => "a unique solution".to_string(),
                    Ok(0) => "no solution".to_string(),
                    Ok(_) => "several solutions".to_string(),
                    Err(_) => "solutions not counted in 5 s".to_string(),
                };
                println!("{:<6} {:>2} colours, {solutions}", shipped.name, puzzle.colour_count());
            }
            Ok(())
        }
        FlowCommand::Bench(args) => bench(args),
    }
}

fn parse_method(text: &str) -> Result<Method, FlowCommandError> {
    Method::from_id(text).ok_or_else(|| FlowCommandError::UnknownMethod(text.to_string()))
}

fn parse_seconds(text: &str) -> Result<Duration, FlowCommandError> {
    match text.parse::<f64>() {
        Ok(s) if s.is_finite() && s > 0.0 && s <= 1e6 => Ok(Duration::from_secs_f64(s)),
        _ => Err(FlowCommandError::BadSeconds(text.to_string())),
    }
}

/// A shipped puzzle by name, else a file.
fn load(name_or_file: &str) -> Result<Puzzle, FlowCommandError> {
    if let Some(shipped) = library::find(name_or_file) {
        return shipped_puzzle(shipped);
    }
    let name = name_or_file.to_string();
    let text = std::fs::read_to_string(name_or_file).map_err(|source| FlowCommandError::Read { name, source })?;
    Puzzle::parse(&text).map_err(|source| FlowCommandError::Parse { name: name_or_file.to_string(), source })
}

fn solve_one(args: &SolveArgs) -> Result<(), FlowCommandError> {
    let puzzle = load(&args.puzzle)?;
    let budget = Budget { time_limit: args.time_limit, attempt_limit: args.attempt_limit, stop: None };
    let report = solve(&puzzle, args.method, &budget, args.seed);
    if let Outcome::Solved(cells) = &report.outcome {
        validate(&puzzle, cells).map_err(|source| FlowCommandError::BadSolution { method: args.method, source })?;
        print!("{}", puzzle.render_cells(cells));
    }
    println!("{}: {} attempts in {}", verdict(&report), report.attempts, millis(report.time));
    Ok(())
}

fn verdict(report: &SolveReport) -> &'static str {
    match report.outcome {
        Outcome::Solved(_) => "solved",
        Outcome::Unsolvable => "unsolvable",
        Outcome::GaveUp(GaveUp::TimeLimit) => "gave up at the time limit",
        Outcome::GaveUp(GaveUp::AttemptLimit) => "gave up at the attempt limit",
        Outcome::GaveUp(GaveUp::Stopped) => "stopped",
    }
}

fn millis(time: Duration) -> String {
    let ms = time.as_secs_f64() * 1000.0;
    if ms < 10.0 { format!("{ms:.3} ms") } else { format!("{ms:.0} ms") }
}

fn bench(args: &BenchArgs) -> Result<(), FlowCommandError> {
    if cfg!(debug_assertions) {
        eprintln!("note: this is a debug build; run `cargo run --release -- flow bench` for real figures");
    }
    let budget = Budget { time_limit: Some(args.time_limit), ..Budget::default() };
    println!(
        "{:<6} {:<8} | {:>12} {:>12} {:<10} | {:>12} {:>10}",
        "puzzle", "method", "attempts", "time", "", "report", ""
    );
    for shipped in &library::SHIPPED {
        let puzzle = shipped_puzzle(shipped)?;
        for method in Method::ALL {
            let mut best = solve(&puzzle, method, &budget, args.seed);
            if best.time < Duration::from_secs(1) {
                for _ in 1..args.runs {
                    let again = solve(&puzzle, method, &budget, args.seed);
                    if again.time < best.time {
                        best = again;
                    }
                }
            }
            let (attempts, time, note) = match &best.outcome {
                Outcome::Solved(cells) => {
                    validate(&puzzle, cells).map_err(|source| FlowCommandError::BadBenchSolution {
                        name: shipped.name,
                        method,
                        source,
                    })?;
                    (best.attempts.to_string(), millis(best.time), "")
                }
                Outcome::Unsolvable => (best.attempts.to_string(), millis(best.time), "unsolvable"),
                Outcome::GaveUp(_) => (format!(">{}", best.attempts), format!(">{}", millis(best.time)), "cut"),
            };
            let (report_attempts, report_time) = match shipped.published(method) {
                Published::Solved { attempts, seconds } => (attempts.to_string(), format!("{seconds} s")),
                Published::Aborted { minutes } => ("aborted".to_string(), format!(">{minutes} min")),
                Published::None => ("-".to_string(), String::new()),
            };
            println!(
                "{:<6} {:<8} | {attempts:>12} {time:>12} {note:<10} | {report_attempts:>12} {report_time:>10}",
                shipped.name,
                method.id()
            );
        }
    }
    println!("(report: the CS 440 report's Python; its 10x10 smart figure is smart plus its extra rule C1A)");
    Ok(())
}
