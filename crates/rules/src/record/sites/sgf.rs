//! SGF (FF[4]) records: `GM[9]` Lines of Action, `GM[41]` Breakthrough,
//! `SZ[8]` or `SZ[columns:rows]`, players `PB`/`PW`, `RE[B+R]`-style results
//! (`R` resignation, `T` time, `F` forfeit, `0` a draw), then one node a
//! move, `;B[b1-b3]`. A move is written in the project's notation; squares
//! without a dash (`b1b3`) and SGF's letter pairs (`bhbf`, rows counted from
//! the top) are read too. Only a game's main line is read: other variations
//! are skipped. Lines of Action's tournament rule (a move joining both
//! sides draws) is the private root property `BC[draw]` (PGN's
//! `[BothConnected "draw"]`); the usual rule is not written.

use std::fmt::Write as _;

use super::error::{ReadError, ReadErrorKind, WriteError};
use super::game::{GameText, play_token};
use super::stated::{How, Stated, settle};
use super::{Defaults, Format};
use crate::connection_rule::BothConnected;
use crate::position::Position;

/// The private root property holding Lines of Action's rule for a move
/// joining both sides (`BC[draw]`), as no SGF standard names it.
const BOTH_CONNECTED_PROPERTY: &str = "BC";
use crate::{BoardSize, DrawReason, Outcome, Side, Variant, WinReason};

/// SGF's game number of each variant (`GM`).
fn game_number(variant: Variant) -> u32 {
    match variant {
        Variant::LinesOfAction => 9,
        Variant::Breakthrough => 41,
    }
}

/// SGF's root properties kept as PGN's tags, and back.
const TAGS: [(&str, &str); 6] =
    [("EV", "Event"), ("PC", "Site"), ("DT", "Date"), ("RO", "Round"), ("PW", "White"), ("PB", "Black")];

/// One node of the main line: its line and its properties.
struct Node {
    line: usize,
    properties: Vec<(String, String)>,
}

impl Node {
    fn get(&self, name: &str) -> Option<&str> {
        self.properties.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

/// Every game of an SGF collection, each read on its own.
pub fn read_all(text: &str, defaults: Defaults) -> Vec<Result<GameText, ReadError>> {
    match trees(text) {
        Ok(trees) => {
            trees.into_iter().map(|(line, tree)| main_line(tree, line).and_then(|n| read_game(&n, defaults))).collect()
        }
        Err(error) => vec![Err(error)],
    }
}

/// The top-level game trees of a collection, each with its first line.
fn trees(text: &str) -> Result<Vec<(usize, &str)>, ReadError> {
    let mut out = Vec::new();
    let (mut depth, mut start, mut line, mut start_line) = (0usize, 0usize, 1usize, 1usize);
    let (mut in_value, mut escaped) = (false, false);
    for (i, c) in text.char_indices() {
        if c == '\n' {
            line += 1;
        }
        if in_value {
            (in_value, escaped) = (escaped || c != ']', !escaped && c == '\\');
            continue;
        }
        match c {
            '[' => in_value = true,
            '(' => {
                if depth == 0 {
                    (start, start_line) = (i, line);
                }
                depth += 1;
            }
            ')' if depth == 0 => return Err(ReadError { line, kind: ReadErrorKind::Sgf("a ')' closes nothing") }),
            ')' => {
                depth -= 1;
                if depth == 0 {
                    out.push((start_line, &text[start..=i]));
                }
            }
            _ => {}
        }
    }
    if depth > 0 || in_value {
        return Err(ReadError { line: start_line, kind: ReadErrorKind::Sgf("a game tree is never closed") });
    }
    if out.is_empty() {
        return Err(ReadError { line: 1, kind: ReadErrorKind::Empty });
    }
    Ok(out)
}

/// The nodes of a game tree's main line (the first variation at each branch).
fn main_line(tree: &str, first_line: usize) -> Result<Vec<Node>, ReadError> {
    let mut nodes: Vec<Node> = Vec::new();
    let (mut line, mut depth, mut main) = (first_line, 0usize, 0usize);
    let mut entered = vec![false; 1];
    let mut chars = tree.chars().peekable();
    let mut skip = 0usize;
    let mut name = String::new();
    while let Some(c) = chars.next() {
        if c == '\n' {
            line += 1;
        }
        if c == '[' {
            let value = read_value(&mut chars, &mut line);
            if let Some(node) = nodes.last_mut().filter(|_| skip == 0) {
                // A second value of one property (`AB[aa][bb]`) has no name before it.
                let prop = match name.is_empty() {
                    true => node.properties.last().map(|(n, _)| n.clone()).unwrap_or_default(),
                    false => std::mem::take(&mut name),
                };
                node.properties.push((prop, value));
            }
            continue;
        }
        match c {
            '(' if skip > 0 => skip += 1,
            ')' if skip > 0 => skip -= 1,
            '(' => {
                depth += 1;
                entered.resize(depth + 1, false);
                if depth == main + 1 && !entered[main] {
                    entered[main] = true;
                    main = depth;
                } else {
                    skip = 1;
                    depth -= 1;
                }
            }
            ')' => {
                if depth == main {
                    main = main.saturating_sub(1);
                }
                depth = depth.saturating_sub(1);
            }
            ';' if skip == 0 => nodes.push(Node { line, properties: Vec::new() }),
            c if skip == 0 && c.is_ascii_uppercase() => name.push(c),
            c if skip == 0 && c.is_ascii_lowercase() => {}
            c if skip == 0 && !c.is_whitespace() => {
                return Err(ReadError { line, kind: ReadErrorKind::Sgf("unexpected character outside a value") });
            }
            _ => {}
        }
    }
    Ok(nodes)
}

/// A property value after its `[`, up to the `]` that closes it, unescaped.
fn read_value(chars: &mut std::iter::Peekable<std::str::Chars<'_>>, line: &mut usize) -> String {
    let mut value = String::new();
    while let Some(c) = chars.next() {
        if c == '\n' {
            *line += 1;
        }
        match c {
            '\\' => value.extend(chars.next()),
            ']' => break,
            c => value.push(c),
        }
    }
    value
}

/// One game from its main line's nodes.
fn read_game(nodes: &[Node], defaults: Defaults) -> Result<GameText, ReadError> {
    let root = nodes.first().ok_or(ReadError { line: 1, kind: ReadErrorKind::Empty })?;
    let at = |kind| ReadError { line: root.line, kind };
    let variant = match root.get("GM").map(str::trim) {
        None => defaults.variant,
        Some("9") => Variant::LinesOfAction,
        Some("41") => Variant::Breakthrough,
        Some(other) => return Err(at(ReadErrorKind::Game(format!("GM[{other}]")))),
    };
    let size: BoardSize = match root.get("SZ") {
        Some(text) => text.replace(':', "x").parse().map_err(|e| at(ReadErrorKind::Size(e)))?,
        None => defaults.size_for(variant),
    };
    let mut position = Position::start(variant, size).map_err(|e| at(ReadErrorKind::Size(e)))?;
    if let Some(rule) = root.get(BOTH_CONNECTED_PROPERTY) {
        position.set_both_connected(rule.trim().parse().map_err(|e| at(ReadErrorKind::BothConnected(e)))?);
    }
    for node in nodes {
        for (name, value) in &node.properties {
            let written = match name.as_str() {
                "B" => Side::Black,
                "W" => Side::White,
                _ => continue,
            };
            let to_move = position.side_to_move();
            if written != to_move {
                let ply = position.moves().len() + 1;
                return Err(ReadError { line: node.line, kind: ReadErrorKind::Colour { ply, written, to_move } });
            }
            play_token(&mut position, &algebraic(value, size), node.line, false)?;
        }
    }
    let written = root.get("RE").unwrap_or_default();
    let result = settle(&position, stated(written), written).map_err(at)?;
    let tags = TAGS.iter().filter_map(|(sgf, pgn)| root.get(sgf).map(|v| (pgn.to_string(), v.to_string()))).collect();
    Ok(GameText { format: Format::Sgf, tags, position, result })
}

/// A move value in the project's notation: SGF's letter pairs (`bhbf`,
/// rows from the top) turned into squares; anything else as written.
fn algebraic(value: &str, size: BoardSize) -> String {
    let value = value.trim();
    let letters = value.len() == 4 && value.chars().all(|c| c.is_ascii_lowercase());
    if !letters {
        return value.to_string();
    }
    let b = value.as_bytes();
    let square = |col: u8, row: u8| format!("{}{}", col as char, i32::from(size.rows) - i32::from(row - b'a'));
    format!("{}-{}", square(b[0], b[1]), square(b[2], b[3]))
}

/// SGF's `RE`: `B+R`, `W+T`, `B+F`, `W+` (or with a score), `0`/`Draw`, `?`/`Void`.
fn stated(text: &str) -> Stated {
    let text = text.trim();
    let winner = match text.get(..2) {
        Some("B+") => Side::Black,
        Some("W+") => Side::White,
        _ if matches!(text.to_ascii_lowercase().as_str(), "0" | "draw" | "d") => return Stated::Draw,
        _ => return Stated::Unknown,
    };
    let how = match text[2..].to_ascii_lowercase().as_str() {
        "r" | "resign" => How::Resignation,
        "t" | "time" => How::Time,
        "f" | "forfeit" => How::Forfeit,
        _ => How::Unsaid,
    };
    Stated::Win { winner, how }
}

/// `game` as one SGF game tree; a start other than the usual cannot be said.
pub fn write(game: &GameText) -> Result<String, WriteError> {
    if !game.usual_start() {
        return Err(WriteError::SgfStart);
    }
    let position = &game.position;
    let size = position.size();
    let sz =
        if size.columns == size.rows { size.columns.to_string() } else { format!("{}:{}", size.columns, size.rows) };
    let mut out = format!("(;FF[4]GM[{}]SZ[{sz}]", game_number(position.variant()));
    for (sgf, pgn) in TAGS {
        if let Some(value) = game.tag(pgn) {
            let _ = write!(out, "{sgf}[{}]", value.replace('\\', "\\\\").replace(']', "\\]"));
        }
    }
    if let Some(rule) = position.both_connected().filter(|rule| *rule != BothConnected::default()) {
        let _ = write!(out, "{BOTH_CONNECTED_PROPERTY}[{rule}]");
    }
    if let Some(re) = result_text(game.result) {
        let _ = write!(out, "RE[{re}]");
    }
    for (i, (before, m)) in game.moves_with_positions().iter().enumerate() {
        out.push(if i % 10 == 0 { '\n' } else { ' ' });
        let colour = if before.side_to_move() == Side::Black { 'B' } else { 'W' };
        let _ = write!(out, ";{colour}[{}]", before.move_name(*m));
    }
    out.push_str(")\n");
    Ok(out)
}

/// SGF's `RE` of an outcome, if decided.
fn result_text(outcome: Outcome) -> Option<String> {
    match outcome {
        Outcome::Ongoing => None,
        Outcome::Draw { reason: DrawReason::Repetition | DrawReason::MoveLimit | DrawReason::BothConnected } => {
            Some("0".to_string())
        }
        Outcome::Win { winner, reason } => {
            let colour = if winner == Side::Black { 'B' } else { 'W' };
            let how = match reason {
                WinReason::Resignation => "R",
                WinReason::Time => "T",
                WinReason::Forfeit => "F",
                _ => "",
            };
            Some(format!("{colour}+{how}"))
        }
    }
}
