//! Replies as lines: written once by the engine ([`reply_text`]) and read
//! once by a client ([`parse_reply`]).

use breakline_rules::Side;

use super::SyntaxError;
use super::score::{score_token, score_value};
use crate::reply::{GameStatus, Info, OwnField, Reply, Solved};

/// The line that says `reply`.
pub fn reply_text(reply: &Reply) -> String {
    match reply {
        Reply::Ok => "ok".to_string(),
        Reply::ReadyOk => "readyok".to_string(),
        Reply::Error(reason) => format!("error {reason}"),
        Reply::Legal(moves) => {
            std::iter::once("legal").chain(moves.iter().map(String::as_str)).collect::<Vec<_>>().join(" ")
        }
        Reply::Status(GameStatus::Ongoing(side)) => format!("status ongoing {side}"),
        Reply::Status(GameStatus::Win(side)) => format!("status win {side}"),
        Reply::Status(GameStatus::Draw) => "status draw".to_string(),
        Reply::Fen(fen) => format!("fen {fen}"),
        Reply::Info(info) => info_text(info),
        Reply::InfoString(text) => format!("info string {text}"),
        Reply::BestMove(m) => format!("bestmove {m}"),
        Reply::Perft { depth, nodes: Some(nodes) } => format!("perft {depth} {nodes}"),
        Reply::Perft { depth, nodes: None } => format!("perft {depth} stopped"),
        Reply::Solved(Solved::Win { winner, plies, nodes, pv }) => {
            format!("solved win {winner} {plies} nodes {nodes} pv {}", pv.join(" "))
        }
        Reply::Solved(Solved::Unknown { nodes }) => format!("solved unknown nodes {nodes}"),
        // UCI's own replies have no line of this protocol: UCI's words.
        Reply::Id(_) | Reply::Option(_) | Reply::HelloOk(_) | Reply::Response(_) => {
            crate::uci::reply_text(reply).unwrap_or_default()
        }
    }
}

/// `info [multipv K] depth D score S [wdl W D L] nodes N [qnodes N] time MS [iterations N] [pv ...]`.
fn info_text(info: &Info) -> String {
    let number = info.multipv.map(|k| format!(" multipv {k}")).unwrap_or_default();
    let mut line = format!("info{number} depth {} score {}", info.depth, score_token(info.score));
    if let Some([w, d, l]) = info.wdl {
        line.push_str(&format!(" wdl {w} {d} {l}"));
    }
    line.push_str(&format!(" nodes {}", info.nodes));
    if info.qnodes > 0 {
        line.push_str(&format!(" qnodes {}", info.qnodes));
    }
    line.push_str(&format!(" time {}", info.time_ms));
    if info.iterations > 0 {
        line.push_str(&format!(" iterations {}", info.iterations));
    }
    if !info.pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&info.pv.join(" "));
    }
    line
}

/// The reply on `line`.
pub fn parse_reply(line: &str) -> Result<Reply, SyntaxError> {
    let bad = || SyntaxError::Reply(line.trim().to_string());
    let words: Vec<&str> = line.split_whitespace().collect();
    let rest = |from: usize| words[from..].iter().map(|w| w.to_string()).collect::<Vec<_>>();
    let side = |text: &str| [Side::White, Side::Black].into_iter().find(|s| s.name() == text).ok_or_else(bad);
    Ok(match words.as_slice() {
        ["ok"] => Reply::Ok,
        ["readyok"] => Reply::ReadyOk,
        ["error", ..] => Reply::Error(line.trim().strip_prefix("error").unwrap_or("").trim().to_string()),
        ["legal", ..] => Reply::Legal(rest(1)),
        ["status", "ongoing", s] => Reply::Status(GameStatus::Ongoing(side(s)?)),
        ["status", "win", s] => Reply::Status(GameStatus::Win(side(s)?)),
        ["status", "draw"] => Reply::Status(GameStatus::Draw),
        ["fen", ranks, to_move] => Reply::Fen(format!("{ranks} {to_move}")),
        ["info", "string", ..] => Reply::InfoString(line.trim().splitn(3, ' ').nth(2).unwrap_or("").trim().to_string()),
        ["info", fields @ ..] => Reply::Info(Info::read(fields, own_field).ok_or_else(bad)?),
        ["bestmove", m] => Reply::BestMove(m.to_string()),
        ["perft", depth, "stopped"] => Reply::Perft { depth: depth.parse().map_err(|_| bad())?, nodes: None },
        ["perft", depth, nodes] => {
            Reply::Perft { depth: depth.parse().map_err(|_| bad())?, nodes: Some(nodes.parse().map_err(|_| bad())?) }
        }
        ["solved", "win", s, plies, "nodes", nodes, "pv", ..] => Reply::Solved(Solved::Win {
            winner: side(s)?,
            plies: plies.parse().map_err(|_| bad())?,
            nodes: nodes.parse().map_err(|_| bad())?,
            pv: rest(7),
        }),
        ["solved", "unknown", "nodes", nodes] => {
            Reply::Solved(Solved::Unknown { nodes: nodes.parse().map_err(|_| bad())? })
        }
        _ => return Err(bad()),
    })
}

/// The line protocol's own `info` fields: its one-word score and its counts.
fn own_field<'a>(info: &mut Info, fields: &'a [&'a str]) -> OwnField<'a> {
    let read = |parsed: Option<()>, tail| parsed.map_or(OwnField::Bad, |()| OwnField::Read(tail));
    match fields {
        ["score", s, tail @ ..] => read(score_value(s).map(|score| info.score = score), tail),
        ["qnodes", n, tail @ ..] => read(n.parse().ok().map(|n| info.qnodes = n), tail),
        ["iterations", n, tail @ ..] => read(n.parse().ok().map(|n| info.iterations = n), tail),
        _ => OwnField::Shared,
    }
}
