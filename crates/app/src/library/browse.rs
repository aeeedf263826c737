//! The Library screen's logic, headless: the list of games the filters
//! match (read again when they change or the library does), opening a game
//! on the board in Analyse to review it, and deleting games the person
//! confirmed. The screen itself (`library::page`) draws this and sends requests.

use std::collections::BTreeSet;

use bevy::prelude::*;

use crate::engine::Variant;
use crate::engine::library::transfer::iso_date;
use crate::engine::library::{GameFilter, GameId, GameSummary};
use crate::files::opening::GameOpener;
use crate::game::notice::Notice;
use crate::game::phase::GameSystems;
use crate::game::players::Players;
use crate::game::request::OpenedGame;
use crate::game::screen::Mode;
use crate::game::screen::Screen;
use crate::game::session::GameSession;
use crate::library::keep::LibraryWrites;
use crate::library::shelf::{BUSY, BoardGameInLibrary, GameLibrary, ShelfError};

/// The most games the list shows at once (the filters narrow it down).
pub const LIST_LIMIT: u32 = 500;

/// What the Library screen asks of the library.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum LibraryRequest {
    /// The game on the board, in Analyse, to review it.
    Open(GameId),
    /// These games deleted (the screen asked the person first).
    Delete(Vec<GameId>),
}

/// The list as the screen shows it.
#[derive(Resource, Default)]
pub struct LibraryView {
    /// The filters and search, as the person set them.
    pub filter: GameFilter,
    /// The games they match, newest first, at most [`LIST_LIMIT`].
    pub games: Vec<GameSummary>,
    /// The games ticked for export or deletion.
    pub selected: BTreeSet<GameId>,
    /// Why the list could not be read, if it could not.
    pub error: Option<String>,
    /// Unsolved exercises from the person's mistakes, per variant that has any.
    pub exercises_left: Vec<(Variant, u64)>,
    /// The filter the list was read with; `None` reads it again.
    listed_for: Option<GameFilter>,
    /// Games stored this run when the list was read.
    stored_seen: usize,
}

impl LibraryView {
    /// The list is read again at the next frame.
    pub(crate) fn invalidate(&mut self) {
        self.listed_for = None;
    }

    /// The games export and delete act on: the ticked ones that are listed.
    /// Nothing ticked chooses nothing, so the page offers no export or
    /// delete before a game is chosen ("Tick all" chooses the list).
    pub fn chosen(&self) -> Vec<GameId> {
        self.games.iter().map(|game| game.id).filter(|id| self.selected.contains(id)).collect()
    }
}

/// A game the screen asked for, opened once the board game runs again (a
/// menu holds the owner's requests).
#[derive(Resource, Default)]
struct PendingOpen(Option<OpenedGame>);

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<LibraryView>()
        .init_resource::<PendingOpen>()
        .add_message::<LibraryRequest>()
        .add_systems(OnEnter(Screen::Library), |mut view: ResMut<LibraryView>| view.invalidate())
        .add_systems(
            Update,
            (
                (handle_requests, refresh_list).chain().run_if(in_state(Screen::Library)),
                open_pending.run_if(in_state(Mode::Board)).before(GameSystems::Apply),
            ),
        );
}

/// Reads the list again when the filters changed, a game was stored, or it was invalidated.
fn refresh_list(library: Res<GameLibrary>, writes: Res<LibraryWrites>, mut view: ResMut<LibraryView>) {
    let stored = writes.stored.len();
    if view.listed_for.as_ref() == Some(&view.filter) && view.stored_seen == stored {
        return;
    }
    let filter = GameFilter { limit: Some(LIST_LIMIT), ..view.filter.clone() };
    let listed = library.try_with(|library| Ok((library.list(&filter)?, library.exercises_left()?)));
    if listed.is_none() && library.is_open() {
        // A thread holds the library: the list is read again next frame.
        return;
    }
    let view = &mut *view;
    (view.listed_for, view.stored_seen) = (Some(view.filter.clone()), stored);
    match listed {
        Some(Ok((games, left))) => {
            view.selected.retain(|id| games.iter().any(|game| game.id == *id));
            (view.games, view.error, view.exercises_left) = (games, None, left);
        }
        Some(Err(error)) => (view.games, view.error) = (Vec::new(), Some(error.to_string())),
        None => view.games.clear(),
    }
}

/// Carries out the screen's requests. One that finds the library busy (an
/// import, or the explorer's query of a moment) is kept and tried again on
/// later frames (the holder's end wakes the loop), so a click is never lost;
/// the person hears once that it waits.
fn handle_requests(
    mut requests: MessageReader<LibraryRequest>,
    mut waiting: Local<Vec<LibraryRequest>>,
    library: Res<GameLibrary>,
    (mut view, mut pending): (ResMut<LibraryView>, ResMut<PendingOpen>),
    mut notice: ResMut<Notice>,
    (mut screen, mut board, opener): (ResMut<NextState<Screen>>, MessageWriter<BoardGameInLibrary>, GameOpener),
) {
    let retried = std::mem::take(&mut *waiting);
    let retries = retried.len();
    for (index, request) in retried.into_iter().chain(requests.read().cloned()).enumerate() {
        let busy = match &request {
            LibraryRequest::Open(_) if opener.study_refused().is_some() => {
                notice.error(opener.study_refused().unwrap_or_default());
                false
            }
            LibraryRequest::Open(id) => match opened(&library, *id) {
                Some(Ok((game, moves))) => {
                    pending.0 = Some(game);
                    board.write(BoardGameInLibrary { id: *id, moves, finished_now: false });
                    NextState::set_if_neq(&mut screen, Screen::Analyse);
                    false
                }
                Some(Err(why)) => {
                    notice.error(why.to_string());
                    false
                }
                None => library.is_open(),
            },
            LibraryRequest::Delete(ids) => delete(&library, ids, &mut view, &mut notice),
        };
        if busy {
            if index >= retries {
                notice.info(format!("{BUSY}; this will follow when it ends"));
            }
            waiting.push(request);
        }
    }
}

/// Deletes games `ids`; whether the library was busy (nothing done).
fn delete(library: &GameLibrary, ids: &[GameId], view: &mut LibraryView, notice: &mut Notice) -> bool {
    let deleted = library.try_with(|library| {
        let mut count = 0;
        for &id in ids {
            count += usize::from(library.delete(id)?);
        }
        Ok(count)
    });
    match deleted {
        Some(Ok(count)) => notice.info(format!("Deleted {count} game{}", plural(count))),
        Some(Err(error)) => notice.error(error.to_string()),
        None => return library.is_open(),
    }
    view.selected.clear();
    view.invalidate();
    false
}

/// Game `id` read from the library and replayed, ready for the owner, with
/// its moves as written; `None` while the library is busy.
fn opened(library: &GameLibrary, id: GameId) -> Option<Result<(OpenedGame, Vec<String>), ShelfError>> {
    let game = match library.try_with(|library| library.get(id)) {
        Some(Ok(game)) => game,
        Some(Err(error)) => return Some(Err(error.into())),
        None if library.is_open() => return None,
        None => return Some(Err(ShelfError::Closed)),
    };
    let session = match GameSession::from_record(&game.record, 0) {
        // A site's game keeps its players' names (the record's players are people).
        Ok(session) => session.with_names(game.white_name.clone(), game.black_name.clone()),
        Err(source) => return Some(Err(ShelfError::Replay { game: id, source })),
    };
    let players: Players = Players::from_record(&game.record);
    // Named as the list names it: the players and the date, not the row's number.
    let white = game.white_name.clone().unwrap_or_else(|| game.record.white.display_name());
    let black = game.black_name.clone().unwrap_or_else(|| game.record.black.display_name());
    let date = game.played_at.map(|at| format!("{}, ", iso_date(at))).unwrap_or_default();
    let length = crate::game::length::game_length(session.plies());
    let message = format!("Opened {white} – {black} ({date}{length}) from the library");
    let moves = game.record.moves.iter().map(|m| m.notation.clone()).collect();
    Some(Ok((OpenedGame { session, players, message, kept_when_finished: false }, moves)))
}

/// The game asked for goes to the owner once the board game runs.
fn open_pending(mut pending: ResMut<PendingOpen>, mut opener: GameOpener, mut notice: ResMut<Notice>) {
    if let Some(game) = pending.0.take()
        && let Err(why) = opener.open(game.session, game.players, game.message)
    {
        notice.error(why);
    }
}

/// "s" after a count other than one.
pub(crate) fn plural(count: usize) -> &'static str {
    if count == 1 { "" } else { "s" }
}
