//! A player that is another program speaking Breakline's engine protocol (e.g.
//! an older build): started once per game, told the position before each of
//! its moves, and asked for a move with `go`. Whatever it answers is only
//! text: the referee (the game loop) checks it against the rules.

use std::path::PathBuf;
use std::time::Duration;

use web_time::Instant;

use serde::{Deserialize, Serialize};

use breakline_ai::search::SearchInfo;
use breakline_protocol::line::{command_text, parse_reply};
use breakline_protocol::{Command, EngineOption, Go, GoClocks, Info, Reply, Start};
use breakline_rules::clock::Clock;
use breakline_rules::connection_rule::BothConnected;
use breakline_rules::{BoardSize, Side, Variant};

use super::engine_error::EngineError;
use super::pipes::Program;

/// How to start an engine, which AI it should play as and how long it may
/// take to answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EngineSpec {
    pub(crate) program: PathBuf,
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
    /// Lines of Action's rule for a move joining both sides, sent only when
    /// not the usual one (builds older than the option then refuse the game).
    pub(crate) both_connected: BothConnected,
}

impl EngineTerms {
    /// The rule an engine must be told: Lines of Action's tournament rule, if played.
    pub(crate) fn unusual_rule(&self) -> Option<BothConnected> {
        let unusual = self.variant == Variant::LinesOfAction && self.both_connected != BothConnected::default();
        unusual.then_some(self.both_connected)
    }
}

/// A running engine program.
pub(crate) struct EngineProcess {
    program: Program,
}

impl EngineProcess {
    /// Starts the program and sets it up for one game on `terms`.
    pub(crate) fn start(spec: &EngineSpec, terms: &EngineTerms) -> Result<EngineProcess, EngineError> {
        let program = Program::spawn(&spec.program, &["engine".to_string()], spec.timeout, "quit")?;
        let mut engine = EngineProcess { program };
        engine.command_ok(&Command::Variant { variant: terms.variant, size: Some(terms.size) })?;
        if let Some(ai) = &spec.ai {
            engine.command_ok(&Command::SetOption(EngineOption::Ai(ai.clone())))?;
        }
        // Games run in parallel, one search thread each, unless the engine's
        // config names a count. Builds older than the option answer `error`
        // and search on one thread anyway.
        let threads = Command::SetOption(EngineOption::Threads(1));
        engine.send(&threads)?;
        engine.next_line(Instant::now() + engine.program.timeout, &threads)?;
        if let (Variant::LinesOfAction, Some(limit)) = (terms.variant, terms.move_limit) {
            engine.command_ok(&Command::SetOption(EngineOption::MoveLimit(limit)))?;
        }
        if let Some(rule) = terms.unusual_rule() {
            engine.command_ok(&Command::SetOption(EngineOption::BothConnected(rule)))?;
        }
        Ok(engine)
    }

    fn send(&mut self, command: &Command) -> Result<(), EngineError> {
        self.program.send(&command_text(command))
    }

    /// The next line, waiting until `deadline` at most.
    fn next_line(&mut self, deadline: Instant, waiting_for: &Command) -> Result<String, EngineError> {
        self.program.next_line(deadline, &command_text(waiting_for))
    }

    /// Sends a command whose only good answer is `ok`.
    fn command_ok(&mut self, command: &Command) -> Result<(), EngineError> {
        self.send(command)?;
        let line = self.next_line(Instant::now() + self.program.timeout, command)?;
        match parse_reply(&line) {
            Ok(Reply::Ok) => Ok(()),
            _ => Err(EngineError::Unexpected { answer: line.trim().to_string(), command: command_text(command) }),
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
        let (ranks, side) = start_fen.split_once(' ').unwrap_or((start_fen, ""));
        let start = Start::Fen { ranks: ranks.to_string(), side: side.to_string() };
        self.command_ok(&Command::Position { start, moves: moves.to_vec() })?;
        let (go, allowed) = match clock {
            Some(go) => (Command::Go(go.go()), go.clock.remaining(go.mover) + self.program.timeout),
            None => (Command::Go(Go::default()), self.program.timeout),
        };
        self.send(&go)?;
        let deadline = Instant::now() + allowed;
        let mut info = SearchInfo::default();
        loop {
            let line = self.next_line(deadline, &go)?;
            match parse_reply(&line) {
                Ok(Reply::Info(reported)) => keep_info(&reported, &mut info),
                Ok(Reply::InfoString(_)) => {}
                Ok(Reply::BestMove(m)) => return Ok((m, info)),
                // The figures of an `info` line are only informative: one
                // this side cannot read is passed over.
                Err(_) if line.trim_start().starts_with("info") => {}
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
    /// `go wtime W btime B winc I binc I`, in milliseconds.
    pub(crate) fn go(&self) -> Go {
        let ms = |d: Duration| u64::try_from(d.as_millis()).unwrap_or(u64::MAX);
        let c = &self.clock;
        let inc = ms(c.control().increment());
        let time = [Some(ms(c.remaining(Side::White))), Some(ms(c.remaining(Side::Black)))];
        Go { clocks: GoClocks { time, increment: [Some(inc); 2], moves_to_go: None }, ..Go::default() }
    }
}

/// Takes depth, score, nodes and time from an `info` line (the figures a
/// game record keeps).
pub(crate) fn keep_info(reported: &Info, info: &mut SearchInfo) {
    info.depth = reported.depth;
    info.score = reported.score;
    info.nodes = reported.nodes;
    info.time = Duration::from_millis(reported.time_ms);
}
