//! `breakline engine`: a line protocol on stdin/stdout for scripts and other
//! programs. A session holds one position; every bad line gets `error <reason>`
//! and changes nothing. `go` and `perft` run on their own thread while input is
//! still read, so `stop`, `isready` and `quit` answer during them.

mod job;

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};

pub use job::Sink;
use job::{Job, Work};

use crate::engine::ai::search::{
    self, AiConfig, Algorithm, Limit, SearchHandler, SearchInfo, parse_threads, threads_expect,
};
use crate::engine::{BoardSize, Outcome, Position, Strategy, Variant};

/// The commands taken while a search or perft runs: none changes the position
/// it works on. Every other command is refused until it ends.
const TAKEN_WHILE_BUSY: [&str; 6] = ["isready", "stop", "quit", "legal", "status", "fen"];

/// The state of one protocol session.
pub struct EngineSession {
    position: Position,
    ai: AiConfig,
    /// `setoption threads`: what a config's `threads=auto` means here
    /// (`auto` itself: every core for a timed or infinite search).
    threads: u32,
    /// Where the running job, if any, writes its lines.
    sink: Sink,
    job: Option<Job>,
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
}

impl SearchHandler for Reporter<'_> {
    fn should_stop(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    fn report(&mut self, info: &SearchInfo) {
        self.sink.line(&info_line(self.position, info));
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
        EngineSession { position, ai, threads: AiConfig::AUTO_THREADS, sink, job: None }
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
    fn stop_job(&mut self) -> Result<(), String> {
        self.job.take().map_or(Ok(()), Job::stop)
    }

    /// The end of input: a search with limits finishes, `go infinite` and
    /// anything else that would never end are stopped.
    fn finish(&mut self) -> Result<(), String> {
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
            writeln!(out, "error {} is running: send stop first", job.work().noun())?;
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
                None => Err("no move to take back".to_string()),
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
            "solve" => super::solve::protocol_reply(&self.position, args),
            "perft" => match self.perft(args) {
                Ok(()) => return Ok(Flow::Continue),
                Err(e) => Err(e),
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
            ["threads", n] => {
                self.threads =
                    parse_threads(n).ok_or_else(|| format!("bad thread count '{n}' ({})", threads_expect()))?;
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
            _ => {
                Err("usage: setoption ai <config> | setoption threads <n|auto> | setoption movelimit <plies>"
                    .to_string())
            }
        }
    }

    /// `go [depth N] [movetime MS] [iterations N] [ai <config>] | go [ai <config>] infinite`:
    /// starts the search on its own thread.
    fn go(&mut self, args: &[&str]) -> Result<(), String> {
        if self.position.outcome().is_over() {
            return Err("game over".to_string());
        }
        let variant = self.position.variant();
        let mut base = self.ai.clone();
        let mut limits = Vec::new();
        let mut infinite = false;
        let mut rest = args;
        loop {
            rest = match rest {
                [] => break,
                ["infinite", tail @ ..] => {
                    infinite = true;
                    tail
                }
                [key @ ("depth" | "movetime" | "iterations" | "ai")] => {
                    return Err(format!("go option '{key}' needs a value"));
                }
                ["ai", text, tail @ ..] => {
                    base = AiConfig::parse(text, variant).map_err(|e| e.to_string())?;
                    tail
                }
                [key @ ("depth" | "movetime" | "iterations"), value, tail @ ..] => {
                    let config_key = if *key == "movetime" { "time" } else { key };
                    limits.push(Limit::parse(config_key, value).map_err(|e| e.to_string())?);
                    tail
                }
                [other, ..] => return Err(format!("unknown go option '{other}'")),
            };
        }
        if infinite && !limits.is_empty() {
            return Err("go infinite takes no depth, movetime or iterations".to_string());
        }
        if infinite {
            limits.push(base.algorithm().unbounded_limit());
        }
        // Limits on the go line replace the configured ones.
        let mut config = base.with_limits(&limits).map_err(|e| e.to_string())?;
        config = config.with_auto_threads(self.threads);
        if infinite {
            // An analysis with no end uses every core, as a timed search does.
            config = config.with_auto_threads(search::all_cores());
        }
        config.check_variant(variant).map_err(|e| e.to_string())?;
        let work = if infinite { Work::Infinite } else { Work::Search };
        let position = self.position.clone();
        let sink = self.sink.clone();
        self.job = Some(Job::spawn(work, move |signals| {
            let mut reporter = Reporter { sink: &sink, position: &position, stop: &signals.stop };
            let result = search::search(&position, &config, &mut reporter);
            signals.finish(work);
            match result {
                Ok(result) => {
                    if result.info.book {
                        sink.line("info string book move");
                    }
                    sink.line(&info_line(&position, &result.info));
                    sink.line(&format!("bestmove {}", position.move_name(result.best_move)));
                }
                Err(e) => sink.line(&format!("error {e}")),
            }
        })?);
        Ok(())
    }

    /// `perft <depth>`: counts on its own thread; `stop` ends it without a count.
    fn perft(&mut self, args: &[&str]) -> Result<(), String> {
        let [depth] = args else {
            return Err("usage: perft <depth>".to_string());
        };
        let depth = depth
            .parse::<u32>()
            .ok()
            .filter(|d| *d <= 8)
            .ok_or_else(|| format!("bad perft depth '{depth}' (0 to 8)"))?;
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
pub(crate) fn run() -> Result<(), String> {
    let sink = Sink::stdout();
    let mut session = EngineSession::with_sink(sink.clone());
    let mut out = sink;
    for line in std::io::stdin().lock().lines() {
        let line = line.map_err(|e| format!("reading stdin: {e}"))?;
        match session.handle(&line, &mut out) {
            Ok(Flow::Quit) => return Ok(()),
            Ok(Flow::Continue) => {}
            Err(e) => return Err(format!("writing stdout: {e}")),
        }
    }
    session.finish()
}
