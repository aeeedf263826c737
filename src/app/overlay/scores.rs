//! The root moves' scores as tints on their destination squares: green for
//! the best through red for the worst. Rebuilt only when the search reports,
//! the setting changes or the board is resized.

use bevy::prelude::*;

use super::{OverlaySettings, ThinkingOverlay};
use crate::app::board::BoardLayout;
use crate::app::state::GameSystems;

#[derive(Component)]
struct RootScoreTint;

/// Above the squares' own tints (0.1), below the pieces (2).
const TINT_Z: f32 = 1.0;
const TINT_ALPHA: f32 = 0.5;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, retint.after(GameSystems::Animate));
}

/// Hue from green (no shortfall) through yellow to red (the worst root move).
fn shortfall_color(shortfall: f32) -> Color {
    Color::hsla(120.0 * (1.0 - shortfall.clamp(0.0, 1.0)), 0.9, 0.5, TINT_ALPHA)
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
    for destination in &line.destinations {
        commands.spawn((
            Name::new("Root score tint"),
            RootScoreTint,
            Sprite::from_color(shortfall_color(destination.shortfall), Vec2::ONE),
            Transform::from_translation(layout.square_center(destination.square).extend(TINT_Z))
                .with_scale(layout.scale()),
        ));
    }
}
