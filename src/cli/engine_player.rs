//! A player that is another program speaking Breakline's engine protocol (e.g.
//! an older build): started once per game, told the position before each of
//! its moves, and asked for a move with `go`. Whatever it answers is only
//! text: the referee (the caller) checks it against the rules.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use crate::engine::ai::eval::{Score, WIN};
use crate::engine::{BoardSize, SearchInfo, Variant};

/// How to start an engine and which AI it should play as.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct EngineSpec {
    program: PathBuf,
    /// Sent as `setoption ai <config>` (the program's own default otherwise).
    pub(crate) ai: Option<String>,
}

impl EngineSpec {
    /// Parses the part after `engine:`: `PATH[:ai=CONFIG]` (the config keeps its colons).
    pub(crate) fn parse(text: &str) -> Result<EngineSpec, String> {
        let (program, ai) = match text.split_once(":ai=") {
            Some((p, ai)) => (p, Some(ai.trim().to_string())),
            None => (text, None),
        };
        if program.trim().is_empty() {
            return Err("engine player needs a program: engine:PATH[:ai=CONFIG]".to_string());
        }
        if ai.as_deref() == Some("") {
            return Err("engine player's ai= is empty".to_string());
        }
        Ok(EngineSpec { program: PathBuf::from(program.trim()), ai })
    }
}

impl std::fmt::Display for EngineSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "engine:{}", self.program.display())?;
        if let Some(ai) = &self.ai {
            write!(f, ":ai={ai}")?;
        }
        Ok(())
    }
}

/// A running engine program.
pub(crate) struct EngineProcess {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// The longest wait for any one answer.
    timeout: Duration,
}

impl EngineProcess {
    /// Starts the program and sets it up for one game of `variant` on `size`.
    pub(crate) fn start(
        spec: &EngineSpec,
        variant: Variant,
        size: BoardSize,
        move_limit: Option<u32>,
        timeout: Duration,
    ) -> Result<EngineProcess, String> {
        let mut child = Command::new(&spec.program)
            .arg("engine")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", spec.program.display()))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            return Err(format!("{}: no pipes", spec.program.display()));
        };
        // A reader thread, so that a silent engine is a timeout rather than a hang.
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = EngineProcess { child, stdin, lines, timeout };
        engine.command_ok(&format!("variant {} {size}", variant.id()))?;
        if let Some(ai) = &spec.ai {
            engine.command_ok(&format!("setoption ai {ai}"))?;
        }
        // Games run in parallel, one search thread each, unless the engine's
        // config names a count. Builds older than the option answer `error`
        // and search on one thread anyway.
        engine.send("setoption threads 1")?;
        engine.next_line(Instant::now() + engine.timeout, "setoption threads 1")?;
        if let (Variant::LinesOfAction, Some(limit)) = (variant, move_limit) {
            engine.command_ok(&format!("setoption movelimit {limit}"))?;
        }
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}").and_then(|_| self.stdin.flush()).map_err(|_| "the engine has exited".to_string())
    }

    /// The next line, waiting until `deadline` at most.
    fn next_line(&mut self, deadline: Instant, waiting_for: &str) -> Result<String, String> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => {
                Err(format!("no answer to '{waiting_for}' within {} ms", self.timeout.as_millis()))
            }
            Err(RecvTimeoutError::Disconnected) => Err(format!("the engine exited before answering '{waiting_for}'")),
        }
    }

    /// Sends a command whose only good answer is `ok`.
    fn command_ok(&mut self, command: &str) -> Result<(), String> {
        self.send(command)?;
        let line = self.next_line(Instant::now() + self.timeout, command)?;
        match line.trim() {
            "ok" => Ok(()),
            other => Err(format!("answered '{other}' to '{command}'")),
        }
    }

    /// The engine's move (as text) in the position reached from `start_fen`
    /// by `moves`, with what its last `info` line said; any failure is the
    /// engine's fault and says what went wrong.
    pub(crate) fn best_move(&mut self, start_fen: &str, moves: &[String]) -> Result<(String, SearchInfo), String> {
        let mut command = format!("position fen {start_fen}");
        if !moves.is_empty() {
            command.push_str(" moves ");
            command.push_str(&moves.join(" "));
        }
        self.command_ok(&command)?;
        self.send("go")?;
        let deadline = Instant::now() + self.timeout;
        let mut info = SearchInfo::default();
        loop {
            let line = self.next_line(deadline, "go")?;
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.as_slice() {
                ["info", fields @ ..] => read_info(fields, &mut info),
                ["bestmove", m] => return Ok((m.to_string(), info)),
                _ => return Err(format!("answered '{}' to 'go'", line.trim())),
            }
        }
    }
}

/// Takes depth, score, nodes and time from an `info` line's fields (the
/// figures a game record keeps), ignoring what it does not know.
fn read_info(fields: &[&str], info: &mut SearchInfo) {
    for pair in fields.windows(2) {
        let value = pair[1];
        match pair[0] {
            "depth" => info.depth = value.parse().unwrap_or(info.depth),
            "nodes" => info.nodes = value.parse().unwrap_or(info.nodes),
            "time" => info.time = value.parse().map(Duration::from_millis).unwrap_or(info.time),
            "score" => info.score = score_value(value).unwrap_or(info.score),
            _ => {}
        }
    }
}

/// A score token (`+35`, `win3`, `loss2`) as a score.
fn score_value(token: &str) -> Option<Score> {
    if let Some(n) = token.strip_prefix("win") {
        return n.parse::<Score>().ok().map(|n| WIN - (2 * n - 1));
    }
    if let Some(n) = token.strip_prefix("loss") {
        return n.parse::<Score>().ok().map(|n| -(WIN - 2 * n));
    }
    token.parse().ok()
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        let _ = self.send("quit");
        // Give it a moment to leave on its own, then make sure it is gone.
        for _ in 0..20 {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
