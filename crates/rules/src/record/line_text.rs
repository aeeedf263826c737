//! A game's moves with their side lines as text, the way PGN writes
//! variations: a line in parentheses right after the move it replaces,
//! lines nested within lines, moves numbered in pairs (`3...` where a line
//! or the game resumes on the second move of a pair). Reading gives the
//! tree of notation; the rules check it when it is replayed.

use std::fmt::Write as _;

use thiserror::Error;

use crate::record::variation::{Line, LineMove};

/// The result tokens that end a game's moves.
pub const RESULT_TOKENS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// Why a text of moves cannot be read as a tree of lines.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LineTextError {
    /// A `(` before any move it could replace.
    #[error("a side line '(' before any move")]
    NothingToReplace,
    /// A `)` without its `(`.
    #[error("a ')' closes no side line")]
    Unopened,
    /// A `(` never closed.
    #[error("a side line '(' is never closed")]
    Unclosed,
    /// Text after the result, or a result inside a side line.
    #[error("the result '{0}' does not fit the moves")]
    Result(String),
}

/// `line`'s moves (and their alternatives) as text; `first_ply` is the
/// game's ply of its first move, from 0, for the numbers.
pub fn write_line(line: &Line, first_ply: usize) -> String {
    let mut out = String::new();
    let mut number_next = true;
    for (k, entry) in line.moves.iter().enumerate() {
        let ply = first_ply + k;
        if ply.is_multiple_of(2) {
            let _ = write!(out, "{}. ", ply / 2 + 1);
        } else if number_next {
            let _ = write!(out, "{}... ", ply / 2 + 1);
        }
        let _ = write!(out, "{} ", entry.notation);
        number_next = false;
        for alternative in &entry.alternatives {
            let _ = write!(out, "({}) ", write_line(alternative, ply).trim_end());
            number_next = true;
        }
    }
    out
}

/// The moves of `body` as a tree (the main line with its alternatives) and
/// the result token that ends it, if any. Move numbers are skipped.
pub fn read_lines(body: &str) -> Result<(Line, Option<String>), LineTextError> {
    let spaced = body.replace('(', " ( ").replace(')', " ) ");
    let mut open: Vec<Line> = vec![Line::default()];
    let mut result: Option<String> = None;
    for token in spaced.split_whitespace() {
        if result.is_some() {
            return Err(LineTextError::Result(token.to_string()));
        }
        match token {
            "(" => {
                if open.last().is_none_or(|line| line.moves.is_empty()) {
                    return Err(LineTextError::NothingToReplace);
                }
                open.push(Line::default());
            }
            ")" => {
                let closed = open.pop().filter(|_| !open.is_empty()).ok_or(LineTextError::Unopened)?;
                if let Some(replaced) = open.last_mut().and_then(|line| line.moves.last_mut()) {
                    replaced.alternatives.push(closed);
                }
            }
            _ if RESULT_TOKENS.contains(&token) => {
                if open.len() > 1 {
                    return Err(LineTextError::Result(token.to_string()));
                }
                result = Some(token.to_string());
            }
            // Move numbers ("12." or "12...") carry no information.
            _ if token.trim_end_matches('.').chars().all(|c| c.is_ascii_digit()) => {}
            _ => {
                if let Some(line) = open.last_mut() {
                    line.moves.push(LineMove::new(token));
                }
            }
        }
    }
    match open.len() {
        1 => Ok((open.pop().unwrap_or_default(), result)),
        _ => Err(LineTextError::Unclosed),
    }
}
