//! `breakline engine`: a line protocol on stdin/stdout for scripts and other
//! programs. A session holds one position; every bad line gets `error <reason>`
//! and changes nothing.

use std::io::{BufRead, Write};

use crate::engine::search::{self, AiConfig, SearchHandler, SearchInfo};
use crate::engine::{BoardSize, Outcome, Position, Variant};

/// The state of one protocol session.
pub struct EngineSession {
    position: Position,
    ai: AiConfig,
}

/// What a command asks of the caller once its reply is written.
#[derive(Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// Writes `info` lines as the search reports progress.
struct InfoPrinter<'a, W: Write> {
    out: &'a mut W,
    position: &'a Position,
}

impl<W: Write> SearchHandler for InfoPrinter<'_, W> {
    fn report(&mut self, info: &SearchInfo) {
        let _ = writeln!(self.out, "{}", info_line(self.position, info));
        let _ = self.out.flush();
    }
}

fn score_token(score: i32) -> String {
    let text = search::score_text(score);
    // One token per field: "win in 3" becomes "win3".
    text.replace(" in ", "")
}

fn info_line(position: &Position, info: &SearchInfo) -> String {
    let pv: Vec<String> = info.pv.iter().map(|&m| position.move_name(m)).collect();
    let mut line = format!(
        "info depth {} score {} nodes {} time {}",
        info.depth,
        score_token(info.score),
        info.nodes,
        info.time.as_millis()
    );
    if info.iterations > 0 {
        line.push_str(&format!(" iterations {}", info.iterations));
    }
    if !pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&pv.join(" "));
    }
    line
}

impl Default for EngineSession {
    fn default() -> Self {
        EngineSession::new()
    }
}

impl EngineSession {
    pub fn new() -> EngineSession {
        let variant = Variant::Breakthrough;
        let position = Position::start(variant, variant.default_size()).expect("8x8 is supported");
        let ai = AiConfig::parse("enhanced:expert:time=1000", variant).expect("valid default");
        EngineSession { position, ai }
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Handles one line, writing its reply (and any `info` lines) to `out`.
    pub fn handle(&mut self, line: &str, out: &mut impl Write) -> std::io::Result<Flow> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, args)) = words.split_first() else {
            return Ok(Flow::Continue);
        };
        let reply = match command {
            "quit" => return Ok(Flow::Quit),
            "variant" => self.variant(args),
            "position" => self.set_position(args),
            "legal" => {
                let moves: Vec<String> =
                    self.position.legal_moves().into_iter().map(|m| self.position.move_name(m)).collect();
                Ok(std::iter::once("legal".to_string()).chain(moves).collect::<Vec<_>>().join(" "))
            }
            "play" => self.play(args),
            "undo" => match self.position.undo() {
                Some(_) => Ok("ok".to_string()),
                None => Err("no move to take back".to_string()),
            },
            "status" => Ok(self.status()),
            "fen" => Ok(format!("fen {}", self.position.fen())),
            "setoption" => self.set_option(args),
            "go" => self.go(args, out),
            "solve" => super::solve::protocol_reply(&self.position, args),
            "perft" => match args {
                [depth] => depth
                    .parse::<u32>()
                    .ok()
                    .filter(|d| *d <= 8)
                    .map(|d| format!("perft {d} {}", self.position.perft(d)))
                    .ok_or_else(|| format!("bad perft depth '{depth}' (0 to 8)")),
                _ => Err("usage: perft <depth>".to_string()),
            },
            other => Err(format!("unknown command '{other}'")),
        };
        match reply {
            Ok(text) => writeln!(out, "{text}")?,
            Err(reason) => writeln!(out, "error {reason}")?,
        }
        out.flush()?;
        Ok(Flow::Continue)
    }

    fn variant(&mut self, args: &[&str]) -> Result<String, String> {
        let (name, size) = match args {
            [name] => (*name, None),
            [name, size] => (*name, Some(*size)),
            _ => return Err("usage: variant breakthrough|loa [COLUMNSxROWS]".to_string()),
        };
        let variant: Variant = name.parse().map_err(|e: crate::engine::SizeError| e.to_string())?;
        let size = match size {
            Some(s) => s.parse::<BoardSize>().map_err(|e| e.to_string())?,
            None => variant.default_size(),
        };
        self.position = Position::start(variant, size).map_err(|e| e.to_string())?;
        Ok("ok".to_string())
    }

    fn set_position(&mut self, args: &[&str]) -> Result<String, String> {
        let variant = self.position.variant();
        let (mut pos, rest) = match args {
            ["startpos", rest @ ..] => {
                (Position::start(variant, self.position.size()).map_err(|e| e.to_string())?, rest)
            }
            ["fen", ranks, side, rest @ ..] => {
                let fen = format!("{ranks} {side}");
                (Position::from_fen(variant, &fen).map_err(|e| e.to_string())?, rest)
            }
            _ => return Err("usage: position startpos|fen <ranks> <side> [moves m1 m2 ...]".to_string()),
        };
        if let Some(limit) = self.position.move_limit() {
            pos.set_move_limit(limit);
        }
        match rest {
            [] => {}
            ["moves", moves @ ..] => {
                for m in moves {
                    pos.play_text(m).map_err(|e| format!("move {m}: {e}"))?;
                }
            }
            [other, ..] => return Err(format!("expected 'moves', found '{other}'")),
        }
        self.position = pos;
        Ok("ok".to_string())
    }

    fn play(&mut self, args: &[&str]) -> Result<String, String> {
        let [text] = args else {
            return Err("usage: play <move>".to_string());
        };
        self.position.play_text(text).map_err(|e| e.to_string())?;
        Ok("ok".to_string())
    }

    fn status(&self) -> String {
        match self.position.outcome() {
            Outcome::Ongoing => format!("status ongoing {}", self.position.side_to_move()),
            Outcome::Win { winner, .. } => format!("status win {winner}"),
            Outcome::Draw { .. } => "status draw".to_string(),
        }
    }

    fn set_option(&mut self, args: &[&str]) -> Result<String, String> {
        match args {
            ["ai", text] => {
                self.ai = AiConfig::parse(text, self.position.variant()).map_err(|e| e.to_string())?;
                Ok("ok".to_string())
            }
            ["movelimit", n] => {
                let n: u32 = n.parse().map_err(|_| format!("bad move limit '{n}'"))?;
                if self.position.move_limit().is_none() {
                    return Err("only lines of action has a move limit".to_string());
                }
                self.position.set_move_limit(n.max(1));
                Ok("ok".to_string())
            }
            _ => Err("usage: setoption ai <config> | setoption movelimit <plies>".to_string()),
        }
    }

    /// `go [depth N] [movetime MS] [iterations N] [ai <config>]`.
    fn go(&mut self, args: &[&str], out: &mut impl Write) -> Result<String, String> {
        if self.position.outcome().is_over() {
            return Err("game over".to_string());
        }
        let variant = self.position.variant();
        let mut base = self.ai.to_string();
        let mut limits = String::new();
        let mut rest = args;
        while let [key, value, tail @ ..] = rest {
            match *key {
                "depth" => limits.push_str(&format!(":depth={value}")),
                "movetime" => limits.push_str(&format!(":time={value}")),
                "iterations" => limits.push_str(&format!(":iterations={value}")),
                "ai" => base = value.to_string(),
                other => return Err(format!("unknown go option '{other}'")),
            }
            rest = tail;
        }
        if let [lone] = rest {
            return Err(format!("go option '{lone}' needs a value"));
        }
        let config = if limits.is_empty() {
            AiConfig::parse(&base, variant)
        } else {
            // Limits on the go line replace the configured ones.
            let plain = AiConfig::parse(&base, variant).map_err(|e| e.to_string())?;
            let stripped = AiConfig { depth: None, time_ms: None, iterations: None, ..plain };
            let text = stripped.to_string();
            AiConfig::parse(&format!("{text}{limits}"), variant)
        }
        .map_err(|e| e.to_string())?;
        let position = self.position.clone();
        let mut printer = InfoPrinter { out, position: &position };
        let result = search::search(&position, &config, &mut printer).map_err(|e| e.to_string())?;
        let _ = writeln!(printer.out, "{}", info_line(&position, &result.info));
        Ok(format!("bestmove {}", position.move_name(result.best_move)))
    }
}

/// Runs the protocol on stdin/stdout until `quit` or end of input.
pub fn run() -> Result<(), String> {
    let mut session = EngineSession::new();
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let line = line.map_err(|e| format!("reading stdin: {e}"))?;
        match session.handle(&line, &mut stdout) {
            Ok(Flow::Quit) => break,
            Ok(Flow::Continue) => {}
            Err(e) => return Err(format!("writing stdout: {e}")),
        }
    }
    Ok(())
}
