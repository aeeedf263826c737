//! Commands as lines: read once ([`parse_command`]) and written once
//! ([`command_text`]), so the engine and the runner's seats agree.

use breakline_ai::search::{AiConfig, Limit, limits, parse_threads};
use breakline_rules::{BoardSize, Side, Variant};

use super::SyntaxError;
use crate::command::{Command, EngineOption, Go, GoClocks, GoWords, SolveLimits, Start};

const SETOPTION_USAGE: &str = "setoption ai <config> | setoption threads <n|auto> | setoption movelimit <plies> | setoption wdl on|off | setoption multipv <lines> | setoption hash <MiB> | setoption evalfile <path> | setoption bothconnected mover-wins|draw";

/// The command on `line`; `None` for a blank line.
pub fn parse_command(line: &str) -> Result<Option<Command>, SyntaxError> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some((&word, args)) = words.split_first() else {
        return Ok(None);
    };
    let command = match word {
        "quit" => Command::Quit,
        "stop" => Command::Stop,
        "isready" => Command::IsReady,
        "variant" => variant(args)?,
        "position" => position(args)?,
        "legal" => Command::Legal,
        "play" => match args {
            [text] => Command::Play(text.to_string()),
            _ => return Err(SyntaxError::Usage("play <move>")),
        },
        "undo" => Command::Undo,
        "status" => Command::Status,
        "fen" => Command::Fen,
        "setoption" => Command::SetOption(option(args)?),
        "go" => Command::Go(go(args)?),
        "perft" => perft(args)?,
        "solve" => Command::Solve(solve(args)?),
        other => return Err(SyntaxError::UnknownCommand(other.to_string())),
    };
    Ok(Some(command))
}

fn variant(args: &[&str]) -> Result<Command, SyntaxError> {
    let (name, size) = match args {
        [name] => (*name, None),
        [name, size] => (*name, Some(*size)),
        _ => return Err(SyntaxError::Usage("variant breakthrough|loa [COLUMNSxROWS]")),
    };
    let variant: Variant = name.parse()?;
    let size = size.map(str::parse::<BoardSize>).transpose()?;
    Ok(Command::Variant { variant, size })
}

fn position(args: &[&str]) -> Result<Command, SyntaxError> {
    let (start, rest) = match args {
        ["startpos", rest @ ..] => (Start::StartPos, rest),
        ["fen", ranks, side, rest @ ..] => (Start::Fen { ranks: ranks.to_string(), side: side.to_string() }, rest),
        _ => return Err(SyntaxError::Usage("position startpos|fen <ranks> <side> [moves m1 m2 ...]")),
    };
    position_with_moves(start, rest)
}

/// A `position` command from its start and what follows it: nothing, or
/// `moves` and the moves (both dialects write them so).
pub(crate) fn position_with_moves(start: Start, rest: &[&str]) -> Result<Command, SyntaxError> {
    let moves = match rest {
        [] => Vec::new(),
        ["moves", moves @ ..] => moves.iter().map(|m| m.to_string()).collect(),
        [other, ..] => return Err(SyntaxError::ExpectedMoves(other.to_string())),
    };
    Ok(Command::Position { start, moves })
}

fn option(args: &[&str]) -> Result<EngineOption, SyntaxError> {
    Ok(match args {
        ["ai", text] => EngineOption::Ai(text.to_string()),
        ["threads", n] => {
            EngineOption::Threads(parse_threads(n).ok_or_else(|| SyntaxError::ThreadCount(n.to_string()))?)
        }
        ["wdl", on] => EngineOption::Wdl(match *on {
            "on" => true,
            "off" => false,
            other => return Err(SyntaxError::OnOff { option: "wdl", value: other.to_string() }),
        }),
        ["multipv", n] => EngineOption::MultiPv(
            n.parse()
                .ok()
                .filter(|n| limits::MULTIPV.contains(n))
                .ok_or_else(|| SyntaxError::MultiPv(n.to_string()))?,
        ),
        ["hash", n] => EngineOption::Hash(crate::uci::hash_mib(n).ok_or_else(|| SyntaxError::Hash(n.to_string()))?),
        ["movelimit", n] => EngineOption::MoveLimit(n.parse().map_err(|_| SyntaxError::MoveLimit(n.to_string()))?),
        ["evalfile", path @ ..] if !path.is_empty() => EngineOption::EvalFile(path.join(" ").into()),
        ["bothconnected", rule] => EngineOption::BothConnected(rule.parse()?),
        _ => return Err(SyntaxError::Usage(SETOPTION_USAGE)),
    })
}

/// What `go` takes, for the error that refuses another word.
const GO_TAKES: &str =
    "depth N, movetime MS, iterations N, nodes N, wtime/btime/winc/binc MS, movestogo N, ai CONFIG, infinite";

/// `go [depth N] [movetime MS] [iterations N] [nodes N] [wtime W btime B winc I binc J
/// movestogo N] [ai <config>] | go [ai <config>] infinite`.
fn go(args: &[&str]) -> Result<Go, SyntaxError> {
    let mut go = Go::default();
    let mut rest = args;
    loop {
        rest = match rest {
            [] => break,
            ["infinite", tail @ ..] => {
                go.infinite = true;
                tail
            }
            [
                key @ ("depth" | "movetime" | "iterations" | "nodes" | "ai" | "wtime" | "btime" | "winc" | "binc"
                | "movestogo"),
            ] => {
                return Err(SyntaxError::GoNeedsValue(key.to_string()));
            }
            ["ai", text, tail @ ..] => {
                go.ai = Some(text.to_string());
                tail
            }
            [key @ ("depth" | "movetime" | "iterations"), value, tail @ ..] => {
                let config_key = if *key == "movetime" { "time" } else { key };
                go.limits.push(Limit::parse(config_key, value)?);
                tail
            }
            [key @ ("wtime" | "btime" | "winc" | "binc" | "movestogo"), value, tail @ ..] => {
                set_clock(&mut go.clocks, key, value)?;
                tail
            }
            ["nodes", value, tail @ ..] => {
                go.nodes = Some(node_count(value)?);
                tail
            }
            [other, ..] => return Err(SyntaxError::UnknownGoOption { word: other.to_string(), takes: GO_TAKES }),
        };
    }
    if go.infinite && (!go.limits.is_empty() || go.clocks.any() || go.nodes.is_some()) {
        return Err(SyntaxError::InfiniteWithLimits);
    }
    Ok(go)
}

/// A `go nodes` count: a number above 0.
pub(crate) fn node_count(value: &str) -> Result<u64, SyntaxError> {
    value
        .parse()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| SyntaxError::GoValue { key: "nodes".into(), value: value.into() })
}

/// Reads one clock option (`wtime`, `btime`, `winc`, `binc`, `movestogo`).
pub(crate) fn set_clock(clocks: &mut GoClocks, key: &str, value: &str) -> Result<(), SyntaxError> {
    let bad = || SyntaxError::GoValue { key: key.to_string(), value: value.to_string() };
    if key == "movestogo" {
        clocks.moves_to_go = Some(value.parse::<u32>().ok().filter(|&n| n > 0).ok_or_else(bad)?);
        return Ok(());
    }
    let (times, side) = match key {
        "wtime" => (&mut clocks.time, 0),
        "btime" => (&mut clocks.time, 1),
        "winc" => (&mut clocks.increment, 0),
        _ => (&mut clocks.increment, 1),
    };
    // A GUI may send a negative time for a clock that overstepped: nothing left.
    times[side] = Some(value.parse::<i64>().map_err(|_| bad())?.max(0) as u64);
    Ok(())
}

fn perft(args: &[&str]) -> Result<Command, SyntaxError> {
    let [depth] = args else {
        return Err(SyntaxError::Usage("perft <depth>"));
    };
    let depth = depth
        .parse::<u32>()
        .ok()
        .filter(|d| *d <= Command::PERFT_MAX)
        .ok_or_else(|| SyntaxError::PerftDepth(depth.to_string()))?;
    Ok(Command::Perft(depth))
}

/// `solve [movetime MS] [nodes N] [memory MIB] [threads N]`.
fn solve(args: &[&str]) -> Result<SolveLimits, SyntaxError> {
    let mut limits = SolveLimits::default();
    let mut rest = args;
    while let [key, value, tail @ ..] = rest {
        let n: u64 =
            value.parse().map_err(|_| SyntaxError::SolveValue { key: key.to_string(), value: value.to_string() })?;
        match *key {
            "movetime" => limits.movetime = Some(n),
            "nodes" => limits.nodes = Some(n),
            "memory" => limits.memory = Some(n),
            "threads" => limits.threads = Some(n),
            other => return Err(SyntaxError::SolveOption(other.to_string())),
        }
        rest = tail;
    }
    if let [lone] = rest {
        return Err(SyntaxError::SolveNeedsValue(lone.to_string()));
    }
    Ok(limits)
}

/// The line that says `command`.
pub fn command_text(command: &Command) -> String {
    match command {
        Command::Quit => "quit".to_string(),
        Command::Stop => "stop".to_string(),
        Command::IsReady => "isready".to_string(),
        Command::Variant { variant, size } => match size {
            Some(size) => format!("variant {} {size}", variant.id()),
            None => format!("variant {}", variant.id()),
        },
        Command::Position { start, moves } => {
            let mut line = match start {
                Start::StartPos => "position startpos".to_string(),
                Start::Fen { ranks, side } => format!("position fen {ranks} {side}"),
            };
            if !moves.is_empty() {
                line.push_str(" moves ");
                line.push_str(&moves.join(" "));
            }
            line
        }
        Command::Legal => "legal".to_string(),
        Command::Play(m) => format!("play {m}"),
        Command::Undo => "undo".to_string(),
        Command::Status => "status".to_string(),
        Command::Fen => "fen".to_string(),
        Command::SetOption(option) => format!("setoption {}", option_text(option)),
        Command::Go(go) => go.text(&GO_WORDS),
        Command::Perft(depth) => format!("perft {depth}"),
        Command::Solve(limits) => solve_text(limits),
        // UCI's own commands have no line of this protocol: UCI's words.
        Command::Hello(_) | Command::NewGame | Command::Query(_) => {
            crate::uci::command_text(command, crate::uci::Flavor::Uci)
        }
    }
}

fn option_text(option: &EngineOption) -> String {
    match option {
        EngineOption::Ai(text) => format!("ai {text}"),
        EngineOption::Threads(AiConfig::AUTO_THREADS) => "threads auto".to_string(),
        EngineOption::Threads(n) => format!("threads {n}"),
        EngineOption::MoveLimit(n) => format!("movelimit {n}"),
        EngineOption::Wdl(on) => format!("wdl {}", if *on { "on" } else { "off" }),
        EngineOption::MultiPv(n) => format!("multipv {n}"),
        EngineOption::Hash(n) => format!("hash {n}"),
        EngineOption::EvalFile(path) => format!("evalfile {}", path.display()),
        EngineOption::BothConnected(rule) => format!("bothconnected {rule}"),
    }
}

/// The line protocol's `go` words: UCI's clocks, playouts by name, an AI config.
const GO_WORDS: GoWords =
    GoWords { iterations: "iterations", clocks: ["wtime", "btime", "winc", "binc"], first: Side::White, ai: true };

fn solve_text(limits: &SolveLimits) -> String {
    let mut line = "solve".to_string();
    let keys = [
        ("movetime", limits.movetime),
        ("nodes", limits.nodes),
        ("memory", limits.memory),
        ("threads", limits.threads),
    ];
    for (key, value) in keys {
        if let Some(n) = value {
            line.push_str(&format!(" {key} {n}"));
        }
    }
    line
}
