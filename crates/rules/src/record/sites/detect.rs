//! Which format a game's text is in, told from its first signs: SGF opens
//! with `(`, tagged text is Breakline's own unless it carries a mark of a
//! site's (PGN's Event, Site or Round tag, a variant Breakline does not
//! name, a `resign` move), and the rest is a bare move list.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::Variant;

/// A format a game's text can be in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Breakline's own text: tags such as `[Size]`, `[TimeControl]`, or the `# breakline` header.
    Breakline,
    /// PGN-like text of Little Golem, PlayStrategy or igGameCenter.
    Pgn,
    /// Smart Game Format (FF[4]), `GM[9]` Lines of Action, `GM[41]` Breakthrough.
    Sgf,
    /// OpenSpiel's action strings (`a7a6`, `b7c6*`; `b1-b3`, `b3xe3`).
    OpenSpiel,
    /// A bare move list in the board's own orientation.
    Moves,
}

/// The tags PGN's roster has and Breakline never writes.
const SITE_TAGS: [&str; 4] = ["event", "site", "round", "game"];

/// The format `text` is in.
pub fn detect(text: &str) -> Format {
    let trimmed = text.trim_start_matches('\u{feff}').trim_start();
    if trimmed.starts_with('(') {
        return Format::Sgf;
    }
    if trimmed.starts_with("# breakline") {
        return Format::Breakline;
    }
    let tags: Vec<(String, String)> = text.lines().filter_map(|line| tag_of(line.trim())).collect();
    if tags.is_empty() {
        return Format::Moves;
    }
    let site_tag = tags.iter().any(|(name, _)| SITE_TAGS.contains(&name.to_ascii_lowercase().as_str()));
    let foreign_variant = tags.iter().any(|(name, value)| {
        name.eq_ignore_ascii_case("variant") && value.parse::<Variant>().is_err() && variant_named(value).is_some()
    });
    let resigns = text.lines().filter(|l| !l.trim_start().starts_with('[')).any(has_resign);
    if site_tag || foreign_variant || resigns { Format::Pgn } else { Format::Breakline }
}

/// The variant a site's name for it names: "Breakthrough", "Lines of
/// Action", "LOA" in any case or spacing, or inside a longer name
/// (Little Golem's event names).
pub(crate) fn variant_named(text: &str) -> Option<Variant> {
    let squeezed: String = text.chars().filter(|c| c.is_ascii_alphanumeric()).collect::<String>().to_ascii_lowercase();
    if squeezed.contains("breakthrough") {
        Some(Variant::Breakthrough)
    } else if squeezed.contains("linesofaction") || squeezed == "loa" {
        Some(Variant::LinesOfAction)
    } else {
        None
    }
}

/// A line with a `resign` move, as Little Golem writes the loser's last move.
fn has_resign(line: &str) -> bool {
    line.split_whitespace().any(is_resign)
}

/// `resign` (or `resigns`, `resigned`, any case), a move number before it or not.
pub(crate) fn is_resign(token: &str) -> bool {
    let word = token.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.').to_ascii_lowercase();
    matches!(word.as_str(), "resign" | "resigns" | "resigned")
}
/// `[Name "value"]` (quotes optional) as (name, value).
pub(crate) fn tag_of(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let (name, value) = inner.split_once(char::is_whitespace)?;
    let value = value.trim();
    let value = value.strip_prefix('"').and_then(|v| v.strip_suffix('"')).unwrap_or(value);
    let plain = !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    plain.then(|| (name.to_string(), value.to_string()))
}

/// A format name that `--to` does not know.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown record format '{0}': use pgn, sgf, openspiel or breakline")]
pub struct UnknownFormat(String);

impl FromStr for Format {
    type Err = UnknownFormat;

    fn from_str(s: &str) -> Result<Format, UnknownFormat> {
        match s.to_ascii_lowercase().as_str() {
            "pgn" | "littlegolem" | "playstrategy" => Ok(Format::Pgn),
            "sgf" => Ok(Format::Sgf),
            "openspiel" => Ok(Format::OpenSpiel),
            "breakline" | "text" => Ok(Format::Breakline),
            "moves" => Ok(Format::Moves),
            _ => Err(UnknownFormat(s.to_string())),
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Format::Breakline => "Breakline text",
            Format::Pgn => "PGN (Little Golem, PlayStrategy, igGameCenter)",
            Format::Sgf => "SGF",
            Format::OpenSpiel => "OpenSpiel moves",
            Format::Moves => "move list",
        })
    }
}
