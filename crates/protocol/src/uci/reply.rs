//! UCI and UGI replies as lines: written once by the engine ([`reply_text`])
//! and read once by a client ([`parse_reply`]). Scores are `cp N`, or
//! `mate N` for a proven result (N moves of the winner, negative when the
//! side to move loses).

use breakline_ai::eval::{MAX_EVAL, Score, WIN};

use super::uci_move;
use crate::command::Protocol;
use crate::line::SyntaxError;
use crate::reply::{Id, Info, OptionKind, OptionSpec, OwnField, Reply, Response, UgiResult};

/// The line that says `reply`, or `None` where UCI says nothing (a command
/// taken). An error is `info string error: <reason>`; replies UCI has no
/// line for (`legal`, `perft`, ...) are Breakline's line text after `info string`.
pub fn reply_text(reply: &Reply) -> Option<String> {
    Some(match reply {
        Reply::Ok => return None,
        Reply::ReadyOk => "readyok".to_string(),
        Reply::Error(reason) => format!("info string error: {reason}"),
        Reply::Info(info) => info_text(info),
        Reply::InfoString(text) => format!("info string {text}"),
        Reply::BestMove(m) => format!("bestmove {}", uci_move(m)),
        Reply::Id(Id::Name(name)) => format!("id name {name}"),
        Reply::Id(Id::Author(author)) => format!("id author {author}"),
        Reply::Option(spec) => option_text(spec),
        Reply::HelloOk(Protocol::Uci) => "uciok".to_string(),
        Reply::HelloOk(Protocol::Ugi) => "ugiok".to_string(),
        Reply::Response(response) => format!("response {}", response_word(*response)),
        other => format!("info string {}", crate::line::reply_text(other)),
    })
}

fn response_word(response: Response) -> &'static str {
    match response {
        Response::Flag(true) => "true",
        Response::Flag(false) => "false",
        Response::Result(UgiResult::P1Win) => "p1win",
        Response::Result(UgiResult::P2Win) => "p2win",
        Response::Result(UgiResult::Draw) => "draw",
        Response::Result(UgiResult::None) => "none",
    }
}

/// `option name N type check|spin|combo|string|button [default D] [min A max B] [var V]...`.
fn option_text(spec: &OptionSpec) -> String {
    let kind = match &spec.kind {
        OptionKind::Check { default } => format!("check default {default}"),
        OptionKind::Spin { default, min, max } => format!("spin default {default} min {min} max {max}"),
        OptionKind::Combo { default, vars } => {
            let vars: String = vars.iter().map(|v| format!(" var {v}")).collect();
            format!("combo default {default}{vars}")
        }
        OptionKind::String { default } if default.is_empty() => "string default <empty>".to_string(),
        OptionKind::String { default } => format!("string default {default}"),
        OptionKind::Button => "button".to_string(),
    };
    format!("option name {} type {kind}", spec.name)
}

/// UCI's score words: `cp N`, or `mate N` for a proven win (N > 0) or loss.
pub(crate) fn score_words(score: Score) -> String {
    if score > MAX_EVAL {
        format!("mate {}", (WIN - score + 1) / 2)
    } else if score < -MAX_EVAL {
        format!("mate -{}", (WIN + score + 1) / 2)
    } else {
        format!("cp {score}")
    }
}

/// A `score` read back: `cp` clamped below the proven range, `mate N` as
/// a win in N moves (2N-1 plies) or a loss in N (2N plies).
fn score_value(kind: &str, value: &str) -> Option<Score> {
    let n: Score = value.parse().ok()?;
    match kind {
        "cp" => Some(n.clamp(-MAX_EVAL, MAX_EVAL)),
        "mate" if n > 0 => Some(WIN - (n.checked_mul(2)? - 1)).filter(|&s| s > MAX_EVAL),
        "mate" => Some(-(WIN - n.checked_mul(-2)?)).filter(|&s| s <= -MAX_EVAL || n == 0),
        _ => None,
    }
}

/// `info [multipv K] depth D score cp|mate S [wdl W D L] nodes N nps R time MS [pv ...]`.
fn info_text(info: &Info) -> String {
    let number = info.multipv.map(|k| format!(" multipv {k}")).unwrap_or_default();
    let mut line = format!("info{number} depth {} score {}", info.depth, score_words(info.score));
    if let Some([w, d, l]) = info.wdl {
        line.push_str(&format!(" wdl {w} {d} {l}"));
    }
    let nps = info.nodes.saturating_mul(1000) / info.time_ms.max(1);
    line.push_str(&format!(" nodes {} nps {nps} time {}", info.nodes, info.time_ms));
    if !info.pv.is_empty() {
        line.push_str(" pv");
        for m in &info.pv {
            line.push(' ');
            line.push_str(&uci_move(m));
        }
    }
    line
}

/// The reply on `line`. Lines of other engines' making are read as far as
/// this side knows them: unknown `info` fields are passed over.
pub fn parse_reply(line: &str) -> Result<Reply, SyntaxError> {
    let bad = || SyntaxError::Reply(line.trim().to_string());
    let words: Vec<&str> = line.split_whitespace().collect();
    let after = |n: usize| words.get(n..).unwrap_or_default().join(" ");
    Ok(match words.as_slice() {
        ["uciok"] => Reply::HelloOk(Protocol::Uci),
        ["ugiok"] => Reply::HelloOk(Protocol::Ugi),
        ["readyok"] => Reply::ReadyOk,
        ["id", "name", ..] => Reply::Id(Id::Name(after(2))),
        ["id", "author", ..] => Reply::Id(Id::Author(after(2))),
        ["option", "name", rest @ ..] => Reply::Option(read_option(rest).ok_or_else(bad)?),
        ["info", "string", ..] => Reply::InfoString(line.trim().splitn(3, ' ').nth(2).unwrap_or("").trim().to_string()),
        ["info", fields @ ..] => Reply::Info(Info::read(fields, own_field).ok_or_else(bad)?),
        ["bestmove", m] | ["bestmove", m, "ponder", _] => Reply::BestMove(m.to_string()),
        ["response", word] => Reply::Response(match *word {
            "true" => Response::Flag(true),
            "false" => Response::Flag(false),
            "p1win" => Response::Result(UgiResult::P1Win),
            "p2win" => Response::Result(UgiResult::P2Win),
            "draw" => Response::Result(UgiResult::Draw),
            "none" => Response::Result(UgiResult::None),
            _ => return Err(bad()),
        }),
        _ => return Err(bad()),
    })
}

/// An `option` line's name and kind; `None` if it is not one.
fn read_option(words: &[&str]) -> Option<OptionSpec> {
    let at_type = words.iter().position(|w| *w == "type")?;
    let name = words[..at_type].join(" ");
    let rest = &words[at_type + 1..];
    let (&kind, rest) = rest.split_first()?;
    // A value runs to the next keyword (a string's default may hold spaces).
    let value_of = |key: &str| -> Option<String> {
        let at = rest.iter().position(|w| *w == key)?;
        let tail = &rest[at + 1..];
        let end = tail.iter().position(|w| matches!(*w, "default" | "min" | "max" | "var")).unwrap_or(tail.len());
        Some(tail[..end].join(" "))
    };
    let kind = match kind {
        "check" => OptionKind::Check { default: value_of("default")? == "true" },
        "spin" => OptionKind::Spin {
            default: value_of("default")?.parse().ok()?,
            min: value_of("min")?.parse().ok()?,
            max: value_of("max")?.parse().ok()?,
        },
        "combo" => OptionKind::Combo {
            default: value_of("default")?,
            vars: rest.windows(2).filter(|w| w[0] == "var").map(|w| w[1].to_string()).collect(),
        },
        "string" => {
            let default = value_of("default").unwrap_or_default();
            OptionKind::String { default: if default == "<empty>" { String::new() } else { default } }
        }
        "button" => OptionKind::Button,
        _ => return None,
    };
    Some(OptionSpec { name, kind })
}

/// UCI's own `info` fields: its score of a kind and a value, and a bound's mark.
fn own_field<'a>(info: &mut Info, fields: &'a [&'a str]) -> OwnField<'a> {
    match fields {
        ["score", kind, value, tail @ ..] => match score_value(kind, value) {
            Some(score) => {
                info.score = score;
                OwnField::Read(tail)
            }
            None => OwnField::Bad,
        },
        // A bound's mark stands alone after the score.
        ["lowerbound" | "upperbound", tail @ ..] => OwnField::Read(tail),
        _ => OwnField::Shared,
    }
}
