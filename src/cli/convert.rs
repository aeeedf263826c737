//! `breakline convert IN OUT [--to FORMAT]`: a game between its forms: the
//! JSON record (full detail: every search's figures), Breakline's text
//! (tags and numbered moves, see `engine::rules::record::game_text`) and the records
//! of the sites where people play (`engine::rules::record::sites`: Little Golem's
//! and PlayStrategy's PGN, SGF, OpenSpiel's moves). Any form is read,
//! checked move by move; a file of several games converts each, and a
//! damaged one is named by its line and skipped. The output form is `--to`,
//! else OUT's extension (`.json`, `.pgn`, `.sgf`), else Breakline's text.

use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};
use thiserror::Error;

use crate::engine::ai::player::{GameRecord, Player};
use crate::engine::rules::record::RecordError;
use crate::engine::rules::record::game_text::{self, GameTextError, Headers};
use crate::engine::rules::record::sites::{self, Defaults, Format, GameText, WriteError};
use crate::engine::{BoardSize, Variant};

#[derive(Args, Debug)]
pub(crate) struct ConvertArgs {
    /// A game: a JSON record (as the game saves), game text, a site's PGN, SGF or OpenSpiel's moves
    input: PathBuf,
    /// Where to write it (`-` prints it)
    output: PathBuf,
    /// The output form; without it OUT's extension decides (`.json`, `.pgn`, `.sgf`; else Breakline's text)
    #[arg(long, value_enum)]
    to: Option<OutputForm>,
    /// The variant of a bare move list (OpenSpiel's moves say none)
    #[arg(long, default_value = "breakthrough")]
    variant: Variant,
    /// The board size of a bare move list, COLUMNSxROWS (default: the variant's)
    #[arg(long)]
    size: Option<BoardSize>,
}

/// The forms `convert` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum OutputForm {
    /// Breakline's game text
    Breakline,
    /// The JSON record (one game)
    Json,
    /// PGN-like text as Little Golem and PlayStrategy export it
    Pgn,
    /// SGF (GM[9] Lines of Action, GM[41] Breakthrough)
    Sgf,
    /// OpenSpiel's move strings
    Openspiel,
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
    #[error("{}: {source}", path.display())]
    Site { path: PathBuf, source: WriteError },
    #[error("{}: no game could be read", path.display())]
    NoGame { path: PathBuf },
    #[error("a JSON record holds one game; {0} were read: convert to a text form")]
    Several(usize),
    #[error("cannot encode the game: {0}")]
    Encode(#[from] serde_json::Error),
}

/// A game as read: its record and headers, and the site's form when it came as one.
struct Read {
    record: GameRecord,
    headers: Headers,
    site: Option<GameText>,
}

pub(crate) fn run(args: &ConvertArgs) -> Result<(), ConvertError> {
    let games = read(args)?;
    let out = &args.output;
    let form = args.to.unwrap_or_else(|| form_of(out));
    if form == OutputForm::Json && games.len() > 1 {
        return Err(ConvertError::Several(games.len()));
    }
    let mut text = String::new();
    for game in &games {
        if !text.is_empty() && form != OutputForm::Sgf {
            text.push('\n');
        }
        text.push_str(&write(game, form, out)?);
    }
    if out.as_os_str() == "-" {
        print!("{text}");
        return Ok(());
    }
    std::fs::write(out, text).map_err(|source| ConvertError::Write { path: out.clone(), source })
}

/// The form OUT's extension names.
fn form_of(out: &Path) -> OutputForm {
    match out.extension().map(|e| e.to_ascii_lowercase()) {
        Some(e) if e == "json" => OutputForm::Json,
        Some(e) if e == "pgn" => OutputForm::Pgn,
        Some(e) if e == "sgf" => OutputForm::Sgf,
        _ => OutputForm::Breakline,
    }
}

/// One game in `form`.
fn write(game: &Read, form: OutputForm, out: &Path) -> Result<String, ConvertError> {
    let site_form = match form {
        OutputForm::Json => return Ok(serde_json::to_string_pretty(&game.record)? + "\n"),
        OutputForm::Breakline => {
            return game_text::write(&game.record, &game.headers)
                .map_err(|source| ConvertError::Text { path: out.into(), source });
        }
        OutputForm::Pgn => Format::Pgn,
        OutputForm::Sgf => Format::Sgf,
        OutputForm::Openspiel => Format::OpenSpiel,
    };
    let site = match &game.site {
        Some(site) => site.clone(),
        None => game_text::to_site(&game.record, &game.headers)
            .map_err(|source| ConvertError::Text { path: out.into(), source })?,
    };
    sites::write(&site, site_form).map_err(|source| ConvertError::Site { path: out.into(), source })
}

/// The games of the input: a JSON record, Breakline's text, or a site's
/// records (each damaged game named on standard error and skipped).
fn read(args: &ConvertArgs) -> Result<Vec<Read>, ConvertError> {
    let path = &args.input;
    let text = std::fs::read_to_string(path).map_err(|source| ConvertError::Read { path: path.into(), source })?;
    if text.trim_start().starts_with('{') {
        let (record, _) =
            GameRecord::from_json(&text).map_err(|source| ConvertError::Record { path: path.into(), source })?;
        return Ok(vec![Read { record, headers: Headers::default(), site: None }]);
    }
    if sites::detect(&text) == Format::Breakline {
        let (record, _, headers) =
            game_text::read::<Player>(&text).map_err(|source| ConvertError::Text { path: path.into(), source })?;
        return Ok(vec![Read { record, headers, site: None }]);
    }
    let defaults = Defaults { variant: args.variant, size: args.size.unwrap_or(args.variant.default_size()) };
    let (mut games, mut errors) = (Vec::new(), Vec::new());
    for game in sites::read_all(&text, defaults) {
        let read = game.map_err(GameTextError::from).and_then(|site| {
            let (record, _, headers) = game_text::from_site::<Player>(site.clone())?;
            Ok(Read { record, headers, site: Some(site) })
        });
        match read {
            Ok(read) => games.push(read),
            Err(source) => errors.push(source),
        }
    }
    if games.is_empty() {
        let source = errors.into_iter().next();
        return Err(source.map_or(ConvertError::NoGame { path: path.into() }, |source| ConvertError::Text {
            path: path.into(),
            source,
        }));
    }
    // The good games are converted; each damaged one is named, by its line.
    for source in errors {
        eprintln!("{}: skipped: {source}", path.display());
    }
    Ok(games)
}
