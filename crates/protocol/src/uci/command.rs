//! UCI and UGI commands as lines: read once ([`parse_command`]) and written
//! once ([`command_text`]). Moves stay text (the position reads them with
//! or without a dash); a `position fen` is read into Breakline's own ranks.

use breakline_ai::search::{AiConfig, Limit, limits, parse_threads};
use breakline_rules::placement::Placement;
use breakline_rules::{BoardSize, Side, Variant};

use super::{Flavor, hash_mib, uci_move, variant_name};
use crate::command::{Command, EngineOption, Go, GoWords, Protocol, Query, Start};
use crate::line::SyntaxError;
use crate::line::command::{node_count, position_with_moves, set_clock};

/// The command on `line` (`None` for a blank line); `flavor` says whose
/// clocks `p1time` and `p2time` are.
pub fn parse_command(line: &str, flavor: Flavor) -> Result<Option<Command>, SyntaxError> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some((&word, args)) = words.split_first() else {
        return Ok(None);
    };
    let command = match (word, args) {
        ("uci", []) => Command::Hello(Protocol::Uci),
        ("ugi", []) => Command::Hello(Protocol::Ugi),
        ("ucinewgame" | "uginewgame", []) => Command::NewGame,
        ("isready", []) => Command::IsReady,
        ("stop", []) => Command::Stop,
        ("quit", []) => Command::Quit,
        ("setoption", _) => setoption(args)?,
        ("position", _) => position(args)?,
        ("go", _) => Command::Go(go(args, flavor)?),
        ("query", [what]) => Command::Query(query(what)?),
        ("uci" | "ugi" | "ucinewgame" | "uginewgame" | "isready" | "stop" | "quit", _) => {
            return Err(SyntaxError::Usage("uci, ugi, ucinewgame, isready, stop and quit take nothing after them"));
        }
        ("query", _) => return Err(SyntaxError::Usage(QUERY_USAGE)),
        (other, _) => return Err(SyntaxError::UnknownCommand(other.to_string())),
    };
    Ok(Some(command))
}

const QUERY_USAGE: &str = "query gameover|p1turn|result";
const SETOPTION_USAGE: &str = "setoption name <option> [value <value>]";

fn query(what: &str) -> Result<Query, SyntaxError> {
    Ok(match what {
        "gameover" => Query::GameOver,
        "p1turn" => Query::P1Turn,
        "result" => Query::Result,
        _ => return Err(SyntaxError::Usage(QUERY_USAGE)),
    })
}

/// `setoption name <words> [value <words>]`: the name's case does not matter.
fn setoption(args: &[&str]) -> Result<Command, SyntaxError> {
    let ["name", rest @ ..] = args else {
        return Err(SyntaxError::Usage(SETOPTION_USAGE));
    };
    let split = rest.iter().position(|w| *w == "value").unwrap_or(rest.len());
    let name = rest[..split].join(" ");
    let value: Vec<&str> = rest.get(split + 1..).unwrap_or_default().to_vec();
    if name.is_empty() {
        return Err(SyntaxError::Usage(SETOPTION_USAGE));
    }
    let text = value.join(" ");
    let bad = |expect: &'static str| SyntaxError::OptionValue { option: name.clone(), expect, value: text.clone() };
    let option = match name.to_ascii_lowercase().as_str() {
        "uci_variant" => return variant(&value).map_err(|_| bad("breakthrough or linesofaction, and a size")),
        "threads" => EngineOption::Threads(parse_threads(&text).ok_or_else(|| bad("a thread count"))?),
        "hash" => EngineOption::Hash(hash_mib(&text).ok_or_else(|| bad("a size in MiB (1 to 4096)"))?),
        "multipv" => EngineOption::MultiPv(
            text.parse().ok().filter(|n| limits::MULTIPV.contains(n)).ok_or_else(|| bad("a line count (1 to 32)"))?,
        ),
        "uci_showwdl" => EngineOption::Wdl(match text.as_str() {
            "true" => true,
            "false" => false,
            _ => return Err(bad("true or false")),
        }),
        "ai" if !text.is_empty() => EngineOption::Ai(text),
        "ai" => return Err(bad("a level or AI config")),
        "movelimit" => EngineOption::MoveLimit(text.parse().map_err(|_| bad("a number of plies"))?),
        "evalfile" if !text.is_empty() => EngineOption::EvalFile(text.into()),
        "evalfile" => return Err(bad("a net file")),
        "bothconnected" => EngineOption::BothConnected(text.parse().map_err(|_| bad("mover-wins or draw"))?),
        _ => return Err(SyntaxError::UnknownOption(name)),
    };
    Ok(Command::SetOption(option))
}

/// `UCI_Variant`'s value: the variant, and a board size after it if not its default.
fn variant(value: &[&str]) -> Result<Command, SyntaxError> {
    let (name, size) = match value {
        [name] => (*name, None),
        [name, size] => (*name, Some(size.parse::<BoardSize>()?)),
        _ => return Err(SyntaxError::Usage(SETOPTION_USAGE)),
    };
    Ok(Command::Variant { variant: name.parse::<Variant>()?, size })
}

/// `position startpos|fen <UCI FEN> [moves m1 m2 ...]`.
fn position(args: &[&str]) -> Result<Command, SyntaxError> {
    let (start, rest) = match args {
        ["startpos", rest @ ..] => (Start::StartPos, rest),
        ["fen", fields @ ..] => {
            let end = fields.iter().position(|w| *w == "moves").unwrap_or(fields.len());
            let own = Placement::parse_uci(&fields[..end].join(" "))?.to_fen();
            let (ranks, side) = own.split_once(' ').unwrap_or((&own, "w"));
            (Start::Fen { ranks: ranks.to_string(), side: side.to_string() }, &fields[end..])
        }
        _ => return Err(SyntaxError::Usage("position startpos|fen <fen> [moves m1 m2 ...]")),
    };
    position_with_moves(start, rest)
}

/// `go [depth N] [movetime MS] [nodes N] [wtime W btime B winc I binc J
/// movestogo N] | go infinite`; UGI's clocks are `p1time p2time p1inc p2inc`.
fn go(args: &[&str], flavor: Flavor) -> Result<Go, SyntaxError> {
    let mut go = Go::default();
    let mut rest = args;
    loop {
        rest = match rest {
            [] => break,
            ["infinite", tail @ ..] => {
                go.infinite = true;
                tail
            }
            [key] if takes_value(key, flavor) => return Err(SyntaxError::GoNeedsValue(key.to_string())),
            [key @ ("depth" | "movetime"), value, tail @ ..] => {
                let config_key = if *key == "movetime" { "time" } else { key };
                go.limits.push(Limit::parse(config_key, value)?);
                tail
            }
            ["nodes", value, tail @ ..] => {
                go.nodes = Some(node_count(value)?);
                tail
            }
            [word, after @ ..] => {
                let (Some(clock), [value, tail @ ..]) = (clock_key(word, flavor), after) else {
                    return Err(unknown_go_word(word, flavor));
                };
                set_clock(&mut go.clocks, clock, value)?;
                tail
            }
        };
    }
    if go.infinite && (!go.limits.is_empty() || go.clocks.any() || go.nodes.is_some()) {
        return Err(SyntaxError::InfiniteWithLimits);
    }
    Ok(go)
}

/// Whether `key` is a word of `go` that a value follows, in `flavor`.
fn takes_value(key: &str, flavor: Flavor) -> bool {
    matches!(key, "depth" | "movetime" | "nodes") || clock_key(key, flavor).is_some()
}

/// The error for a word `go` does not take in `flavor`, saying what it takes.
fn unknown_go_word(word: &str, flavor: Flavor) -> SyntaxError {
    let takes = match flavor {
        Flavor::Uci => "depth N, movetime MS, nodes N, wtime/btime/winc/binc MS, movestogo N, infinite",
        Flavor::Ugi { .. } => "depth N, movetime MS, nodes N, p1time/p2time/p1inc/p2inc MS, movestogo N, infinite",
    };
    SyntaxError::UnknownGoOption { word: word.to_string(), takes }
}

/// A clock word of `flavor` as the colour's (`p1time` is `wtime` when White moves first).
fn clock_key(key: &str, flavor: Flavor) -> Option<&'static str> {
    let colour = |p1_is_white: bool, white: &'static str, black: &'static str| {
        if p1_is_white { white } else { black }
    };
    match (flavor, key) {
        (Flavor::Uci, "wtime") => Some("wtime"),
        (Flavor::Uci, "btime") => Some("btime"),
        (Flavor::Uci, "winc") => Some("winc"),
        (Flavor::Uci, "binc") => Some("binc"),
        (_, "movestogo") => Some("movestogo"),
        (Flavor::Ugi { p1 }, "p1time") => Some(colour(p1.index() == 0, "wtime", "btime")),
        (Flavor::Ugi { p1 }, "p2time") => Some(colour(p1.index() != 0, "wtime", "btime")),
        (Flavor::Ugi { p1 }, "p1inc") => Some(colour(p1.index() == 0, "winc", "binc")),
        (Flavor::Ugi { p1 }, "p2inc") => Some(colour(p1.index() != 0, "winc", "binc")),
        _ => None,
    }
}

/// The line that says `command` in `flavor`. Commands UCI has no line for
/// (`legal`, `perft`, ...) are written as Breakline's line protocol writes them.
pub fn command_text(command: &Command, flavor: Flavor) -> String {
    match command {
        Command::Hello(Protocol::Uci) => "uci".to_string(),
        Command::Hello(Protocol::Ugi) => "ugi".to_string(),
        Command::NewGame if flavor == Flavor::Uci => "ucinewgame".to_string(),
        Command::NewGame => "uginewgame".to_string(),
        Command::Query(what) => format!(
            "query {}",
            match what {
                Query::GameOver => "gameover",
                Query::P1Turn => "p1turn",
                Query::Result => "result",
            }
        ),
        Command::Variant { variant, size } => {
            let size = size.map(|s| format!(" {s}")).unwrap_or_default();
            format!("setoption name UCI_Variant value {}{size}", variant_name(*variant))
        }
        Command::SetOption(option) => option_text(option),
        Command::Position { start, moves } => position_text(start, moves),
        Command::Go(go) => go.text(&go_words(flavor)),
        other => crate::line::command_text(other),
    }
}

fn option_text(option: &EngineOption) -> String {
    let (name, value) = match option {
        EngineOption::Ai(text) => ("AI", text.clone()),
        EngineOption::Threads(AiConfig::AUTO_THREADS) => ("Threads", "auto".to_string()),
        EngineOption::Threads(n) => ("Threads", n.to_string()),
        EngineOption::Hash(n) => ("Hash", n.to_string()),
        EngineOption::MultiPv(n) => ("MultiPV", n.to_string()),
        EngineOption::Wdl(on) => ("UCI_ShowWDL", on.to_string()),
        EngineOption::MoveLimit(n) => ("MoveLimit", n.to_string()),
        EngineOption::EvalFile(path) => ("EvalFile", path.display().to_string()),
        EngineOption::BothConnected(rule) => (BOTH_CONNECTED_OPTION, rule.to_string()),
    };
    setoption_text(name, &value)
}

/// The UCI option naming Lines of Action's rule for a move joining both sides.
pub const BOTH_CONNECTED_OPTION: &str = "BothConnected";

/// `setoption name NAME value VALUE`: any option, the engine's own included.
pub fn setoption_text(name: &str, value: &str) -> String {
    format!("setoption name {name} value {value}")
}

fn position_text(start: &Start, moves: &[String]) -> String {
    let mut line = match start {
        Start::StartPos => "position startpos".to_string(),
        Start::Fen { ranks, side } => match Placement::parse(&format!("{ranks} {side}")) {
            Ok(placement) => format!("position fen {}", placement.to_uci_fen()),
            // Not a position string at all: passed on for the engine to refuse.
            Err(_) => format!("position fen {ranks} {side}"),
        },
    };
    if !moves.is_empty() {
        line.push_str(" moves");
        for m in moves {
            line.push(' ');
            line.push_str(&uci_move(m));
        }
    }
    line
}

/// A flavour's `go` words: clocks by colour (UCI) or by turn order (UGI);
/// no playout count (the nearest is a node count) and no AI config.
fn go_words(flavor: Flavor) -> GoWords {
    let (clocks, first) = match flavor {
        Flavor::Uci => (["wtime", "btime", "winc", "binc"], Side::White),
        Flavor::Ugi { p1 } => (["p1time", "p2time", "p1inc", "p2inc"], p1),
    };
    GoWords { iterations: "nodes", clocks, first, ai: false }
}
