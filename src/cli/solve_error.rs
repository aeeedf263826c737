//! Why `breakline solve` or the protocol's `solve` could not run a proof: one
//! error for the one-process proof and the job-level one, in a file of its
//! own so that both commands' files can name it without naming each other.

use thiserror::Error;

use crate::engine::BoardSize;
use crate::engine::ai::solver::{self, LastRanksError, LastRanksFileError, SolveError};
use crate::engine::lab::shard::ShardError;
use crate::engine::rules::SizeError;
use crate::engine::rules::error::FenError;
use crate::engine::rules::error::MoveError;

/// Why a proof could not be run, on the command line or in the protocol.
#[derive(Debug, Error)]
pub(crate) enum SolveCommandError {
    #[error(transparent)]
    Fen(#[from] FenError),
    #[error(transparent)]
    Size(#[from] SizeError),
    #[error("move {text}: {source}")]
    Move { text: String, source: MoveError },
    #[error("bad time limit '{0}' (seconds, above 0)")]
    TimeLimit(f64),
    #[error("bad checkpoint interval '{0}' (minutes, above 0)")]
    CheckpointEvery(f64),
    #[error(transparent)]
    Solver(#[from] SolveError),
    /// A proof whose line the rules refuse: a solver defect.
    #[error("internal error, bad winning line: {0}")]
    BadLine(#[from] solver::LineError),
    #[error(transparent)]
    Jobs(#[from] solver::jobs::JobError),
    #[error(transparent)]
    Shard(#[from] ShardError),
    #[error(transparent)]
    LastRanks(#[from] LastRanksError),
    #[error(transparent)]
    LastRanksFile(#[from] LastRanksFileError),
    #[error("the table of the last ranks in the file is for {file}, the board is {board}")]
    LastRanksSize { file: BoardSize, board: BoardSize },
    #[error("the table of the last ranks in the file covers {file} ranks, --last-ranks asks for {asked}")]
    LastRanksDepth { file: usize, asked: usize },
}
