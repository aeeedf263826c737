//! A progress bar on stderr for long runs (hidden when stderr is not a terminal).

use indicatif::{ProgressBar, ProgressStyle};

pub(crate) fn bar(total: usize, label: &str) -> ProgressBar {
    let bar = ProgressBar::new(total as u64);
    let style = ProgressStyle::with_template("{prefix} [{bar:30}] {pos}/{len} games, {elapsed} ({eta} left)")
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ");
    bar.set_style(style);
    bar.set_prefix(label.to_string());
    bar
}

/// A bar of a job's share done, in tenths of a per cent (hidden when stderr
/// is not a terminal).
pub(crate) fn share_bar(label: &str) -> ProgressBar {
    let bar = ProgressBar::new(1000);
    let style = ProgressStyle::with_template("{prefix} [{bar:30}] {percent}%, {elapsed} ({eta} left)")
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ");
    bar.set_style(style);
    bar.set_prefix(label.to_string());
    bar
}

/// All cores unless told otherwise.
pub(crate) fn default_threads() -> usize {
    std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1)
}
