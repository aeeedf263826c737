//! AI search. Every algorithm talks to the outside world only through a
//! [`SearchHandler`] (stop requests and progress reports) and a `Control`
//! that counts nodes and turns a stop or an expired clock into `Err(Stopped)`,
//! which unwinds the recursion at once.

mod alphabeta;
pub mod bench;
mod blunder;
mod config;
mod enhanced;
mod leaf;
pub mod limits;
mod mcts;
mod minimax;
mod noise;
mod pv;
mod safety;
pub mod time_plan;
mod window;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use web_time::Instant;

use serde::{Deserialize, Serialize};
use thiserror::Error;

pub use config::{AiConfig, Algorithm, ConfigError, Level, Limit, LimitKind, all_cores};
pub use config::{algorithms_in_words, levels_in_words, nearest_player, parse_threads, threads_expect};
pub use enhanced::SearchMemory;

use crate::book::Book;
use crate::eval::{Evaluate, MAX_EVAL, Score, WIN};
use breakline_rules::Move;
use breakline_rules::SizeError;
use breakline_rules::Variant;
use breakline_rules::clock::ClockView;
use breakline_rules::error::MoveError;
use breakline_rules::position::{Position, with_game};

/// What a search knows so far; reported during the search and returned at the end.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SearchInfo {
    /// Completed iterative-deepening depth, or the fixed depth searched.
    pub depth: u32,
    /// MCTS playouts run.
    pub iterations: u64,
    /// From the point of view of the side to move at the root.
    pub score: Score,
    /// Positions visited.
    pub nodes: u64,
    /// Time spent searching.
    pub time: Duration,
    /// The principal variation: the best line found, from the root.
    pub pv: Vec<Move>,
    /// Transposition-table hits (enhanced only).
    pub tt_hits: u64,
    /// Of `nodes`, those the main thread visited in quiescence, past the
    /// horizon (enhanced only): how much of a deeper tree goes there.
    #[serde(default)]
    pub quiescence_nodes: u64,
    /// The root moves with their latest scores (same point of view), best first.
    pub root_scores: Vec<(Move, Score)>,
    /// The move came from the opening book: nothing was searched.
    #[serde(default)]
    pub book: bool,
    /// The best root lines (MultiPV), best first: the first is the one `score`
    /// and `pv` give. Filled by the enhanced search alone (one line unless
    /// more were asked for); empty from the others and for a book move: see
    /// [`SearchInfo::lines_or_main`].
    #[serde(default)]
    pub lines: Vec<PvLine>,
}

/// One root line of a MultiPV search: a root move's value and the line it
/// starts, as deep as the search's depth.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PvLine {
    /// From the point of view of the side to move at the root.
    pub score: Score,
    /// The root move followed by the best line found below it.
    pub pv: Vec<Move>,
}

impl SearchInfo {
    /// The lines to show: [`SearchInfo::lines`], or where the search gave
    /// none (not the enhanced search, or a book move) the one line of `score`
    /// and `pv`.
    pub fn lines_or_main(&self) -> Vec<PvLine> {
        if self.lines.is_empty() { vec![PvLine { score: self.score, pv: self.pv.clone() }] } else { self.lines.clone() }
    }
}

/// A finished search: the move to play and what the search knew.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SearchResult {
    /// The move to play.
    pub best_move: Move,
    /// The final figures (`info.book`: the move came from the opening book).
    pub info: SearchInfo,
}

/// The outside world as a search sees it.
pub trait SearchHandler {
    /// Polled every few hundred nodes; `true` makes the search return promptly
    /// with the best move found so far.
    fn should_stop(&self) -> bool {
        false
    }

    /// Called when an iteration completes (or periodically for MCTS).
    fn report(&mut self, _info: &SearchInfo) {}

    /// The share of the time limit past which iterative deepening starts no
    /// new depth. A fixed time a move is all the move's to use, so by default
    /// the search goes on until the limit (a depth cut short still counts);
    /// a clock's plan, whose limit is a hard stop past its target, asks less.
    fn iteration_budget(&self) -> f64 {
        1.0
    }

    /// The most nodes the search may visit (checked as often as the clock),
    /// for players that must search the same on any machine.
    fn node_limit(&self) -> Option<u64> {
        None
    }
}

/// Stops a search after a fixed number of nodes: the same tree on any machine
/// (one thread), as training data and reports need.
pub struct NodeLimit(pub u64);

impl SearchHandler for NodeLimit {
    fn node_limit(&self) -> Option<u64> {
        Some(self.0)
    }
}

/// A handler that never stops and ignores progress.
impl SearchHandler for () {}

/// Stops when the shared flag is set (e.g. by another thread or a dropped task).
impl SearchHandler for Arc<AtomicBool> {
    fn should_stop(&self) -> bool {
        self.load(Ordering::Relaxed)
    }
}

/// Stops a helper thread of a parallel search once the borrowed flag is set
/// (by the main thread, when it is done).
struct StopFlag<'a>(&'a AtomicBool);

impl SearchHandler for StopFlag<'_> {
    fn should_stop(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// The reason a search unwound early: a stop request or the clock ran out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Stopped;

/// Why a search could not run or its move could not be played.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SearchError {
    /// The position to search is already decided.
    #[error("game over")]
    GameOver,
    /// The configuration does not fit the position (its strategy plays the other variant).
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// The game to play cannot be set up on the board size asked for.
    #[error(transparent)]
    Size(#[from] SizeError),
    /// The position refused the move a search returned: an engine bug.
    #[error("the engine chose a move the rules refuse: {0}")]
    RefusedMove(MoveError),
    /// A MultiPV line count outside the range `limits::MULTIPV` states.
    #[error("bad line count {0} ({expect})", expect = limits::describe(&limits::MULTIPV, "a count"))]
    LineCount(usize),
}

/// Node counting, the clock and the stop check, shared by every algorithm.
struct Control<'a> {
    handler: &'a mut dyn SearchHandler,
    start: Instant,
    deadline: Option<Instant>,
    nodes: u64,
    node_limit: u64,
    /// Set when another thread has finished the search (a Lazy SMP helper
    /// that completed the last depth first).
    finished_elsewhere: Option<Arc<AtomicBool>>,
}

impl<'a> Control<'a> {
    fn new(handler: &'a mut dyn SearchHandler, time_limit: Option<Duration>) -> Control<'a> {
        let start = Instant::now();
        let node_limit = handler.node_limit().unwrap_or(u64::MAX);
        Control {
            handler,
            start,
            deadline: time_limit.map(|t| start + t),
            nodes: 0,
            node_limit,
            finished_elsewhere: None,
        }
    }

    /// Counts a node; every 256 nodes checks the stop flag and the clock.
    #[inline]
    fn node(&mut self) -> Result<(), Stopped> {
        self.nodes += 1;
        if self.nodes & 255 == 0 { self.check() } else { Ok(()) }
    }

    /// Checks the stop flag and the clock now.
    fn check(&mut self) -> Result<(), Stopped> {
        let late = self.deadline.is_some_and(|d| Instant::now() >= d) || self.nodes >= self.node_limit;
        let elsewhere = self.finished_elsewhere.as_ref().is_some_and(|f| f.load(Ordering::Relaxed));
        if late || elsewhere || self.handler.should_stop() { Err(Stopped) } else { Ok(()) }
    }

    fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Fraction of the time limit used so far (0 without a limit).
    fn time_used(&self) -> f64 {
        match self.deadline {
            Some(d) => {
                let total = d.saturating_duration_since(self.start).as_secs_f64().max(1e-9);
                self.start.elapsed().as_secs_f64() / total
            }
            None => 0.0,
        }
    }

    fn report(&mut self, info: &SearchInfo) {
        self.handler.report(info);
    }

    fn iteration_budget(&self) -> f64 {
        self.handler.iteration_budget()
    }
}

/// "win in 3", "loss in 2" or the plain number, for logs and panels.
pub fn score_text(score: Score) -> String {
    if score > MAX_EVAL {
        format!("win in {}", (WIN - score + 1) / 2)
    } else if score < -MAX_EVAL {
        format!("loss in {}", (WIN + score + 1) / 2)
    } else {
        format!("{score:+}")
    }
}

/// What a search is asked beyond its config: the root lines it reports, the
/// clock it plays on and the table kept from the game's last move.
#[derive(Clone, Copy)]
pub struct SearchRequest<'a> {
    /// The best `lines` root lines (MultiPV, in `limits::MULTIPV`), reported
    /// in [`SearchInfo::lines`] for every finished iteration. Only the
    /// enhanced search gives more than one; the other algorithms search as
    /// for one line and leave `lines` empty.
    pub lines: usize,
    /// Playing by a clock: the config's time limit fitted to the move's
    /// budget (see [`time_plan`]) and a hard deadline that stops any algorithm.
    pub clock: Option<ClockView>,
    /// For a player that plays on from the position: the enhanced search
    /// keeps its table here for the next move.
    pub memory: Option<&'a SearchMemory>,
}

impl Default for SearchRequest<'_> {
    /// One line, by the config's own limit, with a fresh table.
    fn default() -> Self {
        SearchRequest { lines: 1, clock: None, memory: None }
    }
}

/// Searches `position` with `config`, reporting to and stoppable by `handler`.
pub fn search(
    position: &Position,
    config: &AiConfig,
    handler: &mut dyn SearchHandler,
) -> Result<SearchResult, SearchError> {
    run(position, config, SearchRequest::default(), handler)
}

/// The one way into the search: `position` searched with `config` as
/// `request` asks (lines, clock, memory), reporting to and stoppable by
/// `handler`.
pub fn run(
    position: &Position,
    config: &AiConfig,
    request: SearchRequest,
    handler: &mut dyn SearchHandler,
) -> Result<SearchResult, SearchError> {
    match request.clock {
        Some(clock) => {
            let (fitted, mut deadline) = time_plan::on_clock(config, clock, handler);
            search_lines_in(position, &fitted, request.lines, &mut deadline, request.memory)
        }
        None => search_lines_in(position, config, request.lines, handler, request.memory),
    }
}

fn search_lines_in(
    position: &Position,
    config: &AiConfig,
    lines: usize,
    handler: &mut dyn SearchHandler,
    memory: Option<&SearchMemory>,
) -> Result<SearchResult, SearchError> {
    if !limits::MULTIPV.contains(&lines) {
        return Err(SearchError::LineCount(lines));
    }
    let variant: Variant = position.variant();
    config.check_variant(variant)?;
    if position.outcome().is_over() {
        return Err(SearchError::GameOver);
    }
    if config.book()
        && let Some(m) = Book::builtin(variant, position.size()).and_then(|b| b.lookup(position))
    {
        let info = SearchInfo { pv: vec![m], book: true, ..SearchInfo::default() };
        return Ok(SearchResult { best_move: m, info });
    }
    let game = position.game().clone();
    Ok(with_game!(game, g => search_game(g, config, lines, handler, memory)))
}

/// The same, on a concrete game type (the algorithms are generic over it).
fn search_game<G: Evaluate>(
    mut game: G,
    config: &AiConfig,
    lines: usize,
    handler: &mut dyn SearchHandler,
    memory: Option<&SearchMemory>,
) -> SearchResult {
    let time = config.time_ms().map(Duration::from_millis);
    let mut control = Control::new(handler, time);
    let mut result = match config.algorithm() {
        Algorithm::Minimax => minimax::search(&mut game, config, &mut control),
        Algorithm::AlphaBeta => alphabeta::search(&mut game, config, &mut control),
        Algorithm::Enhanced => enhanced::search(&mut game, config, lines, memory, &mut control),
        Algorithm::Mcts => mcts::search(&mut game, config, &mut control),
    };
    blunder::maybe_blunder(&mut game, config, &mut result);
    if config.guard() {
        // The guard is a few thousand nodes at most: a stop request cuts it
        // short, but the clock that ended the search must not skip it.
        control.deadline = None;
        safety::guard(&mut game, &mut control, &mut result);
    }
    result.info.nodes = control.nodes;
    result.info.time = control.elapsed();
    result
}
