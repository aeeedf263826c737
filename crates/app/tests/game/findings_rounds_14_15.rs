//! Fresh eyes, rounds 14 and 15 (the minors left open): Analyse's clock
//! and level 3's name (Ctrl+Shift+Z is `frame::shortcuts`' unit test), and
//! a casual choice over a restart.

use breakline_app::board::keyboard::BoardFocus;
use breakline_app::game::players::{PlayerSetup, Players};
use breakline_app::game::ratings::Progress;
use breakline_app::game::request::GameRequest;
use breakline_app::game::screen::Screen;
use breakline_app::game::settings::GameSettings;
use breakline_app::home::screens::ResumeScreen;
use breakline_app::play::asks::{Answer, Ask, Question};
use breakline_app::play::rated::{Casual, RatedGame};
use breakline_app::play::setup::{Opponent, PlayChoice};
use breakline_engine::Variant;
use breakline_engine::ai::search::Level;
use breakline_engine::rules::clock::TimeControl;

use crate::journeys::{Home, exchange, start, wait};
use crate::{go, players, session};

/// Round 14: a clock set in Analyse's Game section carried into Play's next
/// game. Analyse starts its games without a clock, whatever the setting;
/// Play's New game keeps the clock set for it.
#[test]
fn a_game_started_in_analyse_has_no_clock() {
    let home = Home::new("analyse-clock");
    let mut app = home.start();
    let blitz = TimeControl::parse("3+2").ok();
    app.world_mut().resource_mut::<GameSettings>().time_control = blitz;
    go(&mut app, Screen::Analyse);
    let generation = session(&app).generation();
    app.world_mut().write_message(GameRequest::NewGame { rematch: false });
    wait(&mut app, "Analyse's new game", |app| session(app).generation() != generation);
    assert_eq!(session(&app).record().time_control, None, "a study has no clock");
    go(&mut app, Screen::Play);
    let generation = session(&app).generation();
    app.world_mut().write_message(GameRequest::NewGame { rematch: false });
    wait(&mut app, "Play's new game", |app| session(app).generation() != generation);
    assert_eq!(session(&app).record().time_control, blitz, "Play's New game has its clock");
}

/// Round 15: level 3 was called "Casual", which reads as an unrated game.
#[test]
fn level_three_is_not_named_as_a_kind_of_game() {
    let three = Level::new(3).expect("level 3");
    assert_eq!(three.title(), "Improver");
    assert_eq!(Level::parse("casual"), Some(three), "its old name still reads");
}

/// Round 16 (seen while checking round 15's fixes): a casual game, the app
/// closed and opened again, offered a rated rematch beside the casual one:
/// the setup's choice came back, not what it meant for the rematch.
#[test]
fn a_casual_choice_stays_casual_over_a_restart() {
    let home = Home::new("casual-restart");
    let mut app = home.start();
    start(&mut app, PlayChoice { rated: false, ..PlayChoice::default() });
    exchange(&mut app);
    assert!(app.world().resource::<Casual>().0, "chosen casual");
    home.quit(app);
    let app = home.start();
    assert!(app.world().resource::<Casual>().0, "still casual after the restart: its rematch too");
}

/// Round 16, found by the model: with "Ask before a game in progress is
/// replaced" off, a rated game moved in and replaced from the setup by a
/// game with a friend was never counted (left as the friend's game).
#[test]
fn a_rated_game_replaced_without_the_question_counts_as_a_loss() {
    let home = Home::new("rated-replaced-unasked");
    let mut app = home.start();
    start(&mut app, PlayChoice::default());
    exchange(&mut app);
    let before = app.world().resource::<Progress>().rating(Variant::Breakthrough).games;
    start(&mut app, PlayChoice { opponent: Opponent::Friend, rated: false, ..PlayChoice::default() });
    wait(&mut app, "the friend's game", |app| players(app).person().is_none());
    let after = app.world().resource::<Progress>().rating(Variant::Breakthrough).games;
    assert_eq!(after, before + 1, "the rated game left counts, once");
}

/// A game started from the setup while a game of two AIs was watched gets
/// the clock chosen for it (the setup's players come after the new game).
#[test]
fn a_game_started_after_a_watched_one_has_its_clock() {
    let home = Home::new("clock-after-watching");
    let mut app = home.start();
    go(&mut app, Screen::Watch);
    let level = PlayerSetup::Ai(Level::new(1).expect("level 1").config());
    app.world_mut().write_message(GameRequest::StartMatchup((Players { white: level.clone(), black: level }).into()));
    wait(&mut app, "the AIs' moves", |app| session(app).plies() >= 2);
    let blitz = TimeControl::parse("3+2").ok();
    app.world_mut().resource_mut::<GameSettings>().time_control = blitz;
    start(&mut app, PlayChoice { rated: false, ..PlayChoice::default() });
    wait(&mut app, "the person's game", |app| players(app).person().is_some());
    assert_eq!(session(&app).record().time_control, blitz);
}

/// Round 16: a rated game given up by "Continue from here" (a loss for the
/// rating, asked first) went on under a new generation, and was kept in the
/// library as never rated. The loss counted goes with the game.
#[test]
fn a_rated_game_given_up_and_cut_stays_counted() {
    let home = Home::new("given-up-cut");
    let mut app = home.start();
    start(&mut app, PlayChoice::default());
    exchange(&mut app);
    exchange(&mut app);
    app.world_mut().write_message(GameRequest::GoTo { ply: 2 });
    wait(&mut app, "the review", |app| session(app).reviewing());
    app.world_mut().write_message(Ask::ContinueFromHere);
    wait(&mut app, "the question", |app| app.world().resource::<Question>().text().is_some());
    app.world_mut().write_message(Answer(true));
    wait(&mut app, "the cut", |app| !session(app).reviewing() && session(app).plies() == 2);
    let generation = session(&app).generation();
    assert!(app.world().resource::<RatedGame>().counted_for(generation), "its loss counted, for this game");
}

/// Round 17 (major): a game taken back to its start, with its moves to
/// redo, was offered by Home but gone after a restart (a rated game given
/// up there took its counted loss with it). It comes back, Redo and all.
#[test]
fn a_game_taken_back_to_its_start_survives_a_restart() {
    let home = Home::new("taken-back-restart");
    let mut app = home.start();
    start(&mut app, PlayChoice { rated: false, ..PlayChoice::default() });
    exchange(&mut app);
    app.world_mut().write_message(Ask::TakeBack);
    wait(&mut app, "the take-back", |app| session(app).plies() == 0);
    home.quit(app);
    let mut app = home.start();
    assert!(app.world().resource::<ResumeScreen>().0.is_some(), "Home offers it");
    go(&mut app, Screen::Play);
    app.world_mut().write_message(Ask::Redo);
    wait(&mut app, "the redo", |app| session(app).plies() > 0);
}

/// Round 17: a rated game taken back to its start and resigned was aborted
/// ("before a first move"), though a move had been played: no loss counted.
#[test]
fn a_game_moved_in_then_taken_back_is_resigned_not_aborted() {
    let home = Home::new("taken-back-resign");
    let mut app = home.start();
    start(&mut app, PlayChoice::default());
    exchange(&mut app);
    app.world_mut().write_message(Ask::TakeBack);
    wait(&mut app, "the take-back", |app| session(app).plies() == 0);
    let before = app.world().resource::<Progress>().rating(Variant::Breakthrough).games;
    app.world_mut().write_message(Ask::Resign);
    wait(&mut app, "the question", |app| app.world().resource::<Question>().text().is_some());
    let asked = app.world().resource::<Question>().text().unwrap_or_default().to_string();
    assert!(asked.starts_with("Resign this rated game?") && asked.contains("counts it as a loss"), "{asked}");
    app.world_mut().write_message(Answer(true));
    wait(&mut app, "the end", |app| session(app).outcome().is_over());
    assert!(!session(&app).aborted(&players(&app)), "a resignation");
    for _ in 0..5 {
        app.update();
    }
    let after = app.world().resource::<Progress>().rating(Variant::Breakthrough).games;
    let why = app.world().resource::<RatedGame>().unrated_because();
    assert_eq!(after, before + 1, "rated as a loss ({why:?})");
}

/// Round 17: the board's keyboard outline (K) followed onto other screens' boards.
#[test]
fn the_board_keys_stay_on_their_screen() {
    let home = Home::new("board-keys-screen");
    let mut app = home.start();
    start(&mut app, PlayChoice { rated: false, ..PlayChoice::default() });
    app.world_mut().resource_mut::<BoardFocus>().on = true;
    go(&mut app, Screen::Learn);
    assert!(!app.world().resource::<BoardFocus>().on, "not on Learn's board");
}
