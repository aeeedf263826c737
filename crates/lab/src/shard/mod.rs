//! Shards: a series (a match, a round robin, the tuner's self-play games, the
//! studies) cut into shares that any batch engine runs, written as JSON lines
//! and put back together into exactly the one-machine result.
//!
//! Every game of a series is a pure function of (spec, seed, index), so a
//! shard is only a list of indices: whole colour-swapped pairs, dealt to the
//! shards in turn. Each shard file opens with a [`Header`] (the spec and its
//! [`Fingerprint`]) and holds one [`Record`] a finished game, flushed as it
//! is written, so a killed shard leaves the games it finished. [`ShardSet`]
//! reads shard files back and refuses a set that mixes specs, misses a game
//! or holds one twice.

mod env;
mod fingerprint;
mod merge;
mod plan;
mod record;
mod slice;
mod spec;

pub use env::{EnvShard, shard_from_env};
pub use fingerprint::Fingerprint;
pub use merge::{MergeError, ShardSet};
pub use plan::share;
pub use record::{FORMAT, Header, Record, ShardWriter};
pub use slice::{Shard, ShardError};
pub use spec::ShardSpec;
