//! The clocks the server keeps. Times are wall-clock milliseconds since the
//! Unix epoch, passed in by the caller, so the rules below are pure.
//!
//! Live games: a side is charged, for each move, the time from the moment the
//! server sent the opponent's move (or started the game) to the moment this
//! move arrived, less a lag compensation; then the increment is added. Each
//! side's first move is free (its clock starts after it), but a live game
//! whose first or second move waits over [`FIRST_MOVES_MS`] is aborted. **Lag compensation**:
//! the client states its measured network lag with the move (`lag_ms`, half a
//! ping's round trip); the server takes off at most that, at most
//! [`MAX_LAG_MS`] a move, and at most what the side's quota holds. The quota
//! starts at [`QUOTA_START_MS`], gains [`QUOTA_GAIN_MS`] a move up to
//! [`QUOTA_CAP_MS`], and loses what was compensated: a client that claims lag
//! on every move runs out of it. A flag is only seen by the server: when a
//! move arrives too late, when the opponent claims it and the server's own
//! reading agrees, or when the server finds it fallen by more than
//! [`MAX_LAG_MS`] (its own sweep, a few times a second).
//!
//! Correspondence games: each move within the game's days, counted from the
//! previous move; no increment, no bank.
//!
//! **After a restart** ([`GameClock::resume`]): a live game's turn starts again
//! at the restart with the time the side to move had at the last acknowledged
//! move, so neither the server's downtime nor the moments before the crash
//! are charged; a correspondence game keeps its deadline, but never less than
//! [`RESUME_GRACE_MS`] after the restart.

use breakline_rules::Side;
use serde::{Deserialize, Serialize};

use crate::spec::TimeMode;

/// The most lag one move is compensated for.
pub const MAX_LAG_MS: u64 = 1_000;
/// A side's lag quota at the start of a game.
pub const QUOTA_START_MS: u64 = 500;
/// What each move adds to the quota.
pub const QUOTA_GAIN_MS: u64 = 100;
/// The most the quota holds.
pub const QUOTA_CAP_MS: u64 = 3_000;
/// A correspondence deadline's least distance from a restart.
pub const RESUME_GRACE_MS: u64 = 3_600_000;
/// A day.
pub const DAY_MS: u64 = 86_400_000;
/// How long a live game waits for each of its first two moves (its clocks
/// not yet running) before the server aborts it.
pub const FIRST_MOVES_MS: u64 = 60_000;

/// What the store keeps of a clock.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct ClockState {
    /// Each side's time left (White, Black); unused by correspondence.
    pub remaining_ms: [u64; 2],
    /// When the side to move's turn began.
    pub turn_started_ms: u64,
}

/// The clocks as a message shows them.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct ClockReading {
    /// White's time left at `at_ms` (live games).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub white_ms: Option<u64>,
    /// Black's time left at `at_ms` (live games).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub black_ms: Option<u64>,
    /// When the side to move must have moved by (correspondence).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub deadline_ms: Option<u64>,
    /// The server's time of the reading.
    pub at_ms: u64,
}

/// The side whose time ran out.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Flagged(pub Side);

/// A game's clocks under its time mode.
#[derive(Clone, Debug, PartialEq)]
pub struct GameClock {
    mode: TimeMode,
    state: ClockState,
    quota_ms: [u64; 2],
}

impl GameClock {
    /// Fresh clocks at `now`.
    pub fn new(mode: TimeMode, now: u64) -> GameClock {
        let base = match mode {
            TimeMode::Live { control } => control.base().as_millis() as u64,
            TimeMode::Correspondence { .. } => 0,
        };
        GameClock::from_state(mode, ClockState { remaining_ms: [base; 2], turn_started_ms: now })
    }

    /// Clocks as the store kept them (the quotas start again).
    pub fn from_state(mode: TimeMode, state: ClockState) -> GameClock {
        GameClock { mode, state, quota_ms: [QUOTA_START_MS; 2] }
    }

    /// What the store keeps.
    pub fn state(&self) -> ClockState {
        self.state
    }

    /// The restart rule (see the module's text).
    pub fn resume(&mut self, now: u64) {
        match self.mode {
            TimeMode::Live { .. } => self.state.turn_started_ms = now,
            TimeMode::Correspondence { days } => {
                let least_start = (now + RESUME_GRACE_MS).saturating_sub(days as u64 * DAY_MS);
                self.state.turn_started_ms = self.state.turn_started_ms.max(least_start);
            }
        }
    }

    /// Charges `side` for the move that arrived at `now`, `plies` played
    /// before it, with the lag the client claims.
    pub fn charge(&mut self, side: Side, plies: u32, now: u64, lag_ms: u64) -> Result<(), Flagged> {
        let elapsed = now.saturating_sub(self.state.turn_started_ms);
        match self.mode {
            TimeMode::Correspondence { days } if elapsed > days as u64 * DAY_MS => return Err(Flagged(side)),
            TimeMode::Correspondence { .. } => {}
            TimeMode::Live { control } if plies >= 2 => {
                let quota = &mut self.quota_ms[side.index()];
                let compensation = lag_ms.min(MAX_LAG_MS).min(*quota).min(elapsed);
                *quota = (*quota - compensation + QUOTA_GAIN_MS).min(QUOTA_CAP_MS);
                let left = &mut self.state.remaining_ms[side.index()];
                let spent = elapsed - compensation;
                if spent >= *left {
                    *left = 0;
                    return Err(Flagged(side));
                }
                *left = *left - spent + control.increment().as_millis() as u64;
            }
            TimeMode::Live { .. } => {}
        }
        self.state.turn_started_ms = now;
        Ok(())
    }

    /// Starts the turn again at `now` with the times as they are (a takeback).
    pub fn restart_turn(&mut self, now: u64) {
        self.state.turn_started_ms = now;
    }

    /// Whether `side`, to move with `plies` played, has run out of time at `now`.
    pub fn has_flagged(&self, side: Side, plies: u32, now: u64) -> bool {
        let elapsed = now.saturating_sub(self.state.turn_started_ms);
        match self.mode {
            TimeMode::Live { .. } => plies >= 2 && elapsed >= self.state.remaining_ms[side.index()],
            TimeMode::Correspondence { days } => elapsed > days as u64 * DAY_MS,
        }
    }

    /// Whether a live game's first or second move, which no clock counts, is
    /// [`FIRST_MOVES_MS`] overdue at `now`.
    pub fn first_moves_overdue(&self, plies: u32, now: u64) -> bool {
        let waited = now.saturating_sub(self.state.turn_started_ms);
        matches!(self.mode, TimeMode::Live { .. }) && plies < 2 && waited > FIRST_MOVES_MS
    }

    /// The clocks at `now`, `to_move` running (none when the game is over).
    pub fn reading(&self, to_move: Option<Side>, plies: u32, now: u64) -> ClockReading {
        let elapsed = now.saturating_sub(self.state.turn_started_ms);
        match self.mode {
            TimeMode::Live { .. } => {
                let left = |side: Side| {
                    let running = to_move == Some(side) && plies >= 2;
                    let left = self.state.remaining_ms[side.index()];
                    Some(if running { left.saturating_sub(elapsed) } else { left })
                };
                ClockReading { white_ms: left(Side::White), black_ms: left(Side::Black), deadline_ms: None, at_ms: now }
            }
            TimeMode::Correspondence { days } => {
                let deadline = to_move.map(|_| self.state.turn_started_ms + days as u64 * DAY_MS);
                ClockReading { white_ms: None, black_ms: None, deadline_ms: deadline, at_ms: now }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use breakline_rules::clock::TimeControl;

    fn live(text: &str) -> TimeMode {
        TimeMode::Live { control: TimeControl::parse(text).unwrap() }
    }

    #[test]
    fn first_moves_are_free_then_time_and_increment_count() {
        let mut clock = GameClock::new(live("10+1"), 0);
        clock.charge(Side::White, 0, 5_000, 0).unwrap();
        clock.charge(Side::Black, 1, 9_000, 0).unwrap();
        assert_eq!(clock.state().remaining_ms, [10_000, 10_000]);
        clock.charge(Side::White, 2, 12_000, 0).unwrap();
        assert_eq!(clock.state().remaining_ms, [8_000, 10_000]);
        assert_eq!(clock.charge(Side::Black, 3, 30_000, 0), Err(Flagged(Side::Black)));
    }

    #[test]
    fn lag_is_compensated_up_to_the_quota() {
        let mut clock = GameClock::new(live("60+0"), 0);
        clock.charge(Side::White, 0, 0, 0).unwrap();
        clock.charge(Side::Black, 1, 0, 0).unwrap();
        // Claims 5 s of lag: 500 ms (the quota) is taken off.
        clock.charge(Side::White, 2, 2_000, 5_000).unwrap();
        assert_eq!(clock.state().remaining_ms[0], 60_000 - 1_500);
        // The quota is now 100 ms.
        clock.charge(Side::Black, 3, 3_000, 0).unwrap();
        clock.charge(Side::White, 4, 4_000, 5_000).unwrap();
        assert_eq!(clock.state().remaining_ms[0], 60_000 - 1_500 - 900);
    }

    #[test]
    fn a_restart_charges_no_downtime() {
        let mut clock = GameClock::new(live("60+0"), 0);
        clock.charge(Side::White, 0, 0, 0).unwrap();
        clock.charge(Side::Black, 1, 0, 0).unwrap();
        let mut restored = GameClock::from_state(live("60+0"), clock.state());
        restored.resume(500_000);
        assert!(!restored.has_flagged(Side::White, 2, 500_000));
        assert_eq!(restored.reading(Some(Side::White), 2, 501_000).white_ms, Some(59_000));
        let mut post = GameClock::new(TimeMode::Correspondence { days: 1 }, 0);
        post.resume(DAY_MS);
        assert_eq!(post.reading(Some(Side::White), 0, DAY_MS).deadline_ms, Some(DAY_MS + RESUME_GRACE_MS));
        assert!(post.charge(Side::White, 0, DAY_MS + 1_000, 0).is_ok());
    }
}
