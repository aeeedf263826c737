//! Judging a person's move off a puzzle's line, the opponent to move: a
//! move that still wins within the puzzle's length goes on with a line of
//! that length; one that wins only more slowly is told so ("win in 3" means
//! in 3); one that does not win is refuted by the move that shows why (the
//! solver's proved answer, else the master's).

use breakline_ai::judgement::Judgement;
use breakline_ai::search::{self, Level, Limit};
use breakline_ai::solver::{SolveConfig, Verdict, shortest_within, solve, wins_within};
use breakline_rules::position::Position;
use breakline_rules::{Move, Side};

/// Nodes the solver may spend judging a move off the line (the budget the
/// shipped puzzles were proved with): a few seconds at most in Lines of
/// Action, where a move that does not win is seldom proved to lose and the
/// master's answer is the refutation.
pub const JUDGE_NODES: u64 = 200_000;

/// The master's time for a refutation the solver did not prove.
const REFUTE_MS: u64 = 500;

/// The solver's word on `position`, reached by `person`'s move off the
/// line with `plies_left` of the puzzle's plies still to come:
/// [`Judgement::ProvedWin`] with a line from here of at most that many
/// plies (the opponent's reply first), [`Judgement::Slower`] for a win that
/// takes longer, or [`Judgement::Refuted`] with the answer that shows why.
pub fn judge_move(position: &Position, person: Side, plies_left: u32) -> Judgement {
    let bounded = SolveConfig { nodes: Some(JUDGE_NODES), memory_mib: 16, distance: false, ..SolveConfig::default() };
    // Some(false): proved not to win in time; None: not known in the budget.
    let in_time = match plies_left {
        0 => Some(false),
        _ => wins_within(position, person, plies_left, &bounded).ok().flatten(),
    };
    if in_time == Some(true)
        && let Some(line) = line_within(position, plies_left, &bounded)
    {
        return Judgement::ProvedWin { line };
    }
    // The proof's own line is enough: the shortest one would double the wait.
    let budget = SolveConfig { memory_mib: 64, ..bounded };
    match solve(position, &budget, &mut ()) {
        // Proved to win, and proved not to within the plies left.
        Ok(solution) if solution.verdict == Verdict::Win(person) && in_time == Some(false) => Judgement::Slower,
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

/// A line of at most `plies` from `position` (the loser to move) to the
/// winner's win: the reply that puts the win off longest, then the winner's
/// shortest win after it. None if a reply's win is not found in the budget.
fn line_within(position: &Position, plies: u32, budget: &SolveConfig) -> Option<Vec<Move>> {
    let mut longest: Option<Vec<Move>> = None;
    for reply in position.legal_moves() {
        let mut after = position.clone();
        after.play(reply).ok()?;
        let rest = match after.outcome() {
            outcome if outcome.is_over() => Vec::new(),
            _ => shortest_within(&after, plies - 1, budget).ok()??,
        };
        if longest.as_ref().is_none_or(|line| rest.len() + 1 > line.len()) {
            longest = Some(std::iter::once(reply).chain(rest).collect());
        }
    }
    longest
}
