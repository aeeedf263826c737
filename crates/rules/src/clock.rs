//! Time controls and the chess clock: a base time and an increment
//! (sudden death when the increment is zero, Fischer otherwise), and two
//! clocks that are charged for each move. Pure values: whoever measures the
//! time (a match, the game, the protocol) charges the clock with it.

use std::fmt;
use std::ops::RangeInclusive;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::Side;

/// A game's starting time a side, in milliseconds (0.1 s to 24 h).
pub const BASE_MS: RangeInclusive<u64> = 100..=86_400_000;
/// The time added after each move, in milliseconds (up to an hour).
pub const INCREMENT_MS: RangeInclusive<u64> = 0..=3_600_000;

/// Why a time control's text reads as none.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TimeControlError {
    /// Not `BASE+INCREMENT` in seconds.
    #[error("bad time control '{0}': expected BASE+INCREMENT in seconds, e.g. 10+0.1 or 180+2")]
    Malformed(String),
    /// A number outside the range.
    #[error("bad time control '{text}': {what} must be from {min} to {max} seconds")]
    OutOfRange {
        /// The text given.
        text: String,
        /// "the base" or "the increment".
        what: &'static str,
        /// Its least value in seconds.
        min: String,
        /// Its greatest value in seconds.
        max: String,
    },
}

/// Each side's time for the game and what each move adds back: written
/// `BASE+INCREMENT` in seconds (`10+0.1`, `180+2`), as cutechess and PGN's
/// `TimeControl` tag write it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct TimeControl {
    base_ms: u64,
    increment_ms: u64,
}

impl TimeControl {
    /// The presets a person picks from, as lichess names them (minutes +
    /// seconds): bullet 1+0, blitz 3+2 and 5+3, rapid 15+10.
    pub const PRESETS: [TimeControl; 4] = [
        TimeControl { base_ms: 60_000, increment_ms: 0 },
        TimeControl { base_ms: 180_000, increment_ms: 2_000 },
        TimeControl { base_ms: 300_000, increment_ms: 3_000 },
        TimeControl { base_ms: 900_000, increment_ms: 10_000 },
    ];

    /// A control of `base_ms` and `increment_ms`, each within its range.
    pub fn new(base_ms: u64, increment_ms: u64) -> Result<TimeControl, TimeControlError> {
        let text = format!("{}+{}", seconds_text(base_ms), seconds_text(increment_ms));
        check(&text, "the base", base_ms, &BASE_MS)?;
        check(&text, "the increment", increment_ms, &INCREMENT_MS)?;
        Ok(TimeControl { base_ms, increment_ms })
    }

    /// Reads `BASE+INCREMENT` or `BASE` in seconds (decimals allowed).
    pub fn parse(text: &str) -> Result<TimeControl, TimeControlError> {
        let malformed = || TimeControlError::Malformed(text.to_string());
        let (base, increment) = text.trim().split_once('+').unwrap_or((text.trim(), "0"));
        let base = millis(base).ok_or_else(malformed)?;
        let increment = millis(increment).ok_or_else(malformed)?;
        TimeControl::new(base, increment).map_err(|e| match e {
            TimeControlError::OutOfRange { what, min, max, .. } => {
                TimeControlError::OutOfRange { text: text.trim().to_string(), what, min, max }
            }
            other => other,
        })
    }

    /// Each side's time at the start.
    pub fn base(self) -> Duration {
        Duration::from_millis(self.base_ms)
    }

    /// What a move adds back to its side's clock.
    pub fn increment(self) -> Duration {
        Duration::from_millis(self.increment_ms)
    }

    /// "3+2" (minutes + seconds, as a person reads a preset) where the base
    /// is whole minutes, else the seconds form.
    pub fn label(self) -> String {
        if self.base_ms.is_multiple_of(60_000) {
            format!("{}+{}", self.base_ms / 60_000, seconds_text(self.increment_ms))
        } else {
            format!("{} s+{}", seconds_text(self.base_ms), seconds_text(self.increment_ms))
        }
    }
}

fn check(text: &str, what: &'static str, ms: u64, range: &RangeInclusive<u64>) -> Result<(), TimeControlError> {
    if range.contains(&ms) {
        return Ok(());
    }
    let (min, max) = (seconds_text(*range.start()), seconds_text(*range.end()));
    Err(TimeControlError::OutOfRange { text: text.to_string(), what, min, max })
}

/// Seconds with up to three decimals as whole milliseconds.
fn millis(text: &str) -> Option<u64> {
    let seconds: f64 = text.trim().parse().ok()?;
    (seconds.is_finite() && (0.0..=1e9).contains(&seconds)).then(|| (seconds * 1000.0).round() as u64)
}

/// Milliseconds as seconds without trailing zeros: 100 -> "0.1", 2000 -> "2".
fn seconds_text(ms: u64) -> String {
    let whole = ms / 1000;
    let frac = ms % 1000;
    if frac == 0 {
        return whole.to_string();
    }
    let digits = format!("{frac:03}");
    format!("{whole}.{}", digits.trim_end_matches('0'))
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}+{}", seconds_text(self.base_ms), seconds_text(self.increment_ms))
    }
}

impl std::str::FromStr for TimeControl {
    type Err = TimeControlError;
    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        TimeControl::parse(text)
    }
}

impl TryFrom<String> for TimeControl {
    type Error = TimeControlError;
    fn try_from(text: String) -> Result<TimeControl, TimeControlError> {
        TimeControl::parse(&text)
    }
}

impl From<TimeControl> for String {
    fn from(control: TimeControl) -> String {
        control.to_string()
    }
}

/// A side's clock as the side to move sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockView {
    /// Its time left.
    pub left: Duration,
    /// What each move adds back.
    pub increment: Duration,
    /// Moves until the next time control, if the control says (UCI's `movestogo`).
    pub moves_to_go: Option<u32>,
}

/// Both sides' clocks under one time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    control: TimeControl,
    remaining: [Duration; 2],
}

/// A side's time ran out during its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("{0}'s time ran out")]
pub struct FlagFell(pub Side);

impl Clock {
    /// Both clocks at the control's base time.
    pub fn new(control: TimeControl) -> Clock {
        Clock { control, remaining: [control.base(); 2] }
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// The time `side` has left.
    pub fn remaining(&self, side: Side) -> Duration {
        self.remaining[side.index()]
    }

    /// Sets `side`'s time (undo restores a clock this way).
    pub fn set_remaining(&mut self, side: Side, left: Duration) {
        self.remaining[side.index()] = left;
    }

    /// `side`'s clock as it plans its move: its time left and the increment.
    pub fn view(&self, side: Side) -> ClockView {
        ClockView { left: self.remaining(side), increment: self.control.increment(), moves_to_go: None }
    }

    /// What `side`'s clock would show after spending `spent` on its move so
    /// far: zero at most, the flag down at zero.
    pub fn showing(&self, side: Side, spent: Duration) -> Duration {
        self.remaining(side).saturating_sub(spent)
    }

    /// Charges `side` for a move that took `spent`: a flag falls if the time
    /// ran out first; otherwise the increment is added.
    pub fn charge(&mut self, side: Side, spent: Duration) -> Result<(), FlagFell> {
        let left = &mut self.remaining[side.index()];
        if spent >= *left {
            *left = Duration::ZERO;
            return Err(FlagFell(side));
        }
        *left = *left - spent + self.control.increment();
        Ok(())
    }
}

/// A clock's time as a person reads it: "4:59", "0:09.3" under ten seconds,
/// "1:02:03" past an hour.
pub fn clock_text(left: Duration) -> String {
    let tenths = left.as_millis() / 100;
    let seconds = tenths / 10;
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else if seconds < 10 {
        format!("{m}:{s:02}.{}", tenths % 10)
    } else {
        format!("{m}:{s:02}")
    }
}

/// How long a clock counting down from `left` keeps showing the same
/// [`clock_text`]: a window redraws a running clock then, and not before.
pub fn next_change(left: Duration) -> Duration {
    let ms = left.as_millis() as u64;
    let step = if ms < 10_000 { 100 } else { 1000 };
    Duration::from_millis(ms % step + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_time_control_reads_and_writes_seconds() {
        let tc = TimeControl::parse("10+0.1").unwrap();
        assert_eq!((tc.base(), tc.increment()), (Duration::from_secs(10), Duration::from_millis(100)));
        assert_eq!(tc.to_string(), "10+0.1");
        assert_eq!(TimeControl::parse("180").unwrap().to_string(), "180+0");
        assert_eq!(TimeControl::PRESETS.map(|p| p.label()), ["1+0", "3+2", "5+3", "15+10"]);
        assert_eq!(TimeControl::parse("0.5+0.05").unwrap().label(), "0.5 s+0.05");
        for bad in ["", "x", "10+", "+2", "10+x", "-1+0", "NaN", "0+1", "100000+0", "10+4000"] {
            assert!(TimeControl::parse(bad).is_err(), "{bad}");
        }
        let json = serde_json::to_string(&tc).unwrap();
        assert_eq!(json, "\"10+0.1\"");
        assert_eq!(serde_json::from_str::<TimeControl>(&json).unwrap(), tc);
        assert!(serde_json::from_str::<TimeControl>("\"0+0\"").is_err());
    }

    #[test]
    fn a_clock_adds_the_increment_and_a_flag_falls_at_zero() {
        let mut clock = Clock::new(TimeControl::parse("1+0.5").unwrap());
        assert_eq!(clock.charge(Side::White, Duration::from_millis(300)), Ok(()));
        assert_eq!(clock.remaining(Side::White), Duration::from_millis(1200));
        assert_eq!(clock.remaining(Side::Black), Duration::from_secs(1));
        assert_eq!(clock.showing(Side::Black, Duration::from_secs(5)), Duration::ZERO);
        assert_eq!(clock.charge(Side::Black, Duration::from_secs(1)), Err(FlagFell(Side::Black)));
        assert_eq!(clock.remaining(Side::Black), Duration::ZERO);
    }

    #[test]
    fn clock_text_reads_as_a_clock() {
        assert_eq!(clock_text(Duration::from_secs(299)), "4:59");
        assert_eq!(clock_text(Duration::from_millis(9_340)), "0:09.3");
        assert_eq!(clock_text(Duration::from_secs(3723)), "1:02:03");
        assert_eq!(clock_text(Duration::ZERO), "0:00.0");
    }

    #[test]
    fn the_next_change_is_when_the_digits_change() {
        for ms in [299_000u64, 299_999, 10_050, 9_340, 9_300, 150, 0] {
            let left = Duration::from_millis(ms);
            let wait = next_change(left);
            let before = left.saturating_sub(wait - Duration::from_millis(1));
            assert_eq!(clock_text(before), clock_text(left), "{ms}: still the same a moment before");
            if ms > 0 {
                assert_ne!(clock_text(left.saturating_sub(wait)), clock_text(left), "{ms}: changed at the wait");
            }
        }
    }
}
