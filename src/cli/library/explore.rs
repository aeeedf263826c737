//! `library explore [MOVES]`: the opening explorer over the stored games,
//! from the start or after the moves given.

use clap::Args;

use super::LibraryCliError;
use crate::engine::library::Library;
use crate::engine::rules::position::Position;
use crate::engine::{BoardSize, Variant};

#[derive(Args, Debug)]
pub(crate) struct ExploreArgs {
    #[arg(long, default_value = "breakthrough")]
    variant: Variant,
    #[arg(long, default_value = "8x8")]
    size: BoardSize,
    /// Moves from the start to the position to explore (e.g. a2-a3 h7-h6)
    moves: Vec<String>,
}

pub(super) fn explore(library: &Library, args: &ExploreArgs) -> Result<(), LibraryCliError> {
    let position = position(args)?;
    let moves = library.explore(&position)?;
    println!("{:<10} {:>7} {:>6} {:>6} {:>6} {:>7}", "move", "played", "won", "drawn", "lost", "score");
    for m in &moves {
        let score = m.score().map_or("-".to_string(), |s| format!("{:.1}%", 100.0 * s));
        println!("{:<10} {:>7} {:>6} {:>6} {:>6} {:>7}", m.notation, m.played, m.wins, m.draws, m.losses, score);
    }
    let total: u64 = moves.iter().map(|m| m.played).sum();
    println!("{total} time{} in the library's games", if total == 1 { "" } else { "s" });
    Ok(())
}

/// The start of `args`'s game with its moves played.
pub(super) fn position(args: &ExploreArgs) -> Result<Position, LibraryCliError> {
    let mut position = Position::start(args.variant, args.size)?;
    for (i, text) in args.moves.iter().enumerate() {
        position.play_text(text).map_err(|source| LibraryCliError::ExploreMove {
            number: i + 1,
            text: text.clone(),
            source,
        })?;
    }
    Ok(position)
}
