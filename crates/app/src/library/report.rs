//! The game report in the window: for the library game the board shows, the
//! stored report, or one computed on request (or after each game, when the
//! setting asks) on a thread of its own with its progress, and stored with
//! the game so it is computed once. The library is locked only to read the
//! game and to store the report, never while positions are searched.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use bevy::prelude::*;

use crate::engine::library::GameId;
use crate::engine::library::review::{GameReport, ReportSettings, review};
use crate::game::notice::Notice;
use crate::game::session::GameSession;
use crate::game::wake::{PROGRESS_INTERVAL, Waker};
use crate::library::shelf::{BoardGameInLibrary, GameLibrary, LibrarySettings, ShelfError};
use crate::tasks::job::BackgroundJob;

/// Report the game on the board (it must be in the library).
#[derive(Message, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReportRequest;

/// A report being computed: its game, and positions done of all.
struct Running {
    id: GameId,
    job: BackgroundJob<Result<GameReport, ShelfError>>,
    done: Arc<AtomicUsize>,
    total: Arc<AtomicUsize>,
}

/// The library game the board shows and its report.
#[derive(Resource, Default)]
pub struct BoardReport {
    /// The game and its moves as written (the board shows it while its moves are these).
    game: Option<(GameId, Vec<String>)>,
    report: Option<GameReport>,
    running: Option<Running>,
}

impl BoardReport {
    /// The library game `session` shows, if it is one.
    pub fn game_of(&self, session: &GameSession) -> Option<GameId> {
        let (id, moves) = self.game.as_ref()?;
        let same = moves.len() == session.record().moves.len()
            && moves.iter().zip(&session.record().moves).all(|(a, b)| *a == b.notation);
        same.then_some(*id)
    }

    /// The report of the game `session` shows, if there is one.
    pub fn report_of(&self, session: &GameSession) -> Option<&GameReport> {
        self.game_of(session).and(self.report.as_ref())
    }

    /// Positions searched and positions in all, while a report is computed.
    pub fn progress(&self) -> Option<(usize, usize)> {
        let running = self.running.as_ref()?;
        Some((running.done.load(Ordering::Relaxed), running.total.load(Ordering::Relaxed)))
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<BoardReport>()
        .add_message::<ReportRequest>()
        .add_systems(Update, (follow_board_game, start_report, finish_report).chain());
}

/// A library game came to the board: its stored report is read (a quick
/// query); a game just finished is reported at once when the setting asks.
fn follow_board_game(
    mut games: MessageReader<BoardGameInLibrary>,
    (library, settings): (Res<GameLibrary>, Res<LibrarySettings>),
    mut board: ResMut<BoardReport>,
    mut requests: MessageWriter<ReportRequest>,
) {
    for game in games.read() {
        // Busy (an import): the report is looked up again when asked for.
        let stored = library.try_with(|library| library.report(game.id, &ReportSettings::default()));
        board.report = stored.and_then(Result::ok).flatten();
        board.game = Some((game.id, game.moves.clone()));
        if game.finished_now && settings.report_after_game && board.report.is_none() {
            requests.write(ReportRequest);
        }
    }
}

fn start_report(
    mut requests: MessageReader<ReportRequest>,
    (session, library): (Res<GameSession>, Res<GameLibrary>),
    mut board: ResMut<BoardReport>,
    mut notice: ResMut<Notice>,
    waker: Res<Waker>,
) {
    if requests.read().count() == 0 || board.running.is_some() || board.report_of(&session).is_some() {
        return;
    }
    let Some(id) = board.game_of(&session) else {
        notice.error("Only a game kept in the library can be reported");
        return;
    };
    let (done, total) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
    let (done_seen, total_seen) = (Arc::clone(&done), Arc::clone(&total));
    let (library, progress_waker) = (library.clone(), waker.throttled(PROGRESS_INTERVAL));
    let job = BackgroundJob::spawn("game report", waker.clone(), move |stop| {
        let mut progress = |d: usize, t: usize| {
            done.store(d, Ordering::Relaxed);
            total.store(t, Ordering::Relaxed);
            progress_waker.wake();
            !stop.load(Ordering::Relaxed)
        };
        report_game(&library, id, &mut progress)
    });
    board.running = Some(Running { id, job, done: done_seen, total: total_seen });
}

/// The report of game `id`: the stored one, or one computed now and stored.
fn report_game(
    library: &GameLibrary,
    id: GameId,
    progress: &mut dyn FnMut(usize, usize) -> bool,
) -> Result<GameReport, ShelfError> {
    let settings = ReportSettings::default();
    if let Some(report) = library.with(|library| library.report(id, &settings)).ok_or(ShelfError::Closed)?? {
        return Ok(report);
    }
    let game = library.with(|library| library.get(id)).ok_or(ShelfError::Closed)??;
    let report = review(&game.record, &settings, progress)?;
    library.with(|library| library.store_report(id, &report)).ok_or(ShelfError::Closed)??;
    Ok(report)
}

fn finish_report(mut board: ResMut<BoardReport>, mut notice: ResMut<Notice>) {
    let Some(result) = board.running.as_mut().and_then(|running| running.job.poll()) else { return };
    let Some(running) = board.running.take() else { return };
    match result {
        Ok(Ok(report)) if board.game.as_ref().is_some_and(|(id, _)| *id == running.id) => {
            board.report = Some(report);
            // No library number: the person never sees one (fresh eyes, round 21).
            notice.info("The game report is ready: accuracy and each side's mistakes");
        }
        Ok(Ok(_)) => {}
        Ok(Err(why)) => notice.error(format!("No report: {why}")),
        Err(error) => notice.error(format!("No report: {error}")),
    }
}
