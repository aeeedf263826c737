//! `breakline convert IN OUT`: a game between its two forms, the JSON record
//! (full detail: every search's figures) and the text people share (tags and
//! numbered moves, see `engine::ai::game_text`). Either form is read, checked
//! move by move; OUT ending in `.json` gets a record, anything else text.

use std::path::{Path, PathBuf};

use clap::Args;
use thiserror::Error;

use crate::engine::ai::game_text::{self, GameTextError, Headers};
use crate::engine::ai::player::GameRecord;
use crate::engine::rules::record::RecordError;

#[derive(Args, Debug)]
pub(crate) struct ConvertArgs {
    /// A game: a JSON record (as the game saves) or game text
    input: PathBuf,
    /// Where to write it: `.json` for a record, any other name for text (`-` prints the text)
    output: PathBuf,
}

/// Why a game could not be converted.
#[derive(Debug, Error)]
pub(crate) enum ConvertError {
    #[error("cannot read {}: {source}", path.display())]
    Read { path: PathBuf, source: std::io::Error },
    #[error("cannot write {}: {source}", path.display())]
    Write { path: PathBuf, source: std::io::Error },
    #[error("{}: {source}", path.display())]
    Record { path: PathBuf, source: RecordError },
    #[error("{}: {source}", path.display())]
    Text { path: PathBuf, source: GameTextError },
    #[error("cannot encode the game: {0}")]
    Encode(#[from] serde_json::Error),
}

pub(crate) fn run(args: &ConvertArgs) -> Result<(), ConvertError> {
    let (record, headers) = read(&args.input)?;
    let out = &args.output;
    let text = if out.extension().is_some_and(|e| e.eq_ignore_ascii_case("json")) {
        serde_json::to_string_pretty(&record)?
    } else {
        game_text::write(&record, &headers).map_err(|source| ConvertError::Text { path: out.clone(), source })?
    };
    if out.as_os_str() == "-" {
        print!("{text}");
        return Ok(());
    }
    std::fs::write(out, text).map_err(|source| ConvertError::Write { path: out.clone(), source })
}

/// A record from either form (JSON starts with `{`).
fn read(path: &Path) -> Result<(GameRecord, Headers), ConvertError> {
    let text = std::fs::read_to_string(path).map_err(|source| ConvertError::Read { path: path.into(), source })?;
    if text.trim_start().starts_with('{') {
        let (record, _) =
            GameRecord::from_json(&text).map_err(|source| ConvertError::Record { path: path.into(), source })?;
        return Ok((record, Headers::default()));
    }
    let (record, _, headers) =
        game_text::read(&text).map_err(|source| ConvertError::Text { path: path.into(), source })?;
    Ok((record, headers))
}
