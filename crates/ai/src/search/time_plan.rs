//! Playing by a clock: how much of the time left one move may take, and a
//! search run within it. The plan spends a share of what is left plus most
//! of the increment, keeps a margin for the engine's own overhead, and a hard
//! deadline well short of the flag stops any algorithm in time, so a search
//! never loses on time when it could have moved.

use std::time::Duration;

use web_time::Instant;

use super::{AiConfig, LimitKind, SearchHandler, SearchInfo};
use crate::search;
use breakline_rules::clock::ClockView;

/// The moves a game is assumed to have left when nobody says (`movestogo`):
/// each move takes this share of what is left, so the clock never runs dry.
const MOVES_LEFT: u32 = 25;
/// Of the increment, the share a move plans to spend (the rest builds a reserve).
const INCREMENT_SHARE: f64 = 0.8;
/// A move never plans on more than this share of the time left.
const MOST_OF_LEFT: f64 = 0.4;
/// Enhanced starts no iteration past this share of its limit, the hard stop:
/// a new depth takes a few times the last, so one started later would mostly
/// spend the reserve and be cut off.
const ITERATION_BUDGET: f64 = 0.5;
/// Kept back from the time left for what the search does not count: moving
/// the pieces, starting threads, a program's pipe.
const OVERHEAD: Duration = Duration::from_millis(30);

/// The time one move may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveBudget {
    /// What the move should take on average.
    pub target: Duration,
    /// Where any search is stopped, whatever it is doing.
    pub hard: Duration,
}

/// The budget of the next move with `clock`.
pub fn plan(clock: ClockView) -> MoveBudget {
    let usable = clock.left.saturating_sub(OVERHEAD.min(clock.left / 4));
    let moves = clock.moves_to_go.unwrap_or(MOVES_LEFT).max(1);
    let share = usable / moves + clock.increment.mul_f64(INCREMENT_SHARE);
    let ceiling = usable.mul_f64(MOST_OF_LEFT);
    let target = share.min(ceiling).max(Duration::from_millis(1));
    let hard = (target * 2).min(ceiling.max(target));
    MoveBudget { target, hard }
}

/// `config` as it searches within `budget`: a timed search (enhanced, MCTS)
/// gets a time limit fitted to the target; a depth or playout limit of its
/// own still applies. Enhanced starts no iteration past half its limit and
/// averages about the target when given twice it.
pub fn fitted(config: &AiConfig, budget: MoveBudget) -> AiConfig {
    let mut fitted = config.clone();
    if config.algorithm().takes(LimitKind::Time) {
        let enhanced = config.algorithm() == search::Algorithm::Enhanced;
        let limit = if enhanced { budget.hard } else { budget.target };
        let ms = u64::try_from(limit.as_millis()).unwrap_or(u64::MAX).max(1);
        // The time limit's range starts at 1 ms and runs to a day: a clock's plan fits it.
        let _ = fitted.set_limit(search::Limit::TimeMs(ms));
    }
    fitted
}

/// `config` fitted to the budget of the next move on `clock`, and `handler`
/// wrapped in the budget's hard deadline, which stops any algorithm.
pub(super) fn on_clock<'a>(
    config: &AiConfig,
    clock: ClockView,
    handler: &'a mut dyn SearchHandler,
) -> (AiConfig, Deadline<'a>) {
    let budget = plan(clock);
    (fitted(config, budget), Deadline { inner: handler, at: Instant::now() + budget.hard })
}

/// A handler that also stops at a moment in time.
pub(super) struct Deadline<'a> {
    inner: &'a mut dyn SearchHandler,
    at: Instant,
}

impl SearchHandler for Deadline<'_> {
    fn should_stop(&self) -> bool {
        Instant::now() >= self.at || self.inner.should_stop()
    }

    fn report(&mut self, info: &SearchInfo) {
        self.inner.report(info);
    }

    fn iteration_budget(&self) -> f64 {
        ITERATION_BUDGET
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn view(left_ms: u64, inc_ms: u64) -> ClockView {
        ClockView { left: Duration::from_millis(left_ms), increment: Duration::from_millis(inc_ms), moves_to_go: None }
    }

    #[test]
    fn a_plan_spends_a_share_of_the_time_left_and_most_of_the_increment() {
        let b = plan(view(60_000, 0));
        assert!(b.target > Duration::from_secs(2) && b.target < Duration::from_secs(3), "{b:?}");
        assert!(b.hard >= b.target && b.hard <= Duration::from_secs(24));
        let with_increment = plan(view(60_000, 2_000));
        assert!(with_increment.target > b.target + Duration::from_millis(1500));
    }

    #[test]
    fn a_plan_never_reaches_the_flag() {
        for left in [10, 31, 100, 1_000, 5_000] {
            for inc in [0, 50, 10_000] {
                let b = plan(view(left, inc));
                assert!(b.hard < Duration::from_millis(left), "{left}+{inc}: {b:?}");
                assert!(b.target <= b.hard || b.target == Duration::from_millis(1), "{left}+{inc}: {b:?}");
            }
        }
        let b = plan(ClockView { moves_to_go: Some(1), ..view(10_000, 0) });
        assert!(b.hard <= Duration::from_secs(4), "one move to go still keeps a reserve: {b:?}");
    }
}
