//! Solving a puzzle: the methods, the budget, the outcome, and the observer a
//! caller uses to watch each step and to cancel. The search itself lives in
//! `orderings` (the report's backtracking over cell colours) and `paths`
//! (path growing with propagation and dead-end checks).

mod orderings;
mod paths;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use web_time::Instant;

use super::puzzle::{Colour, Puzzle};

/// How the solver searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    /// The report's "dumbest": a random empty cell, colours in random order.
    Dumbest,
    /// The report's "dumb": cells in reading order, colours in a fixed order.
    Dumb,
    /// The report's "smart": the most constrained cell (its rules C1, C2),
    /// colours of nearby cells first.
    Smart,
    /// Ours: grow the paths from their sources, forced steps first, else the
    /// topmost path end; every step checked for dead-end cells, regions or
    /// colours left stranded, and regions whose parity no path can fill.
    Paths,
}

impl Method {
    /// Every method, in the report's order, ours last.
    pub const ALL: [Method; 4] = [Method::Dumbest, Method::Dumb, Method::Smart, Method::Paths];

    /// The method's name on the command line.
    pub fn id(self) -> &'static str {
        match self {
            Method::Dumbest => "dumbest",
            Method::Dumb => "dumb",
            Method::Smart => "smart",
            Method::Paths => "paths",
        }
    }

    /// The method with the command-line name `id`, if any.
    pub fn from_id(id: &str) -> Option<Method> {
        Method::ALL.into_iter().find(|m| m.id() == id)
    }
}

impl std::fmt::Display for Method {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id())
    }
}

/// When to give up. The default is no limit at all.
#[derive(Clone, Debug, Default)]
pub struct Budget {
    /// Give up after this long.
    pub time_limit: Option<Duration>,
    /// Give up after this many attempts.
    pub attempt_limit: Option<u64>,
    /// Set from another thread to cancel a running solve.
    pub stop: Option<Arc<AtomicBool>>,
}

/// Why a solve gave up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GaveUp {
    /// The time limit ran out.
    TimeLimit,
    /// The attempt limit was reached.
    AttemptLimit,
    /// The stop flag was set or the observer asked to stop.
    Stopped,
}

/// How a solve ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// One colour per cell, reading order.
    Solved(Vec<Colour>),
    /// The whole search space was tried.
    Unsolvable,
    /// The budget ended the search first.
    GaveUp(GaveUp),
}

/// A solve's outcome and effort.
#[derive(Clone, Debug)]
pub struct SolveReport {
    /// How it ended.
    pub outcome: Outcome,
    /// Tried assignments of a colour to a cell, as the report counts them
    /// (those the consistency check turns down included).
    pub attempts: u64,
    /// Time the solve took.
    pub time: Duration,
}

/// Watches a solve step by step. Every method has a default, so a caller
/// implements what it needs; `()` watches nothing and costs nothing.
pub trait Observer {
    /// `cell` took `colour` (an assignment that passed the method's checks).
    fn assigned(&mut self, _cell: usize, _colour: Colour) {}
    /// `cell` is empty again (backtracking).
    fn unassigned(&mut self, _cell: usize) {}
    /// Asked once per attempt, right after it is counted (so its calls count
    /// the attempts live); true ends the solve as [`GaveUp::Stopped`].
    fn should_stop(&mut self) -> bool {
        false
    }
}

impl Observer for () {}

/// Solves with nothing watching. `seed` drives the random method only.
pub fn solve(puzzle: &Puzzle, method: Method, budget: &Budget, seed: u64) -> SolveReport {
    solve_watched(puzzle, method, budget, seed, &mut ())
}

/// Solves, telling `observer` every assignment and undo.
pub fn solve_watched<O: Observer>(
    puzzle: &Puzzle,
    method: Method,
    budget: &Budget,
    seed: u64,
    observer: &mut O,
) -> SolveReport {
    let mut limits = Limits::new(budget, observer);
    let result = match method {
        Method::Paths => paths::solve(puzzle, &mut limits),
        ordering => orderings::solve(puzzle, ordering, seed, &mut limits),
    };
    let outcome = match result {
        Ok(Some(cells)) => Outcome::Solved(cells),
        Ok(None) => Outcome::Unsolvable,
        Err(Halt(why)) => Outcome::GaveUp(why),
    };
    SolveReport { outcome, attempts: limits.attempts, time: limits.start.elapsed() }
}

/// How many solutions a puzzle has, counted by the `paths` search up to
/// `limit` (2 tells a well-made puzzle, with exactly one, from the others).
pub fn count_solutions(puzzle: &Puzzle, limit: usize, budget: &Budget) -> Result<usize, GaveUp> {
    let mut nobody = ();
    let mut limits = Limits::new(budget, &mut nobody);
    paths::count(puzzle, limit.max(1), &mut limits).map_err(|Halt(why)| why)
}

/// A search stopped before its end; it unwinds the recursion as an `Err`.
#[derive(Debug, Clone, Copy)]
struct Halt(GaveUp);

/// The attempt counter and every reason to stop, checked at each attempt.
struct Limits<'a, O: Observer> {
    attempts: u64,
    observer: &'a mut O,
    start: Instant,
    deadline: Option<Instant>,
    attempt_limit: u64,
    stop: Option<&'a AtomicBool>,
}

impl<'a, O: Observer> Limits<'a, O> {
    fn new(budget: &'a Budget, observer: &'a mut O) -> Self {
        let start = Instant::now();
        Limits {
            attempts: 0,
            observer,
            start,
            deadline: budget.time_limit.map(|t| start + t),
            attempt_limit: budget.attempt_limit.unwrap_or(u64::MAX),
            stop: budget.stop.as_deref(),
        }
    }

    /// Counts one attempt, or says why the search must end.
    #[inline]
    fn attempt(&mut self) -> Result<(), Halt> {
        if self.attempts >= self.attempt_limit {
            return Err(Halt(GaveUp::AttemptLimit));
        }
        self.attempts += 1;
        if self.observer.should_stop() {
            return Err(Halt(GaveUp::Stopped));
        }
        // The clock and the flag are looked at every 1024 attempts: cheap, and
        // still well under a millisecond apart.
        if self.attempts & 1023 == 0 {
            if self.stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                return Err(Halt(GaveUp::Stopped));
            }
            if self.deadline.is_some_and(|d| Instant::now() >= d) {
                return Err(Halt(GaveUp::TimeLimit));
            }
        }
        Ok(())
    }
}

/// True when every colour's cells form one connected piece: the check the
/// local rules leave to the end (they allow a path plus a detached loop).
fn colours_connected(puzzle: &Puzzle, cells: &[Colour]) -> bool {
    let mut seen = vec![false; cells.len()];
    let mut stack = Vec::new();
    for colour in 0..puzzle.colour_count() as Colour {
        let start = puzzle.ends(colour)[0];
        seen[start] = true;
        stack.push(start);
        while let Some(cell) = stack.pop() {
            for n in puzzle.neighbours(cell) {
                if !seen[n] && cells[n] == colour {
                    seen[n] = true;
                    stack.push(n);
                }
            }
        }
    }
    seen.iter().all(|&s| s)
}
