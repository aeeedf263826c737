//! `breakline book`: builds an opening book by searching every position of
//! the first plies deeply, and prints it (or writes it to a file) in the
//! format of `assets/book/`.

use clap::Args;

use crate::engine::ai::search::AiConfig;
use crate::engine::lab::book_build;
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
    out: Option<std::path::PathBuf>,
}

pub(crate) fn run(args: &BookArgs) -> Result<(), String> {
    let start = Position::start(args.variant, args.size).map_err(|e| e.to_string())?;
    let config = AiConfig::parse(&args.ai, args.variant).map_err(|e| format!("--ai: {e}"))?;
    let to_stdout = args.out.is_none();
    let body = book_build::build(&start, args.plies, &config, |line| {
        if to_stdout {
            println!("{line}");
        }
    })
    .map_err(|e| e.to_string())?;
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
        std::fs::write(path, header + &body).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(())
}
