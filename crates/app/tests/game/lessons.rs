//! The "How to play" card on the board, headless: a page's position borrows
//! the board and Close brings back the exact game that waited; the example
//! plays its moves one by one with its marks; in a try-it the intended move
//! is accepted and a wrong legal move taken back with the reason; nobody
//! moves a scripted side by hand; the card opens from Learn only,
//! and settings saved before the lessons load with it not yet offered.

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use breakline_app::board::input::BoardPointer;
use breakline_app::board::pieces::Piece;
use breakline_app::game::phase::TurnPhase;
use breakline_app::game::players::PlayerSetup;
use breakline_app::game::ratings::Progress;
use breakline_app::game::request::{GameRequest, MoveChosen};
use breakline_app::game::screen::Screen;
use breakline_app::game::settings::PlaySettings;
use breakline_app::game::settings::SettingsPath;
use breakline_app::game::sound_cue::SoundCue;
use breakline_app::learn::lessons::{Answer, LessonMarks, LessonRequest, LessonRun, Showing};
use breakline_app::{configure, plugin};
use breakline_engine::lessons::{Lesson, lesson};
use breakline_engine::{Move, Side, Variant};

use crate::{STEP, assert_pieces_match, game_app, heard, options, session, turn, update_until};

fn human_game() -> App {
    let mut app = game_app(options(Variant::Breakthrough, PlayerSetup::Human, PlayerSetup::Human));
    assert!(update_until(&mut app, 10, |app| turn(app) == Some(TurnPhase::HumanTurn)));
    app
}

fn breakthrough() -> Lesson {
    lesson(Some(Variant::Breakthrough))
}

fn page_index(lesson: &Lesson, title: &str) -> usize {
    lesson.pages.iter().position(|p| p.title == title).unwrap()
}

fn ask(app: &mut App, request: LessonRequest) {
    app.world_mut().write_message(request);
    app.update();
}

fn run(app: &App) -> LessonRun {
    app.world().resource::<LessonRun>().clone()
}

fn showing(app: &App) -> Option<Showing> {
    run(app).open.map(|open| open.showing)
}

/// Whether the board shows a lesson's position (each starts from its own
/// position string; the tests' games start from the usual start).
fn visiting(app: &App) -> bool {
    session(app).record().start_fen
        != breakline_engine::Position::start(Variant::Breakthrough, Variant::Breakthrough.default_size()).unwrap().fen()
}

/// Waits until the board shows a visit of the game starting at `fen`, no move
/// played, its pieces in place (the game was set up), and the person's (or
/// the script's) turn.
fn wait_for_board(app: &mut App, fen: &str) {
    for _ in 0..40 {
        app.update();
        let s = session(app);
        let shown = s.record().start_fen == fen && s.plies() == 0 && turn(app) == Some(TurnPhase::HumanTurn);
        if shown && pieces_in_place(app) {
            return;
        }
    }
    panic!("the board never showed {fen}");
}

fn pieces_in_place(app: &mut App) -> bool {
    let mut expected = session(app).shown_position().pieces();
    expected.sort_by_key(|(square, _)| *square);
    let mut query = app.world_mut().query::<&Piece>();
    let mut actual: Vec<(u8, Side)> = query.iter(app.world()).map(|p| (p.square, p.color)).collect();
    actual.sort_by_key(|(square, _)| *square);
    actual == expected
}

/// A click on `from`, then on `to`, as the person makes a move.
fn click_move(app: &mut App, from: u8, to: u8) {
    for square in [from, to] {
        app.world_mut().write_message(BoardPointer::Press(square));
        app.world_mut().write_message(BoardPointer::Release(Some(square)));
        app.update();
    }
}

fn human_move(app: &mut App, mv: Move) {
    let s = session(app);
    let chosen = MoveChosen::human(mv, s.generation(), s.position().hash());
    app.world_mut().write_message(chosen);
    app.update();
}

fn play_two_moves(app: &mut App) {
    for _ in 0..2 {
        let mv = session(app).position().legal_moves()[3];
        human_move(app, mv);
        app.update();
        assert_eq!(turn(app), Some(TurnPhase::Animating));
        assert!(update_until(app, 40, |app| turn(app) == Some(TurnPhase::HumanTurn)));
    }
    assert_eq!(session(app).plies(), 2);
}

#[test]
fn a_lesson_page_borrows_the_board_and_close_returns_the_game_in_progress() {
    let mut app = human_game();
    play_two_moves(&mut app);
    let (record, position) = (session(&app).record().clone(), session(&app).position().clone());
    let lesson = breakthrough();

    ask(&mut app, LessonRequest::Open(Some(Variant::Breakthrough)));
    wait_for_board(&mut app, lesson.pages[0].example.as_ref().unwrap().start);
    assert_eq!(showing(&app), Some(Showing::Example));
    assert_pieces_match(&mut app);
    // Another page, another position; the game left behind still waits.
    ask(&mut app, LessonRequest::Page(1));
    wait_for_board(&mut app, lesson.pages[1].example.as_ref().unwrap().start);
    assert_eq!(run(&app).open.unwrap().page, 1);

    ask(&mut app, LessonRequest::Close);
    let mut back = false;
    for _ in 0..20 {
        app.update();
        back = !visiting(&app) && turn(&app) == Some(TurnPhase::HumanTurn) && pieces_in_place(&mut app);
        if back {
            break;
        }
    }
    assert!(back, "the game never came back");
    assert!(run(&app).open.is_none());
    assert_eq!(session(&app).record(), &record, "the game comes back as it was");
    assert_eq!(session(&app).position(), &position);
    assert_eq!(app.world().resource::<LessonMarks>(), &LessonMarks::default());
    assert_pieces_match(&mut app);
    // And it goes on.
    play_two_moves_more(&mut app);
}

fn play_two_moves_more(app: &mut App) {
    let before = session(app).plies();
    let mv = session(app).position().legal_moves()[0];
    human_move(app, mv);
    assert_eq!(session(app).plies(), before + 1);
}

#[test]
fn the_example_plays_its_moves_one_by_one_with_its_marks() {
    let mut app = human_game();
    let lesson = breakthrough();
    let example = lesson.pages[0].example.clone().unwrap();
    let expected = example.moves(Variant::Breakthrough).unwrap();

    ask(&mut app, LessonRequest::Open(Some(Variant::Breakthrough)));
    wait_for_board(&mut app, example.start);
    let marks = app.world().resource::<LessonMarks>().clone();
    assert_eq!(marks.highlights.len(), example.highlights.len());
    assert_eq!(marks.arrows.len(), example.arrows.len());
    // Paced: the start stands two seconds before its first move (finding:
    // the start was never seen).
    let two_seconds = (2.0 / STEP.as_secs_f32()) as usize;
    for _ in 0..two_seconds {
        app.update();
    }
    assert_eq!(session(&app).plies(), 0);
    // The person cannot move a side the example plays.
    let first = session(&app).position().legal_moves()[0];
    human_move(&mut app, first);
    assert_eq!(session(&app).plies(), 0);

    let per_move = (1.5 / STEP.as_secs_f32()) as usize;
    assert!(update_until(&mut app, per_move * (expected.len() + 1), |app| session(app).plies() == expected.len()));
    assert_eq!(session(&app).position().moves(), expected.as_slice());
    assert_pieces_match(&mut app);
    // Finding: the arrows stayed after their piece had left; the squares
    // stay while the example plays.
    let after = app.world().resource::<LessonMarks>().clone();
    assert!(after.arrows.is_empty(), "{after:?}");
    assert_eq!(after.highlights, marks.highlights);
    // Fresh eyes, round 26: they stayed on the finished board; a moment
    // after the last move they go.
    assert!(update_until(&mut app, per_move, |app| app.world().resource::<LessonMarks>() == &LessonMarks::default()));
    // Replay: the start again with its arrows, and the moves again.
    ask(&mut app, LessonRequest::Replay);
    wait_for_board(&mut app, example.start);
    assert_eq!(app.world().resource::<LessonMarks>(), &marks);
    assert!(update_until(&mut app, per_move * 3, |app| session(app).plies() == 1));
    assert_eq!(session(&app).position().moves(), &expected[..1]);
}

#[test]
fn a_try_it_accepts_the_intended_move_and_takes_back_a_wrong_one_with_the_reason() {
    let mut app = human_game();
    let lesson = breakthrough();
    let index = page_index(&lesson, "Capturing");
    let try_it = lesson.pages[index].try_it.clone().unwrap();
    let start = try_it.position(Variant::Breakthrough).unwrap();
    let mv = |text: &str| start.parse_move(text).unwrap();

    ask(&mut app, LessonRequest::Open(Some(Variant::Breakthrough)));
    ask(&mut app, LessonRequest::Page(index));
    ask(&mut app, LessonRequest::TryIt);
    wait_for_board(&mut app, try_it.start);
    assert_eq!(showing(&app), Some(Showing::TryIt(Answer::Waiting)));
    heard(&mut app);

    // A legal move that is not a capture: played, judged, taken back.
    let quiet = mv("c3-d4");
    click_move(&mut app, quiet.from, quiet.to);
    assert!(update_until(&mut app, 40, |app| { session(app).plies() == 0 && turn(app) == Some(TurnPhase::HumanTurn) }));
    let reason = "That piece moves, but it does not capture.".to_string();
    assert_eq!(showing(&app), Some(Showing::TryIt(Answer::Wrong(reason))));
    assert_eq!(heard(&mut app), [SoundCue::Move, SoundCue::LessonWrong], "the undo is silent");
    assert_eq!(session(&app).position(), &start);
    assert_pieces_match(&mut app);

    // The capture: right, and it stays.
    let capture = mv("c3xb4");
    click_move(&mut app, capture.from, capture.to);
    assert!(update_until(&mut app, 40, |app| turn(app) == Some(TurnPhase::HumanTurn)));
    assert_eq!(showing(&app), Some(Showing::TryIt(Answer::Right)));
    assert_eq!(session(&app).position().moves(), &[capture]);
    assert_eq!(heard(&mut app), [SoundCue::Capture, SoundCue::LessonRight]);

    // Black is scripted: neither clicks nor a chosen move move it.
    let black = session(&app).position().legal_moves()[0];
    click_move(&mut app, black.from, black.to);
    human_move(&mut app, black);
    for _ in 0..10 {
        app.update();
    }
    assert_eq!(session(&app).plies(), 1);
    assert_eq!(showing(&app), Some(Showing::TryIt(Answer::Right)));
}

#[test]
fn a_new_game_takes_the_board_and_the_card_goes() {
    let mut app = human_game();
    let lesson = breakthrough();
    ask(&mut app, LessonRequest::Open(Some(Variant::Breakthrough)));
    wait_for_board(&mut app, lesson.pages[0].example.as_ref().unwrap().start);
    app.world_mut().write_message(GameRequest::NewGame { rematch: false });
    assert!(update_until(&mut app, 20, |app| run(app).open.is_none()));
    assert!(!visiting(&app));
    assert_eq!(app.world().resource::<LessonMarks>(), &LessonMarks::default());
}

#[test]
fn flow_frees_card_is_text_and_leaves_the_board_alone() {
    let mut app = human_game();
    let generation = session(&app).generation();
    ask(&mut app, LessonRequest::Open(None));
    for _ in 0..5 {
        app.update();
    }
    let open = run(&app).open.unwrap();
    assert_eq!(open.lesson.name(), "Flow Free");
    assert_eq!(open.showing, Showing::Text);
    assert!(!visiting(&app));
    assert_eq!(session(&app).generation(), generation);
    ask(&mut app, LessonRequest::Page(1));
    assert_eq!(run(&app).open.unwrap().page, 1);
    ask(&mut app, LessonRequest::Close);
    assert!(run(&app).open.is_none());
    assert_eq!(session(&app).generation(), generation);
}

#[test]
fn a_first_start_leaves_the_board_to_the_game_and_learn_marks_the_lessons_seen() {
    let path = std::env::temp_dir().join(format!("breakline-lessons-{}.json", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin)).insert_resource(TimeUpdateStrategy::ManualDuration(STEP));
    configure(&mut app, &options(Variant::Breakthrough, PlayerSetup::Human, PlayerSetup::Human));
    app.insert_resource(PlaySettings { confirm_replace: false, ..default() });
    app.insert_resource(SettingsPath(Some(path.clone())));
    app.add_plugins(plugin);
    for _ in 0..10 {
        app.update();
    }
    // No settings file: the first start. The game the person opened keeps the board.
    assert!(run(&app).open.is_none(), "no card takes the board by itself");
    assert!(!visiting(&app));
    assert!(!app.world().resource::<Progress>().lessons_seen, "Home still points to Learn");
    app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Learn);
    for _ in 0..5 {
        app.update();
    }
    assert!(run(&app).open.is_some(), "Learn opens the card");
    assert!(app.world().resource::<Progress>().lessons_seen, "and Home stops pointing there");
    let _ = std::fs::remove_file(&path);
}
