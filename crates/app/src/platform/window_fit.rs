//! The window fits the screen it opens on: from an 800x600 screen (the window
//! fills it, and Home fits at the default interface size) to 4K (a window
//! most of the screen's size), and the interface grows with a large window,
//! so the side panels and their text grow with it instead of leaving the
//! extra room to the board alone.

use bevy::prelude::*;
use bevy::window::{Monitor, PrimaryMonitor, PrimaryWindow, WindowPosition};

use crate::board::layout::panel_widths;

/// The window the game is laid out for, in logical pixels: the size it opens
/// at on a screen with room for it, and interface growth 1.
pub const DESIGN_SIZE: Vec2 = Vec2::new(1280.0, 800.0);

/// The share of a larger screen the window takes (room for a taskbar and
/// for other windows).
const SCREEN_SHARE: f32 = 0.85;

/// The most the interface grows (a 4K screen at scale 1).
const MOST_GROWTH: f32 = 2.0;

/// How the window opens on a screen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WindowFit {
    /// Logical pixels.
    pub size: Vec2,
    /// The window fills the screen, so the window manager is asked to
    /// maximise it (to the screen less its taskbars).
    pub maximised: bool,
}

/// The opening window for a screen `monitor` logical pixels large: the whole
/// screen when it is no larger than [`DESIGN_SIZE`] in either direction,
/// else most of it, never less than the design size.
pub fn opening_window(monitor: Vec2) -> WindowFit {
    let monitor = monitor.max(Vec2::ONE);
    if monitor.x <= DESIGN_SIZE.x || monitor.y <= DESIGN_SIZE.y {
        return WindowFit { size: monitor.floor(), maximised: true };
    }
    let size = (monitor * SCREEN_SHARE).max(DESIGN_SIZE).min(monitor).floor();
    WindowFit { size, maximised: false }
}

/// How much the interface grows in a window `window` logical pixels large:
/// 1 up to [`DESIGN_SIZE`], then with the window's smaller ratio to it (in
/// steps of 0.05, so a window being dragged larger does not re-lay the
/// panels out every pixel), at most [`MOST_GROWTH`].
pub fn interface_growth(window: Vec2) -> f32 {
    let ratio = (window.x / DESIGN_SIZE.x).min(window.y / DESIGN_SIZE.y);
    if !ratio.is_finite() {
        return 1.0;
    }
    ((ratio * 20.0).floor() / 20.0).clamp(1.0, MOST_GROWTH)
}

/// The narrowest the interface is laid out, in egui's points: an 800-pixel
/// window at 150%. A larger scale in a window that narrow zooms no further
/// (at 200% an 800x600 window was 400 points wide, and the Library's list,
/// filters and scroll bar lay past its edge).
pub const NARROWEST_POINTS: f32 = 530.0;

/// The interface's zoom (egui points per logical pixel) in a window `window`
/// large at the scale `scale` the person chose: grown with a large window,
/// and never so large that fewer than [`NARROWEST_POINTS`] fit across.
pub fn interface_zoom(window: Vec2, scale: f32) -> f32 {
    let zoom = scale * interface_growth(window);
    let widest = window.x / NARROWEST_POINTS;
    if widest.is_finite() && widest > 0.0 { zoom.min(widest.max(scale.min(1.0))) } else { zoom }
}

/// The side panels' widths in logical pixels for a window `window` large at
/// the interface scale `scale` the person chose: they grow with the window.
pub fn panel_pixels(window: Vec2, scale: f32) -> (f32, f32) {
    let zoom = interface_zoom(window, scale);
    let (left, right) = panel_widths(window.x / zoom);
    (left * zoom, right * zoom)
}

pub(crate) fn view_plugin(app: &mut App) {
    app.add_systems(Update, fit_to_screen);
}

/// Once, when the screens are known: the window takes the size that fits
/// the screen it is on (the primary one until it has been placed), centred.
fn fit_to_screen(
    mut done: Local<bool>,
    mut window: Single<&mut Window, With<PrimaryWindow>>,
    monitors: Query<(&Monitor, Has<PrimaryMonitor>)>,
) {
    if *done {
        return;
    }
    // The primary screen, else any (winit lists them after the window opens).
    let Some((monitor, _)) = monitors.iter().max_by_key(|(_, primary)| *primary) else {
        return;
    };
    *done = true;
    let scale = monitor.scale_factor.max(0.1) as f32;
    let logical = monitor.physical_size().as_vec2() / scale;
    let fit = opening_window(logical);
    // In the screen's own pixels: the window's scale may not be known yet.
    let physical = (fit.size * scale).round();
    window.resolution.set_physical_resolution(physical.x as u32, physical.y as u32);
    window.position = WindowPosition::Centered(bevy::window::MonitorSelection::Primary);
    if fit.maximised {
        window.set_maximized(true);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_large_scale_in_a_narrow_window_zooms_no_further_than_the_layout_fits() {
        let small = Vec2::new(800.0, 600.0);
        assert_eq!(interface_zoom(small, 1.0), 1.0);
        assert_eq!(interface_zoom(small, 1.5), 1.5);
        assert!((interface_zoom(small, 2.0) - 800.0 / NARROWEST_POINTS).abs() < 1e-4, "capped");
        // A tiny window never shrinks the interface below the scale chosen.
        assert_eq!(interface_zoom(Vec2::new(400.0, 300.0), 1.0), 1.0);
        assert_eq!(interface_zoom(Vec2::new(400.0, 300.0), 0.75), 0.75);
        // A 4K window grows it as before.
        assert_eq!(interface_zoom(Vec2::new(3840.0, 2160.0), 1.0), interface_growth(Vec2::new(3840.0, 2160.0)));
    }
}
