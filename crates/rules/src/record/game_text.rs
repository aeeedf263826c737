//! A game as text people paste and share, in the manner of chess's PGN: tag
//! lines (variant, size, players, date, result, time control, opening plies,
//! a start position other than the usual), then the moves in the project's
//! notation, numbered in pairs, with side lines in parentheses as PGN
//! writes variations, and the result. Reading checks every move by
//! the rules; JSON records stay the saved form of full detail. The records
//! of the sites where people play (Little Golem's or PlayStrategy's PGN,
//! SGF, OpenSpiel's moves) are read too, through [`sites`]. The text is
//! generic over the players ([`TaggedPlayer`]): the AI wing's `Player`
//! names its configs and programs by tags of their own.

use std::fmt::Write as _;

use thiserror::Error;

use super::line_text::{LineTextError, read_lines, write_line};
use super::movetext::MoveTextError;
use super::sites::{self, Defaults, Format, GameText, ReadError, pgn};
use super::variation::{Line, LineError, LineMove, SideLine};
use super::{PlayerDescription, Record, RecordError};
use crate::clock::{TimeControl, TimeControlError};
use crate::connection_rule::{BothConnected, UnknownRule};
use crate::error::FenError;
use crate::position::Position;
use crate::{BoardSize, Outcome, Side, SizeError, Variant, WinReason};

/// The `Termination` of a resigned game, as the game text writes it.
const RESIGNATION: &str = "resignation";

/// A player as the game text names it: a person by the side's `White` or
/// `Black` tag alone, a machine also by a tag of its own (`WhiteConfig`,
/// `BlackProgram`...), which reads back as the same player. The AI wing's
/// `Player` is one; the rules need not know what an AI is.
pub trait TaggedPlayer: PlayerDescription {
    /// Why a machine's tag names no player.
    type TagError: std::error::Error + Send + Sync + 'static;
    /// The kinds of a machine's own tags, after the side's name (`Config`
    /// makes `WhiteConfig`), the first found naming the player.
    const MACHINE_TAGS: &'static [&'static str];
    /// A person at the board (both players of a site's record).
    fn person() -> Self;
    /// Whether a person plays, named by the side's tag.
    fn is_person(&self) -> bool;
    /// The name a person reads, written as the side's tag.
    fn display_name(&self) -> String;
    /// A machine's own tag: its kind (one of [`Self::MACHINE_TAGS`]) and text.
    fn machine_tag(&self) -> Option<(&'static str, String)>;
    /// The player that a machine's tag of `kind` with `text` names, in a game of `variant`.
    fn from_machine_tag(kind: &str, text: &str, variant: Variant) -> Result<Self, Self::TagError>;
}

/// What a record does not hold but the text may carry.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Headers {
    /// `YYYY.MM.DD`, as PGN writes dates.
    pub date: Option<String>,
    /// Plies played at random (or from a book) before the players took over.
    pub opening_plies: Option<u32>,
    /// White's name as the text states it, where a person played White: a
    /// site's player (its `White` tag); none for Breakline's `Human`.
    pub white: Option<String>,
    /// Black's name as the text states it, as for White.
    pub black: Option<String>,
}

/// A person's name from a `White` or `Black` tag: none where the tag is
/// missing, empty, PGN's unknown (`?`) or Breakline's own `Human`.
fn person_name<P: TaggedPlayer>(tag: Option<&str>) -> Option<String> {
    let name = tag?.trim();
    (!name.is_empty() && name != "?" && name != P::person().display_name()).then(|| name.to_string())
}

/// Why a text is not a game; each says it in one line.
#[derive(Debug, Error)]
pub enum GameTextError {
    /// A tag line that is not `[Name "value"]`.
    #[error("line {line}: not a tag ('[Name \"value\"]'): {text}")]
    Tag {
        /// The line's number, from 1.
        line: usize,
        /// The line as written.
        text: String,
    },
    /// The variant or size tag names no supported board.
    #[error(transparent)]
    Size(#[from] SizeError),
    /// The start tag is not a position string.
    #[error("bad start position: {0}")]
    Start(#[from] FenError),
    /// A move the rules refuse (said as a move list says it).
    #[error(transparent)]
    Move(#[from] MoveTextError),
    /// A machine's tag that names no player (an AI config that is not one).
    #[error("[{tag}]: {source}")]
    Player {
        /// `WhiteConfig`, `BlackProgram`...
        tag: String,
        /// Why the player is refused.
        source: Box<dyn std::error::Error + Send + Sync>,
    },
    /// Text after the result.
    #[error("the result '{0}' does not fit the moves")]
    Result(String),
    /// A result the board contradicts, with what the board says.
    #[error("the result '{stated}' does not fit the moves: {board}")]
    Contradicts {
        /// The result written.
        stated: String,
        /// What the board says ("the board shows 0-1, Black's win ...").
        board: String,
    },
    /// The record cannot be replayed (writing).
    #[error(transparent)]
    Record(#[from] RecordError),
    /// Side lines whose parentheses do not match, or a result out of place.
    #[error(transparent)]
    Lines(LineTextError),
    /// A side line's move the rules refuse.
    #[error(transparent)]
    SideLine(#[from] LineError),
    /// A `BothConnected` tag that is no rule.
    #[error("[BothConnected]: {0}")]
    BothConnected(#[from] UnknownRule),
    /// A `TimeControl` tag that is not one.
    #[error("[TimeControl]: {0}")]
    TimeControl(#[from] TimeControlError),
    /// A site's record (PGN-like, SGF, OpenSpiel) that cannot be read
    /// (boxed: it is large and rare).
    #[error(transparent)]
    Site(Box<ReadError>),
}

impl From<ReadError> for GameTextError {
    fn from(error: ReadError) -> GameTextError {
        GameTextError::Site(Box::new(error))
    }
}

/// The game as text: tags, then the numbered moves and the result.
pub fn write<P: TaggedPlayer>(record: &Record<P>, headers: &Headers) -> Result<String, GameTextError> {
    let (_, end) = record.rebuilt()?;
    let start = Position::from_placement(end.variant(), end.start_placement().clone())?;
    let mut out = String::new();
    let mut tag = |name: &str, value: &str| {
        let _ = writeln!(out, "[{name} \"{}\"]", value.replace('"', "'"));
    };
    tag("Variant", end.variant().id());
    tag("Size", &end.size().to_string());
    tag("White", headers.white.as_deref().unwrap_or(&record.white.display_name()));
    tag("Black", headers.black.as_deref().unwrap_or(&record.black.display_name()));
    for (side, player) in [("White", &record.white), ("Black", &record.black)] {
        if let Some((kind, text)) = player.machine_tag() {
            tag(&format!("{side}{kind}"), &text);
        }
    }
    if let Some(date) = &headers.date {
        tag("Date", date);
    }
    tag("Result", result_token(record.result));
    let time_control = record.time_control.map(|tc| tc.to_string());
    tag("TimeControl", time_control.as_deref().unwrap_or("-"));
    // A resignation is said: a decisive result with no termination reads
    // as stated without a reason (fresh eyes, round 15: a pasted 1-0 read
    // as the loser's resignation).
    let resigned = matches!(record.result, Outcome::Win { reason: WinReason::Resignation, .. });
    if let Some(termination) = pgn::termination(record.result).or(resigned.then_some(RESIGNATION)) {
        tag("Termination", termination);
    }
    if let Some(rule) = end.both_connected().filter(|rule| *rule != BothConnected::default()) {
        tag("BothConnected", rule.id());
    }
    if let Some(plies) = headers.opening_plies {
        tag("OpeningPlies", &plies.to_string());
    }
    let usual = Position::start(end.variant(), end.size()).map(|p| p.fen()).ok();
    if usual.as_deref() != Some(start.fen().as_str()) {
        tag("Start", &start.fen());
    }
    out.push('\n');
    out.push_str(&write_line(&main_line(record, &start, &end), 0));
    out.push_str(result_token(record.result));
    out.push('\n');
    Ok(out)
}

/// The game's moves from `start` to `end` as a line, each with the side
/// lines that replace it.
fn main_line<P: TaggedPlayer>(record: &Record<P>, start: &Position, end: &Position) -> Line {
    let mut replay = start.clone();
    let mut line = Line::default();
    for (i, &m) in end.moves().iter().enumerate() {
        let alternatives = record.side_lines.iter().filter(|side| side.at == i).map(|side| side.line.clone());
        line.moves.push(LineMove { notation: replay.move_name(m), alternatives: alternatives.collect() });
        let _ = replay.play(m);
    }
    line
}

/// PGN's result token of an outcome: `1-0`, `0-1`, `1/2-1/2` or `*`.
pub fn result_token(result: Outcome) -> &'static str {
    match result {
        Outcome::Ongoing => "*",
        Outcome::Win { winner: Side::White, .. } => "1-0",
        Outcome::Win { winner: Side::Black, .. } => "0-1",
        Outcome::Draw { .. } => "1/2-1/2",
    }
}

/// Reads a game: tags (all optional; Breakthrough 8x8 without them), the
/// moves, and a result token; a decisive result the board does not show is a
/// resignation of the side that lost. A site's record is read as such; a
/// bare list Breakline's notation refuses is tried as OpenSpiel's moves of
/// Breakthrough 8x8, then of Lines of Action (a list names no variant, and
/// a Lines of Action game's first move is never one of Breakthrough's).
pub fn read<P: TaggedPlayer>(text: &str) -> Result<(Record<P>, Position, Headers), GameTextError> {
    match sites::detect(text) {
        // A site's tags on Breakline's own text (an `[Event]` added to an
        // export) keep the players its config or program tags name.
        Format::Pgn if names_a_machine::<P>(text) => own(text),
        Format::Pgn | Format::Sgf => from_site(sites::read(text, Defaults::default())?),
        Format::Moves => own(text).or_else(|error| {
            let lines_of_action = Variant::LinesOfAction;
            let loa = Defaults { variant: lines_of_action, size: lines_of_action.default_size() };
            let game = sites::read(text, Defaults::default()).or_else(|_| sites::read(text, loa));
            game.map_err(|_| error).and_then(from_site)
        }),
        _ => own(text),
    }
}

/// Whether a tagged text names an AI or a program as a player, as only
/// Breakline's own text does.
fn names_a_machine<P: TaggedPlayer>(text: &str) -> bool {
    let tags: Vec<String> = ["White", "Black"]
        .iter()
        .flat_map(|side| P::MACHINE_TAGS.iter().map(move |kind| format!("[{side}{kind} ")))
        .collect();
    text.lines().any(|line| tags.iter().any(|tag| line.trim_start().starts_with(tag.as_str())))
}

/// A site's game as a record between two people, and its date.
pub fn from_site<P: TaggedPlayer>(game: GameText) -> Result<(Record<P>, Position, Headers), GameTextError> {
    let mut position = game.start()?;
    let mut record = Record::new(&position, P::person(), P::person(), 0);
    for &m in game.position.moves() {
        // Recorded before it is played (no copy of the position a ply); a
        // refused move leaves the position as it was, to be named from.
        record.push(&position, m, None);
        if let Err(error) = position.play(m) {
            let index = position.moves().len() + 1;
            return Err(MoveTextError::Move { index, text: position.move_name(m), error }.into());
        }
    }
    record.finish(&position);
    match game.result {
        Outcome::Win { winner, reason: WinReason::Time } => record.flag_fell(winner.opponent()),
        Outcome::Win { winner, reason: WinReason::Forfeit } => record.forfeit(winner.opponent()),
        Outcome::Win { winner, reason } if reason.off_board() && !position.outcome().is_over() => {
            record.lose_off_board(winner.opponent(), reason)
        }
        _ => {}
    }
    let headers = Headers {
        date: game.tag("Date").map(str::to_string),
        opening_plies: None,
        white: person_name::<P>(game.tag("White")),
        black: person_name::<P>(game.tag("Black")),
    };
    Ok((record, position, headers))
}

/// A record as a site's game: its players' names and date as tags, its
/// start, moves and result.
pub fn to_site<P: TaggedPlayer>(record: &Record<P>, headers: &Headers) -> Result<GameText, GameTextError> {
    let (_, end) = record.rebuilt()?;
    let mut game = GameText::new(end);
    game.result = record.result;
    if let Some(date) = &headers.date {
        game.set_tag("Date", date);
    }
    game.set_tag("White", headers.white.as_deref().unwrap_or(&record.white.display_name()));
    game.set_tag("Black", headers.black.as_deref().unwrap_or(&record.black.display_name()));
    Ok(game)
}

/// Breakline's own game text.
fn own<P: TaggedPlayer>(text: &str) -> Result<(Record<P>, Position, Headers), GameTextError> {
    let (tags, body) = split_tags(text)?;
    let find = |name: &str| tags.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str());
    let variant: Variant = find("Variant").unwrap_or("breakthrough").parse()?;
    let size: BoardSize = match find("Size") {
        Some(text) => text.parse()?,
        None => variant.default_size(),
    };
    let mut position = match find("Start") {
        Some(fen) => Position::from_fen(variant, fen)?,
        None => Position::start(variant, size)?,
    };
    if let Some(rule) = find("BothConnected") {
        position.set_both_connected(rule.parse()?);
    }
    // A side without a machine's tag is a person; a machine's tag that names no player is refused.
    let player = |side: &str| -> Result<P, GameTextError> {
        for &kind in P::MACHINE_TAGS {
            let tag = format!("{side}{kind}");
            if let Some(text) = find(&tag) {
                let refused = |source| GameTextError::Player { tag: tag.clone(), source: Box::new(source) };
                return P::from_machine_tag(kind, text, variant).map_err(refused);
            }
        }
        Ok(P::person())
    };
    let mut record = Record::new(&position, player("White")?, player("Black")?, 0);
    let (main, result) = read_lines(&body).map_err(|error| match error {
        LineTextError::Result(token) => GameTextError::Result(token),
        other => GameTextError::Lines(other),
    })?;
    for (i, entry) in main.moves.iter().enumerate() {
        for alternative in &entry.alternatives {
            record.side_lines.push(SideLine { at: i, line: alternative.replayed(&position, i + 1)? });
        }
        let text = &entry.notation;
        let bad = |error| MoveTextError::Move { index: i + 1, text: text.clone(), error };
        let m = position.parse_move(text).map_err(bad)?;
        // Recorded before it is played (no copy of the position a ply): a
        // move the rules refuse fails the whole game just after.
        record.push(&position, m, None);
        position.play(m).map_err(bad)?;
    }
    record.time_control = match find("TimeControl").filter(|t| *t != "-") {
        Some(text) => Some(TimeControl::parse(text)?),
        None => None,
    };
    record.finish(&position);
    let lost_by = find("Termination").and_then(pgn::lost_by);
    settle_result(&mut record, &position, result.as_deref().or(find("Result")), lost_by)?;
    // A side a machine played is named by its own tag, not by the side's.
    let name = |tag: &str, player: &P| if player.is_person() { person_name::<P>(find(tag)) } else { None };
    let headers = Headers {
        date: find("Date").map(str::to_string),
        opening_plies: find("OpeningPlies").and_then(|p| p.parse().ok()),
        white: name("White", &record.white),
        black: name("Black", &record.black),
    };
    Ok((record, position, headers))
}

/// The tags as (name, value) and the text after them.
fn split_tags(text: &str) -> Result<(Vec<(String, String)>, String), GameTextError> {
    let mut tags = Vec::new();
    let mut body = String::new();
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if !trimmed.starts_with('[') {
            body.push_str(trimmed);
            body.push(' ');
            continue;
        }
        let bad = || GameTextError::Tag { line: i + 1, text: trimmed.to_string() };
        let inner = trimmed.strip_prefix('[').and_then(|t| t.strip_suffix(']')).ok_or_else(bad)?;
        let (name, value) = inner.split_once(' ').ok_or_else(bad)?;
        let value = value.trim().strip_prefix('"').and_then(|v| v.strip_suffix('"')).ok_or_else(bad)?;
        tags.push((name.to_string(), value.to_string()));
    }
    Ok((tags, body))
}

/// Checks the stated result against the board: a finished board must agree;
/// on an unfinished one a decisive result is lost as the termination says
/// (resigned, on time, by forfeit, left), or unstated where it says nothing.
fn settle_result<P: TaggedPlayer>(
    record: &mut Record<P>,
    end: &Position,
    stated: Option<&str>,
    lost_by: Option<WinReason>,
) -> Result<(), GameTextError> {
    let over = end.outcome().is_over();
    let loser = match stated {
        None | Some("*") => return Ok(()),
        Some(token) if token == result_token(end.outcome()) => return Ok(()),
        Some("1-0") if !over => Side::Black,
        Some("0-1") if !over => Side::White,
        Some(token) => {
            return Err(GameTextError::Contradicts {
                stated: token.to_string(),
                board: sites::stated::board_says(end),
            });
        }
    };
    record.lose_off_board(loser, lost_by.unwrap_or(WinReason::Unstated));
    Ok(())
}
