//! Fresh eyes, rounds 24 and 25: what was left open of round 24, and what
//! round 25 found, held by tests.

use breakline_app::game::players::PlayerSetup;
use breakline_app::game::request::GameRequest;
use breakline_app::game::screen::Screen;
use breakline_engine::Variant;
use breakline_engine::rules::clock::TimeControl;

use crate::panels::{WINDOW_SIZES, enabled, texts, with_panels};

/// Home's Resume row gave a two-person game's clocks as "clocks 4:58 –
/// 5:00", not saying whose was whose: each is named by its side.
#[test]
fn home_names_the_side_of_each_clock() {
    let variant = Variant::Breakthrough;
    let options = breakline_app::platform::launch::LaunchOptions {
        time_control: Some(TimeControl::parse("5+0").expect("a clock")),
        ..crate::options(variant, PlayerSetup::Human, PlayerSetup::Human)
    };
    let mut app = crate::game_app(options);
    with_panels(&mut app, WINDOW_SIZES[2]);
    crate::go(&mut app, Screen::Play);
    crate::findings_round_22::first_move(&mut app);
    crate::go(&mut app, Screen::Home);
    app.update();
    let said = texts(&app);
    let resume = said.iter().find(|t| t.contains("Resume")).unwrap_or_else(|| panic!("a Resume row: {said:?}"));
    assert!(resume.contains("⏸ White ") && resume.contains(" – Black "), "each clock is named: {resume}");
}

/// Watch & Lab's Pause stayed live beside a finished game's result, holding
/// nothing; it is greyed, as Step is.
#[test]
fn a_finished_game_offers_no_pause() {
    let variant = Variant::Breakthrough;
    let mut app = crate::game_app(crate::options(variant, crate::ai("novice", variant), crate::ai("novice", variant)));
    with_panels(&mut app, WINDOW_SIZES[1]);
    crate::go(&mut app, Screen::Watch);
    app.world_mut().write_message(GameRequest::SetPaused(true));
    app.update();
    app.update();
    assert_eq!(enabled(&app, "Resume"), Some(true), "a paused game can go on: {:?}", texts(&app));
    app.world_mut().write_message(GameRequest::Resign);
    assert!(crate::update_until(&mut app, 20, |app| crate::session(app).outcome().is_over()), "ended");
    app.update();
    assert_eq!(enabled(&app, "Resume"), Some(false), "nothing to hold: {:?}", texts(&app));
}

/// A rated game started on Play and not yet moved in, offered by Home's
/// Resume, was replaced by a Library game opened, with nothing asked: a game
/// set up on Play is a game in progress from its Start, as a clocked one is.
#[test]
fn a_game_started_on_play_is_in_progress_before_its_first_move() {
    use breakline_app::game::owner::Visit;
    use breakline_app::game::request::ReplaceGame;
    use breakline_app::game::settings::PlaySettings;
    use breakline_app::play::setup::PlayChoice;
    let home = crate::journeys::Home::new("round-25-not-begun");
    let mut app = home.start();
    crate::journeys::start(&mut app, PlayChoice::default());
    assert_eq!((crate::session(&app).plies(), crate::session(&app).record().time_control), (0, None));
    let setup = crate::players(&app);
    app.insert_resource(PlaySettings { confirm_replace: true, ..Default::default() });
    crate::go(&mut app, Screen::Analyse);
    app.world_mut().write_message(GameRequest::NewGame { rematch: false });
    app.update();
    assert!(app.world().resource::<ReplaceGame>().pending.is_some(), "New game asks first");
    app.world_mut().write_message(GameRequest::CancelReplace);
    app.update();
    // A matchup is watched beside it, and it comes back.
    crate::go(&mut app, Screen::Watch);
    let level = || crate::ai("novice", Variant::Breakthrough);
    let players = breakline_app::game::players::Players { white: level(), black: level() };
    app.world_mut().write_message(GameRequest::StartMatchup((players).into()));
    assert!(crate::update_until(&mut app, 20, |app| app.world().resource::<Visit>().studying()), "beside");
    crate::go(&mut app, Screen::Home);
    assert!(crate::update_until(&mut app, 20, |app| !app.world().resource::<Visit>().waiting()));
    assert_eq!(crate::players(&app), setup, "the game set up comes back");
    assert_eq!(crate::session(&app).plies(), 0);
    // Still a game in progress: New game asks first.
    crate::go(&mut app, Screen::Analyse);
    app.world_mut().write_message(GameRequest::NewGame { rematch: false });
    app.update();
    assert!(app.world().resource::<ReplaceGame>().pending.is_some(), "asks first again");
}

fn press(app: &mut bevy::prelude::App, held: &[bevy::prelude::KeyCode], key: bevy::prelude::KeyCode) {
    use bevy::prelude::{ButtonInput, KeyCode};
    app.init_resource::<ButtonInput<KeyCode>>();
    let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    for k in held {
        keys.press(*k);
    }
    keys.press(key);
    app.update();
    let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.release_all();
    keys.clear();
    app.update();
}

/// "?" and F1 did nothing and no screen listed the keys: both open the Keys
/// window on any screen, and its Escape shuts it without leaving the screen.
#[test]
fn f1_or_a_question_mark_lists_the_keys_and_escape_shuts_them() {
    use bevy::prelude::KeyCode;
    let variant = Variant::Breakthrough;
    let mut app = crate::game_app(crate::options(variant, PlayerSetup::Human, crate::ai("novice", variant)));
    with_panels(&mut app, WINDOW_SIZES[0]);
    crate::go(&mut app, Screen::Play);
    let listed = |app: &bevy::prelude::App| texts(app).iter().any(|t| t == "Take back a move");
    assert!(!listed(&app), "closed at first");
    press(&mut app, &[], KeyCode::F1);
    assert!(listed(&app), "F1 lists the keys: {:?}", texts(&app));
    press(&mut app, &[], KeyCode::Escape);
    assert!(!listed(&app), "Escape shuts the list");
    assert_eq!(crate::screen(&app), Screen::Play, "and only that");
    press(&mut app, &[KeyCode::ShiftLeft], KeyCode::Slash);
    assert!(listed(&app), "? lists the keys too");
    press(&mut app, &[KeyCode::ShiftLeft], KeyCode::Slash);
    assert!(!listed(&app), "and shuts them");
    crate::go(&mut app, Screen::Home);
    press(&mut app, &[], KeyCode::F1);
    assert!(listed(&app), "on Home too");
}

/// Players changed in Watch & Lab after a game against the Master ended
/// renamed that finished game on screen ("Beginner vs Novice · Black
/// resigned"): a finished game is of who played it.
#[test]
fn a_finished_game_keeps_its_players() {
    use breakline_app::game::players::Players;
    let variant = Variant::Breakthrough;
    let mut app = crate::game_app(crate::options(variant, PlayerSetup::Human, crate::ai("master", variant)));
    crate::go(&mut app, Screen::Play);
    crate::findings_round_22::first_move(&mut app);
    app.world_mut().write_message(GameRequest::Resign);
    assert!(crate::update_until(&mut app, 20, |app| crate::session(app).outcome().is_over()), "ended");
    let players = crate::players(&app);
    let named = crate::session(&app).matchup(&players);
    let record = crate::session(&app).record().clone();
    crate::go(&mut app, Screen::Watch);
    let level = |name| crate::ai(name, variant);
    app.world_mut()
        .write_message(GameRequest::SetPlayers(Players { white: level("beginner"), black: level("novice") }));
    app.update();
    assert_ne!(crate::players(&app), players, "the new players are set");
    assert_eq!(crate::session(&app).matchup(&crate::players(&app)), named, "the finished game is as it was played");
    assert_eq!(
        (&crate::session(&app).record().white, &crate::session(&app).record().black),
        (&record.white, &record.black)
    );
}
