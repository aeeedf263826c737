//! The screens a person moves between (Home, the play setup, a game, the
//! lessons, ...) as a Bevy state, with the game's [`Mode`] following each
//! one: while a menu shows, the board game waits untouched (no move, no
//! clock), and Home offers to resume it where it was left.

use bevy::prelude::*;

use crate::game::control::AiControl;
use crate::game::notice::Notice;
use crate::game::owner::visit::Visit;
use crate::game::phase::{GamePhase, Mode};
use crate::game::players::Players;
use crate::game::request::GameRequest;
use crate::game::session::GameSession;
use crate::game::settings::GameSettings;
use crate::game::show::ShowPosition;
use crate::modes::lessons::{LessonRequest, LessonRun};
use crate::modes::puzzles::PuzzleRequest;

/// What the window shows.
#[derive(States, Default, Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Screen {
    #[default]
    Home,
    /// Opponent, colour, clock, rated or casual; then Start.
    PlaySetup,
    /// A game against a level or a friend, with only what playing needs.
    Play,
    /// How to play, on the real board.
    Learn,
    Puzzles,
    /// The game on the board with the analysis, files and set-up tools.
    Analyse,
    /// AI against AI, matchup presets, series and the engine's numbers.
    Watch,
    Flow,
    /// The games kept: find, open, import, export, delete.
    Library,
    Settings,
}

impl Screen {
    /// The modes Home offers, in its order.
    pub const MODES: [Screen; 8] = [
        Screen::Play,
        Screen::Learn,
        Screen::Puzzles,
        Screen::Analyse,
        Screen::Watch,
        Screen::Library,
        Screen::Flow,
        Screen::Settings,
    ];

    pub fn title(self) -> &'static str {
        match self {
            Screen::Home => "Home",
            Screen::PlaySetup => "New game",
            Screen::Play => "Play",
            Screen::Learn => "Learn",
            Screen::Puzzles => "Puzzles",
            Screen::Analyse => "Analyse",
            Screen::Watch => "Watch & Lab",
            Screen::Flow => "Flow Free",
            Screen::Library => "Library",
            Screen::Settings => "Settings",
        }
    }

    /// One line under the mode's button on Home.
    pub fn blurb(self) -> &'static str {
        match self {
            Screen::Play => "A game against a level of the AI or a friend",
            Screen::Learn => "How to play, step by step on the board",
            Screen::Puzzles => "Win from a position the solver proved",
            Screen::Analyse => "Open or paste a game, review it with the master search",
            Screen::Watch => "AI against AI, matchup presets, series, the engine's numbers",
            Screen::Flow => "Draw the pipes of a Flow Free puzzle",
            Screen::Library => "Every finished game kept: find, review, import, export",
            Screen::Settings => "Board, pieces, interface size, pace",
            Screen::Home | Screen::PlaySetup => "",
        }
    }

    /// The game's mode while this screen shows.
    pub fn mode(self) -> Mode {
        match self {
            Screen::Play | Screen::Learn | Screen::Puzzles | Screen::Analyse | Screen::Watch => Mode::Board,
            Screen::Flow => Mode::Flow,
            Screen::Home | Screen::PlaySetup | Screen::Library | Screen::Settings => Mode::Menu,
        }
    }

    /// Screens where the game in progress is played, watched or studied;
    /// Resume goes back to the last one seen.
    pub fn holds_game(self) -> bool {
        matches!(self, Screen::Play | Screen::Analyse | Screen::Watch)
    }

    /// Where a game of these players is played: watched when no person plays.
    pub fn for_players(players: &Players) -> Screen {
        if players.both_ai() { Screen::Watch } else { Screen::Play }
    }
}

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
        .insert_resource(ResumeScreen(resume))
        .init_resource::<VisitSeen>()
        .add_systems(OnEnter(Screen::Learn), open_lesson)
        .add_systems(OnExit(Screen::Learn), close_lesson)
        .add_systems(OnEnter(Screen::Puzzles), start_puzzle)
        .add_systems(OnExit(Screen::Puzzles), leave_puzzle)
        .add_systems(OnEnter(Mode::Board), show_board_again)
        .add_systems(OnEnter(Screen::Play), play_is_never_paused)
        .add_systems(Update, home_when_visit_ends.run_if(in_state(Screen::Learn).or_else(in_state(Screen::Puzzles))));
    for screen in [Screen::Home, Screen::PlaySetup, Screen::Settings].into_iter().chain(Screen::MODES) {
        app.add_systems(OnEnter(screen), move |mut mode: ResMut<NextState<Mode>>, mut resume: ResMut<ResumeScreen>| {
            NextState::set_if_neq(&mut mode, screen.mode());
            if screen.holds_game() {
                resume.0 = Some(screen);
            }
        });
        app.add_systems(OnExit(screen), forget_messages);
    }
}

/// A message belongs to the screen it was posted on (a clipboard error in
/// Analyse, a net's notice in Watch & Lab): leaving the screen forgets it,
/// toast and panel line, so it never reappears elsewhere.
fn forget_messages(mut notice: ResMut<Notice>) {
    notice.set_if_neq(Notice::default());
}

fn open_lesson(settings: Res<GameSettings>, mut lessons: MessageWriter<LessonRequest>, mut seen: ResMut<VisitSeen>) {
    seen.0 = false;
    lessons.write(LessonRequest::Open(Some(settings.variant)));
}

fn close_lesson(run: Res<LessonRun>, mut lessons: MessageWriter<LessonRequest>) {
    if run.open.is_some() {
        lessons.write(LessonRequest::Close);
    }
}

fn start_puzzle(settings: Res<GameSettings>, mut puzzles: MessageWriter<PuzzleRequest>, mut seen: ResMut<VisitSeen>) {
    seen.0 = false;
    puzzles.write(PuzzleRequest::Start(settings.variant));
}

/// The game that waited comes back (does nothing when no puzzle is open).
fn leave_puzzle(mut puzzles: MessageWriter<PuzzleRequest>) {
    puzzles.write(PuzzleRequest::Leave);
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

/// Positions sent to the board while another mode showed were never read
/// (messages last two frames): the board shows the game again on return.
fn show_board_again(phase: Res<State<GamePhase>>, session: Res<GameSession>, mut board: MessageWriter<ShowPosition>) {
    if *phase.get() != GamePhase::Setup {
        board.write(ShowPosition { position: session.shown_position(), step: None });
    }
}
