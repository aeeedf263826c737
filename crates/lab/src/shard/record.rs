//! A shard file: a [`Header`] line, then one [`Record`] line a finished game,
//! each line written whole and flushed at once, so that a shard killed at
//! any moment leaves every game it finished readable (at worst the last line
//! is torn, which the merge reports).

use std::io::{self, Write};
use web_time::Instant;

use serde::{Deserialize, Serialize};

use super::fingerprint::Fingerprint;
use super::slice::Shard;
use super::spec::ShardSpec;

/// The version of the file format, the header's first field.
pub const FORMAT: u32 = 1;

/// A shard file's first line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Header {
    /// [`FORMAT`]; its name marks the line as a shard header.
    pub breakline_shard: u32,
    /// The spec's fingerprint.
    pub fingerprint: Fingerprint,
    /// Which share of the spec this file holds.
    pub shard: Shard,
    /// The whole run.
    pub spec: ShardSpec,
}

/// One finished game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record<G> {
    /// The run's fingerprint (as in the header).
    pub fingerprint: Fingerprint,
    /// For the studies: the fingerprint of the series the game belongs to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub series: Option<Fingerprint>,
    /// The game's index in its series (a tournament's: pair x games per pair + game).
    pub index: usize,
    /// Milliseconds from the shard's start to the game's end.
    pub elapsed_ms: u64,
    /// The game.
    pub game: G,
}

/// Writes a shard file as the games finish.
pub struct ShardWriter<W: Write> {
    out: W,
    fingerprint: Fingerprint,
    started: Instant,
}

impl<W: Write> ShardWriter<W> {
    /// Writes the header of shard `shard` of `spec` to `out`.
    pub fn new(mut out: W, spec: &ShardSpec, shard: Shard) -> io::Result<ShardWriter<W>> {
        let fingerprint = spec.fingerprint();
        let header = Header { breakline_shard: FORMAT, fingerprint, shard, spec: spec.clone() };
        write_line(&mut out, &header)?;
        Ok(ShardWriter { out, fingerprint, started: Instant::now() })
    }

    /// Writes one finished game (of series `series`, for the studies) and
    /// flushes it.
    pub fn write<G: Serialize>(&mut self, series: Option<Fingerprint>, index: usize, game: &G) -> io::Result<()> {
        let elapsed_ms = self.started.elapsed().as_millis() as u64;
        write_line(&mut self.out, &Record { fingerprint: self.fingerprint, series, index, elapsed_ms, game })
    }
}

impl<W: Write> ShardWriter<W> {
    /// The output, once the shard is done.
    pub fn into_inner(self) -> W {
        self.out
    }
}

/// One JSON line in one write (a torn line is then only ever the last), flushed.
fn write_line<T: Serialize>(out: &mut impl Write, value: &T) -> io::Result<()> {
    let mut line = serde_json::to_vec(value).map_err(io::Error::other)?;
    line.push(b'\n');
    out.write_all(&line)?;
    out.flush()
}
