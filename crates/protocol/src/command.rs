//! What a client asks an engine: one [`Command`] a line, its arguments read
//! into values (numbers checked against their ranges, moves and AI configs
//! kept as text: only the engine's position and variant can judge them).

use std::path::PathBuf;
use std::time::Duration;

use breakline_ai::search::Limit;
use breakline_rules::clock::ClockView;
use breakline_rules::connection_rule::BothConnected;
use breakline_rules::{BoardSize, Side, Variant};

/// One command to an engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Stop any running work and end the session.
    Quit,
    /// End a running search or perft now (its answer is still written).
    Stop,
    /// Ask for `readyok`, also while a search runs.
    IsReady,
    /// A new game of `variant` at its start, on `size` (the variant's default unless given).
    Variant {
        /// The game.
        variant: Variant,
        /// The board, if named.
        size: Option<BoardSize>,
    },
    /// The position to work on: a start and the moves played from it.
    Position {
        /// Where the moves start.
        start: Start,
        /// The moves, as text.
        moves: Vec<String>,
    },
    /// Ask for the legal moves.
    Legal,
    /// Play one move (as text) on the session's position.
    Play(String),
    /// Take back the last move.
    Undo,
    /// Ask whether the game goes on, and who won.
    Status,
    /// Ask for the position as a position string.
    Fen,
    /// Set one of the session's options.
    SetOption(EngineOption),
    /// Search the position.
    Go(Go),
    /// Count move paths to a depth (0 to [`Command::PERFT_MAX`]).
    Perft(u32),
    /// Prove who wins, within limits.
    Solve(SolveLimits),
    /// UCI's `uci` or UGI's `ugi`: the engine names itself and its options.
    Hello(Protocol),
    /// UCI's `ucinewgame` (UGI's `uginewgame`): the next position starts a new game.
    NewGame,
    /// UGI's `query`: the engine as referee of its position.
    Query(Query),
}

/// Which of the UCI-shaped protocols a session speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// Chess's Universal Chess Interface (as Fairy-Stockfish speaks it).
    Uci,
    /// Cutegames' Universal Game Interface: UCI's shape, clocks by turn order.
    Ugi,
}

/// What UGI's `query` asks of the session's position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Query {
    /// Whether the game is over.
    GameOver,
    /// Whether the side that moves first (p1) is to move.
    P1Turn,
    /// Who won: p1, p2, a draw or none yet.
    Result,
}

impl Command {
    /// The deepest perft the protocol runs.
    pub const PERFT_MAX: u32 = 8;
}

/// Where a `position` line's moves start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// The variant's start on the session's board size.
    StartPos,
    /// A position string: its ranks and the side to move, as text.
    Fen {
        /// The ranks, top to bottom, `/` between them.
        ranks: String,
        /// The side to move, as written.
        side: String,
    },
}

/// One of the session's options (`setoption`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineOption {
    /// The AI config searches use, as text (read against the session's variant).
    Ai(String),
    /// What a config's `threads=auto` means: a count, or `AiConfig::AUTO_THREADS`.
    Threads(u32),
    /// Lines of Action's draw limit, in plies.
    MoveLimit(u32),
    /// Whether `info` lines carry the winning chances.
    Wdl(bool),
    /// The root lines each report gives.
    MultiPv(usize),
    /// The search table's size in MiB (the enhanced search's).
    Hash(u32),
    /// A net file to load for the `nnue` evaluation (UCI's `EvalFile`).
    EvalFile(PathBuf),
    /// Lines of Action's rule for a move joining both sides' pieces at once.
    BothConnected(BothConnected),
}

/// A `go` line: what to search with and for how long.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// An AI config (as text) in place of the session's.
    pub ai: Option<String>,
    /// Limits in place of the config's own.
    pub limits: Vec<Limit>,
    /// Search until `stop`.
    pub infinite: bool,
    /// The clocks the move is played on.
    pub clocks: GoClocks,
    /// The most positions the search may visit.
    pub nodes: Option<u64>,
}

/// Both clocks of a `go` line, in milliseconds, as UCI.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoClocks {
    /// Time left, White's then Black's.
    pub time: [Option<u64>; 2],
    /// Increment a move, White's then Black's.
    pub increment: [Option<u64>; 2],
    /// Moves to the next time control.
    pub moves_to_go: Option<u32>,
}

impl GoClocks {
    /// Whether the line gave any clock at all.
    pub fn any(&self) -> bool {
        self.time.iter().chain(&self.increment).any(Option::is_some) || self.moves_to_go.is_some()
    }

    /// The mover's clock, if the line gave its time.
    pub fn view(&self, mover: Side) -> Option<ClockView> {
        let i = mover.index();
        let left = self.time[i]?;
        Some(ClockView {
            left: Duration::from_millis(left),
            increment: Duration::from_millis(self.increment[i].unwrap_or(0)),
            moves_to_go: self.moves_to_go,
        })
    }
}

/// What sets one dialect's `go` line apart: the words of its counts and
/// clocks, and whether it names an AI.
pub(crate) struct GoWords {
    /// The key of a playout count (UCI has none and writes a node count).
    pub iterations: &'static str,
    /// The clocks' keys: the first side's time, the second's, then their increments.
    pub clocks: [&'static str; 4],
    /// The side whose clock the first keys give (White, or UGI's first mover).
    pub first: Side,
    /// Whether the line may name an AI config (`ai ...`).
    pub ai: bool,
}

impl Go {
    /// The `go` line in a dialect's words.
    pub(crate) fn text(&self, words: &GoWords) -> String {
        let mut line = "go".to_string();
        for limit in &self.limits {
            line.push_str(&match limit {
                Limit::Depth(n) => format!(" depth {n}"),
                Limit::TimeMs(ms) => format!(" movetime {ms}"),
                Limit::Iterations(n) => format!(" {} {n}", words.iterations),
            });
        }
        if let Some(n) = self.nodes {
            line.push_str(&format!(" nodes {n}"));
        }
        let c = &self.clocks;
        let (one, two) = (words.first.index(), words.first.opponent().index());
        let values = [c.time[one], c.time[two], c.increment[one], c.increment[two]];
        for (key, value) in words.clocks.into_iter().zip(values) {
            if let Some(ms) = value {
                line.push_str(&format!(" {key} {ms}"));
            }
        }
        if let Some(n) = c.moves_to_go {
            line.push_str(&format!(" movestogo {n}"));
        }
        if let Some(ai) = self.ai.as_ref().filter(|_| words.ai) {
            line.push_str(&format!(" ai {ai}"));
        }
        if self.infinite {
            line.push_str(" infinite");
        }
        line
    }
}

/// A `solve` line's limits; each is the engine's default when not given.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolveLimits {
    /// Milliseconds.
    pub movetime: Option<u64>,
    /// Positions.
    pub nodes: Option<u64>,
    /// The table's size in MiB.
    pub memory: Option<u64>,
    /// Threads.
    pub threads: Option<u64>,
}
