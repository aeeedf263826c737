//! Judging a person's move off a puzzle's line, the opponent to move: a
//! move that still wins goes on with the solver's line; one that does not
//! is refuted by the move that shows why (the solver's proved answer, else
//! the master's).

use breakline_ai::judgement::Judgement;
use breakline_ai::search::{self, Level, Limit};
use breakline_ai::solver::{SolveConfig, Verdict, solve};
use breakline_rules::Side;
use breakline_rules::position::Position;

/// Nodes the solver may spend judging a move off the line (the budget the
/// shipped puzzles were proved with): a few seconds at most in Lines of
/// Action, where a move that does not win is seldom proved to lose and the
/// master's answer is the refutation.
pub const JUDGE_NODES: u64 = 200_000;

/// The master's time for a refutation the solver did not prove.
const REFUTE_MS: u64 = 500;

/// The solver's word on `position`, reached by `person`'s move off the
/// line: [`Judgement::ProvedWin`] with the line from here (the opponent's
/// reply first) or [`Judgement::Refuted`] with the answer that shows why.
pub fn judge_move(position: &Position, person: Side) -> Judgement {
    // The proof's own line is enough: the shortest one would double the wait.
    let budget = SolveConfig { nodes: Some(JUDGE_NODES), memory_mib: 64, distance: false, ..SolveConfig::default() };
    match solve(position, &budget, &mut ()) {
        Ok(solution) if solution.verdict == Verdict::Win(person) => Judgement::ProvedWin { line: solution.line },
        Ok(solution) if solution.verdict == Verdict::Win(person.opponent()) => {
            Judgement::Refuted { answer: solution.line.first().copied() }
        }
        _ => {
            let config = Level::MASTER.config().with_limits(&[Limit::TimeMs(REFUTE_MS)]).ok();
            let answer = config.and_then(|config| search::search(position, &config, &mut ()).ok());
            Judgement::Refuted { answer: answer.map(|found| found.best_move) }
        }
    }
}
