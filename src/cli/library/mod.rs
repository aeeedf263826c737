//! `breakline library list | import | export | report | delete`: the library of games
//! (see `engine::lab::library`) from the command line. The file is the
//! person's (`library.sqlite3` in their data directory) unless `--db` names
//! another.

mod filters;
mod list;
mod report;
mod transfer;

use std::path::PathBuf;

use clap::{Args, Subcommand};
use thiserror::Error;

use crate::engine::lab::library::{GameId, Library, LibraryError, ReviewFailure, default_path};

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
    #[error("{0}")]
    Filter(String),
    #[error(transparent)]
    Review(#[from] ReviewFailure),
    #[error("no game {0} in the library")]
    Missing(GameId),
}

pub(crate) fn run(args: &LibraryArgs) -> Result<(), LibraryCliError> {
    let path = match &args.db {
        Some(path) => path.clone(),
        None => default_path()?,
    };
    let mut library = Library::open(&path)?;
    match &args.command {
        LibraryCommand::List(filter) => list::list(&library, filter),
        LibraryCommand::Import(import) => transfer::import(&mut library, import),
        LibraryCommand::Export(export) => transfer::export(&library, export),
        LibraryCommand::Report(report) => report::report(&mut library, report),
        LibraryCommand::Delete { ids } => list::delete(&mut library, ids),
    }
}
