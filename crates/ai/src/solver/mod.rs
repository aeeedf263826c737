//! The solver: proves who wins a position with depth-first proof-number search
//! (df-pn, Nagai 2002; see `dfpn`) and a transposition table, using what each
//! game's structure decides without search (`knowledge`), then writes out a
//! winning line and, budget permitting, the exact distance of the win.
//!
//! Soundness. Breakthrough positions never recur (pawns only move forward), so
//! both proofs and disproofs are exact and the answer is always a win for one
//! side. Lines of Action positions can recur, and the result of a node can then
//! depend on the path that reached it (the graph-history interaction). The
//! solver counts a position already on its path as a draw, i.e. a failure for
//! the side it is trying to prove; that only ever makes proofs harder, and a
//! proof stored in the table is a repetition-free strategy, so proved wins are
//! right whatever path reaches them. Disproofs are not: a failure caused by a
//! repetition on one path is stored and reused on others. So a Lines of Action
//! answer is a proved win or "unknown", never a claimed draw. The move limit
//! is lifted during the search and checked afterwards against the proof's
//! longest line.

mod busy;
mod checkpoint;
mod clock;
mod dfpn;
mod distance;
pub mod jobs;
mod knowledge;
mod last_ranks;
mod line;
mod parallel;
mod table;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use breakline_rules::position::{Position, with_game};
use breakline_rules::{Move, Side};

use breakline_rules::symmetry::SquareMap;
use busy::Busy;
use checkpoint::Saver;
pub use checkpoint::{Checkpoint, CheckpointError};
use clock::Clock;
use dfpn::{Context, Solver};
pub use knowledge::{Insight, SolverGame};
pub use last_ranks::{LastRanksError, LastRanksFileError, LastRanksTable, TableDamage};
pub use line::{LineError, check_line};
use table::Table;

/// The budget and switches of one solve.
#[derive(Clone, Debug, PartialEq)]
pub struct SolveConfig {
    /// Give up after this long.
    pub time: Option<Duration>,
    /// Give up after this many nodes.
    pub nodes: Option<u64>,
    /// Transposition-table size in MiB.
    pub memory_mib: usize,
    /// After a proof, search for the shortest forced win (within the budget).
    pub distance: bool,
    /// Use the games' structure (races, forced captures); off only for comparisons.
    pub knowledge: bool,
    /// Let a position and its mirror images share a table entry; off only for comparisons.
    pub symmetry: bool,
    /// Threads proving together on the one table (the line and distance use one).
    pub threads: usize,
    /// Save the table as the proof goes, and resume from the file if it exists.
    pub checkpoint: Option<Checkpoint>,
    /// Breakthrough: how many of each side's last ranks the table of their
    /// fight covers; `None` for the deepest that fills in a moment, `Some(0)`
    /// for none.
    pub last_ranks: Option<usize>,
}

impl Default for SolveConfig {
    fn default() -> Self {
        SolveConfig {
            time: None,
            nodes: None,
            memory_mib: 256,
            distance: true,
            knowledge: true,
            symmetry: true,
            threads: 1,
            checkpoint: None,
            last_ranks: None,
        }
    }
}

impl SolveConfig {
    /// What shapes the table's contents, for a checkpoint's header.
    fn table_settings(&self) -> String {
        format!("knowledge {} symmetry {}", self.knowledge, self.symmetry)
    }
}

/// Where a running solve stands, for progress displays.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SolveProgress {
    /// Positions visited so far.
    pub nodes: u64,
    /// Time spent so far.
    pub time: Duration,
    /// The side whose win is being proved now.
    pub target: Side,
    /// The root's proof number for that side: how hard its win still looks to prove.
    pub proof: u32,
    /// The root's disproof number for that side: how hard its win still looks to refute.
    pub disproof: u32,
    /// Fraction of the table in use.
    pub table_fill: f64,
    /// In the distance phase: the bound (plies) being tried, else 0.
    pub distance_bound: u32,
}

impl Default for SolveProgress {
    fn default() -> Self {
        SolveProgress {
            nodes: 0,
            time: Duration::ZERO,
            target: Side::White,
            proof: 1,
            disproof: 1,
            table_fill: 0.0,
            distance_bound: 0,
        }
    }
}

/// The outside world as the solver sees it.
pub trait SolveHandler {
    /// Polled every thousand nodes; `true` ends the solve with what is known.
    fn should_stop(&self) -> bool {
        false
    }

    /// Called about four times a second.
    fn report(&mut self, _progress: &SolveProgress) {}
}

impl SolveHandler for () {}

impl SolveHandler for Arc<AtomicBool> {
    fn should_stop(&self) -> bool {
        self.load(Ordering::Relaxed)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
/// What a solve proved.
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Proved: this side wins against any defence.
    Win(Side),
    /// No proof within the budget (or, in Lines of Action, neither side can be
    /// shown to win; draws are not claimed, see the module notes).
    Unknown,
}

/// A solve's result: the verdict, the winning line and the effort.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Solution {
    /// Who is proved to win, if anyone.
    pub verdict: Verdict,
    /// For a win: a line to the end of the game, the winner taking the
    /// shortest win its proof knows and the loser resisting longest.
    pub line: Vec<Move>,
    /// For a win: the winner wins within this many plies by the proof found.
    pub bound: Option<u32>,
    /// For a win whose distance search finished: the shortest forced win, plies.
    pub distance: Option<u32>,
    /// Lines of Action: both sides' wins were refuted (a draw is likely but,
    /// with repetitions, not proved).
    pub neither_wins: bool,
    /// Positions visited.
    pub nodes: u64,
    /// Time for the whole solve, line and distance included.
    pub time: Duration,
    /// Time to the proof (or to the end of the budget), without line and distance.
    pub proof_time: Duration,
    /// The root's numbers for the side tried last, when the budget ran out.
    pub progress: SolveProgress,
    /// Table entries loaded from a checkpoint at the start, if one was.
    pub resumed: Option<u64>,
    /// Why the last checkpoint save failed, if it did (the solve went on).
    pub checkpoint_failure: Option<String>,
}

/// Why a solve could not start.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SolveError {
    /// The position is already decided.
    #[error("the game is already over")]
    GameOver,
    /// A checkpoint could not be read, or is not this solve's.
    #[error(transparent)]
    Checkpoint(#[from] CheckpointError),
    /// The table of the last ranks asked for cannot be had.
    #[error(transparent)]
    LastRanks(#[from] LastRanksError),
    /// The system would not give the table's memory.
    #[error("a solver table of {0} MiB is more memory than this machine gives: ask for less")]
    Memory(usize),
}

/// What one solve's threads share: the table, the game's knowledge tables,
/// the symmetries and the busy marks.
struct Shared<G: SolverGame> {
    table: Table,
    tables: G::Tables,
    images: Vec<SquareMap>,
    busy: Option<Busy>,
    knowledge: bool,
}

impl<G: SolverGame> Shared<G> {
    fn new(game: &G, config: &SolveConfig) -> Result<Shared<G>, SolveError> {
        let size = game.board().size();
        let images = match config.symmetry {
            true => G::VARIANT.symmetries(size).into_iter().map(|t| SquareMap::new(t, size)).collect(),
            false => Vec::new(),
        };
        let busy = (config.threads > 1).then(Busy::new);
        Ok(Shared {
            tables: game.tables(config.last_ranks)?,
            table: match config.threads {
                0 | 1 => Table::new(config.memory_mib),
                threads => Table::touched(config.memory_mib, threads),
            }
            .ok_or(SolveError::Memory(config.memory_mib))?,
            images,
            busy,
            knowledge: config.knowledge,
        })
    }

    fn context<'a>(&'a self, saver: Option<&'a Saver>) -> Context<'a, G> {
        Context {
            table: &self.table,
            tables: &self.tables,
            images: &self.images,
            busy: self.busy.as_ref(),
            saver,
            knowledge: self.knowledge,
        }
    }
}

/// Proves who wins `position`, within `config`'s budget, reporting to and
/// stoppable by `handler`.
pub fn solve(
    position: &Position,
    config: &SolveConfig,
    handler: &mut dyn SolveHandler,
) -> Result<Solution, SolveError> {
    if position.outcome().is_over() {
        return Err(SolveError::GameOver);
    }
    let game = position.game().clone();
    let move_limit = position.move_limit().map(|limit| limit.saturating_sub(position.moves().len() as u32));
    let saver = config
        .checkpoint
        .as_ref()
        .map(|c| Saver::new(c, &checkpoint::position_key(position), &config.table_settings()));
    let mut solution = with_game!(game, g => solve_game(g, config, saver.as_ref(), handler))?;
    // The search ignored the move limit: a proof whose longest line does not
    // fit in the plies left is no proof under the rules as played.
    if let (Some(left), Some(bound)) = (move_limit, solution.bound)
        && bound > left
    {
        solution.verdict = Verdict::Unknown;
        solution.line.clear();
        solution.distance = None;
    }
    Ok(solution)
}

/// The same on a concrete game, which must not be over.
fn solve_game<G: SolverGame>(
    mut game: G,
    config: &SolveConfig,
    saver: Option<&Saver>,
    handler: &mut dyn SolveHandler,
) -> Result<Solution, SolveError> {
    game.prepare();
    let config = &SolveConfig { threads: crate::threads::usable(config.threads), ..config.clone() };
    let shared = Shared::new(&game, config)?;
    let resumed = match saver {
        Some(s) => s.load(&shared.table).map_err(SolveError::Checkpoint)?,
        None => None,
    };
    let pool = AtomicU64::new(0);
    let mut clock = Clock::new(handler, config.time, config.nodes).pooled(&pool);
    if let Some(c) = &config.checkpoint {
        clock = clock.checkpointing(c.every);
    }
    let mover = game.side_to_move();
    let targets: &[Side] = if G::CAN_REPEAT { &[mover, mover.opponent()] } else { &[mover] };
    let mut solution = Solution {
        verdict: Verdict::Unknown,
        line: Vec::new(),
        bound: None,
        distance: None,
        neither_wins: false,
        nodes: 0,
        time: Duration::ZERO,
        proof_time: Duration::ZERO,
        progress: SolveProgress::default(),
        resumed,
        checkpoint_failure: None,
    };
    for &target in targets {
        let mut solver = Solver::new(&mut game, shared.context(saver), &mut clock, target, None);
        let proved = solver.prove_together(config.threads.saturating_sub(1), &pool);
        saver.inspect(|s| s.save(&shared.table));
        let Ok(root) = proved else { break };
        let target_wins = (root.phi == 0) == (mover == target);
        let winner = match (target_wins, G::CAN_REPEAT) {
            (true, _) => target,
            // Without draws, a target that cannot win loses.
            (false, false) => target.opponent(),
            (false, true) => {
                solution.neither_wins = target != mover;
                continue;
            }
        };
        solution.proof_time = solver.clock.elapsed();
        solution.verdict = Verdict::Win(winner);
        solution.bound = Some(root.len);
        solver.clock.extend();
        solution.line = solver.line(None).unwrap_or_default();
        if config.distance
            && let Some((plies, line)) = distance::shortest(&mut solver, winner, root.len)
        {
            solution.distance = Some(plies);
            if let Some(line) = line {
                solution.line = line;
            }
        }
        break;
    }
    clock.report();
    if solution.proof_time.is_zero() {
        solution.proof_time = clock.elapsed();
    }
    clock.publish();
    solution.nodes = clock.total();
    solution.time = clock.elapsed();
    solution.progress = clock.progress.clone();
    solution.checkpoint_failure = saver.and_then(Saver::failure);
    Ok(solution)
}

/// The plies the move limit leaves `position`, if it has one.
fn plies_left(position: &Position) -> Option<u32> {
    position.move_limit().map(|limit| limit.saturating_sub(position.moves().len() as u32))
}

/// Whether `winner` wins `position` within `plies` plies, by bounded df-pn
/// alone (no unbounded proof first): `Some(true)` or `Some(false)` when the
/// search settles it within `config`'s budget, `None` when it runs out.
/// Both answers are exact, in Lines of Action too: a bounded question has no
/// cycles (the table is keyed by plies left), so no repetition is ever
/// counted and nothing that could win inside the bound is cut off.
pub fn wins_within(
    position: &Position,
    winner: Side,
    plies: u32,
    config: &SolveConfig,
) -> Result<Option<bool>, SolveError> {
    let plies = bounded_plies(position, plies)?;
    let game = position.game().clone();
    with_game!(game, g => bounded_game(g, winner, plies, config))
}

/// The bound a bounded search of `position` uses: `plies`, or fewer where
/// the move limit comes first (the search lifts the limit, so a win must
/// still come before it); an error for a finished game.
fn bounded_plies(position: &Position, plies: u32) -> Result<u32, SolveError> {
    if position.outcome().is_over() {
        return Err(SolveError::GameOver);
    }
    Ok(plies_left(position).map_or(plies, |left| plies.min(left)))
}

/// The same on a concrete game, which must not be over.
fn bounded_game<G: SolverGame>(
    mut game: G,
    winner: Side,
    plies: u32,
    config: &SolveConfig,
) -> Result<Option<bool>, SolveError> {
    game.prepare();
    let shared = Shared::new(&game, config)?;
    let mut handler = ();
    let mut clock = Clock::new(&mut handler, config.time, config.nodes);
    let mover = game.side_to_move();
    let mut solver = Solver::new(&mut game, shared.context(None), &mut clock, winner, Some(plies));
    Ok(solver.prove().ok().map(|root| (root.phi == 0) == (mover == winner)))
}

/// The side to move's shortest win within `plies` plies, by bounded df-pn
/// alone (exact, see [`wins_within`]), then two plies shorter until that
/// fails: its line (the winner shortest, the loser longest), as long as the
/// win. `None` when there is no win within `plies`, or the budget runs out
/// before the shortest is known. Cheaper than [`solve`] and its distance
/// search when a bound is known: no unbounded proof, no cycles to watch.
pub fn shortest_within(position: &Position, plies: u32, config: &SolveConfig) -> Result<Option<Vec<Move>>, SolveError> {
    let plies = bounded_plies(position, plies)?;
    let game = position.game().clone();
    with_game!(game, g => shortest_game(g, plies, config))
}

/// The same on a concrete game, which must not be over.
fn shortest_game<G: SolverGame>(
    mut game: G,
    plies: u32,
    config: &SolveConfig,
) -> Result<Option<Vec<Move>>, SolveError> {
    game.prepare();
    let shared = Shared::new(&game, config)?;
    let mut handler = ();
    let mut clock = Clock::new(&mut handler, config.time, config.nodes);
    let mover = game.side_to_move();
    let mut solver = Solver::new(&mut game, shared.context(None), &mut clock, mover, Some(plies));
    Ok(shortest_line(&mut solver, mover, plies))
}

/// The mover's shortest win within `plies`, proved by `solver` (bounded by
/// them): its line, as long as the win; `None` if there is none or the
/// budget runs out.
fn shortest_line<G: SolverGame>(solver: &mut Solver<'_, '_, G>, mover: Side, plies: u32) -> Option<Vec<Move>> {
    let root = solver.prove().ok()?;
    if root.phi != 0 {
        return None;
    }
    // As in `solve`: the shorter tries and the line get the budget again.
    solver.clock.extend();
    let (distance, line) = distance::shortest(solver, mover, root.len.min(plies))?;
    line.filter(|line| line.len() == distance as usize)
}
