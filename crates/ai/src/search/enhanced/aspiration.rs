//! Aspiration windows (`aspiration=on`): from [`ASPIRATION_MIN_DEPTH`] on, an
//! iteration first searches a window of [`ASPIRATION_STEPS`] evaluation steps
//! either side of the last iteration's score, widened fourfold on the side
//! that failed until the score lands inside. Off, and for a MultiPV search
//! (a window around the best score says nothing of the other lines), every
//! iteration searches the full window once.

use crate::eval::{Evaluate, Score, is_proven};

use super::super::window::Window;
use super::super::{AiConfig, Control};
use super::negamax::Searcher;
use super::root::{Iteration, RootEnd, RootMoves, search_root};

const ASPIRATION_MIN_DEPTH: u32 = 5;
const ASPIRATION_STEPS: Score = 5;

pub(super) struct Aspiration {
    on: bool,
    /// The root lines searched for.
    lines: usize,
    /// The strategy's smallest step.
    step: Score,
}

impl Aspiration {
    /// The windows of a search of `config` for `lines` root lines.
    pub(super) fn new<G: Evaluate>(config: &AiConfig, game: &G, lines: usize) -> Aspiration {
        Aspiration { on: config.aspiration() && lines == 1, lines, step: game.eval_step(config.strategy()).max(1) }
    }

    /// The first window at `depth`, `delta` either side of the `last`
    /// iteration's score where aspiration applies, else the full window.
    fn first_window(&self, depth: u32, last: Score, delta: Score) -> Window {
        if self.on && depth >= ASPIRATION_MIN_DEPTH && !is_proven(last) {
            Window::around(last, delta)
        } else {
            Window::FULL
        }
    }

    /// Searches `root` at `depth` until its score lands inside the window or
    /// the search stops. After a fail high the move that failed high leads
    /// the root moves: it is searched first next time, and is the one to play
    /// if the clock runs out meanwhile.
    pub(super) fn search<G: Evaluate>(
        &self,
        searcher: &mut Searcher,
        game: &mut G,
        ctl: &mut Control,
        depth: u32,
        root: &mut RootMoves,
        last: Score,
    ) -> (Option<Iteration>, RootEnd) {
        let mut delta = ASPIRATION_STEPS * self.step;
        let mut window = self.first_window(depth, last, delta);
        loop {
            let (iteration, end) = search_root(searcher, game, ctl, depth, root.as_slice(), window, self.lines);
            delta *= 4;
            match end {
                RootEnd::FailLow => window.widen_down(delta),
                RootEnd::FailHigh => {
                    window.widen_up(delta);
                    if let Some(it) = &iteration {
                        root.promote(it.best());
                    }
                }
                RootEnd::Finished | RootEnd::Stopped => return (iteration, end),
            }
        }
    }
}
