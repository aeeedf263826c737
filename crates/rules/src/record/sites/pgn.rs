//! PGN-like text as Little Golem, PlayStrategy and igGameCenter export it:
//! tag lines (`[Event]`, `[Site]`, `[White]`, `[Black]`, `[Result]`...),
//! then numbered moves (`1. e2-e3 d7-d6`, `1.c8-c6 a2-c2`), `x` for a
//! capture, `resign` as the loser's last move, and the result token.
//! Comments (`{...}`, `;...`), variations in parentheses and `$` marks are
//! read past. A file of many games is cut at a tag line after moves.

use std::fmt::Write as _;

use super::detect::{is_resign, tag_of, variant_named};
use super::error::{ReadError, ReadErrorKind};
use super::game::{GameText, play_token};
use super::stated::{How, Stated, pgn_token, settle};
use super::token::is_move_number;
use super::{Defaults, Format};
use crate::connection_rule::BothConnected;
use crate::position::Position;
use crate::{BoardSize, Outcome, Variant, WinReason};

/// Tags this module writes from the game itself, so a read does not keep them.
const DERIVED: [&str; 7] = ["variant", "size", "start", "fen", "result", "termination", BOTH_CONNECTED_TAG];
/// The tag naming Lines of Action's tournament rule, as the game text names it.
const BOTH_CONNECTED_TAG: &str = "bothconnected";
/// The `Termination` of a game lost on time, as PGN writes it.
const TIME_FORFEIT: &str = "time forfeit";
/// The `Termination` of a game lost by forfeit, as PGN writes it.
const FORFEIT: &str = "rules infraction";

/// The `Termination` of a game the loser left, as PGN (and lichess) writes it.
const ABANDONED: &str = "abandoned";

/// PGN's `Termination` for a game lost off the board other than by
/// resignation (which the moves show as `resign`): on time, by forfeit, or
/// left.
pub fn termination(result: Outcome) -> Option<&'static str> {
    match result {
        Outcome::Win { reason: WinReason::Time, .. } => Some(TIME_FORFEIT),
        Outcome::Win { reason: WinReason::Forfeit, .. } => Some(FORFEIT),
        Outcome::Win { reason: WinReason::Abandoned, .. } => Some(ABANDONED),
        _ => None,
    }
}

/// How a `Termination` tag says a decisive game was lost, if it says: on
/// time (any "time"), by forfeit ("rules infraction", "forfeit"), left
/// ("abandoned"), or resigned ("resignation").
pub fn lost_by(termination: &str) -> Option<WinReason> {
    let termination = termination.to_ascii_lowercase();
    if termination.contains("time") {
        Some(WinReason::Time)
    } else if termination.contains("infraction") || termination.contains("forfeit") {
        Some(WinReason::Forfeit)
    } else if termination.contains("abandon") {
        Some(WinReason::Abandoned)
    } else if termination.contains("resign") {
        Some(WinReason::Resignation)
    } else {
        None
    }
}

/// Every game of `text`.
pub fn read_all(text: &str, defaults: Defaults) -> Vec<Result<GameText, ReadError>> {
    split(text).into_iter().map(|lines| read_game(&lines, defaults)).collect()
}

/// The games of a text, each as its lines with their numbers: a game starts
/// at a tag line after moves, or after a blank line that follows its end.
fn split(text: &str) -> Vec<Vec<(usize, &str)>> {
    let mut games: Vec<Vec<(usize, &str)>> = Vec::new();
    let (mut has_moves, mut ended, mut blank) = (false, false, false);
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.is_empty() {
            blank = true;
            continue;
        }
        let tag = trimmed.starts_with('[');
        if games.is_empty() || (has_moves && (tag || (ended && blank))) {
            games.push(Vec::new());
            (has_moves, ended) = (false, false);
        }
        blank = false;
        if !tag {
            has_moves = true;
            let last = trimmed.split_whitespace().last().unwrap_or_default();
            ended = Stated::from_pgn(last).is_some() || is_resign(last);
        }
        if let Some(game) = games.last_mut() {
            game.push((i + 1, trimmed));
        }
    }
    games
}

/// One game's lines read and checked.
fn read_game(lines: &[(usize, &str)], defaults: Defaults) -> Result<GameText, ReadError> {
    let first = lines.first().map_or(1, |(n, _)| *n);
    let at = |kind| ReadError { line: first, kind };
    let mut tags = Vec::new();
    let mut body = Vec::new();
    for &(n, line) in lines {
        if line.starts_with('[') {
            tags.push(tag_of(line).ok_or_else(|| ReadError { line: n, kind: ReadErrorKind::Tag(line.to_string()) })?);
        } else {
            body.push((n, line));
        }
    }
    let find = |name: &str| tags.iter().find(|(t, _)| t.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str());
    let variant = game_variant(&find, defaults).map_err(at)?;
    let size: BoardSize = match find("Size") {
        Some(text) => text.parse().map_err(|e| at(ReadErrorKind::Size(e)))?,
        None => defaults.size_for(variant),
    };
    let mut position = match find("Start").or(find("FEN")) {
        Some(fen) => Position::from_fen(variant, fen).map_err(|e| at(ReadErrorKind::Start(e)))?,
        None => Position::start(variant, size).map_err(|e| at(ReadErrorKind::Size(e)))?,
    };
    if let Some(rule) = find(BOTH_CONNECTED_TAG) {
        position.set_both_connected(rule.parse().map_err(|e| at(ReadErrorKind::BothConnected(e)))?);
    }
    let (stated, written, line) = play_body(&mut position, &tokens(&body))?;
    let stated = match (stated, find("Result").and_then(Stated::from_pgn)) {
        (Stated::Unknown, Some(tagged)) => tagged,
        (stated, Some(tagged)) if !agree(stated, tagged) => {
            let written = find("Result").unwrap_or_default().to_string();
            return Err(ReadError { line, kind: ReadErrorKind::Result(written) });
        }
        (stated, _) => stated,
    };
    let stated = match (stated, find("Termination").and_then(lost_by)) {
        (Stated::Win { how: How::Unsaid, .. }, Some(WinReason::Time)) => stated.said(How::Time),
        (Stated::Win { how: How::Unsaid, .. }, Some(WinReason::Forfeit)) => stated.said(How::Forfeit),
        (Stated::Win { how: How::Unsaid, .. }, Some(WinReason::Abandoned)) => stated.said(How::Abandoned),
        (Stated::Win { how: How::Unsaid, .. }, Some(WinReason::Resignation)) => stated.said(How::Resignation),
        (other, _) => other,
    };
    let written = written.or(find("Result").map(str::to_string)).unwrap_or_default();
    let result = settle(&position, stated, &written).map_err(|kind| ReadError { line, kind })?;
    tags.retain(|(name, _)| !DERIVED.contains(&name.to_ascii_lowercase().as_str()));
    Ok(GameText { format: Format::Pgn, tags, position, result })
}

/// Whether two statements of a result can both be true (`*` says nothing).
fn agree(a: Stated, b: Stated) -> bool {
    match (a, b) {
        (Stated::Unknown, _) | (_, Stated::Unknown) | (Stated::Draw, Stated::Draw) => true,
        (Stated::Win { winner, .. }, Stated::Win { winner: other, .. }) => winner == other,
        _ => false,
    }
}

/// The variant the tags name (`Variant`, else a site's `Game` or `Event`).
fn game_variant<'a>(find: &dyn Fn(&str) -> Option<&'a str>, defaults: Defaults) -> Result<Variant, ReadErrorKind> {
    if let Some(value) = find("Variant") {
        return value
            .parse()
            .ok()
            .or_else(|| variant_named(value))
            .ok_or_else(|| ReadErrorKind::Game(value.to_string()));
    }
    Ok(["Game", "Event"].iter().find_map(|tag| find(tag).and_then(variant_named)).unwrap_or(defaults.variant))
}

/// The body's tokens with their lines, without comments, variations and `$` marks.
fn tokens<'a>(body: &[(usize, &'a str)]) -> Vec<(usize, &'a str)> {
    let (mut brace, mut paren) = (false, 0usize);
    let mut out = Vec::new();
    for &(n, line) in body {
        let mut rest = line;
        while !rest.is_empty() {
            let cut = if brace {
                rest.find('}').map_or(rest.len(), |i| {
                    brace = false;
                    i + 1
                })
            } else if let Some(stripped) = rest.strip_prefix(['{', '(', ')', ';']) {
                match rest.as_bytes()[0] {
                    b'{' => brace = true,
                    b'(' => paren += 1,
                    b')' => paren = paren.saturating_sub(1),
                    _ => break,
                }
                rest.len() - stripped.len()
            } else {
                let end = rest.find(|c: char| c.is_whitespace() || "{}();".contains(c)).unwrap_or(rest.len()).max(1);
                let word = rest[..end].trim();
                if paren == 0 && !word.is_empty() && !word.starts_with('$') {
                    out.push((n, word));
                }
                end
            };
            rest = &rest[cut..];
        }
    }
    out
}

/// Plays the moves; the result the body states, as written, and its line.
fn play_body(position: &mut Position, tokens: &[(usize, &str)]) -> Result<(Stated, Option<String>, usize), ReadError> {
    let mut stated = Stated::Unknown;
    let mut written = None;
    let mut end_line = tokens.last().map_or(1, |(n, _)| *n);
    let mut ended = false;
    for &(line, token) in tokens {
        if let Some(result) = Stated::from_pgn(token) {
            if written.is_some() {
                return Err(ReadError { line, kind: ReadErrorKind::AfterEnd(token.to_string()) });
            }
            stated = match (stated, result) {
                (Stated::Win { winner, how }, Stated::Win { winner: w, .. }) if w == winner => {
                    Stated::Win { winner, how }
                }
                (Stated::Unknown, result) => result,
                _ => return Err(ReadError { line, kind: ReadErrorKind::Result(token.to_string()) }),
            };
            (written, end_line, ended) = (Some(token.to_string()), line, true);
        } else if ended {
            return Err(ReadError { line, kind: ReadErrorKind::AfterEnd(token.to_string()) });
        } else if is_resign(token) {
            let loser = position.side_to_move();
            stated = Stated::Win { winner: loser.opponent(), how: How::Resignation };
            (end_line, ended) = (line, true);
        } else if !is_move_number(token) {
            play_token(position, token, line, false)?;
        }
    }
    Ok((stated, written, end_line))
}

/// `game` as PGN-like text: its tags, then the variant's and the result's,
/// the numbered moves, `resign` for a resignation, and the result token.
pub fn write(game: &GameText) -> String {
    let mut out = String::new();
    let mut tag = |name: &str, value: &str| {
        let _ = writeln!(out, "[{name} \"{}\"]", value.replace('"', "'"));
    };
    for (name, value) in &game.tags {
        tag(name, value);
    }
    let position = &game.position;
    tag("Variant", position.variant().title());
    if position.size() != position.variant().default_size() {
        tag("Size", &position.size().to_string());
    }
    if !game.usual_start() {
        tag("Start", &position.start_placement().to_fen());
    }
    if let Some(rule) = position.both_connected().filter(|rule| *rule != BothConnected::default()) {
        tag("BothConnected", rule.id());
    }
    tag("Result", pgn_token(game.result));
    if let Some(termination) = termination(game.result) {
        tag("Termination", termination);
    }
    out.push('\n');
    let mut words: Vec<String> = Vec::new();
    let mut names: Vec<String> = game.moves_with_positions().iter().map(|(before, m)| before.move_name(*m)).collect();
    if let Outcome::Win { reason: WinReason::Resignation, .. } = game.result {
        names.push("resign".to_string());
    }
    for (ply, name) in names.into_iter().enumerate() {
        if ply % 2 == 0 {
            words.push(format!("{}.", ply / 2 + 1));
        }
        words.push(name);
    }
    words.push(pgn_token(game.result).to_string());
    out.push_str(&wrap(&words));
    out
}

/// Words in lines of at most 80 characters.
fn wrap(words: &[String]) -> String {
    let mut out = String::new();
    let mut width = 0;
    for word in words {
        if width > 0 && width + 1 + word.len() > 80 {
            out.push('\n');
            width = 0;
        } else if width > 0 {
            out.push(' ');
            width += 1;
        }
        out.push_str(word);
        width += word.len();
    }
    out.push('\n');
    out
}
