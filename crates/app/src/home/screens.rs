//! The screens a person moves between (Home, the play setup, a game, the
//! lessons, ...) and their transitions, with the game's [`Mode`] computed
//! from each one: while a menu shows, the board game waits untouched (no move, no
//! clock), and Home offers to resume it where it was left.

use bevy::prelude::*;

use crate::game::control::AiControl;
use crate::game::notice::Notice;
use crate::game::owner::visit::Visit;
use crate::game::phase::GamePhase;
use crate::game::players::Players;
use crate::game::ratings::Progress;
use crate::game::request::GameRequest;
use crate::game::screen::{Mode, Screen};
use crate::game::session::GameSession;
use crate::game::settings::GameSettings;
use crate::game::show::ShowPosition;
use crate::learn::lessons::{LessonRequest, LessonRun};
use crate::puzzles::puzzle::PuzzleRequest;

/// The screen the window opens on (the launch options choose it).
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpeningScreen(pub Screen);

/// The game screen the game in progress was last seen in: Home's Resume goes there.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResumeScreen(pub Option<Screen>);

/// Whether the lesson or puzzle this screen opened has been seen on the
/// board, so its end (the card closed, the puzzle left) takes the person Home.
#[derive(Resource, Default)]
struct VisitSeen(bool);

pub(crate) fn plugin(app: &mut App) {
    let opening = app.world().get_resource::<OpeningScreen>().map_or(Screen::Home, |o| o.0);
    // Home offers Resume only for a game in progress: a first start has
    // none (the settings store takes up a game left unfinished at Startup).
    let waiting = app.world().get_resource::<GameSession>().is_some_and(|s| s.plies() > 0 && !s.outcome().is_over());
    let players = app.world().get_resource::<Players>();
    let resume = players.filter(|_| opening == Screen::Home && waiting).map(Screen::for_players);
    app.insert_state(opening)
        .add_computed_state::<Mode>()
        .insert_resource(ResumeScreen(resume))
        .init_resource::<VisitSeen>()
        .add_systems(OnEnter(Screen::Learn), open_lesson)
        .add_systems(OnExit(Screen::Learn), close_lesson)
        .add_systems(OnEnter(Screen::Puzzles), start_puzzle)
        .add_systems(OnExit(Screen::Puzzles), leave_puzzle)
        .add_systems(OnExit(Screen::Analyse), leave_study)
        .add_systems(OnExit(Screen::Watch), leave_study)
        .add_systems(OnEnter(Mode::Board), show_board_again)
        .add_systems(OnEnter(Screen::Play), (play_is_never_paused, play_resumes_live))
        .add_systems(Update, home_when_visit_ends.run_if(in_state(Screen::Learn).or_else(in_state(Screen::Puzzles))))
        .add_systems(Update, resume_where_played);
    for screen in [Screen::Home, Screen::PlaySetup, Screen::Settings].into_iter().chain(Screen::MODES) {
        if screen.holds_game() {
            app.add_systems(OnEnter(screen), move |game: GameInProgress, resume: ResMut<ResumeScreen>| {
                note_resume(screen, game, resume);
            });
        }
        app.add_systems(OnExit(screen), forget_messages);
    }
}

/// The game in progress as a screen finds it on entry.
#[derive(bevy::ecs::system::SystemParam)]
struct GameInProgress<'w> {
    visit: Res<'w, Visit>,
    session: Res<'w, GameSession>,
    players: Res<'w, Players>,
}

/// Resume goes where the game in progress is played (a person's to Play,
/// two AIs' to Watch & Lab), never to where it was merely looked at; and
/// looking at a game screen makes no empty game to resume.
fn note_resume(screen: Screen, game: GameInProgress, mut resume: ResMut<ResumeScreen>) {
    if game.visit.waiting() {
        return;
    }
    if screen == Screen::Play || game.session.plies() > 0 {
        resume.0 = Some(resume_screen(&game.session, &game.players));
    }
}

/// Where a game is resumed: a replay (a series game watched) in Watch & Lab,
/// however the players the person set would play; else where its players play.
fn resume_screen(session: &GameSession, players: &Players) -> Screen {
    if session.replay().is_some() { Screen::Watch } else { Screen::for_players(players) }
}

/// Resume follows the game in progress as it changes (a matchup replaced by
/// a person's game, players changed): it goes where that game is played,
/// comes with a game begun where none was offered (a new game started on
/// Play while it showed a finished one), and goes away when the game ends.
fn resume_where_played(game: GameInProgress, screen: Res<State<Screen>>, mut resume: ResMut<ResumeScreen>) {
    // A finished game is no longer one to resume (as after a restart, which
    // keeps only unfinished games): the Library keeps it.
    let session = game.visit.left_game().unwrap_or(&game.session);
    if session.outcome().is_over() {
        resume.0 = None;
        return;
    }
    let players = game.visit.left_players().unwrap_or(&game.players);
    let played = resume_screen(session, players);
    // A game begun on Play is one to resume before its first move too (fresh
    // eyes, round 12: a rated rematch not yet moved in was not offered).
    let begun_on_play = *screen.get() == Screen::Play && !game.visit.waiting();
    let offered = resume.0.is_some() || session.plies() > 0 || begun_on_play;
    if offered && resume.0 != Some(played) {
        resume.0 = Some(played);
    }
}

/// A message belongs to the screen it was posted on (a clipboard error in
/// Analyse, a net's notice in Watch & Lab): leaving the screen forgets it,
/// toast and panel line, so it never reappears elsewhere.
fn forget_messages(mut notice: ResMut<Notice>) {
    notice.set_if_neq(Notice::default());
}

fn open_lesson(
    settings: Res<GameSettings>,
    mut lessons: MessageWriter<LessonRequest>,
    (mut seen, mut progress): (ResMut<VisitSeen>, ResMut<Progress>),
) {
    seen.0 = false;
    // Home stops pointing a newcomer to Learn once it has been opened.
    progress.lessons_seen = true;
    lessons.write(LessonRequest::Open(Some(settings.variant)));
}

fn close_lesson(run: Res<LessonRun>, mut lessons: MessageWriter<LessonRequest>) {
    if run.open.is_some() {
        lessons.write(LessonRequest::Close);
    }
}

/// The game's puzzles: the game in progress's (the one that waits), not
/// Play's next game's (fresh eyes, round 28: the Puzzles button under
/// "Breakthrough puzzle rating" opened Lines of Action puzzles).
fn start_puzzle(
    (session, visit): (Res<GameSession>, Res<Visit>),
    mut puzzles: MessageWriter<PuzzleRequest>,
    mut seen: ResMut<VisitSeen>,
) {
    seen.0 = false;
    puzzles.write(PuzzleRequest::Start(visit.left_game().unwrap_or(&session).variant()));
}

/// The game that waited comes back (does nothing when no puzzle is open).
fn leave_puzzle(mut puzzles: MessageWriter<PuzzleRequest>) {
    puzzles.write(PuzzleRequest::Leave);
}

/// A game studied in Analyse or Watch & Lab stays there: leaving the screen
/// brings back the game in progress that waited, and Resume goes where that
/// game is played.
/// A review of the game in progress begun there is the screen's too: the
/// game goes back to its live position, so Play (Resume) never opens on an
/// old position with its clock stopped.
fn leave_study(
    (visit, session): (Res<Visit>, Res<GameSession>),
    mut requests: MessageWriter<GameRequest>,
    mut resume: ResMut<ResumeScreen>,
) {
    if visit.studying() {
        requests.write(GameRequest::Return);
        resume.0 = visit.left_players().map(Screen::for_players);
    } else if session.reviewing() || session.shown_ply() != session.plies() {
        requests.write(GameRequest::GoTo { ply: session.plies() });
    }
}

/// Closing the card or leaving the puzzle ends the screen's purpose.
fn home_when_visit_ends(visit: Res<Visit>, mut seen: ResMut<VisitSeen>, mut screen: ResMut<NextState<Screen>>) {
    if visit.active() {
        seen.0 = true;
    } else if seen.0 {
        seen.0 = false;
        screen.set(Screen::Home);
    }
}

/// Watch & Lab's pause is its own: Play has no Resume, so a pause set
/// there (and kept by the game when Home was visited) is lifted on entry.
fn play_is_never_paused(control: Res<AiControl>, mut requests: MessageWriter<GameRequest>) {
    if control.paused() {
        requests.write(GameRequest::SetPaused(false));
    }
}

/// A game in progress comes back to Play at its live position, its clock
/// running (fresh eyes, round 13: Resume returned to a review left open on
/// Play, the reviewed position's clocks standing still).
fn play_resumes_live(game: GameInProgress, mut requests: MessageWriter<GameRequest>) {
    let session = &game.session;
    let reviewed = session.reviewing() || session.shown_ply() != session.plies();
    if reviewed && !game.visit.waiting() && !session.outcome().is_over() {
        requests.write(GameRequest::GoTo { ply: session.plies() });
    }
}

/// Positions sent to the board while another mode showed were never read
/// (messages last two frames): the board shows the game again on return.
fn show_board_again(phase: Res<State<GamePhase>>, session: Res<GameSession>, mut board: MessageWriter<ShowPosition>) {
    if *phase.get() != GamePhase::Setup {
        board.write(ShowPosition { position: session.shown_position(), step: None });
    }
}
