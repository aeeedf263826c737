//! `breakline library list | import | export | report | explore | exercises | answer | bench | delete`: the library of games
//! (see `engine::lab::library`) from the command line. The file is the
//! person's (`library.sqlite3` in their data directory) unless `--db` names
//! another.

mod bench;
mod exercises;
mod explore;
mod filters;
mod list;
mod report;
mod transfer;

use std::path::PathBuf;

use clap::{Args, Subcommand};
use thiserror::Error;

use crate::engine::library::review::ReportError;
use crate::engine::library::transfer::DateError;
use crate::engine::library::{GameId, Library, LibraryError, ReviewFailure, default_path};
use crate::engine::rules::SizeError;
use crate::engine::rules::error::FenError;
use crate::engine::rules::error::MoveError;
use crate::engine::rules::record::game_text::GameTextError;

#[derive(Args, Debug)]
pub(crate) struct LibraryArgs {
    /// The library file (default: library.sqlite3 in your data directory)
    #[arg(long, global = true)]
    db: Option<PathBuf>,
    #[command(subcommand)]
    command: LibraryCommand,
}

#[derive(Subcommand, Debug)]
enum LibraryCommand {
    /// List the stored games (newest first) with their ids
    List(filters::FilterArgs),
    /// Store every game of a file of games as text; bad games are named and skipped
    Import(transfer::ImportArgs),
    /// Write the games a filter selects as text, to a file or stdout
    Export(transfer::ExportArgs),
    /// Review a game: every position searched, each side's accuracy, its inaccuracies, mistakes and blunders
    Report(report::ReportArgs),
    /// The opening explorer: the moves played from a position in the stored games and how they scored
    Explore(explore::ExploreArgs),
    /// Time import, list and explorer on seeded random games in an empty library (--db, default a temporary file)
    Bench(bench::BenchArgs),
    /// The exercises made from your mistakes and blunders (reports make them), and how many are left
    Exercises(exercises::ExercisesArgs),
    /// Try a move in an exercise: accepted if it wins by proof or loses under the threshold
    Answer(exercises::AnswerArgs),
    /// Delete games by id
    Delete {
        /// The games' ids (as `list` shows them)
        #[arg(required = true)]
        ids: Vec<i64>,
    },
}

/// Why a library command failed.
#[derive(Debug, Error)]
pub(crate) enum LibraryCliError {
    #[error(transparent)]
    Library(#[from] LibraryError),
    #[error("cannot read {}: {source}", path.display())]
    Read { path: PathBuf, source: std::io::Error },
    #[error("cannot write {}: {source}", path.display())]
    Write { path: PathBuf, source: std::io::Error },
    #[error(transparent)]
    Size(#[from] SizeError),
    #[error(transparent)]
    Position(#[from] FenError),
    #[error(transparent)]
    Move(#[from] MoveError),
    #[error("move {number} ({text}): {source}")]
    ExploreMove { number: usize, text: String, source: MoveError },
    #[error(transparent)]
    Date(#[from] DateError),
    #[error("bad date '{0}': expected YYYY-MM-DD")]
    NoDate(String),
    #[error(transparent)]
    Text(#[from] GameTextError),
    #[error(transparent)]
    Json(#[from] serde_json::Error),
    #[error(transparent)]
    Judge(#[from] ReportError),
    #[error("{} holds games: the bench needs an empty library", .0.display())]
    NotEmpty(PathBuf),
    #[error("no exercise {0}")]
    NoExercise(i64),
    #[error(transparent)]
    Review(#[from] ReviewFailure),
    #[error("no game {0} in the library")]
    Missing(GameId),
    /// Every game of the file was refused (a script must not read success).
    #[error("no game of {} could be imported: {refused} refused (listed above)", path.display())]
    AllRefused { path: PathBuf, refused: usize },
}

pub(crate) fn run(args: &LibraryArgs) -> Result<(), LibraryCliError> {
    let bench_file = matches!(args.command, LibraryCommand::Bench(_)) && args.db.is_none();
    let path = match &args.db {
        Some(path) => path.clone(),
        None if bench_file => std::env::temp_dir().join(format!("breakline-bench-{}.sqlite3", std::process::id())),
        None => default_path()?,
    };
    let result = run_on(&path, &args.command);
    if bench_file {
        for suffix in ["", "-wal", "-shm"] {
            let mut name = path.clone().into_os_string();
            name.push(suffix);
            let _ = std::fs::remove_file(name);
        }
    }
    result
}

fn run_on(path: &std::path::Path, command: &LibraryCommand) -> Result<(), LibraryCliError> {
    let mut library = Library::open(path)?;
    match command {
        LibraryCommand::List(filter) => list::list(&library, filter),
        LibraryCommand::Import(import) => transfer::import(&mut library, import),
        LibraryCommand::Export(export) => transfer::export(&library, export),
        LibraryCommand::Report(report) => report::report(&mut library, report),
        LibraryCommand::Explore(explore) => explore::explore(&library, explore),
        LibraryCommand::Bench(bench) => bench::bench(&mut library, bench),
        LibraryCommand::Exercises(list) => exercises::list(&library, list),
        LibraryCommand::Answer(answer) => exercises::answer(&mut library, answer),
        LibraryCommand::Delete { ids } => list::delete(&mut library, ids),
    }
}
