//! `--screenshot FILE --after SECONDS`: let the game run that long, write a
//! screenshot of the window, then exit.

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};

use crate::platform::launch::ScreenshotRequest;

#[derive(Resource, Debug)]
pub(crate) struct PendingScreenshot {
    request: ScreenshotRequest,
    taken: bool,
}

impl PendingScreenshot {
    pub(crate) fn new(request: ScreenshotRequest) -> PendingScreenshot {
        PendingScreenshot { request, taken: false }
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, take_screenshot.run_if(resource_exists::<PendingScreenshot>));
}

/// Counts real seconds, so a slow software renderer still shows the
/// requested amount of play.
fn take_screenshot(mut commands: Commands, time: Res<Time<Real>>, mut pending: ResMut<PendingScreenshot>) {
    if pending.taken || time.elapsed_secs() < pending.request.after_secs {
        return;
    }
    pending.taken = true;
    let path = pending.request.path.clone();
    info!("taking a screenshot to {}", path.display());
    commands.spawn(Screenshot::primary_window()).observe(save_to_disk(path)).observe(
        |_: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
            exit.write(AppExit::Success);
        },
    );
}
