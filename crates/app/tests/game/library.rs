//! The library in the app: a finished game is stored once in the library
//! file, through the real plugins; a file that is no library is refused,
//! left as it was, and the game runs without it; the Library screen's
//! import names each refused game, and its list, export, open and delete
//! work; a report asked for runs in the background and is kept with the
//! game; an exercise from the person's mistake is judged on the board.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use breakline_app::files::game_file::{FileAction, FileRequest};
use breakline_app::game::notice::Notice;
use breakline_app::game::owner::Visit;
use breakline_app::game::phase::GamePhase;
use breakline_app::game::phase::TurnPhase;
use breakline_app::game::players::PlayerSetup;
use breakline_app::game::request::{GameRequest, MoveChosen};
use breakline_app::game::screen::Screen;
use breakline_app::game::settings::PlaySettings;
use breakline_app::library::browse::{LibraryRequest, LibraryView};
use breakline_app::library::keep::LibraryWrites;
use breakline_app::library::practice::{Practice, PracticeRequest};
use breakline_app::library::report::{BoardReport, ReportRequest};
use breakline_app::library::shelf::{GameLibrary, LibraryPath, LibrarySettings};
use breakline_app::library::transfer::LibraryTransfer;
use breakline_app::platform::launch::LaunchOptions;
use breakline_app::series::SeriesGameFinished;
use breakline_app::{configure, plugin};
use breakline_engine::lab::runner::SeriesGame;
use breakline_engine::library::review::ReportSettings;
use breakline_engine::library::sample::random_game;
use breakline_engine::library::{GameFilter, Library};
use breakline_engine::{Side, Variant};

use crate::{STEP, ai, options, phase, session, settled_human_turn, update_until};

/// A scratch file for `test`, with no library (or journal) left from before.
pub fn scratch(test: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("breakline-app-library-{}-{test}.sqlite3", std::process::id()));
    remove(&path);
    path
}

pub fn remove(path: &Path) {
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
}

/// The game app with its library at `path`.
pub fn library_app(options: LaunchOptions, path: &Path) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin)).insert_resource(TimeUpdateStrategy::ManualDuration(STEP));
    configure(&mut app, &options);
    app.insert_resource(PlaySettings { confirm_replace: false, ..default() });
    app.insert_resource(LibraryPath(Some(path.to_path_buf())));
    app.add_plugins(plugin);
    app.update();
    app
}

/// The person (White) plays one move, the level answers, the person resigns.
fn play_and_resign(app: &mut App) {
    assert!(settled_human_turn(app, 200));
    let s = session(app);
    let request = MoveChosen::human(s.position().legal_moves()[0], s.generation(), s.position().hash());
    app.world_mut().write_message(request);
    assert!(update_until(app, 400, |app| session(app).plies() >= 2));
    assert!(settled_human_turn(app, 200));
    app.world_mut().write_message(GameRequest::Resign);
    assert!(update_until(app, 20, |app| phase(app) == GamePhase::Over));
}

/// Updates until no store is in flight (each runs on a thread of its own).
pub fn wait_for_writes(app: &mut App) {
    for _ in 0..2_000 {
        app.update();
        if !app.world().resource::<LibraryWrites>().busy() && !app.world().resource::<LibraryTransfer>().busy() {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    panic!("the library's writes did not end");
}

#[test]
fn a_finished_game_is_stored_once_with_its_players_and_result() {
    let path = scratch("stored");
    let variant = Variant::Breakthrough;
    let mut app = library_app(options(variant, PlayerSetup::Human, ai("beginner", variant)), &path);
    assert!(app.world().resource::<GameLibrary>().is_open());
    play_and_resign(&mut app);
    wait_for_writes(&mut app);
    // An undo does not reopen it, and a second resignation does not store it again.
    app.world_mut().write_message(GameRequest::Undo);
    app.world_mut().write_message(GameRequest::Resign);
    for _ in 0..10 {
        app.update();
    }
    assert_eq!(phase(&app), GamePhase::Over);
    wait_for_writes(&mut app);
    assert_eq!(app.world().resource::<LibraryWrites>().stored.len(), 1);
    drop(app);
    let library = Library::open(&path).expect("the library opens");
    let games = library.list(&GameFilter::default()).expect("lists");
    assert_eq!(games.len(), 1, "one row");
    let game = &games[0];
    assert_eq!((game.variant, game.person, game.plies), (variant, Some(Side::White), 2));
    assert!(game.black.to_lowercase().contains("beginner"), "{}", game.black);
    assert_eq!(game.outcome.winner(), Some(Side::Black), "the person resigned");
    assert!(game.played_at.is_some(), "dated");
    let stored = library.get(game.id).expect("reads back");
    assert_eq!(stored.record.moves.len(), 2);
    remove(&path);
}

/// Fresh eyes, round 7 (major): a rated game the person moved in and then
/// replaced by a new one was gone, from the library too. It is kept as
/// left, resigned by the person, rated; a game never moved in is not (an abort).
#[test]
fn a_game_left_for_a_new_one_is_kept_resigned_as_it_was_left() {
    let path = scratch("left");
    let variant = Variant::Breakthrough;
    let mut app = library_app(options(variant, PlayerSetup::Human, ai("beginner", variant)), &path);
    app.world_mut().write_message(GameRequest::NewGame { rematch: false });
    assert!(update_until(&mut app, 20, |app| session(app).plies() == 0));
    assert!(settled_human_turn(&mut app, 200));
    let s = session(&app);
    let request = MoveChosen::human(s.position().legal_moves()[0], s.generation(), s.position().hash());
    app.world_mut().write_message(request);
    assert!(update_until(&mut app, 400, |app| session(app).plies() >= 2));
    app.world_mut().write_message(GameRequest::NewGame { rematch: false });
    assert!(update_until(&mut app, 20, |app| session(app).plies() == 0), "a new game");
    wait_for_writes(&mut app);
    app.world_mut().write_message(GameRequest::NewGame { rematch: false });
    assert!(update_until(&mut app, 20, |app| session(app).generation() > 2));
    wait_for_writes(&mut app);
    assert_eq!(app.world().resource::<LibraryWrites>().stored.len(), 1, "the game never moved in is not kept");
    drop(app);
    let library = Library::open(&path).expect("the library opens");
    let games = library.list(&GameFilter::default()).expect("lists");
    assert_eq!(games.len(), 1, "one row");
    assert_eq!((games[0].plies, games[0].outcome.winner()), (2, Some(Side::Black)), "resigned by the person");
    assert!(games[0].rated, "and counted in the rating");
    remove(&path);
}

/// Fresh eyes, round 7: a game played on from an earlier move ("Continue
/// from here", a promoted side line) was not kept when it ended, so its
/// report was refused.
#[test]
fn a_game_continued_from_an_earlier_move_is_kept_when_it_ends() {
    let path = scratch("continued");
    let variant = Variant::Breakthrough;
    let mut app = library_app(options(variant, PlayerSetup::Human, ai("beginner", variant)), &path);
    for plies in [2, 4] {
        assert!(settled_human_turn(&mut app, 200));
        let s = session(&app);
        let request = MoveChosen::human(s.position().legal_moves()[0], s.generation(), s.position().hash());
        app.world_mut().write_message(request);
        assert!(update_until(&mut app, 400, |app| session(app).plies() >= plies));
    }
    app.world_mut().write_message(GameRequest::GoTo { ply: 2 });
    assert!(update_until(&mut app, 20, |app| session(app).reviewing()));
    app.world_mut().write_message(GameRequest::ContinueFromHere);
    assert!(update_until(&mut app, 20, |app| session(app).plies() == 2 && !session(app).reviewing()));
    assert!(settled_human_turn(&mut app, 200));
    app.world_mut().write_message(GameRequest::Resign);
    assert!(update_until(&mut app, 20, |app| phase(app) == GamePhase::Over));
    wait_for_writes(&mut app);
    assert_eq!(app.world().resource::<LibraryWrites>().stored.len(), 1, "the continued game is kept");
    remove(&path);
}

#[test]
fn a_damaged_library_is_refused_left_as_it_was_and_the_game_goes_on() {
    let path = scratch("damaged");
    let bytes = b"SQLite format 3\0 but not really: the rest of this file is damage".repeat(40);
    std::fs::write(&path, &bytes).expect("writes");
    let variant = Variant::Breakthrough;
    let mut app = library_app(options(variant, PlayerSetup::Human, ai("beginner", variant)), &path);
    assert!(!app.world().resource::<GameLibrary>().is_open());
    let notice = app.world().resource::<Notice>().text.clone().unwrap_or_default();
    assert!(notice.contains("not a Breakline library") && notice.contains("not kept"), "{notice}");
    assert!(!notice.contains('\n'), "one line: {notice}");
    play_and_resign(&mut app);
    wait_for_writes(&mut app);
    assert!(app.world().resource::<LibraryWrites>().stored.is_empty());
    assert_eq!(std::fs::read(&path).expect("reads"), bytes, "the file is untouched");
    remove(&path);
}

/// A finished series game (random moves), as the series runner sends it.
fn series_game(index: u64) -> SeriesGameFinished {
    let variant = Variant::Breakthrough;
    let text = random_game(variant, variant.default_size(), 11, index).expect("a game");
    let (record, _, _) =
        breakline_engine::rules::record::game_text::read::<breakline_engine::ai::player::Player>(&text).expect("reads");
    let game = SeriesGame {
        index: index as usize,
        a_is_black: false,
        white: "A".into(),
        black: "B".into(),
        forfeit: None,
        record,
    };
    SeriesGameFinished(Box::new(game))
}

#[test]
fn series_games_are_kept_only_when_the_setting_asks() {
    let path = scratch("series");
    let variant = Variant::Breakthrough;
    let mut app = library_app(options(variant, PlayerSetup::Human, PlayerSetup::Human), &path);
    app.world_mut().write_message(series_game(0));
    wait_for_writes(&mut app);
    assert!(app.world().resource::<LibraryWrites>().stored.is_empty(), "off by default");
    app.world_mut().resource_mut::<LibrarySettings>().keep_series = true;
    app.world_mut().write_message(series_game(1));
    wait_for_writes(&mut app);
    assert_eq!(app.world().resource::<LibraryWrites>().stored.len(), 1);
    drop(app);
    let games = Library::open(&path).expect("opens").list(&GameFilter::default()).expect("lists");
    assert_eq!(games.len(), 1);
    remove(&path);
}

/// Sends a file request as the dialog would once a file was chosen.
fn file_request(app: &mut App, action: FileAction, path: &Path) {
    app.world_mut().write_message(FileRequest { action, path: path.to_path_buf() });
    wait_for_writes(app);
    app.update();
}

#[test]
fn the_library_screen_imports_lists_exports_opens_and_deletes() {
    let path = scratch("screen");
    let variant = Variant::Breakthrough;
    let mut app = library_app(options(variant, PlayerSetup::Human, PlayerSetup::Human), &path);
    app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Library);
    app.update();
    let size = variant.default_size();
    let good = |index| random_game(variant, size, 7, index).expect("a game");
    let text = format!("{}\n{}\n{}", good(0), "[Variant \"breakthrough\"]\n\n1. z9-z8 1-0\n", good(1));
    let import = path.with_extension("import.txt");
    std::fs::write(&import, text).expect("writes");
    file_request(&mut app, FileAction::ImportLibrary, &import);
    let refused = &app.world().resource::<LibraryTransfer>().refused;
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert_eq!(refused[0].index, 2, "the bad game is named by its number");
    assert!(!refused[0].reason.is_empty());
    let listed = app.world().resource::<LibraryView>().games.clone();
    assert_eq!(listed.len(), 2, "the good games are kept and listed");
    // A filter that matches nothing empties the list.
    app.world_mut().resource_mut::<LibraryView>().filter.variant = Some(Variant::LinesOfAction);
    app.update();
    assert!(app.world().resource::<LibraryView>().games.is_empty());
    app.world_mut().resource_mut::<LibraryView>().filter.variant = None;
    app.update();
    // Export the ticked game.
    app.world_mut().resource_mut::<LibraryView>().selected.insert(listed[1].id);
    let export = path.with_extension("export.txt");
    let _ = std::fs::remove_file(&export);
    file_request(&mut app, FileAction::ExportLibrary, &export);
    let written = std::fs::read_to_string(&export).expect("exported");
    assert_eq!(written.matches("[Variant").count(), 1, "{written}");
    // Never over a file that is there (fresh eyes, round 20: the file
    // imported from was exported to, and its games were gone).
    app.world_mut().resource_mut::<LibraryView>().selected.insert(listed[0].id);
    file_request(&mut app, FileAction::ExportLibrary, &export);
    assert_eq!(std::fs::read_to_string(&export).expect("still there"), written, "left as it was");
    let said = app.world().resource::<Notice>().text.clone().unwrap_or_default();
    assert!(said.contains("is there already") && app.world().resource::<Notice>().error, "{said}");
    app.world_mut().resource_mut::<LibraryView>().selected.remove(&listed[0].id);
    // Open the other on the board: Analyse shows it.
    app.world_mut().write_message(LibraryRequest::Open(listed[0].id));
    assert!(update_until(&mut app, 50, |app| session(app).plies() == listed[0].plies as usize));
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Analyse);
    // The toast names the game as the list does, not by the row's number.
    let said = app.world().resource::<Notice>().text.clone().unwrap_or_default();
    let named = format!("Opened {} – {} (", listed[0].white, listed[0].black);
    assert!(said.starts_with(&named) && said.ends_with(") from the library"), "{said}");
    assert!(!said.contains(&format!("game {}", listed[0].id)), "{said}");
    // Back to the library; delete both.
    app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Library);
    app.update();
    // The explorer's query of the position left may still hold the library:
    // the deletion then waits for it, and follows.
    app.world_mut().write_message(LibraryRequest::Delete(listed.iter().map(|g| g.id).collect()));
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while !app.world().resource::<LibraryView>().games.is_empty() && std::time::Instant::now() < deadline {
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    assert!(app.world().resource::<LibraryView>().games.is_empty());
    remove(&path);
    for file in [import, export] {
        let _ = std::fs::remove_file(file);
    }
}

#[test]
fn a_report_asked_for_is_computed_off_the_frame_loop_and_stored_with_the_game() {
    report_test("report", false);
}

#[test]
fn with_the_setting_each_game_is_reported_after_it_ends() {
    report_test("report-after", true);
}

/// A game of two people, two moves, resigned; reported on request, or at
/// once when `after_game` sets the setting.
fn report_test(name: &str, after_game: bool) {
    let path = scratch(name);
    let variant = Variant::Breakthrough;
    let mut app = library_app(options(variant, PlayerSetup::Human, PlayerSetup::Human), &path);
    app.world_mut().resource_mut::<LibrarySettings>().report_after_game = after_game;
    for _ in 0..2 {
        assert!(settled_human_turn(&mut app, 200));
        let s = session(&app);
        let request = MoveChosen::human(s.position().legal_moves()[0], s.generation(), s.position().hash());
        app.world_mut().write_message(request);
        app.update();
    }
    app.world_mut().write_message(GameRequest::Resign);
    assert!(update_until(&mut app, 20, |app| phase(app) == GamePhase::Over));
    wait_for_writes(&mut app);
    app.update();
    let id = app.world().resource::<BoardReport>().game_of(session(&app)).expect("the board's game is in the library");
    if !after_game {
        assert!(app.world().resource::<BoardReport>().report_of(session(&app)).is_none());
        app.world_mut().write_message(ReportRequest);
    }
    let mut saw_progress = false;
    for _ in 0..20_000 {
        app.update();
        saw_progress |= app.world().resource::<BoardReport>().progress().is_some();
        if app.world().resource::<BoardReport>().report_of(session(&app)).is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    assert!(saw_progress || after_game, "the report ran in the background");
    let report = app.world().resource::<BoardReport>().report_of(session(&app)).expect("reported").clone();
    assert_eq!(report.moves.len(), 2);
    assert!(report.accuracy.iter().all(Option::is_some), "both sides' accuracy");
    let library = Library::open(&path).expect("opens");
    assert_eq!(library.report(id, &ReportSettings::default()).expect("reads"), Some(report), "stored with the game");
    remove(&path);
}

/// A library at `path` holding a random game where the person played White,
/// reported, so White's mistakes and blunders are exercises.
pub fn library_with_exercises(path: &Path) {
    let variant = Variant::Breakthrough;
    let text = random_game(variant, variant.default_size(), 5, 0).expect("a game");
    let mut game = breakline_engine::library::transfer::read_game(&text).expect("reads");
    game.person = Some(Side::White);
    let mut library = Library::open(path).expect("opens");
    let id = library.add(&game).expect("stores");
    library.report_or_review(id, &ReportSettings::default(), &mut |_, _| true).expect("reports");
}

/// Plays `text` for the person in the exercise on the board and waits for the verdict.
fn answer(app: &mut App, text: &str) -> (String, bool) {
    assert!(settled_human_turn(app, 200));
    let s = session(app);
    let mv = s.position().parse_move(text).expect("a legal move");
    let request = MoveChosen::human(mv, s.generation(), s.position().hash());
    app.world_mut().write_message(request);
    for _ in 0..20_000 {
        app.update();
        let practice = app.world().resource::<Practice>();
        if let Some(verdict) = practice.verdict.clone().filter(|_| !practice.judging()) {
            return verdict;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    panic!("no verdict");
}

#[test]
fn an_exercise_from_a_mistake_is_judged_on_the_board_and_remembered() {
    let path = scratch("exercises");
    library_with_exercises(&path);
    let variant = Variant::Breakthrough;
    let mut app = library_app(options(variant, PlayerSetup::Human, ai("beginner", variant)), &path);
    app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Library);
    app.update();
    app.update();
    let left = app.world().resource::<LibraryView>().exercises_left.clone();
    let count = left.iter().find(|(v, _)| *v == variant).map(|(_, n)| *n).expect("exercises of the variant");
    assert!(count > 0);
    app.world_mut().write_message(PracticeRequest::Start(variant));
    assert!(update_until(&mut app, 50, |app| app.world().resource::<Visit>().active()));
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Analyse);
    let exercise = app.world().resource::<Practice>().current.clone().expect("an exercise");
    assert_eq!(session(&app).position().fen(), exercise.fen, "the exercise's position is on the board");
    // Finding: the header said "Human vs Human"; it speaks from the person's side.
    assert_eq!(session(&app).names(), Some(&["You".to_string(), "Opponent".to_string()]));
    // Finding: the header said "Move 1" at the game's later move; it counts on from the game.
    assert!(exercise.ply > 0, "the mistake came after the first move");
    assert_eq!(session(&app).game_ply(session(&app).plies()), exercise.ply, "numbered as in its game");
    // The move played in the game is not good enough: it is taken back.
    let (words, accepted) = answer(&mut app, &exercise.played);
    assert!(!accepted, "{words}");
    assert!(update_until(&mut app, 50, |app| session(app).plies() == 0), "taken back for another try");
    // The report's better move is accepted.
    let (words, accepted) = answer(&mut app, &exercise.better);
    assert!(accepted, "{words}");
    let stored = Library::open(&path).expect("opens").exercises(Some(variant), false).expect("lists");
    let remembered = stored.iter().find(|e| e.id == exercise.id).expect("kept");
    assert_eq!((remembered.attempts, remembered.solved), (2, true));
    // Back to the game that waited.
    app.world_mut().write_message(PracticeRequest::Stop);
    assert!(update_until(&mut app, 50, |app| !app.world().resource::<Visit>().active()));
    remove(&path);
}

/// Finding (major): "Next exercise" from Analyse left the exercises for
/// the game that waited (a same-screen transition left Analyse).
#[test]
fn next_exercise_brings_the_next_exercise_not_the_waiting_game() {
    let path = scratch("next-exercise");
    library_with_exercises(&path);
    let variant = Variant::Breakthrough;
    let mut app = library_app(options(variant, PlayerSetup::Human, ai("beginner", variant)), &path);
    app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Library);
    app.update();
    app.update();
    app.world_mut().write_message(PracticeRequest::Start(variant));
    assert!(update_until(&mut app, 50, |app| app.world().resource::<Visit>().active()));
    // Next exercise, as the panel's button sends it.
    app.world_mut().write_message(PracticeRequest::Start(variant));
    for _ in 0..10 {
        app.update();
    }
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Analyse);
    let practice = app.world().resource::<Practice>();
    let exercise = practice.current.clone().expect("still an exercise");
    assert!(app.world().resource::<Visit>().active(), "the exercise has the board, not the game that waited");
    assert_eq!(session(&app).position().fen(), exercise.fen, "the exercise's position is on the board");
    remove(&path);
}

/// Finding (major): judging an exercise's move could take minutes with no
/// progress and no way out; it says how long it may take, and Cancel takes
/// the move back at once.
#[test]
fn judging_an_exercise_move_is_bounded_and_can_be_cancelled() {
    let path = scratch("judge-cancel");
    library_with_exercises(&path);
    let variant = Variant::Breakthrough;
    let mut app = library_app(options(variant, PlayerSetup::Human, ai("beginner", variant)), &path);
    crate::panels::with_panels(&mut app, (1280, 800));
    app.world_mut().write_message(PracticeRequest::Start(variant));
    assert!(update_until(&mut app, 50, |app| app.world().resource::<Visit>().active()));
    assert!(settled_human_turn(&mut app, 200));
    let exercise = app.world().resource::<Practice>().current.clone().expect("an exercise");
    let s = session(&app);
    let mv = s.position().parse_move(&exercise.played).expect("a legal move");
    let request = MoveChosen::human(mv, s.generation(), s.position().hash());
    app.world_mut().write_message(request);
    assert!(update_until(&mut app, 50, |app| app.world().resource::<Practice>().judging()));
    let words = app.world().resource::<Practice>().judging_words().expect("the judge's progress");
    assert!(words.contains("at most 5 s"), "{words}");
    // Fresh eyes, round 22: the status invited a click while the move was
    // judged (once the move had slid into place).
    let settled = |app: &App| {
        app.world().get_resource::<State<TurnPhase>>().is_some_and(|turn| *turn.get() == TurnPhase::HumanTurn)
    };
    assert!(update_until(&mut app, 20, settled), "the move slid into place");
    app.update();
    assert!(app.world().resource::<Practice>().judging(), "still judging");
    let said = crate::panels::texts(&app).join(" | ");
    assert!(!said.contains("Click one of your pieces"), "no invitation to move while judged: {said}");
    app.world_mut().write_message(PracticeRequest::CancelJudging);
    assert!(update_until(&mut app, 50, |app| session(app).plies() == 0), "the move is taken back");
    let practice = app.world().resource::<Practice>();
    assert!(!practice.judging());
    let (words, accepted) = practice.verdict.clone().expect("says it stopped");
    assert!(!accepted && words.contains("try again"), "{words}");
    remove(&path);
}

/// Finding: a game continued from one's own save was never kept.
#[test]
fn a_game_played_on_from_ones_own_save_is_kept_when_it_ends() {
    let path = scratch("own-save");
    let variant = Variant::Breakthrough;
    let mut app = library_app(options(variant, PlayerSetup::Human, ai("beginner", variant)), &path);
    assert!(settled_human_turn(&mut app, 200));
    let s = session(&app);
    let request = MoveChosen::human(s.position().legal_moves()[0], s.generation(), s.position().hash());
    app.world_mut().write_message(request);
    assert!(update_until(&mut app, 400, |app| session(app).plies() == 2));
    let save = path.with_extension("save.json");
    file_request(&mut app, FileAction::Save, &save);
    app.world_mut().write_message(GameRequest::NewGame { rematch: false });
    assert!(update_until(&mut app, 50, |app| session(app).plies() == 0));
    assert!(settled_human_turn(&mut app, 200));
    file_request(&mut app, FileAction::Load, &save);
    let notice = app.world().resource::<Notice>().text.clone();
    assert!(update_until(&mut app, 50, |app| session(app).plies() == 2), "the save is on the board: {notice:?}");
    assert!(settled_human_turn(&mut app, 200));
    app.world_mut().write_message(GameRequest::Resign);
    assert!(update_until(&mut app, 50, |app| phase(app) == GamePhase::Over));
    wait_for_writes(&mut app);
    // The rated game left for a new one is kept too (counted as a loss).
    assert_eq!(app.world().resource::<LibraryWrites>().stored.len(), 2, "the finished game is kept");
    let _ = std::fs::remove_file(save);
    remove(&path);
}

#[test]
fn the_frame_loop_never_waits_for_a_library_a_thread_holds() {
    let path = scratch("busy");
    let variant = Variant::Breakthrough;
    let text = random_game(variant, variant.default_size(), 3, 0).expect("a game");
    let game = breakline_engine::library::transfer::read_game(&text).expect("reads");
    Library::open(&path).expect("opens").add(&game).expect("stores");
    let mut app = library_app(options(variant, PlayerSetup::Human, PlayerSetup::Human), &path);
    app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Library);
    app.update();
    app.update();
    assert_eq!(app.world().resource::<LibraryView>().games.len(), 1);
    // A thread takes the library and holds it until told to let go.
    let library = app.world().resource::<GameLibrary>().clone();
    let (held, release) = (std::sync::mpsc::channel(), std::sync::mpsc::channel::<()>());
    let holder = std::thread::spawn(move || {
        library.with(|_| {
            held.0.send(()).expect("the test listens");
            release.1.recv().expect("the test lets go");
            Ok(())
        })
    });
    held.1.recv().expect("the thread holds the library");
    app.world_mut().resource_mut::<LibraryView>().filter.variant = Some(Variant::LinesOfAction);
    app.update();
    assert_eq!(app.world().resource::<LibraryView>().games.len(), 1, "the frame went on; the list waits");
    // A deletion asked for meanwhile waits too, and is not lost.
    let id = app.world().resource::<LibraryView>().games[0].id;
    app.world_mut().write_message(LibraryRequest::Delete(vec![id]));
    app.update();
    app.update();
    assert!(app.world().resource::<Notice>().text.as_deref().unwrap_or("").contains("this will follow when it ends"));
    release.0.send(()).expect("the thread listens");
    holder.join().expect("the thread ends");
    app.update();
    assert!(app.world().resource::<LibraryView>().games.is_empty(), "read once the library is free");
    app.world_mut().resource_mut::<LibraryView>().filter.variant = None;
    app.update();
    app.update();
    assert!(app.world().resource::<LibraryView>().games.is_empty(), "the waiting deletion followed");
    assert!(app.world().resource::<Notice>().text.as_deref().unwrap_or("").contains("Deleted 1 game"));
    remove(&path);
}

/// A site's game (Little Golem's tags and moves) keeps its players' names in
/// the library, on the board's header and on Home's Resume, where the record
/// alone would say "Human vs Human".
#[test]
fn a_sites_game_opened_from_the_library_is_headed_by_its_players_names() {
    let path = scratch("site-names");
    let mut app = library_app(options(Variant::Breakthrough, PlayerSetup::Human, PlayerSetup::Human), &path);
    app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Library);
    app.update();
    let import = path.with_extension("import.txt");
    let text = "[Event \"bt.ch.1\"]\n[Site \"www.littlegolem.net\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"*\"]\n\n1. e2-e3 d7-d6 2. e3-e4 *\n";
    std::fs::write(&import, text).expect("writes");
    file_request(&mut app, FileAction::ImportLibrary, &import);
    let listed = app.world().resource::<LibraryView>().games.clone();
    assert_eq!(listed.len(), 1, "{:?}", app.world().resource::<LibraryTransfer>().refused);
    app.world_mut().write_message(LibraryRequest::Open(listed[0].id));
    assert!(update_until(&mut app, 50, |app| session(app).plies() == 3));
    let names = session(&app).names().cloned();
    assert_eq!(names, Some(["Ann".to_string(), "Bob".to_string()]));
    let players = app.world().resource::<breakline_app::game::players::Players>().clone();
    assert_eq!(session(&app).matchup(&players), "Ann vs Bob");
    // A new game is nobody's site game.
    app.world_mut().write_message(GameRequest::NewGame { rematch: false });
    assert!(update_until(&mut app, 20, |app| session(app).plies() == 0));
    assert_eq!(session(&app).names(), None);
    remove(&path);
    let _ = std::fs::remove_file(import);
}

/// Fresh eyes, round 22: at 800x600 an exercise opened with its panel
/// scrolled down to the move list's move, its task above, out of sight
/// (a Lines of Action game's; this short game's path did not reproduce it:
/// kept as a guard beside the fix in `ui::info`).
#[test]
fn an_exercise_opens_with_its_task_in_sight() {
    let path = scratch("exercise-in-sight");
    library_with_exercises(&path);
    let variant = Variant::Breakthrough;
    let mut app = library_app(options(variant, PlayerSetup::Human, ai("beginner", variant)), &path);
    crate::panels::with_panels(&mut app, (800, 600));
    app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Library);
    app.update();
    app.update();
    app.world_mut().write_message(PracticeRequest::Start(variant));
    assert!(update_until(&mut app, 50, |app| app.world().resource::<Visit>().active()));
    for _ in 0..10 {
        app.update();
    }
    let task = crate::panels::rect_of(&app, "Exercise from game").expect("the task is laid out");
    assert!(task.min.y >= 0.0, "the task above the window's top: {task:?}");
    remove(&path);
}

/// Fresh eyes, round 23 (major): "Game report" at the end of a game watched
/// in Watch & Lab beside the person's game went to Analyse, where the
/// person's game came back instead: the report, said ready, was never seen.
/// The watched game is reported where it is.
#[test]
fn a_watched_games_report_is_shown_beside_it_not_on_the_waiting_game() {
    use breakline_app::game::players::Players;
    let path = scratch("watched-report");
    let variant = Variant::Breakthrough;
    let mut app = library_app(options(variant, PlayerSetup::Human, ai("beginner", variant)), &path);
    crate::panels::with_panels(&mut app, (1280, 800));
    assert!(settled_human_turn(&mut app, 200));
    let s = session(&app);
    let request = MoveChosen::human(s.position().legal_moves()[0], s.generation(), s.position().hash());
    app.world_mut().write_message(request);
    assert!(update_until(&mut app, 400, |app| session(app).plies() >= 2));
    let waiting = session(&app).record().moves.clone();
    crate::go(&mut app, Screen::Watch);
    let quick = || ai("alphabeta:offensive1:depth=1", variant);
    app.world_mut().write_message(GameRequest::StartMatchup((Players { white: quick(), black: quick() }).into()));
    assert!(update_until(&mut app, 4_000, |app| phase(app) == GamePhase::Over), "the watched game ends");
    wait_for_writes(&mut app);
    app.update();
    let watched = session(&app).record().moves.clone();
    crate::panels::click_on(&mut app, "Game report");
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Watch, "the report is shown where the game is");
    assert_eq!(session(&app).record().moves, watched, "the watched game stays on the board");
    assert_ne!(watched, waiting);
    let report = app.world().resource::<BoardReport>();
    assert!(report.progress().is_some() || report.report_of(session(&app)).is_some(), "the report is under way");
    remove(&path);
}

/// Fresh eyes, round 27: the Library's Import read a game saved as JSON
/// (Save's own file) as text, and refused it ("malformed move '{'"). It is
/// imported as the game it is.
#[test]
fn the_library_imports_a_game_saved_as_json() {
    let path = scratch("import-json");
    let variant = Variant::Breakthrough;
    let mut app = library_app(options(variant, PlayerSetup::Human, PlayerSetup::Human), &path);
    let text = path.with_extension("game.txt");
    std::fs::write(&text, random_game(variant, variant.default_size(), 11, 0).expect("a game")).expect("writes");
    file_request(&mut app, FileAction::ImportMoves, &text);
    assert!(session(&app).outcome().is_over(), "the finished game is on the board");
    let saved = path.with_extension("game.json");
    let _ = std::fs::remove_file(&saved);
    file_request(&mut app, FileAction::Save, &saved);
    assert!(saved.is_file(), "saved");
    app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Library);
    app.update();
    let before = app.world().resource::<LibraryView>().games.len();
    file_request(&mut app, FileAction::ImportLibrary, &saved);
    let refused = &app.world().resource::<LibraryTransfer>().refused;
    assert!(refused.is_empty(), "{refused:?}");
    let said = app.world().resource::<Notice>().text.clone().unwrap_or_default();
    let listed = app.world().resource::<LibraryView>().games.len();
    assert_eq!(listed, before + 1, "{said}");
    for file in [&text, &saved] {
        let _ = std::fs::remove_file(file);
    }
    remove(&path);
}
