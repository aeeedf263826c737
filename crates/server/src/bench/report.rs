//! The load benchmark's report: what was asked, what was played, the
//! acknowledgement latency's percentiles, errors, and the process's memory
//! (read from `/proc/self/status` on Linux; unknown elsewhere and for a
//! server in another process). Printed as text or as one JSON object.

use std::collections::BTreeMap;
use std::fmt;

use serde::Serialize;

/// Percentiles of the move acknowledgement latency, in milliseconds.
#[derive(Clone, Copy, Debug, Serialize, PartialEq)]
pub struct Latency {
    /// The median.
    pub p50: f64,
    /// The 90th percentile.
    pub p90: f64,
    /// The 99th percentile.
    pub p99: f64,
    /// The slowest.
    pub max: f64,
}

impl Latency {
    /// The percentiles of `samples` (sorted here); none for no samples.
    pub fn of(samples: &mut [f32]) -> Option<Latency> {
        if samples.is_empty() {
            return None;
        }
        samples.sort_by(f32::total_cmp);
        let at = |q: f64| f64::from(samples[((samples.len() - 1) as f64 * q).round() as usize]);
        Some(Latency { p50: at(0.5), p90: at(0.9), p99: at(0.99), max: at(1.0) })
    }
}

/// The process's resident memory at the benchmark's steps, in KiB, and what
/// it says a game and a connection take. The clients run in the same
/// process as an in-process server: their share is in these figures too.
#[derive(Clone, Copy, Debug, Default, Serialize, PartialEq)]
pub struct Memory {
    /// Once the server had started.
    pub rss_kb_started: Option<u64>,
    /// Once every connection was signed in.
    pub rss_kb_connected: Option<u64>,
    /// Once every game had started (the window opened).
    pub rss_kb_games: Option<u64>,
    /// When the window closed.
    pub rss_kb_end: Option<u64>,
    /// (end − connected) ÷ games.
    pub kb_per_game: Option<f64>,
    /// (connected − started) ÷ connections, both ends of each.
    pub kb_per_connection: Option<f64>,
}

/// The process's resident set in KiB (Linux's `/proc/self/status`).
pub fn rss_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The machine's load average (Linux's `/proc/loadavg`: 1, 5 and 15 minutes).
pub fn load_average() -> Option<String> {
    let text = std::fs::read_to_string("/proc/loadavg").ok()?;
    Some(text.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
}

/// What a run of the benchmark measured.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Report {
    /// The server measured: in-process over a scratch SQLite file, or its URL.
    pub server: String,
    /// Concurrent games asked for.
    pub games: usize,
    /// Games in play when the window opened.
    pub games_live: usize,
    /// Bot connections (WebSockets), two players' worth for each pair.
    pub connections: usize,
    /// The most games one connection plays at once.
    pub games_per_connection: usize,
    /// Each side's wait before replying, in ms.
    pub pace_ms: u64,
    /// The measuring window, in seconds.
    pub seconds: f64,
    /// Signing in and starting the games, in seconds.
    pub setup_seconds: f64,
    /// Moves sent in the window and acknowledged.
    pub moves: u64,
    /// `moves` ÷ `seconds`.
    pub moves_per_second: f64,
    /// What the pace asks for: games × 1000 ÷ pace.
    pub paced_moves_per_second: f64,
    /// From a move's sending to its `move_ack` read; none without moves.
    pub latency_ms: Option<Latency>,
    /// Errors the server answered, and connections lost.
    pub errors: u64,
    /// The errors by code.
    pub error_codes: BTreeMap<String, u64>,
    /// Games started (those of the setup, and those that replaced ended ones).
    pub games_started: u64,
    /// Games that ended (each replaced by a new one while the window was open).
    pub games_ended: u64,
    /// The process's memory.
    pub memory: Memory,
    /// The machine's load average when the window closed (1, 5, 15 minutes).
    pub load_average: Option<String>,
}

fn kb(value: Option<u64>) -> String {
    value.map_or_else(|| "unknown".to_string(), |v| format!("{:.1} MiB", v as f64 / 1024.0))
}

fn per(value: Option<f64>) -> String {
    value.map_or_else(|| "unknown".to_string(), |v| format!("{v:.1} KiB"))
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "serve-bench: {}", self.server)?;
        writeln!(f, "games:        {} asked, {} in play when the window opened", self.games, self.games_live)?;
        let each = match self.games_per_connection {
            1 => "one game each".to_string(),
            n => format!("up to {n} games each"),
        };
        writeln!(f, "connections:  {} ({each})", self.connections)?;
        writeln!(
            f,
            "pace:         {} ms a move ({:.0} moves a second asked)",
            self.pace_ms, self.paced_moves_per_second
        )?;
        writeln!(f, "setup:        {:.1} s", self.setup_seconds)?;
        writeln!(f, "window:       {:.1} s", self.seconds)?;
        writeln!(f, "moves:        {} ({:.1} a second)", self.moves, self.moves_per_second)?;
        match self.latency_ms {
            Some(l) => writeln!(
                f,
                "latency:      p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
                l.p50, l.p90, l.p99, l.max
            )?,
            None => writeln!(f, "latency:      no moves")?,
        }
        let codes: Vec<String> = self.error_codes.iter().map(|(code, n)| format!("{code} {n}")).collect();
        let codes = if codes.is_empty() { String::new() } else { format!(" ({})", codes.join(", ")) };
        writeln!(f, "errors:       {}{codes}", self.errors)?;
        writeln!(f, "games:        {} started, {} ended", self.games_started, self.games_ended)?;
        let m = &self.memory;
        writeln!(
            f,
            "memory:       {} started, {} connected, {} games, {} end",
            kb(m.rss_kb_started),
            kb(m.rss_kb_connected),
            kb(m.rss_kb_games),
            kb(m.rss_kb_end)
        )?;
        writeln!(f, "memory a game: {}, a connection: {}", per(m.kb_per_game), per(m.kb_per_connection))?;
        write!(f, "load average: {}", self.load_average.as_deref().unwrap_or("unknown"))
    }
}

#[cfg(test)]
mod tests {
    use super::Latency;

    #[test]
    fn percentiles_of_a_hundred() {
        let mut samples: Vec<f32> = (1..=100).rev().map(|v| v as f32).collect();
        let l = Latency::of(&mut samples).expect("samples");
        assert_eq!((l.p50, l.p99, l.max), (51.0, 99.0, 100.0));
        assert_eq!(Latency::of(&mut []), None);
    }
}
