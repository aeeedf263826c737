//! A progress bar on stderr for long runs (hidden when stderr is not a terminal).

use indicatif::{ProgressBar, ProgressStyle};

/// A bar of games played out of `total`.
pub(crate) fn bar(total: usize, label: &str) -> ProgressBar {
    styled(total as u64, "{pos}/{len} games", label)
}

/// A bar of a job's share done, in tenths of a per cent.
pub(crate) fn share_bar(label: &str) -> ProgressBar {
    styled(1000, "{percent}%", label)
}

/// The one look of the command line's bars, with `count` saying how far.
fn styled(length: u64, count: &str, label: &str) -> ProgressBar {
    let bar = ProgressBar::new(length);
    let template = format!("{{prefix}} [{{bar:30}}] {count}, {{elapsed}} ({{eta}} left)");
    let style =
        ProgressStyle::with_template(&template).unwrap_or_else(|_| ProgressStyle::default_bar()).progress_chars("=> ");
    bar.set_style(style);
    bar.set_prefix(label.to_string());
    bar
}

/// All cores unless told otherwise.
pub(crate) fn default_threads() -> usize {
    std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1)
}
