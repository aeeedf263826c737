//! A player that is another program speaking Breakline's engine protocol (e.g.
//! an older build): started once per game, told the position before each of
//! its moves, and asked for a move with `go`. Whatever it answers is only
//! text: the referee (the game loop) checks it against the rules.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::engine::ai::eval::{Score, WIN};
use crate::engine::ai::search::SearchInfo;
use crate::engine::rules::clock::Clock;
use crate::engine::rules::types::{BoardSize, Side, Variant};

/// Why an engine program could not be named, started or understood.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum EngineError {
    /// `engine:` with no program after it.
    #[error("engine player needs a program: engine:PATH[:ai=CONFIG]")]
    NoProgram,
    /// `engine:PATH:ai=` with nothing after it.
    #[error("engine player's ai= is empty")]
    EmptyAi,
    /// The program could not be run.
    #[error("cannot start {program}: {reason}")]
    Start {
        /// The program's path.
        program: String,
        /// What the system said.
        reason: String,
    },
    /// The program runs but its standard input or output could not be taken.
    #[error("{0}: no pipes")]
    NoPipes(String),
    /// Writing to the program failed: it is gone.
    #[error("the engine has exited")]
    Exited,
    /// The program said nothing in time.
    #[error("no answer to '{command}' within {ms} ms")]
    Timeout {
        /// The command waiting for an answer.
        command: String,
        /// The time allowed.
        ms: u128,
    },
    /// The program closed its output before answering.
    #[error("the engine exited before answering '{0}'")]
    ExitedBeforeAnswer(String),
    /// The program answered something else than the protocol allows.
    #[error("answered '{answer}' to '{command}'")]
    Unexpected {
        /// What it said.
        answer: String,
        /// What it was asked.
        command: String,
    },
}

/// How to start an engine, which AI it should play as and how long it may
/// take to answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EngineSpec {
    program: PathBuf,
    /// Sent as `setoption ai <config>` (the program's own default otherwise).
    pub(crate) ai: Option<String>,
    /// The longest the program may take for any one answer before it forfeits.
    pub timeout: Duration,
}

impl EngineSpec {
    /// The time an engine may take for an answer unless told.
    pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);

    /// Parses the part after `engine:`: `PATH[:ai=CONFIG]` (the config keeps
    /// its colons), with the default timeout.
    pub fn parse(text: &str) -> Result<EngineSpec, EngineError> {
        let (program, ai) = match text.split_once(":ai=") {
            Some((p, ai)) => (p, Some(ai.trim().to_string())),
            None => (text, None),
        };
        if program.trim().is_empty() {
            return Err(EngineError::NoProgram);
        }
        if ai.as_deref() == Some("") {
            return Err(EngineError::EmptyAi);
        }
        Ok(EngineSpec { program: PathBuf::from(program.trim()), ai, timeout: EngineSpec::DEFAULT_TIMEOUT })
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

/// The game an engine is set up for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct EngineTerms {
    pub(crate) variant: Variant,
    pub(crate) size: BoardSize,
    /// Lines of Action's draw limit, sent only when set.
    pub(crate) move_limit: Option<u32>,
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
    /// Starts the program and sets it up for one game on `terms`.
    pub(crate) fn start(spec: &EngineSpec, terms: &EngineTerms) -> Result<EngineProcess, EngineError> {
        let mut engine = EngineProcess::spawn(spec)?;
        engine.command_ok(&format!("variant {} {}", terms.variant.id(), terms.size))?;
        if let Some(ai) = &spec.ai {
            engine.command_ok(&format!("setoption ai {ai}"))?;
        }
        // Games run in parallel, one search thread each, unless the engine's
        // config names a count. Builds older than the option answer `error`
        // and search on one thread anyway.
        engine.send("setoption threads 1")?;
        engine.next_line(Instant::now() + engine.timeout, "setoption threads 1")?;
        if let (Variant::LinesOfAction, Some(limit)) = (terms.variant, terms.move_limit) {
            engine.command_ok(&format!("setoption movelimit {limit}"))?;
        }
        Ok(engine)
    }

    /// Runs the program with piped input and output and a thread reading its lines.
    fn spawn(spec: &EngineSpec) -> Result<EngineProcess, EngineError> {
        let program = spec.program.display().to_string();
        let mut child = Command::new(&spec.program)
            .arg("engine")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| EngineError::Start { program: program.clone(), reason: e.to_string() })?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            return Err(EngineError::NoPipes(program));
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
        Ok(EngineProcess { child, stdin, lines, timeout: spec.timeout })
    }

    fn send(&mut self, line: &str) -> Result<(), EngineError> {
        writeln!(self.stdin, "{line}").and_then(|_| self.stdin.flush()).map_err(|_| EngineError::Exited)
    }

    /// The next line, waiting until `deadline` at most.
    fn next_line(&mut self, deadline: Instant, waiting_for: &str) -> Result<String, EngineError> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => {
                Err(EngineError::Timeout { command: waiting_for.to_string(), ms: self.timeout.as_millis() })
            }
            Err(RecvTimeoutError::Disconnected) => Err(EngineError::ExitedBeforeAnswer(waiting_for.to_string())),
        }
    }

    /// Sends a command whose only good answer is `ok`.
    fn command_ok(&mut self, command: &str) -> Result<(), EngineError> {
        self.send(command)?;
        let line = self.next_line(Instant::now() + self.timeout, command)?;
        match line.trim() {
            "ok" => Ok(()),
            other => Err(EngineError::Unexpected { answer: other.to_string(), command: command.to_string() }),
        }
    }

    /// The engine's move (as text) in the position reached from `start_fen`
    /// by `moves`, with what its last `info` line said; any failure is the
    /// engine's fault and says what went wrong. Under a clock `go` carries
    /// both clocks (`wtime btime winc binc`, as UCI) and the program may
    /// take its time left and a grace of its timeout.
    pub(crate) fn best_move(
        &mut self,
        start_fen: &str,
        moves: &[String],
        clock: Option<&GoClock>,
    ) -> Result<(String, SearchInfo), EngineError> {
        let mut command = format!("position fen {start_fen}");
        if !moves.is_empty() {
            command.push_str(" moves ");
            command.push_str(&moves.join(" "));
        }
        self.command_ok(&command)?;
        let (go, allowed) = match clock {
            Some(go) => (go.go_line(), go.clock.remaining(go.mover) + self.timeout),
            None => ("go".to_string(), self.timeout),
        };
        self.send(&go)?;
        let deadline = Instant::now() + allowed;
        let mut info = SearchInfo::default();
        loop {
            let line = self.next_line(deadline, "go")?;
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.as_slice() {
                ["info", fields @ ..] => read_info(fields, &mut info),
                ["bestmove", m] => return Ok((m.to_string(), info)),
                _ => {
                    return Err(EngineError::Unexpected { answer: line.trim().to_string(), command: "go".to_string() });
                }
            }
        }
    }
}

/// Both clocks as a program is told them on `go`, and whose move it is.
pub(crate) struct GoClock {
    pub(crate) clock: Clock,
    pub(crate) mover: Side,
}

impl GoClock {
    fn go_line(&self) -> String {
        let ms = |d: Duration| d.as_millis();
        let c = &self.clock;
        let inc = ms(c.control().increment());
        format!(
            "go wtime {} btime {} winc {inc} binc {inc}",
            ms(c.remaining(Side::White)),
            ms(c.remaining(Side::Black))
        )
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

/// A score token (`+35`, `win3`, `loss2`) as a score; a number out of range
/// is no score (the program's figures are only informative).
fn score_value(token: &str) -> Option<Score> {
    let plies = |n: &str| n.parse::<Score>().ok().and_then(|n| n.checked_mul(2)).filter(|&p| p > 0);
    let score = if let Some(n) = token.strip_prefix("win") {
        WIN - (plies(n)? - 1)
    } else if let Some(n) = token.strip_prefix("loss") {
        -(WIN - plies(n)?)
    } else {
        token.parse().ok()?
    };
    (-WIN..=WIN).contains(&score).then_some(score)
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
