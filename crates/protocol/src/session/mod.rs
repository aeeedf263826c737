//! The engine's protocol session behind `breakline engine` and `breakline
//! uci`: the protocol on an input and an output (the command line hands it
//! stdin and stdout) for scripts, GUIs and other programs, in Breakline's line dialect or UCI/UGI
//! ([`Dialect`]). A session holds one position; every bad line gets `error
//! <reason>` (UCI: `info string error: <reason>`) and changes nothing. `go`
//! and `perft` run on their own thread while input is still read, so `stop`,
//! `isready` and `quit` answer during them.

mod dialect;
mod job;
mod solve;
mod uci;

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};

pub use dialect::Dialect;
use job::Job;
pub use job::{JobError, Sink, Work};
use thiserror::Error;

use crate::line::SyntaxError;
use crate::{Command, EngineOption, GameStatus, Go, Info, Reply, Start};
use breakline_ai::eval::Strategy;
use breakline_ai::eval::nnue::{NetError, fallback, load_net_file};
use breakline_ai::eval::wdl_per_mille;
use breakline_ai::search::{
    self, AiConfig, Algorithm, ConfigError, Level, PvLine, SearchHandler, SearchInfo, SearchMemory, SearchRequest,
};
use breakline_ai::solver::SolveError;
use breakline_rules::SizeError;
use breakline_rules::connection_rule::BothConnected;
use breakline_rules::error::{FenError, MoveError};
use breakline_rules::position::Position;
use breakline_rules::typed_move::{TypedMoveError, read_typed_move};
use breakline_rules::{BoardSize, Outcome, Variant};

/// Why a protocol line was refused (the session answers `error <reason>`),
/// or the session could not go on.
#[derive(Debug, Error)]
pub enum SessionError {
    /// A line that is no command of the protocol.
    #[error(transparent)]
    Syntax(#[from] SyntaxError),
    /// A command that must wait for the running job.
    #[error("{} is running: send stop first", .0.noun())]
    Busy(Work),
    /// The board size is not one.
    #[error(transparent)]
    Size(#[from] SizeError),
    /// The position string is not a position.
    #[error(transparent)]
    Fen(#[from] FenError),
    /// The move is not one here.
    #[error(transparent)]
    Move(#[from] MoveError),
    /// A move of a `position ... moves` line.
    #[error("move {text}: {source}")]
    PositionMove {
        /// The move as written.
        text: String,
        /// Why it is refused.
        source: MoveError,
    },
    /// A move of a UCI `position ... moves` line (read with or without a dash).
    #[error("move {text}: {source}")]
    PositionTypedMove {
        /// The move as written.
        text: String,
        /// Why it is refused.
        source: TypedMoveError,
    },
    /// Undo with no move played.
    #[error("no move to take back")]
    NothingToUndo,
    /// The player configuration is refused.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// A move limit set in a game without one.
    #[error("only lines of action has a move limit")]
    NoMoveLimit,
    /// The network file does not load.
    #[error(transparent)]
    Net(#[from] NetError),
    /// A clock search without the mover's clock.
    #[error("go has {0}'s clock missing: give wtime and btime")]
    MoverClock(&'static str),
    /// A search of a finished game.
    #[error("game over")]
    GameOver,
    /// The solver could not run.
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// The background job could not start or failed.
    #[error(transparent)]
    Job(#[from] JobError),
    /// The input could not be read.
    #[error("reading stdin: {0}")]
    Stdin(io::Error),
    /// The output could not be written.
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
    /// `setoption hash N`: the enhanced search's table in MiB, in place of the config's.
    hash: Option<u32>,
    /// `setoption bothconnected`: Lines of Action's rule for a move joining
    /// both sides, given to every Lines of Action position the session sets up.
    both_connected: BothConnected,
    /// The protocol the session reads and writes.
    dialect: Dialect,
    /// Where the running job, if any, writes its lines.
    sink: Sink,
    job: Option<Job>,
    /// The searches' table, kept from one `go` to the next as the game goes on.
    memory: SearchMemory,
}

/// What a command asks of the caller once its reply is written.
#[derive(Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next line.
    Continue,
    /// `quit`: the session ends.
    Quit,
}

/// A background search's link to the session: `info` lines out, `stop` in.
struct Reporter<'a> {
    sink: &'a Sink,
    position: &'a Position,
    stop: &'a AtomicBool,
    format: InfoFormat,
    /// `go nodes N`: the most positions the search may visit.
    nodes: Option<u64>,
}

/// How a session writes a search's `info` lines.
#[derive(Clone, Copy)]
struct InfoFormat {
    /// The winning chances after the score.
    wdl: bool,
    /// The root lines asked for: with more than one, a `multipv K` line each.
    multipv: usize,
    /// The protocol the lines are written in.
    dialect: Dialect,
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

    fn node_limit(&self) -> Option<u64> {
        self.nodes
    }
}

/// A report's `info` lines: one for the best line or, with several asked
/// for, `info multipv K ...` for each line K from 1, best first (as UCI's
/// `MultiPV`). The one-line form has no `multipv` field, as before it existed.
fn info_lines(position: &Position, info: &SearchInfo, format: InfoFormat) -> Vec<String> {
    if format.multipv == 1 {
        let main = PvLine { score: info.score, pv: info.pv.clone() };
        return info_line(position, info, &main, None, format).into_iter().collect();
    }
    let lines = info.lines_or_main();
    lines.iter().enumerate().filter_map(|(k, line)| info_line(position, info, line, Some(k + 1), format)).collect()
}

/// One `info` line for `shown`, a line of the report `info`, numbered
/// `multipv` if given; with `wdl`, the score as win, draw and loss in
/// thousandths for the side to move (UCI's `UCI_ShowWDL`).
fn info_line(
    position: &Position,
    info: &SearchInfo,
    shown: &PvLine,
    multipv: Option<usize>,
    format: InfoFormat,
) -> Option<String> {
    let wdl = format.wdl.then(|| wdl_per_mille(position.variant(), shown.score));
    format.dialect.text(&Reply::Info(Info {
        multipv,
        depth: info.depth,
        score: shown.score,
        wdl,
        nodes: info.nodes,
        time_ms: u64::try_from(info.time.as_millis()).unwrap_or(u64::MAX),
        iterations: info.iterations,
        qnodes: info.quiescence_nodes,
        pv: shown.pv.iter().map(|&m| position.move_name(m)).collect(),
    }))
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

    /// A line-protocol session whose searches and perfts write their lines
    /// to `sink` (replies to commands go to the writer `handle` is given).
    pub fn with_sink(sink: Sink) -> EngineSession {
        EngineSession::with_dialect(sink, Dialect::Line)
    }

    /// A session speaking `dialect`, its searches' lines going to `sink`.
    /// UCI's sessions search on one thread unless told (UCI's `Threads`
    /// default) and play the master, the strongest player: a GUI loads an
    /// engine and sets nothing, and every UCI engine plays at full strength
    /// unless told otherwise. The line protocol's scripts name their player;
    /// it keeps the enhanced search with the hand-written evaluation.
    pub fn with_dialect(sink: Sink, dialect: Dialect) -> EngineSession {
        let variant = Variant::Breakthrough;
        let position = Position::start(variant, variant.default_size()).expect("8x8 is supported");
        let ai = match dialect {
            Dialect::Line => AiConfig::new(Algorithm::Enhanced, Strategy::Expert),
            Dialect::Uci(_) => Level::MASTER.config(),
        };
        EngineSession {
            position,
            ai,
            threads: if dialect == Dialect::Line { AiConfig::AUTO_THREADS } else { 1 },
            wdl: false,
            multipv: 1,
            hash: None,
            both_connected: BothConnected::default(),
            dialect,
            sink,
            job: None,
            memory: SearchMemory::new(),
        }
    }

    /// The position the session holds.
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
            self.sink.line(&self.dialect.text(&Reply::Error(e.to_string())).unwrap_or_default());
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
        let Some(word) = line.split_whitespace().next() else {
            return Ok(Flow::Continue);
        };
        self.reap();
        if let Some(job) = &self.job
            && !self.dialect.taken_while_busy().contains(&word)
        {
            return self.answer(out, &[Reply::Error(SessionError::Busy(job.work()).to_string())]);
        }
        let command = match self.dialect.parse(line, self.position.variant()) {
            Ok(Some(command)) => command,
            Ok(None) => return Ok(Flow::Continue),
            Err(e) => return self.answer(out, &[Reply::Error(SessionError::from(e).to_string())]),
        };
        let replies = match command {
            Command::Quit | Command::Stop => {
                if let Err(e) = self.stop_job() {
                    self.answer(out, &[Reply::Error(e.to_string())])?;
                }
                return Ok(if command == Command::Quit { Flow::Quit } else { Flow::Continue });
            }
            // UCI's client waits for a `bestmove` even when `go` is refused.
            Command::Go(_) if self.dialect != Dialect::Line => self
                .reply(command)
                .map_err(|reason| vec![Reply::Error(reason.to_string()), Reply::BestMove(NO_MOVE.to_string())]),
            // Once started, these answer from their own thread.
            other => self.reply(other).map_err(|reason| vec![Reply::Error(reason.to_string())]),
        };
        match replies {
            Ok(replies) | Err(replies) => self.answer(out, &replies),
        }
    }

    /// Writes the replies in the session's dialect (a reply the dialect
    /// leaves unsaid writes nothing) and flushes them.
    fn answer(&self, out: &mut impl Write, replies: &[Reply]) -> io::Result<Flow> {
        for reply in replies {
            if let Some(text) = self.dialect.text(reply) {
                writeln!(out, "{text}")?;
            }
        }
        out.flush()?;
        Ok(Flow::Continue)
    }

    /// The answer to a command: its lines, or none yet for the work that
    /// answers from its own thread (`go`, `perft`).
    fn reply(&mut self, command: Command) -> Result<Vec<Reply>, SessionError> {
        Ok(vec![match command {
            Command::IsReady => Reply::ReadyOk,
            Command::Variant { variant, size } => self.variant(variant, size)?,
            Command::Position { start, moves } => self.set_position(start, &moves)?,
            Command::Legal => {
                Reply::Legal(self.position.legal_moves().into_iter().map(|m| self.position.move_name(m)).collect())
            }
            Command::Play(text) => {
                self.position.play_text(&text)?;
                Reply::Ok
            }
            Command::Undo => self.position.undo().map(|_| Reply::Ok).ok_or(SessionError::NothingToUndo)?,
            Command::Status => Reply::Status(self.status()),
            Command::Fen => Reply::Fen(self.position.fen()),
            Command::SetOption(option) => self.set_option(option)?,
            // A proof runs to its budget (10 s unless told) before the next command is read.
            Command::Solve(limits) => Reply::Solved(solve::reply(&self.position, limits)?),
            Command::Hello(protocol) => {
                self.dialect = Dialect::Uci(protocol);
                return Ok(uci::hello(protocol, &self.ai));
            }
            Command::NewGame => {
                self.memory = SearchMemory::new();
                Reply::Ok
            }
            Command::Query(query) => Reply::Response(uci::response(query, &self.position)),
            Command::Go(go) => {
                self.go(go)?;
                return Ok(Vec::new());
            }
            Command::Perft(depth) => {
                self.perft(depth)?;
                return Ok(Vec::new());
            }
            // Answered by `handle`, which also ends the session.
            Command::Quit | Command::Stop => return Ok(Vec::new()),
        }])
    }

    fn variant(&mut self, variant: Variant, size: Option<BoardSize>) -> Result<Reply, SessionError> {
        self.position = Position::start(variant, size.unwrap_or(variant.default_size()))?;
        self.position.set_both_connected(self.both_connected);
        Ok(Reply::Ok)
    }

    fn set_position(&mut self, start: Start, moves: &[String]) -> Result<Reply, SessionError> {
        let variant = self.position.variant();
        let mut pos = match start {
            Start::StartPos => Position::start(variant, self.position.size())?,
            Start::Fen { ranks, side } => Position::from_fen(variant, &format!("{ranks} {side}"))?,
        };
        if let Some(limit) = self.position.move_limit() {
            pos.set_move_limit(limit);
        }
        pos.set_both_connected(self.both_connected);
        for m in moves {
            self.play_listed(&mut pos, m)?;
        }
        self.position = pos;
        Ok(Reply::Ok)
    }

    /// Plays a move of a `position` line: as the line protocol writes it, or
    /// in UCI with or without a dash.
    fn play_listed(&self, pos: &mut Position, text: &str) -> Result<(), SessionError> {
        if self.dialect == Dialect::Line {
            pos.play_text(text).map_err(|source| SessionError::PositionMove { text: text.to_string(), source })?;
            return Ok(());
        }
        let typed = read_typed_move(pos, text);
        let m = typed.map_err(|source| SessionError::PositionTypedMove { text: text.to_string(), source })?;
        pos.play(m).map_err(|source| SessionError::PositionMove { text: text.to_string(), source })
    }

    fn status(&self) -> GameStatus {
        match self.position.outcome() {
            Outcome::Ongoing => GameStatus::Ongoing(self.position.side_to_move()),
            Outcome::Win { winner, .. } => GameStatus::Win(winner),
            Outcome::Draw { .. } => GameStatus::Draw,
        }
    }

    fn set_option(&mut self, option: EngineOption) -> Result<Reply, SessionError> {
        match option {
            EngineOption::Ai(text) => self.ai = AiConfig::parse(&text, self.position.variant())?,
            EngineOption::Threads(n) => self.threads = n,
            EngineOption::Wdl(on) => self.wdl = on,
            EngineOption::MultiPv(n) => self.multipv = n,
            EngineOption::Hash(mib) => self.hash = Some(mib),
            EngineOption::MoveLimit(n) => {
                if self.position.move_limit().is_none() {
                    return Err(SessionError::NoMoveLimit);
                }
                self.position.set_move_limit(n.max(1));
            }
            EngineOption::EvalFile(path) => {
                let net = load_net_file(&path)?;
                if self.dialect != Dialect::Line {
                    let board = format!("{} {}", net.variant(), net.size());
                    return Ok(Reply::InfoString(format!("net file {} loaded for {board}", path.display())));
                }
            }
            EngineOption::BothConnected(rule) => {
                self.both_connected = rule;
                self.position.set_both_connected(rule);
            }
        }
        Ok(Reply::Ok)
    }

    /// Starts the search of `go` on its own thread.
    fn go(&mut self, go: Go) -> Result<(), SessionError> {
        if self.position.outcome().is_over() {
            return Err(SessionError::GameOver);
        }
        let config = search_config(&go, &self.ai, self.position.variant(), self.threads, self.hash)?;
        config.check_variant(self.position.variant())?;
        let mover = self.position.side_to_move();
        let clock = match go.clocks.any() {
            true => Some(go.clocks.view(mover).ok_or(SessionError::MoverClock(mover.name()))?),
            false => None,
        };
        let work = if go.infinite { Work::Infinite } else { Work::Search };
        let position = self.position.clone();
        let sink = self.sink.clone();
        let format = InfoFormat { wdl: self.wdl, multipv: self.multipv, dialect: self.dialect };
        let say = move |sink: &Sink, reply: Reply| {
            if let Some(text) = format.dialect.text(&reply) {
                sink.line(&text);
            }
        };
        let memory = self.memory.clone();
        if let Some(why) = fallback(config.strategy(), position.variant(), position.size()) {
            say(&sink, Reply::InfoString(why.to_string()));
        }
        let nodes = go.nodes;
        self.job = Some(Job::spawn(work, move |signals| {
            let mut reporter = Reporter { sink: &sink, position: &position, stop: &signals.stop, format, nodes };
            let request = SearchRequest { lines: format.multipv, clock, memory: Some(&memory) };
            let result = search::run(&position, &config, request, &mut reporter);
            signals.finish(work);
            match result {
                Ok(result) => {
                    if result.info.book {
                        say(&sink, Reply::InfoString("book move".to_string()));
                    }
                    for line in info_lines(&position, &result.info, format) {
                        sink.line(&line);
                    }
                    say(&sink, Reply::BestMove(position.move_name(result.best_move)));
                }
                Err(e) => say(&sink, Reply::Error(e.to_string())),
            }
        })?);
        Ok(())
    }

    /// `perft <depth>`: counts on its own thread; `stop` ends it without a count.
    fn perft(&mut self, depth: u32) -> Result<(), SessionError> {
        let position = self.position.clone();
        let sink = self.sink.clone();
        let dialect = self.dialect;
        self.job = Some(Job::spawn(Work::Perft, move |signals| {
            let nodes = position.perft_until(depth, &signals.stop);
            signals.finish(Work::Perft);
            sink.line(&dialect.text(&Reply::Perft { depth, nodes }).unwrap_or_default());
        })?);
        Ok(())
    }
}

/// UCI's `bestmove` when there is none (a refused `go`), as Fairy-Stockfish writes it.
const NO_MOVE: &str = "(none)";

/// The config a `go` searches with: its `ai` (read for `variant`) or the
/// session's, its limits in place of the configured ones (an infinite
/// search's: the largest), and `auto` threads as `setoption threads` says,
/// or every core for an infinite analysis, as for a timed search.
fn search_config(
    go: &Go,
    ai: &AiConfig,
    variant: Variant,
    threads: u32,
    hash: Option<u32>,
) -> Result<AiConfig, SessionError> {
    let base = match &go.ai {
        Some(text) => AiConfig::parse(text, variant)?,
        None => ai.clone(),
    };
    let unbounded = [base.algorithm().unbounded_limit()];
    let limits = if go.infinite { &unbounded[..] } else { &go.limits[..] };
    let mut config = base.with_limits(limits)?.with_auto_threads(threads);
    if go.infinite {
        config = config.with_auto_threads(search::all_cores());
    }
    // Only the enhanced search has a table to size.
    if let Some(mib) = hash
        && config.algorithm() == Algorithm::Enhanced
    {
        config.set_tt_mib(mib)?;
    }
    Ok(config)
}

/// Runs the protocol in `dialect` on `input` until `quit` or its end, the
/// replies and a job's lines written to `sink` (the command line hands it
/// stdin and stdout). At the end of input a running search with limits (or
/// perft) still answers.
pub fn serve(dialect: Dialect, input: impl BufRead, sink: Sink) -> Result<(), SessionError> {
    let mut session = EngineSession::with_dialect(sink.clone(), dialect);
    let mut out = sink;
    for line in input.lines() {
        let line = line.map_err(SessionError::Stdin)?;
        match session.handle(&line, &mut out) {
            Ok(Flow::Quit) => return Ok(()),
            Ok(Flow::Continue) => {}
            Err(e) => return Err(SessionError::Stdout(e)),
        }
    }
    Ok(session.finish()?)
}
