//! The one place the puzzle changes: every [`FlowRequest`] (a pick, a press,
//! a drag, a release, a reset, a solve, a speed) is applied here, in order.

use bevy::prelude::*;

use crate::flow::game::{FlowGame, FlowRequest, FlowSystems, SolveNote};
use crate::flow::solver::{FlowSolve, StartSolve};

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, apply_requests.in_set(FlowSystems::Apply));
}

fn apply_requests(
    mut commands: Commands,
    mut requests: MessageReader<FlowRequest>,
    mut game: ResMut<FlowGame>,
    solving: Query<(Entity, &FlowSolve)>,
    mut start: MessageWriter<StartSolve>,
) {
    for request in requests.read() {
        let running = solving.iter().next();
        match *request {
            FlowRequest::Pick(index) => {
                for (entity, _) in &solving {
                    commands.entity(entity).despawn();
                }
                game.pick(index);
            }
            // The board is the solver's while it runs.
            FlowRequest::Press(_) | FlowRequest::DragTo(_) | FlowRequest::Release if running.is_some() => {}
            FlowRequest::Press(cell) => {
                if game.bypass_change_detection().drawing.press(cell) {
                    game.note = None;
                    game.set_changed();
                }
            }
            FlowRequest::DragTo(cell) => {
                if game.bypass_change_detection().drawing.drag_to(cell) {
                    game.set_changed();
                }
            }
            FlowRequest::Release => {
                if game.drawing.drawing().is_some() {
                    game.drawing.release();
                }
            }
            FlowRequest::Reset => {
                for (entity, _) in &solving {
                    commands.entity(entity).despawn();
                }
                game.drawing.reset();
                game.replay = None;
                game.note = None;
            }
            FlowRequest::Solve if running.is_none() => {
                game.drawing.release();
                // The solver knows only the dots: what the person drew is set
                // aside, and said so; a solution standing is the solver's own.
                let solved = matches!(game.note, Some(SolveNote::Solved { .. }));
                game.started_over = game.has_pipes() && !solved;
                game.note = None;
                start.write(StartSolve);
            }
            FlowRequest::Solve => {}
            FlowRequest::Cancel => {
                if let Some((entity, task)) = running {
                    let attempts = game.replay.as_ref().map_or(task.attempts(), |r| r.attempts);
                    commands.entity(entity).despawn();
                    game.replay = None;
                    game.note = Some(SolveNote::Cancelled { attempts });
                }
            }
        }
    }
}
