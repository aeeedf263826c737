//! The opening explorer in the window: for the position the board shows,
//! the moves played from it in the library's games, how often and how they
//! scored, read by the engine's explorer on a thread of its own (the
//! library may be held by an import) whenever the shown position changes
//! while the Analyse screen shows.

use bevy::prelude::*;

use crate::engine::Side;
use crate::engine::library::{ExplorerMove, LibraryError};
use crate::game::screen::Screen;
use crate::game::session::{GameSession, PositionKey};
use crate::game::wake::Waker;
use crate::library::shelf::GameLibrary;
use crate::tasks::job::BackgroundJob;

/// One move of the explorer as the panel shows it: the move, times played,
/// and the games' results as White's wins, draws and Black's wins.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExplorerRow {
    pub notation: String,
    pub played: u64,
    pub white_wins: u64,
    pub draws: u64,
    pub black_wins: u64,
}

impl ExplorerRow {
    /// The engine's move (counted for `mover`) as the board's colours.
    pub fn new(found: &ExplorerMove, mover: Side) -> ExplorerRow {
        let (white_wins, black_wins) =
            if mover == Side::White { (found.wins, found.losses) } else { (found.losses, found.wins) };
        ExplorerRow {
            notation: found.notation.clone(),
            played: found.played,
            white_wins,
            draws: found.draws,
            black_wins,
        }
    }

    /// White's wins, draws and Black's wins in percent of the finished games
    /// (none when no game from here finished).
    pub fn percentages(&self) -> Option<[f64; 3]> {
        let finished = self.white_wins + self.draws + self.black_wins;
        let share = |count: u64| 100.0 * count as f64 / finished as f64;
        (finished > 0).then(|| [share(self.white_wins), share(self.draws), share(self.black_wins)])
    }
}

/// A read of the library on its own thread: the rows, or why it failed.
type ExplorerJob = BackgroundJob<Result<Vec<ExplorerRow>, LibraryError>>;

/// What the library's games played from the shown position.
#[derive(Resource, Default)]
pub struct OpeningExplorer {
    /// The position the rows are for, once read.
    pub for_key: Option<PositionKey>,
    /// The moves, most played first.
    pub rows: Vec<ExplorerRow>,
    /// Why the library could not answer, if it could not.
    pub error: Option<String>,
    /// The read in flight, for its position.
    running: Option<(PositionKey, ExplorerJob)>,
}

impl OpeningExplorer {
    /// Whether the rows are being read for a position.
    pub fn reading(&self) -> bool {
        self.running.is_some()
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<OpeningExplorer>()
        .add_systems(Update, (follow_shown_position, collect_rows).chain().run_if(in_state(Screen::Analyse)));
}

/// A shown position the rows are not for starts a read of its own (one in
/// flight for another position is dropped).
fn follow_shown_position(
    session: Res<GameSession>,
    library: Res<GameLibrary>,
    waker: Res<Waker>,
    mut explorer: ResMut<OpeningExplorer>,
) {
    let key = session.shown_key();
    let wanted = explorer.running.as_ref().map(|(running, _)| *running).or(explorer.for_key);
    if wanted == Some(key) {
        return;
    }
    let Some(shared) = library.shared() else { return };
    let position = session.shown_position();
    let job = BackgroundJob::spawn("explorer", waker.clone(), move |_| {
        let library = shared.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let mover = position.side_to_move();
        let found = library.explore(&position)?;
        Ok(found.iter().map(|found| ExplorerRow::new(found, mover)).collect())
    });
    explorer.running = Some((key, job));
}

fn collect_rows(mut explorer: ResMut<OpeningExplorer>) {
    let Some((key, job)) = explorer.running.as_mut() else { return };
    let key = *key;
    let Some(result) = job.poll() else { return };
    explorer.running = None;
    explorer.for_key = Some(key);
    match result {
        Ok(Ok(rows)) => (explorer.rows, explorer.error) = (rows, None),
        Ok(Err(why)) => (explorer.rows, explorer.error) = (Vec::new(), Some(why.to_string())),
        Err(why) => (explorer.rows, explorer.error) = (Vec::new(), Some(why.to_string())),
    }
}
