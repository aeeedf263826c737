//! Judging a person's answer to an exercise made from their mistake: the
//! answer is accepted when the solver proves it wins, or when the report's
//! search says it loses less than the exercise's threshold against the best
//! move (the search's own choice always passes). The [`Judgement`] is the
//! one the puzzles share, from the AI wing.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use web_time::Instant;

use super::report::{ReportError, ReportSettings};
use breakline_ai::eval::win_chance;
use breakline_ai::judgement::Judgement;
use breakline_ai::search::{SearchHandler, search};
use breakline_ai::solver::{SolveConfig, SolveHandler, Verdict, solve};
use breakline_rules::position::Position;
use breakline_rules::record::RecordError;
use breakline_rules::{Move, Outcome};

/// Nodes the solver may spend proving an answer wins (a count, not a time,
/// so an answer is judged the same on any machine).
pub const PROOF_NODES: u64 = 200_000;

/// The longest a judgement in the game takes: its searches stop there with
/// what they found. The node counts decide on any machine that is not
/// overloaded (a judgement takes well under a second on an idle one); the
/// limit bounds a person's wait on one that is.
pub const JUDGE_LIMIT: Duration = Duration::from_secs(5);

/// Ends the judge's solver and searches: at their node count, at the
/// deadline if there is one, or when the person cancels (`cancel` set).
struct JudgeLimits<'a> {
    cancel: &'a AtomicBool,
    nodes: Option<u64>,
    deadline: Option<Instant>,
}

impl JudgeLimits<'_> {
    fn stop(&self) -> bool {
        self.cancel.load(Ordering::Relaxed) || self.deadline.is_some_and(|deadline| Instant::now() >= deadline)
    }

    /// Stopped by the person: the judgement is dropped, not made on a part.
    fn cancelled(&self) -> Result<(), ReportError> {
        if self.cancel.load(Ordering::Relaxed) { Err(ReportError::Stopped) } else { Ok(()) }
    }
}

impl SearchHandler for JudgeLimits<'_> {
    fn should_stop(&self) -> bool {
        self.stop()
    }

    fn node_limit(&self) -> Option<u64> {
        self.nodes
    }
}

impl SolveHandler for JudgeLimits<'_> {
    fn should_stop(&self) -> bool {
        self.stop()
    }
}

/// Judges `answer` (a legal move of `position`) against `threshold` points,
/// in at most `limit` when one is given (the game gives [`JUDGE_LIMIT`]);
/// [`ReportError::Stopped`] once `cancel` is set.
pub fn judge_answer(
    position: &Position,
    answer: Move,
    threshold: f64,
    settings: &ReportSettings,
    (cancel, limit): (&AtomicBool, Option<Duration>),
) -> Result<Judgement, ReportError> {
    let deadline = limit.map(|limit| Instant::now() + limit);
    let mut limits = JudgeLimits { cancel, nodes: Some(settings.nodes), deadline };
    let mover = position.side_to_move();
    let mut after = position.clone();
    after.play(answer).map_err(|error| RecordError::Move { index: 1, notation: position.move_name(answer), error })?;
    match after.outcome() {
        Outcome::Win { winner, .. } if winner == mover => return Ok(Judgement::ProvedWin { line: Vec::new() }),
        Outcome::Ongoing => {
            let budget =
                SolveConfig { nodes: Some(PROOF_NODES), distance: false, memory_mib: 64, ..SolveConfig::default() };
            let solved = solve(&after, &budget, &mut limits);
            limits.cancelled()?;
            if let Ok(solution) = solved
                && solution.verdict == Verdict::Win(mover)
            {
                return Ok(Judgement::ProvedWin { line: solution.line });
            }
        }
        _ => {}
    }
    let config = settings.config()?;
    let best = search(position, &config, &mut limits)?;
    limits.cancelled()?;
    if best.best_move == answer {
        return Ok(Judgement::Good { loss: 0.0 });
    }
    let best_chance = 100.0 * win_chance(position.variant(), best.info.score);
    let answer_chance = match after.outcome() {
        Outcome::Win { winner, .. } => {
            if winner == mover {
                100.0
            } else {
                0.0
            }
        }
        Outcome::Draw { .. } => 50.0,
        Outcome::Ongoing => {
            let reply = search(&after, &config, &mut limits)?;
            limits.cancelled()?;
            100.0 - 100.0 * win_chance(after.variant(), reply.info.score)
        }
    };
    let loss = (best_chance - answer_chance).max(0.0);
    Ok(if loss < threshold {
        Judgement::Good { loss }
    } else {
        Judgement::TooWeak { loss, best: position.move_name(best.best_move) }
    })
}
