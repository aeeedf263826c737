//! Fresh eyes, rounds 10 and 11: what a person studies beside their game
//! (an AI matchup kept when it ends, a game played as Black shown
//! Black-up), and a rated game taken back on Play only.

use bevy::prelude::*;
use breakline_app::board::input::{BoardPointer, Selection};
use breakline_app::game::owner::Visit;
use breakline_app::game::phase::GamePhase;
use breakline_app::game::players::Players;
use breakline_app::game::request::GameRequest;
use breakline_app::game::screen::Screen;
use breakline_app::library::keep::LibraryWrites;
use breakline_app::play::asks::Ask;
use breakline_app::play::rated::RatedGame;
use breakline_app::play::setup::{ColourChoice, PlayChoice};
use breakline_engine::Variant;

use crate::journeys::{Home, exchange, start, wait};
use crate::library::wait_for_writes;
use crate::{go, phase, session};

const BT: Variant = Variant::Breakthrough;

/// Fresh eyes, round 10: Home says every finished game is kept, and an AI
/// matchup watched from its first move beside the person's game was not.
/// Parked on the way (Home and back), it is kept once when it ends; the
/// person's game, still in progress, is not.
#[test]
fn journey_a_matchup_watched_beside_a_game_is_kept_when_it_ends() {
    let home = Home::new("matchup-kept");
    let mut app = home.start();
    start(&mut app, PlayChoice::default());
    exchange(&mut app);
    let person_moves = session(&app).plies();
    go(&mut app, Screen::Watch);
    let quick = crate::ai("alphabeta:offensive1:depth=1", BT);
    let both = Players { white: quick.clone(), black: quick };
    app.world_mut().write_message(GameRequest::StartMatchup((both).into()));
    wait(&mut app, "the matchup", |app| app.world().resource::<Visit>().studying() && session(app).plies() >= 2);
    go(&mut app, Screen::Home);
    wait(&mut app, "the person's game back", |app| !app.world().resource::<Visit>().waiting());
    go(&mut app, Screen::Watch);
    wait(&mut app, "the matchup taken up", |app| app.world().resource::<Visit>().studying());
    wait(&mut app, "the matchup's end", |app| phase(app) == GamePhase::Over);
    app.update();
    wait_for_writes(&mut app);
    assert_eq!(app.world().resource::<LibraryWrites>().stored.len(), 1, "the matchup is kept, once");
    go(&mut app, Screen::Home);
    wait(&mut app, "the person's game back", |app| !app.world().resource::<Visit>().waiting());
    assert_eq!(session(&app).plies(), person_moves, "the person's game waits, unfinished");
    assert_eq!(app.world().resource::<LibraryWrites>().stored.len(), 1, "and is not kept");
}

/// Fresh eyes, round 10: a game played as Black was shown White-up in
/// Analyse and Watch & Lab; both show it from the person's side, and a game
/// of two AIs brought there White-up.
#[test]
fn journey_a_game_played_as_black_is_studied_black_up() {
    use breakline_app::board::layout::{BoardFlip, ViewFlip};
    let shown = |app: &App| app.world().resource::<ViewFlip>().shown(*app.world().resource::<BoardFlip>()).0;
    let home = Home::new("black-up");
    let mut app = home.start();
    start(&mut app, PlayChoice { colour: ColourChoice::Black, ..PlayChoice::default() });
    exchange(&mut app);
    for screen in [Screen::Analyse, Screen::Watch] {
        go(&mut app, screen);
        app.update();
        assert!(shown(&app), "{screen:?} shows Black at the bottom");
    }
    let quick = crate::ai("alphabeta:offensive1:depth=1", BT);
    let both = Players { white: quick.clone(), black: quick };
    app.world_mut().write_message(GameRequest::StartMatchup((both).into()));
    wait(&mut app, "the matchup", |app| app.world().resource::<Visit>().studying());
    app.update();
    assert!(!shown(&app), "a game of two AIs: White-up");
}

/// Fresh eyes, round 11: Undo in Watch & Lab took back the rated game's
/// moves, though it is played on Play; taken back to its start, its
/// players were offered there, and a change made it casual without a word.
#[test]
fn a_rated_game_is_taken_back_on_play_only() {
    let home = Home::new("rated-undo-watch");
    let mut app = home.start();
    start(&mut app, PlayChoice::default());
    exchange(&mut app);
    let plies = session(&app).plies();
    assert_eq!(app.world().resource::<RatedGame>().unrated_because(), None, "rated");
    go(&mut app, Screen::Watch);
    app.world_mut().write_message(Ask::TakeBack);
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(session(&app).plies(), plies, "no take-back in Watch & Lab");
    go(&mut app, Screen::Play);
    app.world_mut().write_message(Ask::TakeBack);
    wait(&mut app, "the take-back on Play", |app| session(app).plies() < plies);
    assert_eq!(app.world().resource::<RatedGame>().unrated_because(), None, "still rated");
}

/// Fresh eyes, round 11: a game made casual by a hint came back from a
/// restart as "not rated when it was left"; its reason comes back as it was.
#[test]
fn a_restart_keeps_why_a_game_is_not_rated() {
    for why in ["a hint was asked for", "the analysis was on", "the game was chosen casual"] {
        let mut rated = RatedGame::default();
        rated.resume(7, Some(why), 1);
        assert_eq!(rated.unrated_because(), Some(why));
    }
    let mut rated = RatedGame::default();
    rated.resume(7, Some("a reason from another version"), 0);
    assert_eq!(rated.unrated_because(), Some("it was not rated when it was left"));
}

/// Fresh eyes, round 12: Escape with a piece picked up went Home, and the
/// piece was still held on return (the next click put it down instead of
/// moving). Escape puts the piece down, and stays.
#[test]
fn escape_puts_a_piece_down_and_stays() {
    let home = Home::new("escape-piece");
    let mut app = home.start();
    start(&mut app, PlayChoice::default());
    assert!(crate::settled_human_turn(&mut app, 400));
    let from = session(&app).position().legal_moves()[0].from;
    app.world_mut().write_message(BoardPointer::Press(from));
    app.world_mut().write_message(BoardPointer::Release(Some(from)));
    app.update();
    assert_eq!(app.world().resource::<Selection>().square, Some(from), "picked up");
    app.init_resource::<ButtonInput<KeyCode>>();
    app.world_mut().resource_mut::<ButtonInput<KeyCode>>().press(KeyCode::Escape);
    app.update();
    app.world_mut().resource_mut::<ButtonInput<KeyCode>>().clear();
    app.update();
    assert_eq!(crate::screen(&app), Screen::Play, "Escape stayed on Play");
    assert_eq!(app.world().resource::<Selection>().square, None, "and put the piece down");
    // With nothing held, Escape goes Home.
    app.world_mut().resource_mut::<ButtonInput<KeyCode>>().release(KeyCode::Escape);
    app.world_mut().resource_mut::<ButtonInput<KeyCode>>().press(KeyCode::Escape);
    app.update();
    app.world_mut().resource_mut::<ButtonInput<KeyCode>>().clear();
    app.update();
    assert_eq!(crate::screen(&app), Screen::Home);
}
