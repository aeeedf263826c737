//! Training the learned evaluation: [`datagen`] plays the data, [`data`] is
//! its file, [`trainer`] fits a net to it. `breakline datagen` and
//! `breakline train` drive them; docs/guide/training.md walks through a run.

pub mod data;
pub mod datagen;
pub mod trainer;

pub use data::Sample;
pub use datagen::{DatagenSpec, SeenPositions, play_game};
pub use trainer::{EpochReport, FloatNet, TrainSpec, train};
