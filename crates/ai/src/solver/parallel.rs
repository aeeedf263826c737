//! Several threads on one proof (after Kaneko 2010, "Parallel depth first
//! proof number search"): every thread runs df-pn from the root on the one
//! shared table, and a child some thread is searching looks harder to the
//! others (`dfpn::select`), so they spread over the tree and each reads what
//! the others proved. The main thread ends the proof; the helpers stop with it.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::thread;

use crate::search::Stopped;

use super::SolveHandler;
use super::clock::Clock;
use super::dfpn::{Solver, Value};
use super::knowledge::SolverGame;

/// A helper's only outside world: the main thread's signal to stop.
struct StopFlag<'a>(&'a AtomicBool);

impl SolveHandler for StopFlag<'_> {
    fn should_stop(&self) -> bool {
        self.0.load(Relaxed)
    }
}

impl<G: SolverGame> Solver<'_, '_, G> {
    /// Proves the root with `helpers` more threads beside this one, their
    /// nodes counted in `pool`; the result is this thread's.
    pub(crate) fn prove_together(&mut self, helpers: usize, pool: &AtomicU64) -> Result<Value, Stopped> {
        if helpers == 0 {
            return self.prove();
        }
        let stop = AtomicBool::new(false);
        let (ctx, target) = (self.ctx, self.target);
        thread::scope(|scope| {
            for _ in 0..helpers {
                let mut game = self.game.clone();
                let stop = &stop;
                scope.spawn(move || {
                    let mut handler = StopFlag(stop);
                    let mut clock = Clock::new(&mut handler, None, None).pooled(pool);
                    // A helper's own result is in the table; only the main thread's counts.
                    let _ = Solver::new(&mut game, ctx, &mut clock, target, None).prove();
                    clock.publish();
                });
            }
            let result = self.prove();
            stop.store(true, Relaxed);
            result
        })
    }
}
