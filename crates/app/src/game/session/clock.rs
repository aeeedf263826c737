//! The game's clocks as its record keeps them: the time control, the turn
//! time carried over a set-aside or a restart, both clocks after any ply,
//! and a flag falling.

use std::time::Duration;

use super::GameSession;
use crate::engine::Side;
use crate::engine::rules::clock::{Clock, TimeControl};

impl GameSession {
    /// The same game played on `control`'s clock (a new game's, before its first move).
    pub(crate) fn with_time_control(mut self, control: Option<TimeControl>) -> GameSession {
        self.record.time_control = control;
        self
    }

    /// The same game, its turn in progress having used `spent` already (a
    /// game set aside, or left at a restart, keeps its turn's time).
    pub(crate) fn with_turn_spent(mut self, spent: Duration) -> GameSession {
        self.carried_turn = (!spent.is_zero()).then_some((self.plies(), spent));
        self
    }

    /// The time the turn in progress had used when the game was set aside
    /// or left: zero once a move was played from there.
    pub(crate) fn carried_turn_spent(&self) -> Duration {
        match self.carried_turn {
            Some((ply, spent)) if ply == self.plies() => spent,
            _ => Duration::ZERO,
        }
    }

    /// Both clocks as they stood after `ply` moves: each side's time after
    /// its last move then (the record keeps it), or the base time. Undo and
    /// review read the clocks of the ply they show; none without a control.
    pub(crate) fn clock_after(&self, ply: usize) -> Option<Clock> {
        let mut clock = Clock::new(self.record.time_control?);
        for entry in self.record.moves.iter().take(ply) {
            if let Some(ms) = entry.clock_ms {
                clock.set_remaining(entry.side, Duration::from_millis(ms));
            }
        }
        // The flag fell after the last move: the clocks stay as they stopped,
        // the flagged side's at zero (no move of its records that reading).
        if let Some(flagged) = self.lost_on_time().filter(|_| ply >= self.plies()) {
            clock.set_remaining(flagged, Duration::ZERO);
        }
        Some(clock)
    }

    /// The side whose flag fell, if the game was lost on time.
    pub(crate) fn lost_on_time(&self) -> Option<Side> {
        if self.record.result.reason_is_time() { self.record.lost_off_board() } else { None }
    }

    /// The clocks of the live position.
    pub fn clock(&self) -> Option<Clock> {
        self.clock_after(self.plies())
    }

    /// The side to move's time ran out: the opponent wins; false if the
    /// game was already over or has no clock.
    pub(crate) fn flag_fell(&mut self, side: Side) -> bool {
        if self.outcome().is_over() || self.record.time_control.is_none() || self.reviewing() {
            return false;
        }
        self.record.flag_fell(side);
        true
    }
}
