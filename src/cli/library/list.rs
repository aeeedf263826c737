//! `library list` prints the selected games as a table with their ids;
//! `library delete` removes games by id.

use super::LibraryCliError;
use super::filters::FilterArgs;
use crate::engine::library::transfer::pgn_date;
use crate::engine::library::{GameId, GameSummary, Library};
use crate::engine::rules::record::game_text::result_token;

pub(super) fn list(library: &Library, args: &FilterArgs) -> Result<(), LibraryCliError> {
    let games = library.list(&args.filter()?)?;
    println!(
        "{:>6}  {:<10}  {:<12} {:<5} {:<24} {:<24} {:<7} {:>5}  you",
        "id", "date", "variant", "size", "white", "black", "result", "plies"
    );
    for game in &games {
        println!("{}", row(game));
    }
    println!("{} game{}", games.len(), if games.len() == 1 { "" } else { "s" });
    Ok(())
}

fn row(game: &GameSummary) -> String {
    let date = game.played_at.map_or_else(|| "-".to_string(), pgn_date);
    let you = game.person.map_or("-", |side| side.name());
    let rated = if game.rated { " rated" } else { "" };
    format!(
        "{:>6}  {:<10}  {:<12} {:<5} {:<24} {:<24} {:<7} {:>5}  {you}{rated}",
        game.id.0,
        date,
        game.variant.id(),
        game.size.to_string(),
        clip(&game.white),
        clip(&game.black),
        result_token(game.outcome),
        game.plies
    )
}

/// A name cut to its column.
fn clip(name: &str) -> String {
    if name.chars().count() <= 24 { name.to_string() } else { name.chars().take(23).chain(['…']).collect() }
}

pub(super) fn delete(library: &mut Library, ids: &[i64]) -> Result<(), LibraryCliError> {
    for &id in ids {
        if !library.delete(GameId(id))? {
            return Err(LibraryCliError::Missing(GameId(id)));
        }
        println!("deleted game {id}");
    }
    Ok(())
}
