//! The limits a connection lives under: the largest message, messages a
//! second (a token bucket), and failed sign-ins a name may have a minute.
//! Times are milliseconds passed in by the caller.

use std::collections::{HashMap, VecDeque};

/// The limits, as the server is started with them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    /// The largest message read, in bytes; a larger one is answered with an error.
    pub max_message_bytes: usize,
    /// Messages a second a connection may send on average.
    pub messages_per_second: f64,
    /// How many it may send at once after a quiet spell.
    pub burst: f64,
    /// Failed sign-ins a name may have in [`Limits::login_window_ms`].
    pub login_failures: usize,
    /// The window failed sign-ins are counted in.
    pub login_window_ms: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_message_bytes: 4096,
            messages_per_second: 20.0,
            burst: 60.0,
            login_failures: 5,
            login_window_ms: 60_000,
        }
    }
}

/// One connection's token bucket.
#[derive(Clone, Debug)]
pub struct RateLimit {
    tokens: f64,
    last_ms: u64,
    rate: f64,
    burst: f64,
}

impl RateLimit {
    /// A full bucket at `now`.
    pub fn new(limits: &Limits, now: u64) -> RateLimit {
        RateLimit { tokens: limits.burst, last_ms: now, rate: limits.messages_per_second, burst: limits.burst }
    }

    /// Whether a message arriving at `now` may be handled (and takes its token).
    pub fn allow(&mut self, now: u64) -> bool {
        let elapsed = now.saturating_sub(self.last_ms) as f64 / 1000.0;
        self.last_ms = self.last_ms.max(now);
        self.tokens = (self.tokens + elapsed * self.rate).min(self.burst);
        if self.tokens < 1.0 {
            return false;
        }
        self.tokens -= 1.0;
        true
    }
}

/// Failed sign-ins by name (names compared without case).
#[derive(Debug, Default)]
pub struct LoginGuard {
    failures: HashMap<String, VecDeque<u64>>,
}

impl LoginGuard {
    /// Whether `name` may try to sign in at `now`.
    pub fn allowed(&mut self, limits: &Limits, name: &str, now: u64) -> bool {
        let key = name.to_ascii_lowercase();
        let Some(times) = self.failures.get_mut(&key) else { return true };
        while times.front().is_some_and(|&t| t + limits.login_window_ms <= now) {
            times.pop_front();
        }
        if times.is_empty() {
            self.failures.remove(&key);
            return true;
        }
        times.len() < limits.login_failures
    }

    /// Counts a failed sign-in of `name` at `now`.
    pub fn failed(&mut self, name: &str, now: u64) {
        self.failures.entry(name.to_ascii_lowercase()).or_default().push_back(now);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bucket_empties_and_refills() {
        let limits = Limits { messages_per_second: 10.0, burst: 3.0, ..Limits::default() };
        let mut bucket = RateLimit::new(&limits, 0);
        assert!((0..3).all(|_| bucket.allow(0)));
        assert!(!bucket.allow(0));
        assert!(bucket.allow(100));
        assert!(!bucket.allow(100));
    }

    #[test]
    fn failed_sign_ins_lock_a_name_for_a_while() {
        let limits = Limits::default();
        let mut guard = LoginGuard::default();
        for t in 0..5 {
            assert!(guard.allowed(&limits, "Alice", t));
            guard.failed("alice", t);
        }
        assert!(!guard.allowed(&limits, "ALICE", 10));
        assert!(guard.allowed(&limits, "bob", 10));
        assert!(guard.allowed(&limits, "alice", 60_005));
    }
}
