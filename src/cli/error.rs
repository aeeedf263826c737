//! The command line's errors: each command's own, gathered in [`CliError`],
//! which `cli::main` prints as its one line.

use thiserror::Error;

use super::{bench::BenchError, book::BookBuildError, flow::FlowCommandError, perft::PerftError};
use super::{convert::ConvertError, merge::MergeCliError, solve_error::SolveCommandError};
use super::{experiments::ExperimentsError, matches::MatchError, tournament::TournamentError, tune::TuneCliError};

/// Why a command failed; each variant's message is its command's own.
#[derive(Debug, Error)]
pub(crate) enum CliError {
    #[error(transparent)]
    Perft(#[from] PerftError),
    #[error(transparent)]
    Protocol(#[from] crate::engine::protocol::session::SessionError),
    #[error(transparent)]
    Bench(#[from] BenchError),
    #[error(transparent)]
    Book(#[from] BookBuildError),
    #[error(transparent)]
    Flow(#[from] FlowCommandError),
    #[error(transparent)]
    Solve(#[from] SolveCommandError),
    #[error(transparent)]
    Match(#[from] MatchError),
    #[error(transparent)]
    Tournament(#[from] TournamentError),
    #[error(transparent)]
    Experiments(#[from] ExperimentsError),
    #[error(transparent)]
    Tune(#[from] TuneCliError),
    #[error(transparent)]
    Merge(#[from] MergeCliError),
    #[error(transparent)]
    Convert(#[from] ConvertError),
    #[error(transparent)]
    Puzzles(#[from] super::puzzles::PuzzlesError),
    #[error(transparent)]
    Levels(#[from] super::levels::LevelsError),
    #[error(transparent)]
    Datagen(#[from] super::datagen::DatagenError),
    #[error(transparent)]
    Train(#[from] super::train::TrainError),
    #[error(transparent)]
    Library(#[from] super::library::LibraryCliError),
    #[error(transparent)]
    Openings(#[from] super::openings::OpeningsCliError),
    #[cfg(feature = "server")]
    #[error(transparent)]
    Serve(#[from] super::serve::ServeError),
    #[cfg(feature = "server")]
    #[error(transparent)]
    ServeBench(#[from] super::serve_bench::ServeBenchError),
    /// A bad game flag.
    #[cfg(feature = "gui")]
    #[error(transparent)]
    Launch(#[from] super::game::LaunchError),
    /// The sound server did not play the sound check's sound.
    #[cfg(feature = "gui")]
    #[error(transparent)]
    SoundCheck(#[from] super::sound_check::SoundCheckError),
    /// No window can open here.
    #[cfg(feature = "gui")]
    #[error(transparent)]
    Display(#[from] super::display::DisplayError),
    /// The game asked for in a build without it.
    #[cfg(not(feature = "gui"))]
    #[error("this build has no game window (built without the `gui` feature); see breakline --help")]
    NoWindow,
}
