//! Judging a person's answer to an exercise made from their mistake: the
//! answer is accepted when the solver proves it wins, or when the report's
//! search says it loses less than the exercise's threshold against the best
//! move (the search's own choice always passes). The [`Judgement`] is the
//! one the puzzles share, from the AI wing.

use super::report::{ReportError, ReportSettings};
use breakline_ai::eval::win_chance;
use breakline_ai::judgement::Judgement;
use breakline_ai::search::{NodeLimit, search};
use breakline_ai::solver::{SolveConfig, Verdict, solve};
use breakline_rules::position::Position;
use breakline_rules::record::RecordError;
use breakline_rules::{Move, Outcome};

/// Nodes the solver may spend proving an answer wins (a count, not a time,
/// so an answer is judged the same on any machine).
pub const PROOF_NODES: u64 = 200_000;

/// Judges `answer` (a legal move of `position`) against `threshold` points.
pub fn judge_answer(
    position: &Position,
    answer: Move,
    threshold: f64,
    settings: &ReportSettings,
) -> Result<Judgement, ReportError> {
    let mover = position.side_to_move();
    let mut after = position.clone();
    after.play(answer).map_err(|error| RecordError::Move { index: 1, notation: position.move_name(answer), error })?;
    match after.outcome() {
        Outcome::Win { winner, .. } if winner == mover => return Ok(Judgement::ProvedWin { line: Vec::new() }),
        Outcome::Ongoing => {
            let budget =
                SolveConfig { nodes: Some(PROOF_NODES), distance: false, memory_mib: 64, ..SolveConfig::default() };
            if let Ok(solution) = solve(&after, &budget, &mut ())
                && solution.verdict == Verdict::Win(mover)
            {
                return Ok(Judgement::ProvedWin { line: solution.line });
            }
        }
        _ => {}
    }
    let config = settings.config()?;
    let best = search(position, &config, &mut NodeLimit(settings.nodes))?;
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
            let reply = search(&after, &config, &mut NodeLimit(settings.nodes))?;
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
