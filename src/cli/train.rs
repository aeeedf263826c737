//! `breakline train`: fits a learned evaluation to data files from
//! `breakline datagen` (see `engine::lab::train`) and writes the net file,
//! with a note beside it of what the run was and what it cost.

use std::fs::File;
use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::Args;
use thiserror::Error;

use super::progress;
use crate::engine::ai::eval::logistic_k;
use crate::engine::ai::eval::nnue::{HIDDEN, MAX_BUCKETS, NetError, Shape, ShapeError};
use crate::engine::lab::train::data::DataError;
use crate::engine::lab::train::data::read_all;
use crate::engine::lab::train::{Sample, TrainSpec, train};
use crate::engine::{BoardSize, Variant};

#[derive(Args, Debug)]
pub(crate) struct TrainArgs {
    #[arg(long, default_value = "breakthrough")]
    variant: Variant,
    #[arg(long, default_value = "8x8")]
    size: BoardSize,
    /// Data files from `breakline datagen` (shards may be given together)
    #[arg(long, required = true, num_args = 1..)]
    data: Vec<PathBuf>,
    /// Passes over the data
    #[arg(long, default_value_t = 20)]
    epochs: usize,
    /// Positions a step
    #[arg(long, default_value_t = 16384)]
    batch: usize,
    /// Adam's first step size (falls linearly to a tenth)
    #[arg(long, default_value_t = 0.002)]
    lr: f32,
    /// The search score's share of the target, the game result's the rest (0 to 1)
    #[arg(long, default_value_t = 0.7)]
    lambda: f32,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Output layers, chosen by the piece count (the shipped nets have one: 4 and 8 gained nothing)
    #[arg(long, default_value_t = 1)]
    buckets: usize,
    /// Hidden units a side: 128 (the shipped nets), or 128, 256 or 512 with --l2
    #[arg(long, default_value_t = HIDDEN)]
    hidden: usize,
    /// Units of a second layer between the hidden layer and the output (1 to 64; 0, the shipped nets: none)
    #[arg(long, default_value_t = 0)]
    l2: usize,
    /// Worker threads (default: all cores); the net does not depend on it
    #[arg(long)]
    threads: Option<usize>,
    /// The net file to write (its note goes beside it, NAME.txt)
    #[arg(long)]
    out: PathBuf,
}

/// Why training failed.
#[derive(Debug, Error)]
pub(crate) enum TrainError {
    #[error("{}: {error}", path.display())]
    Data { path: PathBuf, error: DataError },
    #[error("no positions in the data files")]
    Empty,
    #[error("--lambda must be between 0 and 1, not {0}")]
    Lambda(f32),
    #[error("--epochs and --batch must be at least 1")]
    Zero,
    #[error("--buckets must be 1 to {MAX_BUCKETS}, not {0}")]
    Buckets(usize),
    #[error("--hidden and --l2: {0}")]
    Shape(ShapeError),
    #[error(transparent)]
    Net(#[from] NetError),
    #[error("{}: {error}", path.display())]
    Note { path: PathBuf, error: std::io::Error },
}

fn load(args: &TrainArgs) -> Result<Vec<Sample>, TrainError> {
    let mut samples = Vec::new();
    for path in &args.data {
        let error = |error| TrainError::Data { path: path.clone(), error };
        let file = File::open(path).map_err(|e| error(DataError::Io(e)))?;
        samples.extend(read_all(&mut BufReader::new(file), args.variant, args.size).map_err(error)?);
    }
    if samples.is_empty() { Err(TrainError::Empty) } else { Ok(samples) }
}

pub(crate) fn run(args: &TrainArgs) -> Result<(), TrainError> {
    if !(0.0..=1.0).contains(&args.lambda) {
        return Err(TrainError::Lambda(args.lambda));
    }
    if args.epochs == 0 || args.batch == 0 {
        return Err(TrainError::Zero);
    }
    if !(1..=MAX_BUCKETS).contains(&args.buckets) {
        return Err(TrainError::Buckets(args.buckets));
    }
    let shape = Shape::new(args.hidden, args.l2).map_err(TrainError::Shape)?;
    let started = Instant::now();
    let samples = load(args)?;
    let threads = args.threads.unwrap_or_else(progress::default_threads).max(1);
    let spec = TrainSpec {
        epochs: args.epochs,
        batch: args.batch,
        learning_rate: args.lr,
        lambda: args.lambda,
        seed: args.seed,
        threads,
        points_per_logit: (1.0 / logistic_k(args.variant)) as f32,
        buckets: args.buckets,
        shape,
    };
    let mut last = None;
    let float = train(args.variant, args.size, &samples, &spec, &mut |r| {
        eprintln!("epoch {:>3}: train {:.6}, held out {:.6}", r.epoch, r.train_loss, r.validation_loss);
        last = Some(r);
    });
    let net = float.quantise(spec.points_per_logit);
    net.save(&args.out)?;
    let minutes = started.elapsed().as_secs_f64() / 60.0;
    let loss = last.map_or(String::new(), |r| format!("{:.6} (held out {:.6})", r.train_loss, r.validation_loss));
    let note = format!(
        "net: {}\nshape: 2 x {} inputs -> {} -> 1 (output buckets by piece count: {})\n\
         variant: {} {}\npositions: {}\nepochs: {}, batch {}, lr {}, lambda {}, seed {}\n\
         final loss: {loss}\ntime: {minutes:.1} minutes on {threads} threads\n\
         command: {}\n",
        args.out.display(),
        args.size.squares(),
        layers(shape),
        args.buckets,
        args.variant,
        args.size,
        samples.len(),
        args.epochs,
        args.batch,
        args.lr,
        args.lambda,
        args.seed,
        std::env::args().collect::<Vec<_>>().join(" "),
    );
    let note_path = note_path(&args.out);
    std::fs::write(&note_path, &note).map_err(|error| TrainError::Note { path: note_path.clone(), error })?;
    eprint!("{note}");
    Ok(())
}

/// The note beside a net: `breakthrough-8x8.nnue` -> `breakthrough-8x8.txt`.
fn note_path(net: &Path) -> PathBuf {
    net.with_extension("txt")
}

/// The layers between the inputs and the output, as the note gives them:
/// `2 x 256 (clipped ReLU) -> 32 (clipped ReLU)`.
fn layers(shape: Shape) -> String {
    let hidden = format!("2 x {} (clipped ReLU)", shape.hidden());
    if shape.l2() == 0 { hidden } else { format!("{hidden} -> {} (clipped ReLU)", shape.l2()) }
}
