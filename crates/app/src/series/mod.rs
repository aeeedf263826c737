//! The Series window: AI-vs-AI series played in the background while the
//! game goes on, their live results, replays of finished games on the main
//! board, and the presets that fill its form ([`presets`]); the last one is
//! kept over a restart ([`keeping`]). The window
//! itself ([`window`]) is drawn by the panel, so the headless tests run the
//! logic alone.

pub(crate) mod form;
pub(crate) mod keeping;
pub(crate) mod kept;
pub(crate) mod presets;
pub(crate) mod replay;
pub(crate) mod runner;
pub(crate) mod window;

use bevy::prelude::*;

pub use form::SeriesForm;
pub use presets::{SeriesPreset, series_presets};
pub use replay::WatchSeriesGame;
pub use runner::{CancelSeries, Series, SeriesGameFinished, SeriesStatus, StartSeries};

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((runner::plugin, replay::plugin, form::plugin, keeping::plugin));
}
