//! When the last series is kept (see [`crate::series::kept`]), so that its
//! figures, graph and replays come back after a restart (fresh eyes, round
//! 15: an evening's series was gone with the window): written when a run
//! starts or ends, at most every [`write_every`] while games arrive, and as
//! the app closes; a run cut short by a close or a crash comes back stopped,
//! with the games it had finished.

use std::time::Duration;

use bevy::platform::time::Instant;
use bevy::prelude::*;

use crate::game::notice::Notice;
use crate::game::settings::SettingsPath;
use crate::series::kept::{kept_path, read, write};
use crate::series::runner::{Series, SeriesStatus};

/// How often a running series is written at most: every second, or less
/// often where a write takes longer than a twentieth of that, for the file
/// is rewritten whole and the frame loop must not spend more than about 5%
/// of its time on it (fresh eyes, round 19: every ten seconds, a series
/// killed after nine came back with none of its 44 games; a pause that grew
/// with the games already played was never reached by a fast series).
fn write_every(last_write_took: Duration) -> Duration {
    Duration::from_secs(1).max(last_write_took * 20)
}

/// When the series was last written, with how many games in which state,
/// and how long that write took.
#[derive(Resource, Default)]
struct Written {
    at: Option<f32>,
    what: Option<(usize, SeriesStatus)>,
    took: Duration,
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Written>()
        .add_systems(Startup, restore)
        .add_systems(Update, keep_changes)
        .add_systems(Last, keep_on_exit);
}

/// Brings back the last series; one that no longer reads is left alone on
/// disk (the next series replaces it) and said in one line.
fn restore(
    path: Res<SettingsPath>,
    mut series: ResMut<Series>,
    mut written: ResMut<Written>,
    mut notice: ResMut<Notice>,
) {
    let Some(path) = kept_path(&path) else { return };
    match read(&path) {
        Ok(Some(kept)) => {
            *series = Series::restored(kept);
            written.what = Some((series.games().len(), series.status.clone()));
        }
        Ok(None) => {}
        Err(error) => {
            warn!("series: {error}");
            notice.error(format!("The last series could not be restored: {error}"));
        }
    }
}

/// Writes when a run ends or starts, and while games arrive at most every
/// [`write_every`].
fn keep_changes(time: Res<Time<Real>>, path: Res<SettingsPath>, series: Res<Series>, mut written: ResMut<Written>) {
    let now = time.elapsed_secs();
    let what = (series.games().len(), series.status.clone());
    if written.what.as_ref() == Some(&what) || series.status == SeriesStatus::Idle {
        return;
    }
    let same_run = written.what.as_ref().is_some_and(|(_, status)| *status == SeriesStatus::Running);
    let recent = written.at.is_some_and(|at| now - at < write_every(written.took).as_secs_f32());
    if series.is_running() && same_run && recent {
        return;
    }
    written.took = keep(&path, &series);
    (written.at, written.what) = (Some(now), Some(what));
}

fn keep_on_exit(
    mut exit: MessageReader<AppExit>,
    path: Res<SettingsPath>,
    series: Res<Series>,
    mut written: ResMut<Written>,
) {
    let what = (series.games().len(), series.status.clone());
    if exit.read().count() > 0 && written.what.as_ref() != Some(&what) && series.status != SeriesStatus::Idle {
        keep(&path, &series);
        written.what = Some(what);
    }
}

/// Writes the series and says how long that took; its callers remember
/// what was written, failed or not, so a refused write is said once, not
/// retried every frame.
fn keep(path: &SettingsPath, series: &Series) -> Duration {
    let started = Instant::now();
    let (Some(path), Some(kept)) = (kept_path(path), series.kept()) else { return Duration::ZERO };
    if let Err(error) = write(&path, &kept) {
        warn!("series: {error}");
    }
    started.elapsed()
}
