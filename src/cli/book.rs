//! `breakline book`: builds an opening book by searching every position of
//! the first plies deeply, and prints it (or writes it to a file) in the
//! format of `assets/book/`.

use std::path::PathBuf;

use clap::Args;
use thiserror::Error;

use crate::engine::ai::search::{AiConfig, ConfigError, SearchError};
use crate::engine::lab::book_build;
use crate::engine::rules::SizeError;
use crate::engine::{BoardSize, Position, Variant};

#[derive(Args, Debug)]
pub(crate) struct BookArgs {
    #[arg(long, default_value = "breakthrough")]
    variant: Variant,
    #[arg(long, default_value = "8x8")]
    size: BoardSize,
    /// Positions fewer than this many plies from the start get a move
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=4))]
    plies: u32,
    /// The AI that searches each position
    #[arg(long, default_value = "enhanced:expert:time=3000")]
    ai: String,
    /// Write the book here instead of stdout
    #[arg(long)]
    out: Option<PathBuf>,
}

/// Why a book could not be built or written.
#[derive(Debug, Error)]
pub(crate) enum BookBuildError {
    #[error(transparent)]
    Size(#[from] SizeError),
    #[error("--ai: {0}")]
    Ai(ConfigError),
    #[error(transparent)]
    Search(#[from] SearchError),
    #[error("{}: {source}", path.display())]
    Write { path: PathBuf, source: std::io::Error },
}

pub(crate) fn run(args: &BookArgs) -> Result<(), BookBuildError> {
    let start = Position::start(args.variant, args.size)?;
    let config = AiConfig::parse(&args.ai, args.variant).map_err(BookBuildError::Ai)?;
    let to_stdout = args.out.is_none();
    let body = book_build::build(&start, args.plies, &config, |line| {
        if to_stdout {
            println!("{line}");
        }
    })?;
    if let Some(path) = &args.out {
        let header = format!(
            "# {} {} opening book: breakline book --variant {} --size {} --plies {} --ai {}\n",
            args.variant.title(),
            args.size,
            args.variant.id(),
            args.size,
            args.plies,
            config
        );
        std::fs::write(path, header + &body).map_err(|source| BookBuildError::Write { path: path.clone(), source })?;
    }
    Ok(())
}
