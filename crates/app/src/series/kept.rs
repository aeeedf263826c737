//! The last series as it is kept on disk beside the settings
//! (`series.json`): what was asked, how it ended, its games and graph, and
//! the file's reading and writing ([`crate::series::keeping`] decides when).

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::engine::lab::runner::{SeriesGame, SeriesSpec};
use crate::game::settings::SettingsPath;
use crate::platform::file_error::{FileError, read_text_if_any, write_text};

/// A series as kept: what was asked, how it stands, and its games.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct KeptSeries {
    pub(crate) spec: SeriesSpec,
    pub(crate) threads: usize,
    /// How it ended; `None` while it was still running when kept.
    pub(crate) ended: Option<KeptEnd>,
    /// Its games, sorted by index.
    pub(crate) games: Vec<SeriesGame>,
    /// A's points in the order the games finished (the graph's order).
    pub(crate) points_of_a: Vec<f64>,
    /// The time it ran, in milliseconds.
    pub(crate) elapsed_ms: u64,
}

/// How a kept series ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KeptEnd {
    Finished,
    Cancelled,
    /// Cut short by a close, kept so again.
    Stopped,
    Failed(String),
}

/// Where the series is kept: beside the settings (none in the tests' default).
pub(crate) fn kept_path(settings: &SettingsPath) -> Option<PathBuf> {
    settings.0.as_ref().map(|path| path.with_file_name("series.json"))
}

/// The kept series, if there is one.
pub(crate) fn read(path: &Path) -> Result<Option<KeptSeries>, String> {
    let Some(text) = read_text_if_any(path).map_err(|e| e.to_string())? else { return Ok(None) };
    serde_json::from_str(&text).map(Some).map_err(|e| format!("{}: not a kept series: {e}", path.display()))
}

pub(crate) fn write(path: &Path, kept: &KeptSeries) -> Result<(), FileError> {
    let json = serde_json::to_string(kept).map_err(|source| FileError::Encode { what: "the series", source })?;
    write_text(path, &json)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_that_is_not_a_series_is_refused_in_one_line() {
        let dir = std::env::temp_dir().join(format!("breakline-kept-series-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("series.json");
        std::fs::write(&path, "{\"spec\": 3}").expect("written");
        let error = read(&path).expect_err("not a series");
        assert!(error.contains("not a kept series") && !error.contains('\n'), "{error}");
        std::fs::remove_file(&path).expect("file removed");
        assert_eq!(read(&path), Ok(None));
    }
}
