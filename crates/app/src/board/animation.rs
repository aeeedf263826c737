//! Move animation: the moving piece slides to its square along an easing
//! curve, a captured piece shrinks away; the next turn waits for both.

use bevy::prelude::*;

use crate::board::layout::{BoardLayout, MOVING_PIECE_Z, PIECE_Z};
use crate::board::pieces::{CaptureAnimation, MoveAnimation, Piece};
use crate::game::phase::{GameSystems, TurnPhase, WaitEnded};

/// The easing every slide uses.
const MOVE_EASE: EaseFunction = EaseFunction::CubicInOut;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            (slide_pieces, shrink_captured).in_set(GameSystems::Animate),
            end_animation
                .in_set(GameSystems::Animate)
                .after(slide_pieces)
                .after(shrink_captured)
                .run_if(in_state(TurnPhase::Animating)),
        ),
    );
}

fn slide_pieces(
    mut commands: Commands,
    time: Res<Time>,
    layout: Res<BoardLayout>,
    mut moving: Query<(Entity, &Piece, &mut MoveAnimation, &mut Transform)>,
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

/// The next turn starts when the last move has slid into place (the owner
/// starts it).
fn end_animation(
    moving: Query<(), With<MoveAnimation>>,
    captured: Query<(), With<CaptureAnimation>>,
    mut ended: MessageWriter<WaitEnded>,
) {
    if moving.is_empty() && captured.is_empty() {
        ended.write(WaitEnded::SlideDone);
    }
}
