//! The one path from the game to the piece entities: whenever the position on
//! the board changes (a move played, undo, redo, review), the owner sends the
//! position to show and, when one move separates it from what is shown, that
//! move. One step slides (forwards or backwards, captures fading); anything
//! else re-syncs at once.

use std::collections::HashMap;

use bevy::prelude::*;

use crate::board::layout::{BoardLayout, PIECE_Z};
use crate::board::pieces::{CaptureAnimation, MoveAnimation};
use crate::board::pieces::{Piece, piece_bundle};
use crate::engine::{Position, Side};
use crate::game::phase::GameSystems;
use crate::game::session::Step;
use crate::game::settings::PlaySettings;
use crate::game::show::ShowPosition;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, sync_pieces.in_set(GameSystems::Show));
}

fn sync_pieces(
    mut commands: Commands,
    mut requests: MessageReader<ShowPosition>,
    layout: Res<BoardLayout>,
    settings: Res<PlaySettings>,
    mut pieces: Query<(Entity, &mut Piece, &mut Transform)>,
    fading: Query<Entity, With<CaptureAnimation>>,
) {
    let requests: Vec<ShowPosition> = requests.read().cloned().collect();
    let Some(last) = requests.last() else {
        return;
    };
    // Pieces captured a moment ago would linger over the new position.
    for entity in &fading {
        commands.entity(entity).despawn();
    }
    let animate = settings.animate && settings.move_secs > 0.0 && requests.len() == 1;
    let shown: HashMap<u8, Side> = pieces.iter().map(|(_, piece, _)| (piece.square, piece.color)).collect();
    if let Some(step) = last.step.filter(|_| animate)
        && step_applies(&shown, &last.position, step)
    {
        slide(&mut commands, &layout, &mut pieces, &last.position, step, settings.move_secs);
    } else {
        resync(&mut commands, &layout, &mut pieces, &last.position);
    }
}

/// The board shows exactly the position before `step`.
fn step_applies(shown: &HashMap<u8, Side>, target: &Position, step: Step) -> bool {
    let mut before = target.clone();
    let undone = match step {
        Step::Forward(mv) => before.undo() == Some(mv),
        Step::Back(mv) => before.play(mv).is_ok(),
    };
    let expected: HashMap<u8, Side> = before.pieces().into_iter().collect();
    undone && expected == *shown
}

fn slide(
    commands: &mut Commands,
    layout: &BoardLayout,
    pieces: &mut Query<(Entity, &mut Piece, &mut Transform)>,
    target: &Position,
    step: Step,
    duration: f32,
) {
    let (from, to, captured_square, mover) = match step {
        Step::Forward(mv) => (mv.from, mv.to, mv.capture.then_some(mv.to), target.piece_at(mv.to)),
        Step::Back(mv) => (mv.to, mv.from, None, target.piece_at(mv.from)),
    };
    let Some(mover) = mover else {
        return resync(commands, layout, pieces, target);
    };
    for (entity, mut piece, _) in pieces.iter_mut() {
        if Some(piece.square) == captured_square && piece.color != mover {
            commands.entity(entity).remove::<Piece>().insert(CaptureAnimation { elapsed: 0.0, duration });
        } else if piece.square == from && piece.color == mover {
            piece.square = to;
            commands.entity(entity).insert(MoveAnimation { from_square: from, elapsed: 0.0, duration });
        }
    }
    // A capture taken back puts the captured piece back where it stood.
    if let Step::Back(mv) = step
        && mv.capture
    {
        commands.spawn(piece_bundle(layout, Piece { color: mover.opponent(), square: mv.to }));
    }
}

/// Keeps the pieces that stand right, removes the rest and adds what is missing.
fn resync(
    commands: &mut Commands,
    layout: &BoardLayout,
    pieces: &mut Query<(Entity, &mut Piece, &mut Transform)>,
    target: &Position,
) {
    let mut wanted: HashMap<u8, Side> = target.pieces().into_iter().collect();
    for (entity, piece, mut transform) in pieces.iter_mut() {
        if wanted.get(&piece.square) == Some(&piece.color) {
            wanted.remove(&piece.square);
            commands.entity(entity).remove::<MoveAnimation>();
            transform.translation = layout.square_center(piece.square).extend(PIECE_Z);
            transform.scale = layout.scale();
        } else {
            commands.entity(entity).despawn();
        }
    }
    for (square, color) in wanted {
        commands.spawn(piece_bundle(layout, Piece { color, square }));
    }
}
