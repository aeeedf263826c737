//! The valid range of every AI limit, stated once: [`super::AiConfig`]'s
//! parser, setters and JSON reader check against these, so every config
//! holds values in them, and every editor (the game's player cards, the
//! Series window, the protocol) offers them. An editor may suggest a narrower
//! everyday range for its slider; the config keeps any value in these ranges.

use std::ops::RangeInclusive;

/// Search depth in plies.
pub const DEPTH: RangeInclusive<u32> = 1..=64;
// The searches' tables hold a line of every depth a config can ask for.
const _: () = assert!(*DEPTH.end() as usize + 2 < super::pv::MAX_PLY);
/// Thinking time a move in milliseconds (up to a day).
pub(crate) const TIME_MS: RangeInclusive<u64> = 1..=86_400_000;
/// MCTS playouts a move.
pub(crate) const PLAYOUTS: RangeInclusive<u64> = 1..=1_000_000_000;
/// Transposition table size in MiB.
pub const TABLE_MIB: RangeInclusive<u32> = 1..=4096;
/// Search threads, when given as a number (enhanced's Lazy SMP, MCTS's trees).
pub const THREADS: RangeInclusive<u32> = 1..=256;
/// Root lines a MultiPV search reports (the protocol's `setoption multipv`).
pub const MULTIPV: RangeInclusive<usize> = 1..=32;
/// MCTS's implicit minimax weight.
pub(crate) const IMPLICIT: RangeInclusive<f64> = 0.0..=1.0;
/// MCTS's progressive bias weight.
pub(crate) const BIAS: RangeInclusive<f64> = 0.0..=10.0;
/// The share of moves a weak level plays a plausible other move instead of its search's choice.
pub const BLUNDER: RangeInclusive<f64> = 0.0..=0.9;
/// Tie-break noise, as a fraction of the strategy's smallest step.
pub const NOISE: RangeInclusive<f64> = 0.0..=1.0;

/// Times worth offering on a slider, in milliseconds.
pub const EVERYDAY_TIME_MS: RangeInclusive<u64> = 10..=10_000;
/// Playouts worth offering on a slider.
pub const EVERYDAY_PLAYOUTS: RangeInclusive<u64> = 100..=200_000;

/// What the parser says a value must be, from the ranges above.
pub fn describe<T: std::fmt::Display>(range: &RangeInclusive<T>, unit: &str) -> String {
    format!("{unit} from {} to {}", range.start(), range.end())
}
