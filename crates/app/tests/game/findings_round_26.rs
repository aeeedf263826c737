//! Fresh eyes, rounds 26 and 27 and what was left open before them, held by tests.

use breakline_app::game::players::PlayerSetup;
use breakline_app::game::screen::Screen;
use breakline_app::game::settings::GameSettings;
use breakline_engine::Variant;

use crate::panels::{WINDOW_SIZES, click_on, with_panels};

/// A Watch & Lab preset set the next game's board: after watching two
/// masters play Lines of Action, Play's setup offered Lines of Action to a
/// Breakthrough player. The preset plays on its own board.
#[test]
fn a_watched_preset_leaves_the_next_games_board_alone() {
    let variant = Variant::Breakthrough;
    let mut app = crate::game_app(crate::options(variant, PlayerSetup::Human, PlayerSetup::Human));
    with_panels(&mut app, WINDOW_SIZES[2]);
    let before = *app.world().resource::<GameSettings>();
    crate::go(&mut app, Screen::Watch);
    app.update();
    click_on(&mut app, "9. Two masters: Lines of Action");
    let watched = crate::update_until(&mut app, 20, |app| crate::session(app).variant() == Variant::LinesOfAction);
    assert!(watched, "the preset's game is on the board");
    assert_eq!(*app.world().resource::<GameSettings>(), before, "the next game's board is as it was");
}

/// Two masters playing Lines of Action in Watch & Lab were labelled with
/// Breakthrough's ratings (the Game section's choice for the next game):
/// the players of the game on the board are rated in its game.
#[test]
fn watched_levels_carry_their_own_games_ratings() {
    use breakline_engine::ai::search::Level;
    use breakline_engine::lab::levels::LevelTable;
    let variant = Variant::Breakthrough;
    let mut app = crate::game_app(crate::options(variant, PlayerSetup::Human, PlayerSetup::Human));
    with_panels(&mut app, WINDOW_SIZES[2]);
    crate::go(&mut app, Screen::Watch);
    app.update();
    click_on(&mut app, "9. Two masters: Lines of Action");
    assert!(crate::update_until(&mut app, 20, |app| crate::session(app).variant() == Variant::LinesOfAction));
    app.update();
    let table = LevelTable::shipped();
    let (own, other) = (table.label(Variant::LinesOfAction, Level::MASTER), table.label(variant, Level::MASTER));
    assert_ne!(own, other, "the two ladders rate the master apart");
    let said = crate::panels::texts(&app);
    assert!(said.iter().any(|t| t == &own), "{own:?} in {said:?}");
    assert!(!said.iter().any(|t| t == &other), "not {other:?}");
}

/// Fresh eyes, round 27 (major): after a clocked rated game ended and the
/// game restarted, the board laid out with the settings' clock counted as a
/// "rated game in progress": every Library game was refused, while Home
/// offered nothing to resume. A clock alone is no game in progress.
#[test]
fn a_restart_after_a_clocked_game_ended_leaves_no_game_in_progress() {
    use breakline_app::game::request::{GameRequest, ReplaceGame};
    use breakline_app::game::settings::PlaySettings;
    use breakline_app::home::screens::ResumeScreen;
    use breakline_app::play::setup::PlayChoice;
    use breakline_engine::rules::clock::TimeControl;
    let home = crate::journeys::Home::new("round-27-no-ghost");
    let mut app = home.start();
    app.world_mut().resource_mut::<GameSettings>().time_control = Some(TimeControl::parse("300+3").expect("a clock"));
    crate::journeys::start(&mut app, PlayChoice::default());
    crate::findings_round_22::first_move(&mut app);
    app.world_mut().write_message(GameRequest::Resign);
    assert!(crate::update_until(&mut app, 20, |app| crate::session(app).outcome().is_over()), "resigned");
    home.quit(app);

    let mut app = home.start();
    assert!(crate::session(&app).record().time_control.is_some(), "the board has the settings' clock");
    assert_eq!(app.world().resource::<ResumeScreen>().0, None, "Home offers nothing to resume");
    app.insert_resource(PlaySettings { confirm_replace: true, ..Default::default() });
    crate::go(&mut app, Screen::Analyse);
    // No game is in progress: a new one is not asked about.
    app.world_mut().write_message(GameRequest::NewGame { rematch: false });
    app.update();
    assert!(app.world().resource::<ReplaceGame>().pending.is_none(), "nothing asked");
}

/// Fresh eyes, round 27 (major): a game of two AIs pasted in Analyse played
/// on by itself ("Pasted a game (4 moves)", then move 13). In Analyse it
/// waits for Space.
#[test]
fn a_game_of_two_ais_opened_in_analyse_waits() {
    use breakline_app::files::game_file::{FileAction, FileRequest};
    use breakline_app::game::request::GameRequest;
    let variant = Variant::Breakthrough;
    let path = std::env::temp_dir().join(format!("breakline-two-ais-{}.json", std::process::id()));
    let mut watched =
        crate::game_app(crate::options(variant, crate::ai("novice", variant), crate::ai("novice", variant)));
    assert!(crate::update_until(&mut watched, 400, |app| crate::session(app).plies() >= 2), "the AIs play");
    watched.world_mut().write_message(GameRequest::SetPaused(true));
    watched.world_mut().write_message(FileRequest { action: FileAction::Save, path: path.clone() });
    assert!(crate::update_until(&mut watched, 100, |_| path.is_file()), "saved");

    let mut app = crate::game_app(crate::options(variant, PlayerSetup::Human, PlayerSetup::Human));
    crate::go(&mut app, Screen::Analyse);
    app.world_mut().write_message(FileRequest { action: FileAction::Load, path: path.clone() });
    assert!(crate::update_until(&mut app, 100, |app| crate::level_of(&crate::players(app).white).is_some()), "opened");
    let plies = crate::session(&app).plies();
    assert!(plies >= 2);
    for _ in 0..60 {
        app.update();
    }
    assert_eq!(crate::session(&app).plies(), plies, "no move played by itself");
    app.world_mut().write_message(GameRequest::SetPaused(false));
    assert!(crate::update_until(&mut app, 400, |app| crate::session(app).plies() > plies), "Space plays on");
    let _ = std::fs::remove_file(&path);
}

/// Fresh eyes, round 27: beside a person's game in progress, Watch & Lab's
/// New game and Restart ended that game (asked first), where a preset
/// watched a game beside it. They are greyed there; with no game of the
/// person's, they work.
#[test]
fn watch_and_labs_new_game_leaves_the_persons_game_alone() {
    let variant = Variant::Breakthrough;
    let mut app = crate::game_app(crate::options(variant, PlayerSetup::Human, crate::ai("novice", variant)));
    with_panels(&mut app, WINDOW_SIZES[2]);
    crate::go(&mut app, Screen::Play);
    crate::findings_round_22::first_move(&mut app);
    crate::go(&mut app, Screen::Watch);
    app.update();
    assert_eq!(crate::panels::enabled(&app, "New game"), Some(false), "{:?}", crate::panels::texts(&app));
    assert_eq!(crate::panels::enabled(&app, "Restart"), Some(false));
    let mut watched =
        crate::game_app(crate::options(variant, crate::ai("novice", variant), crate::ai("novice", variant)));
    with_panels(&mut watched, WINDOW_SIZES[2]);
    crate::go(&mut watched, Screen::Watch);
    watched.update();
    assert_eq!(crate::panels::enabled(&watched, "New game"), Some(true));
    assert_eq!(crate::panels::enabled(&watched, "Restart"), Some(true));
}

/// Fresh eyes, round 27: Analyse's moves sat at the panel's foot, under the
/// report and the graph, three rows in sight at 1920x1080. They come before
/// them; in Watch & Lab, where the list grows as the AIs play, they stay last.
#[test]
fn analyses_moves_come_before_the_report_and_graph() {
    use crate::panels::rect_of;
    let variant = Variant::Breakthrough;
    let mut app = crate::game_app(crate::options(variant, PlayerSetup::Human, PlayerSetup::Human));
    with_panels(&mut app, WINDOW_SIZES[2]);
    for (screen, moves_first) in [(Screen::Analyse, true), (Screen::Watch, false)] {
        crate::go(&mut app, screen);
        app.update();
        let moves = rect_of(&app, "Moves").expect("the moves").top();
        let report = rect_of(&app, "Game report").expect("the report").top();
        assert_eq!(moves < report, moves_first, "{screen:?}: moves at {moves}, report at {report}");
    }
}

/// Fresh eyes, rounds 26 and 28: a board chosen in Analyse (its sliders, a
/// game opened there) became Play's next board: Play's setup offered 3x5,
/// unrated. Analyse and Watch & Lab have a board of their own.
#[test]
fn a_board_chosen_in_analyse_is_not_plays_next_board() {
    use breakline_app::files::game_file::{FileAction, FileRequest};
    use breakline_app::game::request::GameRequest;
    use breakline_engine::BoardSize;
    let variant = Variant::Breakthrough;
    let small = BoardSize::new(3, 5);
    let options = breakline_app::platform::launch::LaunchOptions {
        size: small,
        ..crate::options(variant, PlayerSetup::Human, PlayerSetup::Human)
    };
    let path = std::env::temp_dir().join(format!("breakline-small-{}.json", std::process::id()));
    let mut small_game = crate::game_app(options);
    crate::go(&mut small_game, Screen::Play);
    crate::findings_round_22::first_move(&mut small_game);
    small_game.world_mut().write_message(FileRequest { action: FileAction::Save, path: path.clone() });
    assert!(crate::update_until(&mut small_game, 100, |_| path.is_file()), "saved");

    let mut app = crate::game_app(crate::options(variant, PlayerSetup::Human, PlayerSetup::Human));
    let plays = *app.world().resource::<GameSettings>();
    crate::go(&mut app, Screen::Analyse);
    app.world_mut().write_message(FileRequest { action: FileAction::Load, path: path.clone() });
    assert!(crate::update_until(&mut app, 100, |app| crate::session(app).size() == small), "opened");
    assert_eq!(*app.world().resource::<GameSettings>(), plays, "Play's next board is as it was");
    // Analyse's New game keeps the board opened there; Play's, Play's.
    app.world_mut().write_message(GameRequest::NewGame { rematch: false });
    assert!(crate::update_until(&mut app, 20, |app| crate::session(app).plies() == 0));
    assert_eq!(crate::session(&app).size(), small, "Analyse's board");
    crate::go(&mut app, Screen::Play);
    app.world_mut().write_message(GameRequest::NewGame { rematch: false });
    assert!(crate::update_until(&mut app, 20, |app| crate::session(app).size() == plays.size), "Play's board");
    let _ = std::fs::remove_file(&path);
}

/// Fresh eyes, round 28: beside a Breakthrough game, Play's Puzzles button
/// (under "Breakthrough puzzle rating") opened Lines of Action puzzles, the
/// game Play's setup had last chosen. Puzzles opens on the game's own.
#[test]
fn puzzles_open_on_the_game_in_progress() {
    use breakline_app::puzzles::puzzle::PuzzleRun;
    let variant = Variant::Breakthrough;
    let mut app = crate::game_app(crate::options(variant, PlayerSetup::Human, crate::ai("novice", variant)));
    crate::go(&mut app, Screen::Play);
    crate::findings_round_22::first_move(&mut app);
    app.world_mut().resource_mut::<GameSettings>().variant = Variant::LinesOfAction;
    crate::go(&mut app, Screen::Puzzles);
    let opened = |app: &bevy::prelude::App| app.world().resource::<PuzzleRun>().active.as_ref().map(|a| a.variant);
    assert!(crate::update_until(&mut app, 20, |app| opened(app).is_some()), "a puzzle opens");
    assert_eq!(opened(&app), Some(variant));
}
