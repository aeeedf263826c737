//! `breakline engine`: a line protocol on stdin/stdout for scripts and other
//! programs. A session holds one position; every bad line gets `error <reason>`
//! and changes nothing. `go` and `perft` run on their own thread while input is
//! still read, so `stop`, `isready` and `quit` answer during them.

mod job;

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

pub use job::Sink;
use job::{Job, JobError, Work};
use thiserror::Error;

use super::solve_error::SolveCommandError;
use crate::engine::ai::eval::nnue::fallback;
use crate::engine::ai::eval::wdl_per_mille;
use crate::engine::ai::search::limits::{self, MULTIPV};
use crate::engine::ai::search::{
    self, AiConfig, Algorithm, ConfigError, Limit, PvLine, SearchHandler, SearchInfo, SearchMemory, parse_threads,
    threads_expect,
};
use crate::engine::ai::time_plan::search_on_clock;
use crate::engine::rules::clock::ClockView;
use crate::engine::{BoardSize, FenError, MoveError, Outcome, Position, Side, SizeError, Strategy, Variant};

/// The commands taken while a search or perft runs: none changes the position
/// it works on. Every other command is refused until it ends.
const TAKEN_WHILE_BUSY: [&str; 6] = ["isready", "stop", "quit", "legal", "status", "fen"];

/// Why a protocol line was refused (the session answers `error <reason>`),
/// or the session could not go on.
#[derive(Debug, Error)]
pub(crate) enum ProtocolError {
    /// A command with the wrong arguments: how to write it.
    #[error("usage: {0}")]
    Usage(&'static str),
    #[error("unknown command '{0}'")]
    UnknownCommand(String),
    /// A command that must wait for the running job.
    #[error("{} is running: send stop first", .0.noun())]
    Busy(Work),
    #[error(transparent)]
    Size(#[from] SizeError),
    #[error(transparent)]
    Fen(#[from] FenError),
    #[error(transparent)]
    Move(#[from] MoveError),
    /// A move of a `position ... moves` line.
    #[error("move {text}: {source}")]
    PositionMove { text: String, source: MoveError },
    #[error("expected 'moves', found '{0}'")]
    ExpectedMoves(String),
    #[error("no move to take back")]
    NothingToUndo,
    #[error(transparent)]
    Config(#[from] ConfigError),
    #[error("bad thread count '{0}' ({expect})", expect = threads_expect())]
    ThreadCount(String),
    #[error("bad move limit '{0}'")]
    MoveLimit(String),
    #[error("bad multipv line count '{0}' ({expect})", expect = limits::describe(&MULTIPV, "a count"))]
    MultiPv(String),
    #[error("setoption {option} takes on or off, not '{value}'")]
    OnOff { option: &'static str, value: String },
    #[error("only lines of action has a move limit")]
    NoMoveLimit,
    #[error("go option '{0}' needs a value")]
    GoNeedsValue(String),
    #[error("go {key} takes a number of milliseconds (movestogo: of moves), not '{value}'")]
    GoValue { key: String, value: String },
    #[error("go has {0}'s clock missing: give wtime and btime")]
    MoverClock(&'static str),
    #[error("unknown go option '{0}'")]
    UnknownGoOption(String),
    #[error("go infinite takes no depth, movetime, iterations or clocks")]
    InfiniteWithLimits,
    #[error("game over")]
    GameOver,
    #[error("bad perft depth '{0}' (0 to 8)")]
    PerftDepth(String),
    #[error(transparent)]
    Solve(#[from] SolveCommandError),
    #[error(transparent)]
    Job(#[from] JobError),
    #[error("reading stdin: {0}")]
    Stdin(io::Error),
    #[error("writing stdout: {0}")]
    Stdout(io::Error),
}

/// The state of one protocol session.
pub struct EngineSession {
    position: Position,
    ai: AiConfig,
    /// `setoption threads`: what a config's `threads=auto` means here
    /// (`auto` itself: every core for a timed or infinite search).
    threads: u32,
    /// `setoption wdl on`: `info` lines carry the winning chances.
    wdl: bool,
    /// `setoption multipv N`: the root lines each report gives.
    multipv: usize,
    /// Where the running job, if any, writes its lines.
    sink: Sink,
    job: Option<Job>,
    /// The searches' table, kept from one `go` to the next as the game goes on.
    memory: SearchMemory,
}

/// What a command asks of the caller once its reply is written.
#[derive(Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// A background search's link to the session: `info` lines out, `stop` in.
struct Reporter<'a> {
    sink: &'a Sink,
    position: &'a Position,
    stop: &'a AtomicBool,
    format: InfoFormat,
}

/// How a session writes a search's `info` lines.
#[derive(Clone, Copy)]
struct InfoFormat {
    /// The winning chances after the score.
    wdl: bool,
    /// The root lines asked for: with more than one, a `multipv K` line each.
    multipv: usize,
}

impl SearchHandler for Reporter<'_> {
    fn should_stop(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    fn report(&mut self, info: &SearchInfo) {
        for line in info_lines(self.position, info, self.format) {
            self.sink.line(&line);
        }
    }
}

fn score_token(score: i32) -> String {
    let text = search::score_text(score);
    // One token per field: "win in 3" becomes "win3".
    text.replace(" in ", "")
}

/// A report's `info` lines: one for the best line or, with several asked
/// for, `info multipv K ...` for each line K from 1, best first (as UCI's
/// `MultiPV`). The one-line form has no `multipv` field, as before it existed.
fn info_lines(position: &Position, info: &SearchInfo, format: InfoFormat) -> Vec<String> {
    if format.multipv == 1 {
        let main = PvLine { score: info.score, pv: info.pv.clone() };
        return vec![info_line(position, info, &main, None, format.wdl)];
    }
    let lines = info.lines_or_main();
    lines.iter().enumerate().map(|(k, line)| info_line(position, info, line, Some(k + 1), format.wdl)).collect()
}

/// One `info` line for `shown`, a line of the report `info`, numbered
/// `multipv` if given; with `wdl`, the score as win, draw and loss in
/// thousandths for the side to move (UCI's `UCI_ShowWDL`).
fn info_line(position: &Position, info: &SearchInfo, shown: &PvLine, multipv: Option<usize>, wdl: bool) -> String {
    let pv: Vec<String> = shown.pv.iter().map(|&m| position.move_name(m)).collect();
    let number = multipv.map(|k| format!(" multipv {k}")).unwrap_or_default();
    let mut line = format!("info{number} depth {} score {}", info.depth, score_token(shown.score));
    if wdl {
        let [w, d, l] = wdl_per_mille(position.variant(), shown.score);
        line.push_str(&format!(" wdl {w} {d} {l}"));
    }
    line.push_str(&format!(" nodes {} time {}", info.nodes, info.time.as_millis()));
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

impl Drop for EngineSession {
    fn drop(&mut self) {
        let _ = self.stop_job();
    }
}

impl EngineSession {
    /// A session whose searches write to stdout.
    fn new() -> EngineSession {
        EngineSession::with_sink(Sink::stdout())
    }

    /// A session whose searches and perfts write their lines to `sink`
    /// (replies to commands go to the writer `handle` is given).
    pub fn with_sink(sink: Sink) -> EngineSession {
        let variant = Variant::Breakthrough;
        let position = Position::start(variant, variant.default_size()).expect("8x8 is supported");
        let ai = AiConfig::new(Algorithm::Enhanced, Strategy::Expert);
        EngineSession {
            position,
            ai,
            threads: AiConfig::AUTO_THREADS,
            wdl: false,
            multipv: 1,
            sink,
            job: None,
            memory: SearchMemory::new(),
        }
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Whether a search or perft is still running.
    pub fn is_busy(&mut self) -> bool {
        self.reap();
        self.job.is_some()
    }

    /// Forgets a job that has answered.
    fn reap(&mut self) {
        if self.job.as_ref().is_some_and(Job::is_done)
            && let Some(job) = self.job.take()
            && let Err(e) = job.wait()
        {
            self.sink.line(&format!("error {e}"));
        }
    }

    /// Stops the running job, if any, once it has written its answer.
    fn stop_job(&mut self) -> Result<(), JobError> {
        self.job.take().map_or(Ok(()), Job::stop)
    }

    /// The end of input: a search with limits finishes, `go infinite` and
    /// anything else that would never end are stopped.
    fn finish(&mut self) -> Result<(), JobError> {
        match self.job.take() {
            Some(job) if job.work() == Work::Search || job.work() == Work::Perft => job.wait(),
            Some(job) => job.stop(),
            None => Ok(()),
        }
    }

    /// Handles one line, writing its reply to `out`; a search or perft it
    /// starts writes its lines to the session's sink.
    pub fn handle(&mut self, line: &str, out: &mut impl Write) -> std::io::Result<Flow> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, args)) = words.split_first() else {
            return Ok(Flow::Continue);
        };
        self.reap();
        if let Some(job) = &self.job
            && !TAKEN_WHILE_BUSY.contains(&command)
        {
            writeln!(out, "error {}", ProtocolError::Busy(job.work()))?;
            out.flush()?;
            return Ok(Flow::Continue);
        }
        let reply = match command {
            "quit" | "stop" => {
                if let Err(e) = self.stop_job() {
                    writeln!(out, "error {e}")?;
                    out.flush()?;
                }
                return Ok(if command == "quit" { Flow::Quit } else { Flow::Continue });
            }
            "isready" => Ok("readyok".to_string()),
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
                None => Err(ProtocolError::NothingToUndo),
            },
            "status" => Ok(self.status()),
            "fen" => Ok(format!("fen {}", self.position.fen())),
            "setoption" => self.set_option(args),
            // Once started, these answer from their own thread.
            "go" => match self.go(args) {
                Ok(()) => return Ok(Flow::Continue),
                Err(e) => Err(e),
            },
            // A proof runs to its budget (10 s unless told) before the next command is read.
            "solve" => super::solve::protocol_reply(&self.position, args).map_err(ProtocolError::from),
            "perft" => match self.perft(args) {
                Ok(()) => return Ok(Flow::Continue),
                Err(e) => Err(e),
            },
            other => Err(ProtocolError::UnknownCommand(other.to_string())),
        };
        match reply {
            Ok(text) => writeln!(out, "{text}")?,
            Err(reason) => writeln!(out, "error {reason}")?,
        }
        out.flush()?;
        Ok(Flow::Continue)
    }

    fn variant(&mut self, args: &[&str]) -> Result<String, ProtocolError> {
        let (name, size) = match args {
            [name] => (*name, None),
            [name, size] => (*name, Some(*size)),
            _ => return Err(ProtocolError::Usage("variant breakthrough|loa [COLUMNSxROWS]")),
        };
        let variant: Variant = name.parse()?;
        let size = match size {
            Some(s) => s.parse::<BoardSize>()?,
            None => variant.default_size(),
        };
        self.position = Position::start(variant, size)?;
        Ok("ok".to_string())
    }

    fn set_position(&mut self, args: &[&str]) -> Result<String, ProtocolError> {
        let variant = self.position.variant();
        let (mut pos, rest) = match args {
            ["startpos", rest @ ..] => (Position::start(variant, self.position.size())?, rest),
            ["fen", ranks, side, rest @ ..] => (Position::from_fen(variant, &format!("{ranks} {side}"))?, rest),
            _ => return Err(ProtocolError::Usage("position startpos|fen <ranks> <side> [moves m1 m2 ...]")),
        };
        if let Some(limit) = self.position.move_limit() {
            pos.set_move_limit(limit);
        }
        match rest {
            [] => {}
            ["moves", moves @ ..] => {
                for m in moves {
                    pos.play_text(m).map_err(|source| ProtocolError::PositionMove { text: m.to_string(), source })?;
                }
            }
            [other, ..] => return Err(ProtocolError::ExpectedMoves(other.to_string())),
        }
        self.position = pos;
        Ok("ok".to_string())
    }

    fn play(&mut self, args: &[&str]) -> Result<String, ProtocolError> {
        let [text] = args else {
            return Err(ProtocolError::Usage("play <move>"));
        };
        self.position.play_text(text)?;
        Ok("ok".to_string())
    }

    fn status(&self) -> String {
        match self.position.outcome() {
            Outcome::Ongoing => format!("status ongoing {}", self.position.side_to_move()),
            Outcome::Win { winner, .. } => format!("status win {winner}"),
            Outcome::Draw { .. } => "status draw".to_string(),
        }
    }

    fn set_option(&mut self, args: &[&str]) -> Result<String, ProtocolError> {
        match args {
            ["ai", text] => self.ai = AiConfig::parse(text, self.position.variant())?,
            ["threads", n] => {
                self.threads = parse_threads(n).ok_or_else(|| ProtocolError::ThreadCount(n.to_string()))?
            }
            ["wdl", on] => {
                self.wdl = match *on {
                    "on" => true,
                    "off" => false,
                    other => return Err(ProtocolError::OnOff { option: "wdl", value: other.to_string() }),
                }
            }
            ["multipv", n] => {
                self.multipv = n
                    .parse()
                    .ok()
                    .filter(|n| MULTIPV.contains(n))
                    .ok_or_else(|| ProtocolError::MultiPv(n.to_string()))?
            }
            ["movelimit", n] => {
                let n: u32 = n.parse().map_err(|_| ProtocolError::MoveLimit(n.to_string()))?;
                if self.position.move_limit().is_none() {
                    return Err(ProtocolError::NoMoveLimit);
                }
                self.position.set_move_limit(n.max(1));
            }
            _ => {
                return Err(ProtocolError::Usage(
                    "setoption ai <config> | setoption threads <n|auto> | setoption movelimit <plies> | setoption wdl on|off | setoption multipv <lines>",
                ));
            }
        }
        Ok("ok".to_string())
    }

    /// `go [depth N] [movetime MS] [iterations N] [wtime W btime B winc I binc J movestogo N] [ai <config>]
    /// | go [ai <config>] infinite`:
    /// starts the search on its own thread.
    fn go(&mut self, args: &[&str]) -> Result<(), ProtocolError> {
        if self.position.outcome().is_over() {
            return Err(ProtocolError::GameOver);
        }
        let request = GoRequest::parse(args, &self.ai, self.position.variant())?;
        let config = request.config(self.threads)?;
        config.check_variant(self.position.variant())?;
        let mover = self.position.side_to_move();
        let clock = match request.clocks.any() {
            true => Some(request.clocks.view(mover).ok_or(ProtocolError::MoverClock(mover.name()))?),
            false => None,
        };
        let work = if request.infinite { Work::Infinite } else { Work::Search };
        let position = self.position.clone();
        let sink = self.sink.clone();
        let format = InfoFormat { wdl: self.wdl, multipv: self.multipv };
        let memory = self.memory.clone();
        if let Some(why) = fallback(config.strategy(), position.variant(), position.size()) {
            sink.line(&format!("info string {why}"));
        }
        self.job = Some(Job::spawn(work, move |signals| {
            let mut reporter = Reporter { sink: &sink, position: &position, stop: &signals.stop, format };
            let result = match clock {
                Some(clock) => search_on_clock(&position, &config, format.multipv, clock, &mut reporter, &memory),
                None => search::search_with_memory(&position, &config, format.multipv, &mut reporter, &memory),
            };
            signals.finish(work);
            match result {
                Ok(result) => {
                    if result.info.book {
                        sink.line("info string book move");
                    }
                    for line in info_lines(&position, &result.info, format) {
                        sink.line(&line);
                    }
                    sink.line(&format!("bestmove {}", position.move_name(result.best_move)));
                }
                Err(e) => sink.line(&format!("error {e}")),
            }
        })?);
        Ok(())
    }

    /// `perft <depth>`: counts on its own thread; `stop` ends it without a count.
    fn perft(&mut self, args: &[&str]) -> Result<(), ProtocolError> {
        let [depth] = args else {
            return Err(ProtocolError::Usage("perft <depth>"));
        };
        let depth = depth
            .parse::<u32>()
            .ok()
            .filter(|d| *d <= 8)
            .ok_or_else(|| ProtocolError::PerftDepth(depth.to_string()))?;
        let position = self.position.clone();
        let sink = self.sink.clone();
        self.job = Some(Job::spawn(Work::Perft, move |signals| {
            let nodes = position.perft_until(depth, &signals.stop);
            signals.finish(Work::Perft);
            match nodes {
                Some(nodes) => sink.line(&format!("perft {depth} {nodes}")),
                None => sink.line(&format!("perft {depth} stopped")),
            }
        })?);
        Ok(())
    }
}

/// Runs the protocol on stdin/stdout until `quit` or end of input.
/// At the end of input a running search with limits (or perft) still answers.
pub(crate) fn run() -> Result<(), ProtocolError> {
    let sink = Sink::stdout();
    let mut session = EngineSession::with_sink(sink.clone());
    let mut out = sink;
    for line in std::io::stdin().lock().lines() {
        let line = line.map_err(ProtocolError::Stdin)?;
        match session.handle(&line, &mut out) {
            Ok(Flow::Quit) => return Ok(()),
            Ok(Flow::Continue) => {}
            Err(e) => return Err(ProtocolError::Stdout(e)),
        }
    }
    Ok(session.finish()?)
}

/// A `go` line read: the config to search with, whether it runs until
/// `stop`, and the clocks it plays by.
struct GoRequest {
    base: AiConfig,
    limits: Vec<Limit>,
    infinite: bool,
    clocks: GoClocks,
}

/// `go wtime W btime B winc I binc J movestogo N`, in milliseconds, as UCI.
#[derive(Default)]
struct GoClocks {
    time: [Option<u64>; 2],
    increment: [Option<u64>; 2],
    moves_to_go: Option<u32>,
}

impl GoClocks {
    /// Reads one clock option (`wtime`, `btime`, `winc`, `binc`, `movestogo`).
    fn set(&mut self, key: &str, value: &str) -> Result<(), ProtocolError> {
        let bad = || ProtocolError::GoValue { key: key.to_string(), value: value.to_string() };
        if key == "movestogo" {
            self.moves_to_go = Some(value.parse::<u32>().ok().filter(|&n| n > 0).ok_or_else(bad)?);
            return Ok(());
        }
        let (times, side) = match key {
            "wtime" => (&mut self.time, 0),
            "btime" => (&mut self.time, 1),
            "winc" => (&mut self.increment, 0),
            _ => (&mut self.increment, 1),
        };
        // A GUI may send a negative time for a clock that overstepped: nothing left.
        times[side] = Some(value.parse::<i64>().map_err(|_| bad())?.max(0) as u64);
        Ok(())
    }

    /// The mover's clock, if the line gave its time.
    fn view(&self, mover: Side) -> Option<ClockView> {
        let i = mover.index();
        let left = self.time[i]?;
        Some(ClockView {
            left: Duration::from_millis(left),
            increment: Duration::from_millis(self.increment[i].unwrap_or(0)),
            moves_to_go: self.moves_to_go,
        })
    }

    fn any(&self) -> bool {
        self.time.iter().chain(&self.increment).any(Option::is_some) || self.moves_to_go.is_some()
    }
}

impl GoRequest {
    /// Reads `go`'s options; `ai <config>` replaces the session's `ai`.
    fn parse(args: &[&str], ai: &AiConfig, variant: Variant) -> Result<GoRequest, ProtocolError> {
        let mut request =
            GoRequest { base: ai.clone(), limits: Vec::new(), infinite: false, clocks: GoClocks::default() };
        let mut rest = args;
        loop {
            rest = match rest {
                [] => break,
                ["infinite", tail @ ..] => {
                    request.infinite = true;
                    tail
                }
                [
                    key @ ("depth" | "movetime" | "iterations" | "ai" | "wtime" | "btime" | "winc" | "binc"
                    | "movestogo"),
                ] => {
                    return Err(ProtocolError::GoNeedsValue(key.to_string()));
                }
                ["ai", text, tail @ ..] => {
                    request.base = AiConfig::parse(text, variant)?;
                    tail
                }
                [key @ ("depth" | "movetime" | "iterations"), value, tail @ ..] => {
                    let config_key = if *key == "movetime" { "time" } else { key };
                    request.limits.push(Limit::parse(config_key, value)?);
                    tail
                }
                [key @ ("wtime" | "btime" | "winc" | "binc" | "movestogo"), value, tail @ ..] => {
                    request.clocks.set(key, value)?;
                    tail
                }
                [other, ..] => return Err(ProtocolError::UnknownGoOption(other.to_string())),
            };
        }
        if request.infinite && (!request.limits.is_empty() || request.clocks.any()) {
            return Err(ProtocolError::InfiniteWithLimits);
        }
        Ok(request)
    }

    /// The config to search with: the go line's limits in place of the
    /// configured ones (an infinite search's: the largest), and `auto`
    /// threads as `setoption threads` says, or every core for an infinite
    /// analysis, as for a timed search.
    fn config(&self, threads: u32) -> Result<AiConfig, ProtocolError> {
        let unbounded = [self.base.algorithm().unbounded_limit()];
        let limits = if self.infinite { &unbounded[..] } else { &self.limits[..] };
        let mut config = self.base.with_limits(limits)?.with_auto_threads(threads);
        if self.infinite {
            config = config.with_auto_threads(search::all_cores());
        }
        Ok(config)
    }
}
