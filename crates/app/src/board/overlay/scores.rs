//! The root moves' scores as bars along the bottom of their destination
//! squares: a full bar for the best move, shorter ones for worse moves. A
//! length rather than a hue, so it reads for colour-blind players and never
//! clashes with the analysis layers' tints. Rebuilt only when the search
//! reports, the setting changes or the board is resized.

use bevy::prelude::*;

use crate::board::layout::BoardLayout;
use crate::board::overlay::lines::{OverlaySettings, ThinkingOverlay};
use crate::game::phase::GameSystems;
use crate::theme::palette;

#[derive(Component)]
struct RootScoreTint;

/// Above the squares' and layers' tints, below the pieces (2).
const BAR_Z: f32 = 1.8;
/// The bar's track and fill, and their size in squares.
const TRACK: Color = palette::BAR_TRACK.alpha(0.55).color();
const FILL: Color = palette::BAR_FILL.alpha(0.95).color();
const BAR_WIDTH: f32 = 0.8;
const BAR_HEIGHT: f32 = 0.09;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, retint.after(GameSystems::Animate));
}

/// The fill's share of the bar: all of it for the best move, a sliver for the worst.
fn bar_fraction(shortfall: f32) -> f32 {
    (1.0 - shortfall.clamp(0.0, 1.0)).max(0.08)
}

fn retint(
    mut commands: Commands,
    overlay: Res<ThinkingOverlay>,
    settings: Res<OverlaySettings>,
    layout: Res<BoardLayout>,
    tints: Query<Entity, With<RootScoreTint>>,
) {
    if !overlay.is_changed() && !settings.is_changed() && !layout.is_changed() {
        return;
    }
    for entity in &tints {
        commands.entity(entity).despawn();
    }
    let Some(line) = overlay.line.as_ref().filter(|_| settings.show_thinking) else {
        return;
    };
    let size = layout.square;
    for destination in &line.destinations {
        let bottom = layout.square_center(destination.square) - Vec2::Y * size * (0.5 - BAR_HEIGHT);
        let track = Vec2::new(BAR_WIDTH, BAR_HEIGHT) * size;
        let fill = Vec2::new(BAR_WIDTH * bar_fraction(destination.shortfall), BAR_HEIGHT * 0.6) * size;
        let left = bottom.x - track.x / 2.0;
        commands.spawn((
            Name::new("Root score bar"),
            RootScoreTint,
            Sprite::from_color(TRACK, track),
            Transform::from_translation(bottom.extend(BAR_Z)),
        ));
        commands.spawn((
            Name::new("Root score bar fill"),
            RootScoreTint,
            Sprite::from_color(FILL, fill),
            Transform::from_translation(Vec2::new(left + fill.x / 2.0, bottom.y).extend(BAR_Z + 0.01)),
        ));
    }
}
