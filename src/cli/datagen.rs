//! `breakline datagen`: self-play positions for training the learned
//! evaluation (see `engine::lab::train`), written as a data file; with
//! `--shard K/N` (or a batch engine's variables) only that share of the games.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use clap::Args;
use thiserror::Error;

use super::progress;
use super::shard::ShardArgs;
use crate::engine::ai::search::{AiConfig, ConfigError, SearchError};
use crate::engine::lab::shard::{ShardError, share};
use crate::engine::lab::train::data::{header, write_record};
use crate::engine::lab::train::{DatagenSpec, Sample, SeenPositions, play_game};
use crate::engine::{BoardSize, Variant};

#[derive(Args, Debug)]
pub(crate) struct DatagenArgs {
    #[arg(long, default_value = "breakthrough")]
    variant: Variant,
    #[arg(long, default_value = "8x8")]
    size: BoardSize,
    /// Self-play games (a shard plays its share of them)
    #[arg(long, default_value_t = 1000)]
    games: usize,
    /// Nodes searched a move: the same games on any machine
    #[arg(long, default_value_t = 5000)]
    nodes: u64,
    /// The most random plies opening a game (each draws between half this and this)
    #[arg(long, default_value_t = 8)]
    random_plies: u32,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The player of both sides (its limits give way to --nodes; one thread)
    #[arg(long, default_value = "enhanced:expert:exact=off:threads=1")]
    player: String,
    /// Games played at once (default: all cores); the file does not depend on it
    #[arg(long)]
    threads: Option<usize>,
    /// The data file to write
    #[arg(long)]
    out: PathBuf,
    #[command(flatten)]
    shard: ShardArgs,
}

/// Why data generation failed.
#[derive(Debug, Error)]
pub(crate) enum DatagenError {
    #[error("--player: {0}")]
    Player(#[from] ConfigError),
    #[error("--shard: {0}")]
    Shard(#[from] ShardError),
    #[error("{}: {error}", path.display())]
    Write { path: PathBuf, error: std::io::Error },
    #[error("game {index}: {error}")]
    Game { index: usize, error: SearchError },
    #[error("--nodes must be at least 1")]
    NoNodes,
}

pub(crate) fn run(args: &DatagenArgs) -> Result<(), DatagenError> {
    if args.nodes == 0 {
        return Err(DatagenError::NoNodes);
    }
    let player = AiConfig::parse(&args.player, args.variant)?;
    let spec = DatagenSpec {
        variant: args.variant,
        size: args.size,
        player,
        nodes: args.nodes,
        random_plies: args.random_plies,
        seed: args.seed,
    };
    let indices: Vec<usize> = match args.shard.resolve()? {
        Some(shard) => share(shard, 1, args.games, false),
        None => (0..args.games).collect(),
    };
    let threads = args.threads.unwrap_or_else(progress::default_threads).max(1);
    let started = Instant::now();
    let written = play_all(&spec, &indices, threads, args)?;
    eprintln!(
        "datagen: {} games, {} positions ({} repeats dropped) in {:.1} s on {threads} threads -> {}",
        indices.len(),
        written.positions,
        written.repeats,
        started.elapsed().as_secs_f64(),
        args.out.display()
    );
    Ok(())
}

/// What a run wrote: its positions, and the repeats it dropped.
struct Written {
    positions: usize,
    repeats: usize,
}

/// The finished games not yet written, and the file they go to in order;
/// a position the run wrote before is dropped (the first one met in the
/// games' order stays, so the file does not depend on the thread count).
struct InOrder {
    pending: BTreeMap<usize, Vec<Sample>>,
    next: usize,
    seen: SeenPositions,
    written: Written,
    out: BufWriter<File>,
}

impl InOrder {
    /// Takes game `k` (of the run's order) and writes every game now due,
    /// flushed, so a killed run keeps them.
    fn finish(&mut self, k: usize, samples: Vec<Sample>, size: BoardSize) -> std::io::Result<()> {
        self.pending.insert(k, samples);
        while let Some(samples) = self.pending.remove(&self.next) {
            for s in &samples {
                if self.seen.first_time(s) {
                    write_record(&mut self.out, size, s)?;
                    self.written.positions += 1;
                } else {
                    self.written.repeats += 1;
                }
            }
            self.next += 1;
        }
        self.out.flush()
    }
}

/// Plays the games on `threads` workers and writes them in index order, so
/// the file is the same whatever the thread count.
fn play_all(
    spec: &DatagenSpec,
    indices: &[usize],
    threads: usize,
    args: &DatagenArgs,
) -> Result<Written, DatagenError> {
    let write_error = |error| DatagenError::Write { path: args.out.clone(), error };
    let file = File::create(&args.out).map_err(write_error)?;
    let mut out = BufWriter::new(file);
    out.write_all(&header(spec.variant, spec.size)).map_err(write_error)?;
    let written = Written { positions: 0, repeats: 0 };
    let state = Mutex::new(InOrder { pending: BTreeMap::new(), next: 0, seen: SeenPositions::default(), written, out });
    let next = AtomicUsize::new(0);
    let failure: Mutex<Option<DatagenError>> = Mutex::new(None);
    let failed = || failure.lock().map_or(true, |f| f.is_some());
    let bar = progress::bar(indices.len(), "datagen");
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= indices.len() || failed() {
                        break;
                    }
                    let written = match play_game(spec, indices[k]) {
                        Ok(samples) => {
                            state.lock().expect("datagen state").finish(k, samples, spec.size).map_err(write_error)
                        }
                        Err(error) => Err(DatagenError::Game { index: indices[k], error }),
                    };
                    if let Err(e) = written {
                        *failure.lock().expect("failure") = Some(e);
                        break;
                    }
                    bar.inc(1);
                }
            });
        }
    });
    bar.finish_and_clear();
    if let Some(e) = failure.into_inner().expect("failure") {
        return Err(e);
    }
    Ok(state.into_inner().expect("datagen state").written)
}
