//! Newcomer journeys, end to end, through the requests a click sends: a
//! first start to a finished rated game and its report; Learn and back to
//! the game; a Watch & Lab pause that must not reach Play; a puzzle missed
//! and retried; a finished game analysed; the Library's report and exercise;
//! settings over a restart; a restart in the middle of a casual game; a game
//! lost on time, then a restart; a course matchup, then a series of it;
//! Lines of Action from Home; Flow Free from Home and back; a Library game
//! studied in Analyse beside the game in progress (and played on from);
//! a Watch & Lab preset beside it; a turn's clock kept over a restart and
//! over a lesson.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use breakline_app::flow::{FlowGame, FlowRequest};
use breakline_app::game::owner::Visit;
use breakline_app::game::phase::{GamePhase, TurnPhase};
use breakline_app::game::players::PlayerSetup;
use breakline_app::game::ratings::Progress;
use breakline_app::game::request::{GameRequest, MoveChosen, ReplaceGame};
use breakline_app::game::screen::Mode;
use breakline_app::game::screen::Screen;
use breakline_app::game::settings::{GameSettings, PlaySettings, SettingsPath};
use breakline_app::home::screens::ResumeScreen;
use breakline_app::learn::lessons::LessonRequest;
use breakline_app::library::browse::{LibraryRequest, LibraryView};
use breakline_app::library::keep::LibraryWrites;
use breakline_app::library::practice::{Practice, PracticeRequest};
use breakline_app::library::report::{BoardReport, ReportRequest};
use breakline_app::library::shelf::LibraryPath;
use breakline_app::platform::launch::LaunchOptions;
use breakline_app::play::rated::{RatedGame, suggested_level};
use breakline_app::play::setup::{ColourChoice, Opponent, PendingGame, PlayChoice, PlayRequest};
use breakline_app::puzzles::puzzle::{PuzzleRequest, PuzzleRun, Stage};
use breakline_app::series::{Series, SeriesForm};
use breakline_app::settings::store;
use breakline_app::tasks::analysis::{AnalysisSettings, AnalysisView};
use breakline_app::theme::looks::{BoardTheme, Looks, PieceSet};
use breakline_app::{configure, plugin};
use breakline_engine::library::review::ReportSettings;
use breakline_engine::library::sample::random_game;
use breakline_engine::library::{GameFilter, Library};
use breakline_engine::rules::clock::TimeControl;
use breakline_engine::{Side, Variant};

use crate::findings_screens::{choose_matchup, start_series_from_form};
use crate::library::{remove, scratch, wait_for_writes};
use crate::{STEP, go, mode, phase, players, screen, session, settled_human_turn, turn, update_until};

const BT: Variant = Variant::Breakthrough;

/// Where a person's files live across restarts in one journey.
pub(crate) struct Home {
    settings: PathBuf,
    library: PathBuf,
}

impl Home {
    pub(crate) fn new(name: &str) -> Home {
        let settings = std::env::temp_dir().join(format!("breakline-journey-{}-{name}.json", std::process::id()));
        let _ = std::fs::remove_file(&settings);
        Home { settings, library: scratch(&format!("journey-{name}")) }
    }

    /// The game as a person starts it: the saved board, players and clock
    /// (as `saved_launch_options` reads them), Home first, their settings
    /// and library.
    pub(crate) fn start(&self) -> App {
        let mut options = LaunchOptions { home: true, ..LaunchOptions::default() };
        if let Ok(Some(stored)) = store::read(&self.settings) {
            options.variant = stored.variant;
            options.size = stored.size;
            options.white = PlayerSetup::from(&stored.white);
            options.black = PlayerSetup::from(&stored.black);
            options.time_control = stored.time_control;
        }
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin))
            .insert_resource(TimeUpdateStrategy::ManualDuration(STEP))
            .insert_resource(SettingsPath(Some(self.settings.clone())))
            .insert_resource(LibraryPath(Some(self.library.clone())));
        configure(&mut app, &options);
        // As the other game tests: a game is replaced without the question (a click more).
        app.insert_resource(PlaySettings { confirm_replace: false, ..default() });
        app.add_plugins(plugin);
        app.update();
        app
    }

    /// Quits as the window's close does: the settings are written on exit.
    pub(crate) fn quit(&self, mut app: App) {
        wait_for_writes(&mut app);
        app.world_mut().write_message(AppExit::Success);
        app.update();
    }
}

impl Drop for Home {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.settings);
        remove(&self.library);
    }
}

/// Home's Resume button: back to where the game in progress was left.
pub(crate) fn resume(app: &mut App) {
    let resume = app.world().resource::<ResumeScreen>().0.expect("Home offers Resume");
    go(app, resume);
}

/// The play setup: `choice`, then Start; waits for the new game.
pub(crate) fn start(app: &mut App, choice: PlayChoice) {
    go(app, Screen::PlaySetup);
    *app.world_mut().resource_mut::<PlayChoice>() = choice;
    let generation = session(app).generation();
    app.world_mut().write_message(PlayRequest::Start);
    let started = update_until(app, 100, |app| {
        !app.world().resource::<PendingGame>().waiting()
            && screen(app) == Screen::Play
            && session(app).generation() != generation
            && phase(app) == GamePhase::Playing
    });
    assert!(started, "Start opens the game");
}

/// The person's first legal move, then the opponent's answer.
pub(crate) fn exchange(app: &mut App) {
    assert!(settled_human_turn(app, 400), "the person's turn");
    let s = session(app);
    let (plies, request) =
        (s.plies(), MoveChosen::human(s.position().legal_moves()[0], s.generation(), s.position().hash()));
    app.world_mut().write_message(request);
    assert!(update_until(app, 600, |app| session(app).plies() >= plies + 2), "the opponent answers");
    assert!(settled_human_turn(app, 400));
}

fn resign(app: &mut App) {
    app.world_mut().write_message(GameRequest::Resign);
    assert!(update_until(app, 20, |app| phase(app) == GamePhase::Over));
    app.update();
}

fn rating(app: &App, variant: Variant) -> (f64, u32) {
    let r = app.world().resource::<Progress>().rating(variant);
    (r.glicko.rating, r.games)
}

/// Updates, giving background work time, until `done`; fails after 60 s.
pub(crate) fn wait(app: &mut App, what: &str, mut done: impl FnMut(&App) -> bool) {
    let start = Instant::now();
    while !done(app) {
        assert!(start.elapsed() < Duration::from_secs(60), "waited too long for {what}");
        app.update();
        std::thread::sleep(Duration::from_millis(1));
    }
}

fn stored_games(path: &Path) -> usize {
    Library::open(path).expect("opens").list(&GameFilter::default()).expect("lists").len()
}

#[test]
fn journey_first_start_plays_the_suggested_level_to_a_rated_result_and_its_report() {
    let home = Home::new("first-start");
    let mut app = home.start();
    assert_eq!(screen(&app), Screen::Home);
    // A first start has no game in progress to resume.
    assert_eq!(app.world().resource::<ResumeScreen>().0, None, "nothing to resume on a first start");
    // Play, with the suggested level already chosen: the setup's default.
    let suggested = suggested_level(app.world().resource::<Progress>(), BT);
    assert_eq!(PlayChoice::default().opponent.level(suggested), Some(suggested));
    start(&mut app, PlayChoice::default());
    assert_eq!(players(&app).white, PlayerSetup::Human);
    assert_eq!(crate::level_of(&players(&app).black), Some(suggested));
    assert_eq!(app.world().resource::<RatedGame>().unrated_because(), None, "rated");
    let before = rating(&app, BT);
    exchange(&mut app);
    exchange(&mut app);
    resign(&mut app);
    assert_eq!(rating(&app, BT).1, before.1 + 1, "rated once");
    wait_for_writes(&mut app);
    assert_eq!(app.world().resource::<LibraryWrites>().stored.len(), 1, "kept once");
    // Its report, from the end of the game.
    app.world_mut().write_message(ReportRequest);
    wait(&mut app, "the report", |app| app.world().resource::<BoardReport>().report_of(session(app)).is_some());
    let report = app.world().resource::<BoardReport>().report_of(session(&app)).unwrap();
    assert_eq!(report.moves.len(), session(&app).plies());
}

#[test]
fn journey_learn_then_home_then_resume_gives_the_game_back() {
    let home = Home::new("learn");
    let mut app = home.start();
    start(&mut app, PlayChoice::default());
    exchange(&mut app);
    let (moves, kept_players) = (session(&app).record().moves.clone(), players(&app));
    go(&mut app, Screen::Home);
    go(&mut app, Screen::Learn);
    app.world_mut().write_message(LessonRequest::Open(Some(BT)));
    assert!(update_until(&mut app, 50, |app| app.world().resource::<Visit>().active()), "the lesson borrows the board");
    // "◀ Home" from Learn, then Resume.
    go(&mut app, Screen::Home);
    resume(&mut app);
    assert_eq!(screen(&app), Screen::Play);
    assert!(update_until(&mut app, 50, |app| !app.world().resource::<Visit>().active()));
    assert_eq!(session(&app).record().moves, moves, "the game in progress as it was left");
    assert_eq!(players(&app), kept_players, "its players, not the lesson's");
    assert_eq!(app.world().resource::<RatedGame>().unrated_because(), None, "still rated");
    exchange(&mut app);
}

#[test]
fn journey_a_watch_pause_does_not_reach_play() {
    let home = Home::new("watch-pause");
    let mut app = home.start();
    go(&mut app, Screen::Watch);
    choose_matchup(&mut app, 8);
    app.world_mut().write_message(GameRequest::SetPaused(true));
    app.update();
    go(&mut app, Screen::Home);
    // Play Lines of Action as White against a level.
    app.world_mut().resource_mut::<GameSettings>().variant = Variant::LinesOfAction;
    app.world_mut().resource_mut::<GameSettings>().size = Variant::LinesOfAction.default_size();
    start(&mut app, PlayChoice { colour: ColourChoice::White, ..PlayChoice::default() });
    assert_eq!(session(&app).variant(), Variant::LinesOfAction);
    // Black (the level) moves first in Lines of Action: it must move, unpaused.
    exchange(&mut app);
    assert!(session(&app).plies() >= 2);
}

#[test]
fn journey_a_puzzle_missed_then_retried_stays_a_puzzle() {
    let home = Home::new("puzzle");
    let mut app = home.start();
    go(&mut app, Screen::Puzzles);
    app.world_mut().write_message(PuzzleRequest::Start(BT));
    let active = |app: &App| app.world().resource::<PuzzleRun>().active.clone();
    wait(&mut app, "the puzzle", |app| {
        active(app).is_some_and(|a| a.stage == Stage::YourMove && session(app).position().fen() == a.puzzle.fen)
            && turn(app) == Some(TurnPhase::HumanTurn)
    });
    let puzzle = active(&app).unwrap().puzzle.clone();
    let line = puzzle.moves().expect("a shipped puzzle replays");
    let s = session(&app);
    let wrong = s.position().legal_moves().into_iter().find(|&m| m != line[0]).expect("another move");
    let request = MoveChosen::human(wrong, s.generation(), s.position().hash());
    app.world_mut().write_message(request);
    wait(&mut app, "the miss", |app| matches!(active(app).unwrap().stage, Stage::Missed { .. }));
    // A miss is the puzzle's, not a game's end.
    assert_ne!(phase(&app), GamePhase::Over, "a wrong move does not end a game");
    app.world_mut().write_message(PuzzleRequest::Retry);
    wait(&mut app, "the retry", |app| {
        active(app).is_some_and(|a| a.stage == Stage::YourMove) && session(app).plies() == 0
    });
    for _ in 0..3 {
        app.update();
    }
    loop {
        let a = active(&app).expect("a puzzle");
        if a.stage == Stage::Solved {
            break;
        }
        let mv = a.next_move().expect("the line's move");
        assert!(settled_human_turn(&mut app, 1000));
        let s = session(&app);
        let (plies, request) = (s.plies(), MoveChosen::human(mv, s.generation(), s.position().hash()));
        app.world_mut().write_message(request);
        wait(&mut app, "the reply", |app| {
            let a = active(app).unwrap();
            a.stage == Stage::Solved || (session(app).plies() == plies + 2 && a.stage == Stage::YourMove)
        });
    }
    assert!(!active(&app).unwrap().helped, "no hint was used: not 'with help'");
    app.world_mut().write_message(PuzzleRequest::Leave);
    wait(&mut app, "the way out", |app| !app.world().resource::<Visit>().active());
    go(&mut app, Screen::Home);
}

#[test]
fn journey_a_finished_game_is_analysed() {
    let home = Home::new("analyse");
    let mut app = home.start();
    start(&mut app, PlayChoice { rated: false, ..PlayChoice::default() });
    exchange(&mut app);
    resign(&mut app);
    let record = session(&app).record().clone();
    go(&mut app, Screen::Analyse);
    app.world_mut().resource_mut::<AnalysisSettings>().on = true;
    app.world_mut().write_message(GameRequest::GoTo { ply: 1 });
    wait(&mut app, "the analysis of ply 1", |app| {
        let view = app.world().resource::<AnalysisView>();
        view.subject().is_some_and(|key| key.ply == 1) && view.info.as_ref().is_some_and(|i| !i.lines.is_empty())
    });
    assert_eq!(session(&app).record().moves, record.moves, "analysis never changes the game");
    assert!(session(&app).outcome().is_over(), "the game stays finished");
    app.world_mut().resource_mut::<AnalysisSettings>().on = false;
    go(&mut app, Screen::Home);
}

#[test]
fn journey_library_game_report_then_exercise() {
    let home = Home::new("library");
    {
        let text = random_game(BT, BT.default_size(), 5, 0).expect("a game");
        let mut game = breakline_engine::library::transfer::read_game(&text).expect("reads");
        game.person = Some(Side::White);
        let mut library = Library::open(&home.library).expect("opens");
        library.add(&game).expect("stores");
    }
    let mut app = home.start();
    go(&mut app, Screen::Library);
    app.update();
    let listed = app.world().resource::<LibraryView>().games.clone();
    assert_eq!(listed.len(), 1);
    app.world_mut().write_message(LibraryRequest::Open(listed[0].id));
    assert!(update_until(&mut app, 50, |app| screen(app) == Screen::Analyse && session(app).plies() > 0));
    app.world_mut().write_message(ReportRequest);
    wait(&mut app, "the report", |app| app.world().resource::<BoardReport>().report_of(session(app)).is_some());
    // The report made exercises of the person's mistakes.
    let library = Library::open(&home.library).expect("opens");
    let report = library.report(listed[0].id, &ReportSettings::default()).expect("reads");
    assert!(report.is_some(), "kept with the game");
    go(&mut app, Screen::Library);
    app.update();
    app.update();
    let left = app.world().resource::<LibraryView>().exercises_left.clone();
    if left.iter().any(|(v, n)| *v == BT && *n > 0) {
        app.world_mut().write_message(PracticeRequest::Start(BT));
        assert!(update_until(&mut app, 50, |app| app.world().resource::<Visit>().active()));
        let exercise = app.world().resource::<Practice>().current.clone().expect("an exercise");
        assert_eq!(session(&app).position().fen(), exercise.fen);
        app.world_mut().write_message(PracticeRequest::Stop);
        assert!(update_until(&mut app, 50, |app| !app.world().resource::<Visit>().active()));
    }
    go(&mut app, Screen::Home);
}

#[test]
fn journey_settings_persist_over_a_restart() {
    let home = Home::new("settings");
    let looks = Looks { board: BoardTheme::ColourSafe, pieces: PieceSet::Discs, scale: 1.25 };
    let choice = PlayChoice { opponent: Opponent::Friend, colour: ColourChoice::Black, rated: false };
    let mut app = home.start();
    go(&mut app, Screen::Settings);
    *app.world_mut().resource_mut::<Looks>() = looks;
    app.world_mut().resource_mut::<PlaySettings>().animate = false;
    *app.world_mut().resource_mut::<PlayChoice>() = choice;
    app.world_mut().resource_mut::<GameSettings>().time_control = Some(TimeControl::parse("5+3").unwrap());
    go(&mut app, Screen::Home);
    home.quit(app);
    let app = home.start();
    assert_eq!(*app.world().resource::<Looks>(), looks);
    assert!(!app.world().resource::<PlaySettings>().animate);
    assert_eq!(*app.world().resource::<PlayChoice>(), choice);
    assert_eq!(app.world().resource::<GameSettings>().time_control, Some(TimeControl::parse("5+3").unwrap()));
}

#[test]
fn journey_a_restart_in_the_middle_of_a_casual_game_restores_it() {
    let home = Home::new("restart-casual");
    let mut app = home.start();
    start(&mut app, PlayChoice { rated: false, ..PlayChoice::default() });
    exchange(&mut app);
    exchange(&mut app);
    let (moves, kept_players) = (session(&app).record().moves.clone(), players(&app));
    home.quit(app);
    let mut app = home.start();
    assert_eq!(app.world().resource::<ResumeScreen>().0, Some(Screen::Play), "Home offers the unfinished game");
    resume(&mut app);
    assert_eq!(session(&app).record().moves, moves, "the unfinished game is restored");
    assert_eq!(players(&app), kept_players);
    assert!(app.world().resource::<RatedGame>().unrated_because().is_some(), "still casual");
    exchange(&mut app);
}

#[test]
fn journey_a_game_lost_on_time_stays_lost_after_a_restart() {
    let home = Home::new("on-time");
    let mut app = home.start();
    // A minute (the parser reads seconds): a shorter clock could flag the
    // level while it thinks on a loaded machine (frames run 50 ms of game time).
    app.world_mut().resource_mut::<GameSettings>().time_control = Some(TimeControl::parse("60+0").unwrap());
    start(&mut app, PlayChoice::default());
    exchange(&mut app);
    let before = rating(&app, BT);
    // No move until the flag falls.
    let frames = (60.0 / STEP.as_secs_f32()) as usize + 200;
    assert!(update_until(&mut app, frames, |app| phase(app) == GamePhase::Over), "the flag falls");
    assert_eq!(session(&app).outcome().winner(), Some(Side::Black));
    let after = rating(&app, BT);
    assert_eq!(after.1, before.1 + 1, "rated once");
    wait_for_writes(&mut app);
    home.quit(app);
    assert_eq!(stored_games(&home.library), 1, "kept once");
    let mut app = home.start();
    let resumable = app.world().resource::<ResumeScreen>().0;
    if resumable.is_some() {
        resume(&mut app);
        assert!(session(&app).outcome().is_over(), "a finished game is never resumed live");
    }
    for _ in 0..(70.0 / STEP.as_secs_f32()) as usize {
        app.update();
    }
    assert_eq!(rating(&app, BT), after, "the loss is not counted again");
    wait_for_writes(&mut app);
    assert_eq!(app.world().resource::<LibraryWrites>().stored.len(), 0, "not stored again");
    drop(app);
    assert_eq!(stored_games(&home.library), 1);
}

#[test]
fn journey_a_course_matchup_on_the_game_tab_then_a_series_of_it() {
    let home = Home::new("series");
    let mut app = home.start();
    go(&mut app, Screen::Watch);
    choose_matchup(&mut app, 6);
    let (PlayerSetup::Ai(white), PlayerSetup::Ai(black)) = (players(&app).white, players(&app).black) else {
        panic!("a matchup is AI against AI");
    };
    let form = app.world().resource::<SeriesForm>();
    assert_eq!(form.players(), (white.to_string().as_str(), black.to_string().as_str()), "the series is the matchup");
    assert!(!form.swaps());
    start_series_from_form(&mut app, 2);
    let series = app.world().resource::<Series>();
    assert_eq!(series.progress(), (2, 2));
    let rows = series.summary().player_rows(false);
    assert!(rows.iter().any(|(name, _, _)| *name == "Nodes per move"), "{rows:?}");
    // The game on the board was the matchup's, and stays so.
    assert_eq!(players(&app).white, PlayerSetup::Ai(white));
    go(&mut app, Screen::Home);
}

#[test]
fn journey_lines_of_action_from_home() {
    let home = Home::new("loa");
    let mut app = home.start();
    go(&mut app, Screen::PlaySetup);
    app.world_mut().resource_mut::<GameSettings>().variant = Variant::LinesOfAction;
    app.world_mut().resource_mut::<GameSettings>().size = Variant::LinesOfAction.default_size();
    let suggested = suggested_level(app.world().resource::<Progress>(), Variant::LinesOfAction);
    start(&mut app, PlayChoice { colour: ColourChoice::Black, ..PlayChoice::default() });
    assert_eq!(session(&app).variant(), Variant::LinesOfAction);
    assert_eq!(crate::level_of(&players(&app).white), Some(suggested), "the suggested Lines of Action level");
    // Black, the person, moves first in Lines of Action.
    assert_eq!(session(&app).position().side_to_move(), Side::Black);
    exchange(&mut app);
    exchange(&mut app);
    assert_eq!(app.world().resource::<RatedGame>().unrated_because(), None);
    go(&mut app, Screen::Home);
    resume(&mut app);
    assert_eq!(session(&app).variant(), Variant::LinesOfAction);
    assert_eq!(session(&app).plies(), 4);
}

#[test]
fn journey_flow_free_from_home_and_back() {
    let home = Home::new("flow");
    let mut app = home.start();
    go(&mut app, Screen::Flow);
    assert_eq!(mode(&app), Mode::Flow);
    let send = |app: &mut App, request: FlowRequest| {
        app.world_mut().write_message(request);
        app.update();
    };
    send(&mut app, FlowRequest::Pick(0));
    let game = app.world().resource::<FlowGame>();
    let source = game.puzzle().ends(0)[0];
    let next = game.puzzle().neighbours(source).find(|&n| game.puzzle().source(n).is_none()).unwrap();
    send(&mut app, FlowRequest::Press(source));
    send(&mut app, FlowRequest::DragTo(next));
    send(&mut app, FlowRequest::Release);
    let drawn = app.world().resource::<FlowGame>().drawing.clone();
    go(&mut app, Screen::Home);
    assert_eq!(mode(&app), Mode::Menu, "the board game's screens are left alone");
    go(&mut app, Screen::Flow);
    assert_eq!(app.world().resource::<FlowGame>().drawing, drawn, "the pipes drawn are still there");
    go(&mut app, Screen::Home);
    // Home's Resume, if any, is the board game's, not Flow's.
    assert_ne!(app.world().resource::<ResumeScreen>().0, Some(Screen::Flow));
}

/// A library holding one finished random game, as `journey_library_game_report_then_exercise` makes it.
fn library_with_one_game(home: &Home) {
    let text = random_game(BT, BT.default_size(), 7, 0).expect("a game");
    let game = breakline_engine::library::transfer::read_game(&text).expect("reads");
    Library::open(&home.library).expect("opens").add(&game).expect("stores");
}

/// The Library's Open on its first game; the plies that game has.
fn open_first_library_game(app: &mut App) -> usize {
    go(app, Screen::Library);
    app.update();
    let listed = app.world().resource::<LibraryView>().games.clone();
    app.world_mut().write_message(LibraryRequest::Open(listed[0].id));
    listed[0].plies as usize
}

#[test]
fn journey_a_library_game_studied_in_analyse_gives_the_game_in_progress_back() {
    let home = Home::new("study");
    library_with_one_game(&home);
    let mut app = home.start();
    start(&mut app, PlayChoice { rated: false, ..PlayChoice::default() });
    exchange(&mut app);
    let (moves, kept_players) = (session(&app).record().moves.clone(), players(&app));
    go(&mut app, Screen::Home);
    let plies = open_first_library_game(&mut app);
    assert!(update_until(&mut app, 50, |app| screen(app) == Screen::Analyse && session(app).plies() == plies));
    assert!(app.world().resource::<Visit>().studying(), "the game in progress waits aside");
    assert!(app.world().resource::<ReplaceGame>().pending.is_none(), "nothing to confirm: nothing is lost");
    // A side line on the studied game, as on any game in Analyse.
    app.world_mut().write_message(GameRequest::GoTo { ply: 2 });
    app.update();
    go(&mut app, Screen::Home);
    app.update();
    assert!(!app.world().resource::<Visit>().waiting(), "leaving Analyse ends the study");
    resume(&mut app);
    assert_eq!(screen(&app), Screen::Play, "Resume goes where the game is played");
    assert_eq!(session(&app).record().moves, moves, "the game in progress as it was left");
    assert_eq!(players(&app), kept_players);
    assert!(app.world().resource::<RatedGame>().unrated_because().is_some(), "still casual");
    exchange(&mut app);
}

#[test]
fn journey_play_on_from_a_studied_game_ends_the_game_that_waited() {
    let home = Home::new("study-play-on");
    library_with_one_game(&home);
    let mut app = home.start();
    start(&mut app, PlayChoice { rated: false, ..PlayChoice::default() });
    exchange(&mut app);
    let plies = open_first_library_game(&mut app);
    assert!(update_until(&mut app, 50, |app| app.world().resource::<Visit>().studying()));
    let studied = session(&app).record().moves.clone();
    assert_eq!(studied.len(), plies);
    app.world_mut().write_message(GameRequest::PlayOnFromStudy);
    let ended = update_until(&mut app, 5, |app| !app.world().resource::<Visit>().waiting());
    assert!(ended, "the game that waited is ended");
    go(&mut app, Screen::Home);
    app.update();
    assert_eq!(session(&app).record().moves, studied, "the studied game is now the game");
}

#[test]
fn journey_a_rated_game_in_progress_keeps_its_board_from_the_library() {
    let home = Home::new("study-rated");
    library_with_one_game(&home);
    let mut app = home.start();
    start(&mut app, PlayChoice::default());
    exchange(&mut app);
    let moves = session(&app).record().moves.clone();
    open_first_library_game(&mut app);
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(screen(&app), Screen::Library, "no study beside a rated game (it forbids analysis)");
    let notice = app.world().resource::<breakline_app::game::notice::Notice>().text.clone().unwrap_or_default();
    assert!(notice.contains("rated game"), "the refusal says why: {notice}");
    assert_eq!(session(&app).record().moves, moves);
    assert_eq!(app.world().resource::<RatedGame>().unrated_because(), None, "still rated");
}

/// Frames of `seconds` of simulated time.
fn frames(seconds: f32) -> usize {
    (seconds / STEP.as_secs_f32()) as usize
}

/// A one-minute game at the person's turn, after one exchange, with 40 s of it spent.
fn one_minute_game_forty_seconds_in(home: &Home) -> App {
    let mut app = home.start();
    app.world_mut().resource_mut::<GameSettings>().time_control = Some(TimeControl::parse("60+0").unwrap());
    start(&mut app, PlayChoice { rated: false, ..PlayChoice::default() });
    exchange(&mut app);
    for _ in 0..frames(40.0) {
        app.update();
    }
    let s = session(&app);
    assert_eq!(
        phase(&app),
        GamePhase::Playing,
        "20 s are left: {:?} {:?} plies {}",
        s.record().result,
        s.clock(),
        s.plies()
    );
    app
}

#[test]
fn journey_a_restart_keeps_the_time_the_turn_in_progress_had_used() {
    let home = Home::new("clock-restart");
    let app = one_minute_game_forty_seconds_in(&home);
    home.quit(app);
    let mut app = home.start();
    resume(&mut app);
    let fell = update_until(&mut app, frames(25.0), |app| phase(app) == GamePhase::Over);
    assert!(fell, "the flag falls after the 20 s that were left, not after a whole minute again");
    assert_eq!(session(&app).outcome().winner(), Some(Side::Black));
}

#[test]
fn journey_a_lesson_in_the_middle_of_a_turn_keeps_the_turn_s_time() {
    let home = Home::new("clock-visit");
    let mut app = one_minute_game_forty_seconds_in(&home);
    go(&mut app, Screen::Home);
    go(&mut app, Screen::Learn);
    app.world_mut().write_message(LessonRequest::Open(Some(BT)));
    assert!(update_until(&mut app, 50, |app| app.world().resource::<Visit>().active()));
    go(&mut app, Screen::Home);
    resume(&mut app);
    let fell = update_until(&mut app, frames(25.0), |app| phase(app) == GamePhase::Over);
    assert!(fell, "the 40 s spent before the lesson still count");
}

#[test]
fn journey_a_watch_preset_beside_a_game_in_progress_gives_that_game_back() {
    let home = Home::new("watch-study");
    let mut app = home.start();
    start(&mut app, PlayChoice::default());
    exchange(&mut app);
    let (moves, kept_players) = (session(&app).record().moves.clone(), players(&app));
    go(&mut app, Screen::Home);
    go(&mut app, Screen::Watch);
    choose_matchup(&mut app, 8);
    assert!(app.world().resource::<Visit>().studying(), "the rated game waits aside");
    let watched = players(&app);
    assert!(
        matches!((&watched.white, &watched.black), (PlayerSetup::Ai(_), PlayerSetup::Ai(_))),
        "the preset's players play the watched game"
    );
    assert!(update_until(&mut app, 400, |app| session(app).plies() >= 2), "the watched game plays");
    go(&mut app, Screen::Home);
    app.update();
    resume(&mut app);
    assert_eq!(screen(&app), Screen::Play);
    assert_eq!(session(&app).record().moves, moves, "the game in progress as it was left");
    assert_eq!(players(&app), kept_players, "its players, not the preset's");
    assert_eq!(app.world().resource::<RatedGame>().unrated_because(), None, "still rated");
    exchange(&mut app);
}

#[test]
fn journey_keep_playing_when_asked_about_a_preset_changes_nothing() {
    let home = Home::new("watch-keep");
    let mut app = home.start();
    app.insert_resource(PlaySettings { confirm_replace: true, ..default() });
    go(&mut app, Screen::Watch);
    choose_matchup(&mut app, 8);
    assert!(update_until(&mut app, 400, |app| session(app).plies() >= 2), "the first matchup plays");
    let (generation, watched) = (session(&app).generation(), players(&app));
    choose_matchup(&mut app, 1);
    assert!(app.world().resource::<ReplaceGame>().pending.is_some(), "a game in progress: asked first");
    app.world_mut().write_message(GameRequest::CancelReplace);
    app.update();
    assert_eq!(session(&app).generation(), generation, "the same game goes on");
    assert_eq!(players(&app), watched, "with its own players (the question held the preset's too)");
}

#[test]
fn journey_a_game_lost_on_time_is_written_as_ended_at_once() {
    let home = Home::new("on-time-at-once");
    let mut app = home.start();
    app.world_mut().resource_mut::<GameSettings>().time_control = Some(TimeControl::parse("20+0").unwrap());
    start(&mut app, PlayChoice { rated: false, ..PlayChoice::default() });
    exchange(&mut app);
    let saved_game = |home: &Home| store::read(&home.settings).ok().flatten().and_then(|s| s.game);
    for _ in 0..frames(2.0) {
        app.update();
    }
    assert!(saved_game(&home).is_some(), "the unfinished game is kept while it is played");
    assert!(update_until(&mut app, frames(25.0), |app| phase(app) == GamePhase::Over), "the flag falls");
    // No quit and no second of rest: a crash now must not bring the game back.
    app.update();
    assert!(saved_game(&home).is_none(), "the ended game is no longer kept to resume");
}
