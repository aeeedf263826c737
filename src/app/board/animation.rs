//! Move animation: the moving piece slides to its square along an easing
//! curve, a captured piece shrinks away; the next turn waits for both.

use bevy::prelude::*;

use super::board::{BoardLayout, MOVING_PIECE_Z, PIECE_Z};
use super::state::GameSystems;

/// A piece sliding from `from_square` to the square its `Piece` names now.
#[derive(Component, Clone, Copy, Debug)]
pub struct MoveAnimation {
    pub(crate) from_square: u8,
    pub(crate) elapsed: f32,
    pub(crate) duration: f32,
}

/// A captured piece on its way out; despawned when done.
#[derive(Component, Clone, Copy, Debug)]
pub struct CaptureAnimation {
    pub(crate) elapsed: f32,
    pub(crate) duration: f32,
}

impl CaptureAnimation {
    /// 0 at the capture, 1 when gone.
    pub(crate) fn progress(&self) -> f32 {
        if self.duration <= 0.0 { 1.0 } else { (self.elapsed / self.duration).clamp(0.0, 1.0) }
    }
}

/// The easing every slide uses.
const MOVE_EASE: EaseFunction = EaseFunction::CubicInOut;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, ((slide_pieces, shrink_captured).in_set(GameSystems::Animate),));
}

fn slide_pieces(
    mut commands: Commands,
    time: Res<Time>,
    layout: Res<BoardLayout>,
    mut moving: Query<(Entity, &super::board::Piece, &mut MoveAnimation, &mut Transform)>,
) {
    for (entity, piece, mut animation, mut transform) in &mut moving {
        animation.elapsed += time.delta_secs();
        let target = layout.square_center(piece.square);
        let done = animation.elapsed >= animation.duration;
        transform.scale = layout.scale();
        if done {
            transform.translation = target.extend(PIECE_Z);
            commands.entity(entity).remove::<MoveAnimation>();
        } else {
            let from = layout.square_center(animation.from_square);
            let t = animation.elapsed / animation.duration;
            let at = EasingCurve::new(from, target, MOVE_EASE).sample_clamped(t);
            transform.translation = at.extend(MOVING_PIECE_Z);
        }
    }
}

fn shrink_captured(
    mut commands: Commands,
    time: Res<Time>,
    layout: Res<BoardLayout>,
    mut captured: Query<(Entity, &mut CaptureAnimation, &mut Transform)>,
) {
    for (entity, mut animation, mut transform) in &mut captured {
        animation.elapsed += time.delta_secs();
        let progress = animation.progress();
        if progress >= 1.0 {
            commands.entity(entity).despawn();
        } else {
            let shrink = EasingCurve::new(1.0, 0.3, EaseFunction::QuadraticIn).sample_clamped(progress);
            transform.scale = layout.scale() * Vec3::new(shrink, shrink, 1.0);
        }
    }
}
