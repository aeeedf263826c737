//! Keeping finished games: each game played or watched from its first move
//! is stored once, when it first ends, with its players and configs, clock,
//! date, result and moves; series games too when the setting asks. Stores
//! run on a thread of their own (a BackgroundJob), so a slow disk never
//! stalls a frame.

use std::collections::BTreeMap;

use bevy::prelude::*;
use jiff::Timestamp;

use crate::engine::library::{GameId, LibraryError, LibraryGame};
use crate::game::left::GameLeft;
use crate::game::notice::Notice;
use crate::game::owner::visit::Visit;
use crate::game::phase::{GamePhase, GameSystems};
use crate::game::players::Players;
use crate::game::request::GameRequest;
use crate::game::session::GameSession;
use crate::game::wake::Waker;
use crate::library::shelf::{BoardGameInLibrary, GameLibrary, LibrarySettings};
use crate::play::rated::RatedGame;
use crate::series::SeriesGameFinished;
use crate::tasks::job::BackgroundJob;

/// Games whose standing is remembered (a game set aside for a lesson and
/// taken up again keeps its own); older ones are forgotten.
const GAMES_REMEMBERED: usize = 16;

/// Which games (by generation) are to be kept, and which were stored.
#[derive(Resource, Default, Debug)]
pub(crate) struct Keeping {
    /// Whether each game seen began at its first move, played or watched.
    eligible: BTreeMap<u64, bool>,
    stored: Vec<u64>,
    /// The game left for a lesson, puzzle, exercise or study: its moves and standing,
    /// taken up again when it comes back (under a new generation).
    set_aside: Option<(Vec<crate::engine::Move>, bool)>,
    /// The moves of a saved game of the person's being opened to play on:
    /// eligible once it is the game on the board.
    own_save: Option<Vec<crate::engine::Move>>,
}

impl Keeping {
    /// Whether the game in progress (during a visit, the one that waits) is
    /// to be kept when it ends.
    pub(crate) fn keeps_game_in_progress(&self, session: &GameSession, visit: &Visit) -> bool {
        match (visit.left_game(), &self.set_aside) {
            (Some(_), Some((_, standing))) => *standing,
            (Some(left), None) => self.eligible.get(&left.generation()).copied().unwrap_or(false),
            (None, _) => self.eligible.get(&session.generation()).copied().unwrap_or(false),
        }
    }

    /// Game `generation` was stored (the oldest remembered are forgotten).
    fn note_stored(&mut self, generation: u64) {
        self.stored.push(generation);
        if self.stored.len() > GAMES_REMEMBERED {
            self.stored.remove(0);
        }
    }

    /// Whether game `generation` is to be kept when it ends (a study parked
    /// and taken up again keeps its standing).
    pub(crate) fn keeps(&self, generation: u64) -> bool {
        self.eligible.get(&generation).copied().unwrap_or(false)
    }

    /// A game resumed after a restart, as game `generation`, is kept when it
    /// ends if it was to be kept when it was left.
    pub(crate) fn resume(&mut self, generation: u64, keep: bool) {
        self.eligible.insert(generation, keep);
    }
}

/// A store on its own thread: the ids it gave.
type StoreJob = BackgroundJob<Result<Vec<GameId>, LibraryError>>;

/// The stores in flight, and what the library got this run.
#[derive(Resource, Default)]
pub struct LibraryWrites {
    /// Each store, with the moves of the board's game it stores (none for series games).
    jobs: Vec<(StoreJob, Option<Vec<String>>)>,
    /// The games stored since the app started, oldest first.
    pub stored: Vec<GameId>,
}

impl LibraryWrites {
    /// Whether a store is still being written.
    pub fn busy(&self) -> bool {
        !self.jobs.is_empty()
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Keeping>().init_resource::<LibraryWrites>().add_systems(
        Update,
        (
            follow_games.after(GameSystems::Apply).before(GameSystems::Show),
            keep_finished_game.run_if(in_state(GamePhase::Over)).after(follow_games),
            // After the rating, which counts a rated game left as a loss.
            keep_left_games.after(follow_games).after(crate::play::rated::track),
            keep_series_games,
            collect_writes,
        ),
    );
}

/// A game seen for the first time is eligible if it starts at its first
/// move (or is the person's own saved game opened to play on), is not a
/// lesson's, puzzle's or exercise's, and is not a record being replayed; a
/// game coming back from a visit keeps its standing.
fn follow_games(
    mut requests: MessageReader<GameRequest>,
    session: Res<GameSession>,
    visit: Res<Visit>,
    mut keeping: ResMut<Keeping>,
) {
    let mut cut = false;
    for request in requests.read() {
        if let GameRequest::Open(opened) | GameRequest::Study(opened) = request
            && opened.kept_when_finished
        {
            keeping.own_save = Some(opened.session.position().moves().to_vec());
        }
        cut |= matches!(request, GameRequest::ContinueFromHere | GameRequest::PromoteLine);
    }
    if let Some(left) = visit.left_game().filter(|_| keeping.set_aside.is_none()) {
        let standing = keeping.eligible.get(&left.generation()).copied().unwrap_or(false);
        keeping.set_aside = Some((left.position().moves().to_vec(), standing));
    }
    let generation = session.generation();
    if keeping.eligible.contains_key(&generation) {
        return;
    }
    let taken_up = match keeping.set_aside.take_if(|_| !visit.waiting()) {
        Some((moves, standing)) => standing && session.position().moves() == moves.as_slice(),
        None => false,
    };
    let own_save = keeping.own_save.take_if(|moves| session.position().moves() == moves.as_slice()).is_some();
    let fresh = session.plies() == 0 || own_save;
    // "Continue from here" and a promoted side line go on with the same game
    // under a new generation: kept as it was (its report was refused).
    let before = generation.checked_sub(1).and_then(|g| keeping.eligible.get(&g).copied());
    let cut_from_kept = cut && before.unwrap_or(false);
    // A game watched from its first move beside the person's game (an AI
    // matchup studied in Watch & Lab) is kept as any other (fresh eyes,
    // round 10: Home says every finished game is kept, and it was not).
    let on_the_board = !visit.waiting() || visit.studying();
    let eligible = taken_up || cut_from_kept || (on_the_board && fresh && session.replay().is_none());
    keeping.eligible.insert(generation, eligible);
    while keeping.eligible.len() > GAMES_REMEMBERED {
        keeping.eligible.pop_first();
    }
}

/// The game that just ended, stored once (an undo and a second ending do
/// not store it again).
fn keep_finished_game(
    session: Res<GameSession>,
    (visit, rated, players): (Res<Visit>, Res<RatedGame>, Res<Players>),
    library: Res<GameLibrary>,
    mut keeping: ResMut<Keeping>,
    mut writes: ResMut<LibraryWrites>,
    waker: Res<Waker>,
) {
    let generation = session.generation();
    let eligible = keeping.eligible.get(&generation).copied().unwrap_or(false);
    let over = session.outcome().is_over() && !session.aborted(&players);
    let on_the_board = !visit.waiting() || visit.studying();
    if !eligible || !on_the_board || !over || keeping.stored.contains(&generation) {
        return;
    }
    keeping.note_stored(generation);
    let mut game = LibraryGame::new(session.record().clone(), Some(Timestamp::now()));
    // Rating runs as the game enters Over, before this.
    game.rated = rated.counted_for(generation);
    let moves = game.record.moves.iter().map(|m| m.notation.clone()).collect();
    store(&library, vec![game], Some(moves), &mut writes, &waker);
}

/// A rated game the person left unfinished ([`GameLeft`]: resigned as it
/// was left), stored where it would have been kept had it ended on the
/// board: the rating counted it as a loss, so the library has it. (A casual
/// game left goes, as before: a save opened again and left would be kept
/// twice.)
fn keep_left_games(
    mut left: MessageReader<GameLeft>,
    rated: Res<RatedGame>,
    library: Res<GameLibrary>,
    mut keeping: ResMut<Keeping>,
    mut writes: ResMut<LibraryWrites>,
    waker: Res<Waker>,
) {
    for GameLeft { session, .. } in left.read() {
        let generation = session.generation();
        let eligible = keeping.eligible.get(&generation).copied().unwrap_or(false);
        let counted = rated.counted_for(generation);
        if !eligible || !counted || keeping.stored.contains(&generation) {
            continue;
        }
        keeping.note_stored(generation);
        let mut game = LibraryGame::new(session.record().clone(), Some(Timestamp::now()));
        game.rated = true;
        store(&library, vec![game], None, &mut writes, &waker);
    }
}

/// Series games, as they finish, when the person asked for them.
fn keep_series_games(
    mut finished: MessageReader<SeriesGameFinished>,
    settings: Res<LibrarySettings>,
    library: Res<GameLibrary>,
    mut writes: ResMut<LibraryWrites>,
    waker: Res<Waker>,
) {
    let games: Vec<LibraryGame> = finished
        .read()
        .filter(|_| settings.keep_series)
        .map(|finished| LibraryGame::new(finished.0.record.clone(), Some(Timestamp::now())))
        .collect();
    if !games.is_empty() {
        store(&library, games, None, &mut writes, &waker);
    }
}

/// Stores `games` in one transaction on a thread of its own; `board`: the
/// moves of the board's game, when that is the one stored.
fn store(
    library: &GameLibrary,
    games: Vec<LibraryGame>,
    board: Option<Vec<String>>,
    writes: &mut LibraryWrites,
    waker: &Waker,
) {
    let Some(shared) = library.shared() else { return };
    let job = BackgroundJob::spawn("library", waker.clone(), move |_| {
        let mut library = shared.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let started = web_time::Instant::now();
        let stored = library.add_all(&games);
        // The figure the guide quotes for a store off the frame loop.
        debug!("library: {} game(s) stored in {:.1} ms", games.len(), started.elapsed().as_secs_f64() * 1e3);
        stored
    });
    writes.jobs.push((job, board));
}

/// Notes what was stored (the board's game goes on to its report); a store
/// that failed says why in one line.
fn collect_writes(
    mut writes: ResMut<LibraryWrites>,
    mut notice: ResMut<Notice>,
    mut board: MessageWriter<BoardGameInLibrary>,
) {
    let mut index = 0;
    while index < writes.jobs.len() {
        let Some(result) = writes.jobs[index].0.poll() else {
            index += 1;
            continue;
        };
        let (_, moves) = writes.jobs.remove(index);
        match result {
            Ok(Ok(ids)) => {
                if let (Some(moves), Some(&id)) = (moves, ids.first()) {
                    board.write(BoardGameInLibrary { id, moves, finished_now: true });
                }
                writes.stored.extend(ids);
            }
            Ok(Err(error)) => notice.error(format!("The game was not kept in the library: {error}")),
            Err(error) => notice.error(format!("The game was not kept in the library: {error}")),
        }
    }
}
