//! A player that is any program speaking UCI or UGI (Fairy-Stockfish,
//! `breakline uci`, a cutegames engine): started once per game, set up with
//! `setoption`, told `position` before each of its moves and asked for one
//! with `go`. Its answer is only text: the referee checks it against the rules.

use std::path::PathBuf;
use std::time::Duration;

use web_time::Instant;

use serde::{Deserialize, Serialize};

use breakline_ai::search::{Limit, SearchInfo};
use breakline_protocol::uci::{BOTH_CONNECTED_OPTION, Flavor, command_text, parse_reply, setoption_text, variant_name};
use breakline_protocol::{Command, Go, OptionKind, OptionSpec, Protocol, Reply, Start};
use breakline_rules::position::Position;
use breakline_rules::spelling::nearest;

use super::engine::{EngineSpec, EngineTerms, GoClock, keep_info};
use super::engine_error::EngineError;
use super::pipes::Program;

/// How to start a UCI or UGI program and what to tell it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UciSpec {
    protocol: UciProtocol,
    program: PathBuf,
    /// Arguments the program is started with (`arg=`), in order.
    args: Vec<String>,
    /// `movetime=`, `depth=`, `nodes=`: the `go` limit when no clock runs.
    limit: Option<(String, u64)>,
    /// Options sent as `setoption name X value Y`, in order.
    options: Vec<(String, String)>,
    /// The longest the program may take for any one answer beyond its move's time.
    pub timeout: Duration,
}

/// Which protocol a program seat speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum UciProtocol {
    /// `uci:`.
    Uci,
    /// `ugi:`.
    Ugi,
}

impl UciProtocol {
    fn protocol(self) -> Protocol {
        match self {
            UciProtocol::Uci => Protocol::Uci,
            UciProtocol::Ugi => Protocol::Ugi,
        }
    }

    fn prefix(self) -> &'static str {
        match self {
            UciProtocol::Uci => "uci",
            UciProtocol::Ugi => "ugi",
        }
    }
}

/// The `go` limit a seat without a clock searches with unless told.
const DEFAULT_MOVETIME_MS: u64 = 1000;

/// The option whose value keeps its colons (an AI config): it runs to the end.
const TAIL_OPTION: &str = "AI=";

impl UciSpec {
    /// Parses the part after `uci:` or `ugi:`:
    /// `PATH[:arg=ARG]...[:movetime=MS|:depth=N|:nodes=N][:NAME=VALUE]...`,
    /// where `AI=VALUE` must come last (its value may hold colons).
    pub fn parse(text: &str, protocol: UciProtocol) -> Result<UciSpec, EngineError> {
        let (head, tail) = match text.find(&format!(":{TAIL_OPTION}")) {
            Some(at) => (&text[..at], Some(&text[at + 1 + TAIL_OPTION.len()..])),
            None => (text, None),
        };
        let mut parts = head.split(':');
        let program = parts.next().unwrap_or_default().trim();
        if program.is_empty() {
            return Err(EngineError::NoUciProgram(protocol.prefix()));
        }
        let mut spec = UciSpec {
            protocol,
            program: PathBuf::from(program),
            args: Vec::new(),
            limit: None,
            options: Vec::new(),
            timeout: EngineSpec::DEFAULT_TIMEOUT,
        };
        for part in parts {
            let (key, value) = part.split_once('=').ok_or_else(|| EngineError::BadSeatPart(part.to_string()))?;
            spec.take(key.trim(), value.trim())?;
        }
        if let Some(ai) = tail {
            spec.take(TAIL_OPTION.trim_end_matches('='), ai.trim())?;
        }
        Ok(spec)
    }

    /// Takes one `KEY=VALUE` of the seat's text: the seat's own keys are
    /// `arg`, `movetime`, `depth` and `nodes`; any other is one of the program's options.
    fn take(&mut self, key: &str, value: &str) -> Result<(), EngineError> {
        let bad = || EngineError::BadSeatPart(format!("{key}={value}"));
        match key {
            "arg" => self.args.push(value.to_string()),
            "movetime" | "depth" | "nodes" => {
                let n = value.parse().ok().filter(|&n: &u64| n > 0).ok_or_else(bad)?;
                self.limit = Some((key.to_string(), n));
            }
            _ if key.is_empty() || value.is_empty() => return Err(bad()),
            _ => self.options.push((key.to_string(), value.to_string())),
        }
        Ok(())
    }

    /// Its limit a move when no clock runs: "1 s a move" (the default unless
    /// told), "depth 12", "50,000 nodes a move".
    pub fn limit_in_words(&self) -> String {
        match &self.limit {
            Some((key, n)) if key == "depth" => Limit::Depth(u32::try_from(*n).unwrap_or(u32::MAX)).in_words(),
            Some((key, n)) if key == "nodes" => format!("{} nodes a move", breakline_rules::notation::thousands(*n)),
            Some((_, n)) => Limit::TimeMs(*n).in_words(),
            None => Limit::TimeMs(DEFAULT_MOVETIME_MS).in_words(),
        }
    }

    /// Its time a move when no clock runs; none for a depth or node limit.
    pub fn move_time(&self) -> Option<Duration> {
        match &self.limit {
            Some((key, n)) if key == "movetime" => Some(Duration::from_millis(*n)),
            Some(_) => None,
            None => Some(Duration::from_millis(DEFAULT_MOVETIME_MS)),
        }
    }

    /// The `go` for a move without a clock, and how long it may take beyond the timeout.
    fn limited_go(&self) -> (Go, Duration) {
        let (key, n) = self.limit.clone().unwrap_or(("movetime".to_string(), DEFAULT_MOVETIME_MS));
        let mut go = Go::default();
        match key.as_str() {
            "depth" => go.limits.push(Limit::Depth(u32::try_from(n).unwrap_or(u32::MAX))),
            "nodes" => go.nodes = Some(n),
            _ => {
                go.limits.push(Limit::TimeMs(n));
                return (go, Duration::from_millis(n));
            }
        }
        (go, Duration::ZERO)
    }
}

impl std::fmt::Display for UciSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.protocol.prefix(), self.program.display())?;
        for arg in &self.args {
            write!(f, ":arg={arg}")?;
        }
        if let Some((key, n)) = &self.limit {
            write!(f, ":{key}={n}")?;
        }
        for (name, value) in &self.options {
            write!(f, ":{name}={value}")?;
        }
        Ok(())
    }
}

/// Refuses a seat's option the program did not list (UCI names are read
/// without case), naming the nearest listed one: a program ignores an
/// option it does not have, so a slip would go unnoticed through a match.
fn check_options(given: &[(String, String)], listed: &[OptionSpec]) -> Result<(), EngineError> {
    let Some((name, _)) = given.iter().find(|(name, _)| !listed.iter().any(|o| o.name.eq_ignore_ascii_case(name)))
    else {
        return Ok(());
    };
    let names = || listed.iter().map(|o| o.name.as_str());
    let hint = match nearest(name, names()) {
        Some(option) => format!("did you mean {option}?"),
        None if listed.is_empty() => "it lists none".to_string(),
        None => format!("its options: {}", names().collect::<Vec<_>>().join(", ")),
    };
    Err(EngineError::UnknownOption { name: name.clone(), hint })
}

/// A running UCI or UGI program, set up for one game.
pub(crate) struct UciProcess {
    program: Program,
    spec: UciSpec,
    flavor: Flavor,
    /// The variant's own start, written as `position startpos`.
    startpos: String,
}

impl UciProcess {
    /// Starts the program: `uci`/`ugi` up to `uciok`/`ugiok`, the variant
    /// (if the program has `UCI_Variant`), one search thread (if it has
    /// `Threads` and the seat names none), the seat's options, then
    /// `ucinewgame` and `isready`.
    pub(crate) fn start(spec: &UciSpec, terms: &EngineTerms) -> Result<UciProcess, EngineError> {
        let program = Program::spawn(&spec.program, &spec.args, spec.timeout, "quit")?;
        let flavor = match spec.protocol {
            UciProtocol::Uci => Flavor::Uci,
            UciProtocol::Ugi => Flavor::ugi(terms.variant),
        };
        let default = terms.variant.default_size();
        let startpos = Position::start(terms.variant, default).map(|p| p.fen()).unwrap_or_default();
        let mut engine = UciProcess { program, spec: spec.clone(), flavor, startpos };
        let protocol = spec.protocol.protocol();
        let options = engine.hello(protocol)?;
        let has = |name: &str| options.iter().any(|o| o.name.eq_ignore_ascii_case(name));
        if let Some(variants) = options.iter().find(|o| o.name.eq_ignore_ascii_case("UCI_Variant")) {
            let name = variant_name(terms.variant);
            if let OptionKind::Combo { vars, .. } = &variants.kind
                && !vars.iter().any(|v| v == name)
            {
                return Err(EngineError::NoVariant(name));
            }
            engine.send(&Command::Variant { variant: terms.variant, size: None })?;
        }
        check_options(&spec.options, &options)?;
        let named = |name: &str| spec.options.iter().any(|(n, _)| n.eq_ignore_ascii_case(name));
        if has("Threads") && !named("Threads") {
            engine.program.send(&setoption_text("Threads", "1"))?;
        }
        for (name, value) in &spec.options {
            engine.program.send(&setoption_text(name, value))?;
        }
        if let Some(rule) = terms.unusual_rule() {
            if !has(BOTH_CONNECTED_OPTION) {
                return Err(EngineError::NoBothConnected);
            }
            engine.program.send(&setoption_text(BOTH_CONNECTED_OPTION, rule.id()))?;
        }
        engine.send(&Command::NewGame)?;
        engine.ready()?;
        Ok(engine)
    }

    fn send(&mut self, command: &Command) -> Result<(), EngineError> {
        self.program.send(&command_text(command, self.flavor))
    }

    /// Sends `uci`/`ugi` and reads to `uciok`/`ugiok`: the options the
    /// program declared (other lines, a banner say, are passed over).
    fn hello(&mut self, protocol: Protocol) -> Result<Vec<OptionSpec>, EngineError> {
        let hello = Command::Hello(protocol);
        self.send(&hello)?;
        let deadline = Instant::now() + self.program.timeout;
        let mut names = Vec::new();
        loop {
            let line = self.program.next_line(deadline, &command_text(&hello, self.flavor))?;
            match parse_reply(&line) {
                Ok(Reply::HelloOk(_)) => return Ok(names),
                Ok(Reply::Option(spec)) => names.push(spec),
                _ => {}
            }
        }
    }

    /// `isready`, answered by `readyok` (other lines passed over).
    fn ready(&mut self) -> Result<(), EngineError> {
        self.send(&Command::IsReady)?;
        let deadline = Instant::now() + self.program.timeout;
        loop {
            if let Ok(Reply::ReadyOk) = parse_reply(&self.program.next_line(deadline, "isready")?) {
                return Ok(());
            }
        }
    }

    /// The program's move (as text) in the position reached from `start_fen`
    /// (Breakline's position string) by `moves`, with what its last `info`
    /// line said. Under a clock `go` carries both clocks and the program may
    /// take its time left and a grace of its timeout.
    pub(crate) fn best_move(
        &mut self,
        start_fen: &str,
        moves: &[String],
        clock: Option<&GoClock>,
    ) -> Result<(String, SearchInfo), EngineError> {
        let start = if start_fen == self.startpos {
            Start::StartPos
        } else {
            let (ranks, side) = start_fen.split_once(' ').unwrap_or((start_fen, ""));
            Start::Fen { ranks: ranks.to_string(), side: side.to_string() }
        };
        self.send(&Command::Position { start, moves: moves.to_vec() })?;
        let (go, allowed) = match clock {
            Some(go) => (go.go(), go.clock.remaining(go.mover)),
            None => self.spec.limited_go(),
        };
        let go = Command::Go(go);
        self.send(&go)?;
        let deadline = Instant::now() + allowed + self.program.timeout;
        let waiting_for = command_text(&go, self.flavor);
        let mut info = SearchInfo::default();
        loop {
            match parse_reply(&self.program.next_line(deadline, &waiting_for)?) {
                Ok(Reply::Info(reported)) => keep_info(&reported, &mut info),
                Ok(Reply::BestMove(m)) => return Ok((m, info)),
                // `info string`, `info` lines this side cannot read, other talk.
                _ => {}
            }
        }
    }
}
