//! Frame time in the panel's corner: Bevy's smoothed frame-time diagnostic,
//! plus separate averages for frames with and without an AI search running,
//! to show the search does not slow the frame loop.

use bevy::diagnostic::{DiagnosticsStore, FrameTimeDiagnosticsPlugin};
use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};

use crate::tasks::ai::AiSearchTask;

#[derive(Resource, Default, Clone, Debug)]
pub(crate) struct FrameTimes {
    /// Smoothed frame time in milliseconds, from the diagnostics.
    smoothed_ms: Option<f64>,
    idle: Average,
    thinking: Average,
}

/// Mean frame time over the frames seen so far (after the start-up frames).
#[derive(Default, Clone, Copy, Debug)]
struct Average {
    total_ms: f64,
    frames: u64,
}

impl Average {
    fn add(&mut self, ms: f64) {
        self.total_ms += ms;
        self.frames += 1;
    }

    fn mean_ms(&self) -> Option<f64> {
        (self.frames > 0).then(|| self.total_ms / self.frames as f64)
    }
}

/// Start-up frames (shader and atlas building) would swamp the averages.
const WARM_UP_FRAMES: u32 = 60;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<FrameTimes>().add_systems(Update, sample).add_systems(Last, log_on_exit);
}

/// The averages go to the log on exit, for measuring runs (`--screenshot`).
fn log_on_exit(mut exits: MessageReader<AppExit>, times: Res<FrameTimes>) {
    if exits.read().next().is_some() {
        let mean = |a: &Average| {
            a.mean_ms().map_or("no frames".to_string(), |ms| format!("{ms:.2} ms over {} frames", a.frames))
        };
        info!("frame time: idle {}, AI thinking {}", mean(&times.idle), mean(&times.thinking));
    }
}

fn sample(
    diagnostics: Res<DiagnosticsStore>,
    time: Res<Time<Real>>,
    tasks: Query<(), With<AiSearchTask>>,
    mut frames_seen: Local<u32>,
    mut times: ResMut<FrameTimes>,
) {
    times.smoothed_ms = diagnostics.get(&FrameTimeDiagnosticsPlugin::FRAME_TIME).and_then(|d| d.smoothed());
    *frames_seen += 1;
    if *frames_seen <= WARM_UP_FRAMES {
        return;
    }
    let ms = time.delta_secs_f64() * 1000.0;
    if tasks.is_empty() { times.idle.add(ms) } else { times.thinking.add(ms) }
}

pub(crate) fn label(ui: &mut egui::Ui, times: &FrameTimes) {
    let now =
        times.smoothed_ms.map_or("–".to_string(), |ms| format!("{ms:.1} ms ({:.0} fps)", 1000.0 / ms.max(0.001)));
    let mean = |a: &Average| a.mean_ms().map_or("–".to_string(), |ms| format!("{ms:.1} ms"));
    ui.label(RichText::new(format!("Frame {now}")).small().weak());
    ui.label(
        RichText::new(format!("Average: idle {} · AI thinking {}", mean(&times.idle), mean(&times.thinking)))
            .small()
            .weak(),
    );
}
