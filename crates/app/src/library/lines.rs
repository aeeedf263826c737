//! The side lines of the library game the board shows, kept in the library
//! as the person adds or deletes them (on a thread of its own, as every
//! store). A promoted line changes the game's own moves: the board's game is
//! then no longer the stored one, and the library keeps the game as played.

use bevy::prelude::*;

use crate::engine::library::{GameId, LibraryError};
use crate::engine::rules::variation::SideLine;
use crate::game::notice::Notice;
use crate::game::session::GameSession;
use crate::game::wake::Waker;
use crate::library::report::BoardReport;
use crate::library::shelf::GameLibrary;
use crate::tasks::job::BackgroundJob;

/// The side lines the library holds for the board's game, and the stores in flight.
#[derive(Resource, Default)]
pub struct SideLineWrites {
    kept: Option<(GameId, Vec<SideLine>)>,
    jobs: Vec<BackgroundJob<Result<(), LibraryError>>>,
}

impl SideLineWrites {
    /// Whether a store of side lines is still being written.
    pub fn busy(&self) -> bool {
        !self.jobs.is_empty()
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<SideLineWrites>().add_systems(Update, (keep_side_lines, collect_writes));
}

/// The board's library game got other side lines: they are stored. The
/// lines the game had when it came to the board are the stored ones.
fn keep_side_lines(
    session: Res<GameSession>,
    (report, library, waker): (Res<BoardReport>, Res<GameLibrary>, Res<Waker>),
    mut writes: ResMut<SideLineWrites>,
) {
    let Some(id) = report.game_of(&session) else { return };
    let lines = &session.record().side_lines;
    let known = match &writes.kept {
        Some((kept_id, kept)) if *kept_id == id => kept == lines,
        _ => {
            writes.kept = Some((id, lines.clone()));
            return;
        }
    };
    if known {
        return;
    }
    let Some(shared) = library.shared() else { return };
    writes.kept = Some((id, lines.clone()));
    let lines = lines.clone();
    let job = BackgroundJob::spawn("library", waker.clone(), move |_| {
        let mut library = shared.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        library.set_side_lines(id, &lines)
    });
    writes.jobs.push(job);
}

/// A store that failed says why in one line.
fn collect_writes(mut writes: ResMut<SideLineWrites>, mut notice: ResMut<Notice>) {
    writes.jobs.retain_mut(|job| {
        let Some(result) = job.poll() else { return true };
        let error = match result {
            Ok(Ok(())) => return false,
            Ok(Err(error)) => error.to_string(),
            Err(error) => error.to_string(),
        };
        notice.error(format!("The side lines were not kept in the library: {error}"));
        false
    });
}
