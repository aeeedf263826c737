//! The screens: Home, the play setup, a game, Home again and Resume lose
//! nothing (moves, clocks, players); the setup keeps a rated game rated and
//! a casual one casual; Rematch swaps the colours; the looks and the setup's
//! choice come back from the settings file.

use bevy::prelude::*;
use breakline_app::game::notice::Notice;
use breakline_app::game::phase::{GamePhase, TurnPhase};
use breakline_app::game::players::{PlayerSetup, Players};
use breakline_app::game::ratings::Progress;
use breakline_app::game::request::{GameRequest, MoveChosen};
use breakline_app::game::screen::Mode;
use breakline_app::game::screen::Screen;
use breakline_app::game::settings::{GameSettings, PlaySettings, SettingsPath};
use breakline_app::home::screens::ResumeScreen;
use breakline_app::platform::launch::LaunchOptions;
use breakline_app::play::rated::{RatedGame, suggested_level};
use breakline_app::play::setup::{ColourChoice, Opponent, PendingGame, PlayChoice, PlayRequest, StartDraw};
use breakline_app::settings::store;
use breakline_app::theme::looks::{BoardTheme, Looks, PieceSet};
use breakline_app::{configure, plugin};
use breakline_engine::ai::search::Level;
use breakline_engine::rules::clock::TimeControl;
use breakline_engine::{Side, Variant};

use crate::{
    STEP, assert_pieces_match, game_app, go, level_of, mode, options, phase, players, screen, session,
    settled_human_turn, turn, update_until,
};

const BT: Variant = Variant::Breakthrough;

/// The app as `cargo run` without flags opens it: on Home.
fn home_app() -> App {
    let app = game_app(LaunchOptions { home: true, ..options(BT, PlayerSetup::Human, PlayerSetup::Human) });
    assert_eq!(screen(&app), Screen::Home);
    app
}

/// Chooses in the setup and presses Start; waits for the new game's first turn.
fn start(app: &mut App, choice: PlayChoice) {
    go(app, Screen::PlaySetup);
    *app.world_mut().resource_mut::<PlayChoice>() = choice;
    let generation = session(app).generation();
    app.world_mut().write_message(PlayRequest::Start);
    let started = update_until(app, 100, |app| {
        let set_up = !app.world().resource::<PendingGame>().waiting();
        set_up
            && screen(app) == Screen::Play
            && session(app).generation() != generation
            && phase(app) == GamePhase::Playing
    });
    assert!(started, "Start opens the game");
}

fn level(level: Level) -> PlayChoice {
    PlayChoice { opponent: Opponent::Level(level), colour: ColourChoice::White, rated: true }
}

/// The person's first legal move, then the level's answer.
fn exchange(app: &mut App) {
    assert!(settled_human_turn(app, 200));
    let s = session(app);
    let (plies, request) =
        (s.plies(), MoveChosen::human(s.position().legal_moves()[0], s.generation(), s.position().hash()));
    app.world_mut().write_message(request);
    assert!(update_until(app, 400, |app| session(app).plies() >= plies + 2));
    assert!(settled_human_turn(app, 200));
}

#[test]
fn home_setup_game_home_and_resume_lose_nothing() {
    let mut app = home_app();
    app.world_mut().resource_mut::<GameSettings>().time_control = Some(TimeControl::parse("3+0").unwrap());
    start(&mut app, level(Level::new(1).unwrap()));
    let expected = players(&app);
    assert_eq!(expected.white, PlayerSetup::Human);
    assert_eq!(level_of(&expected.black), Level::new(1));
    exchange(&mut app);
    let (moves, clock, generation) =
        (session(&app).position().moves().to_vec(), session(&app).clock(), session(&app).generation());
    go(&mut app, Screen::Home);
    assert_eq!(app.world().resource::<ResumeScreen>().0, Some(Screen::Play), "Home offers to resume Play");
    // Five seconds on Home: more than the three the person has left.
    for _ in 0..100 {
        app.update();
    }
    assert_eq!(phase(&app), GamePhase::Playing, "the clock waits on Home");
    go(&mut app, Screen::Play);
    assert!(settled_human_turn(&mut app, 20));
    let s = session(&app);
    assert_eq!((s.position().moves(), s.clock(), s.generation()), (moves.as_slice(), clock, generation));
    assert_eq!(players(&app), expected);
    assert_pieces_match(&mut app);
    // The clock runs again: the three minutes' flag falls in time.
    let frames = (180.0 / STEP.as_secs_f32()) as usize + 20;
    assert!(update_until(&mut app, frames, |app| phase(app) == GamePhase::Over), "the clock runs in Play");
}

#[test]
fn an_opponent_changed_in_the_setup_before_the_first_move_keeps_the_game_rated() {
    let mut app = home_app();
    start(&mut app, level(Level::new(2).unwrap()));
    assert_eq!(app.world().resource::<RatedGame>().unrated_because(), None);
    // Before the first move: back to the setup, another level.
    start(&mut app, level(Level::new(1).unwrap()));
    assert_eq!(level_of(&players(&app).black), Some(Level::new(1).unwrap()));
    assert_eq!(app.world().resource::<RatedGame>().unrated_because(), None, "still rated");
    exchange(&mut app);
    assert_eq!(app.world().resource::<RatedGame>().unrated_because(), None, "rated after the first moves");
    // Casual is casual, and a rated choice afterwards is rated again.
    start(&mut app, PlayChoice { rated: false, ..level(Level::new(1).unwrap()) });
    assert!(app.world().resource::<RatedGame>().unrated_because().is_some(), "a casual game is not rated");
    start(&mut app, level(Level::new(1).unwrap()));
    assert_eq!(app.world().resource::<RatedGame>().unrated_because(), None);
}

#[test]
fn rematch_keeps_the_players_and_swaps_the_colours() {
    let mut app = home_app();
    start(&mut app, PlayChoice { colour: ColourChoice::Black, ..level(Level::new(1).unwrap()) });
    let first = players(&app);
    assert_eq!(first.black, PlayerSetup::Human, "the person plays Black as chosen");
    assert!(settled_human_turn(&mut app, 400));
    app.world_mut().write_message(GameRequest::Resign);
    assert!(update_until(&mut app, 20, |app| phase(app) == GamePhase::Over));
    let generation = session(&app).generation();
    app.world_mut().write_message(PlayRequest::Rematch);
    let set_up = |app: &App| !app.world().resource::<PendingGame>().waiting();
    assert!(update_until(&mut app, 50, |app| session(app).generation() != generation && set_up(app)));
    assert_eq!(players(&app), Players { white: first.black.clone(), black: first.white.clone() });
    assert_eq!(screen(&app), Screen::Play);
    assert!(settled_human_turn(&mut app, 400), "the person moves in the rematch");
    assert_eq!(session(&app).position().side_to_move(), Side::White, "the person now has White");
}

#[test]
fn a_random_colour_comes_from_the_seeded_draw() {
    let sides = |seed: u64| {
        let mut app = home_app();
        app.world_mut().insert_resource(StartDraw(seed));
        let mut sides = Vec::new();
        for _ in 0..6 {
            start(&mut app, PlayChoice { opponent: Opponent::Friend, colour: ColourChoice::Random, rated: true });
            // A friend's game has two people: the draw shows in the next level game.
            start(&mut app, PlayChoice { colour: ColourChoice::Random, ..level(Level::new(1).unwrap()) });
            sides.push(if players(&app).white == PlayerSetup::Human { Side::White } else { Side::Black });
        }
        sides
    };
    let drawn = sides(7);
    assert_eq!(drawn, sides(7), "the same seed draws the same colours");
    assert!(drawn.contains(&Side::White) && drawn.contains(&Side::Black), "{drawn:?}");
}

/// An app reading and writing the settings file at `path`.
fn app_with_settings(path: &std::path::Path) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin))
        .insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(STEP))
        .insert_resource(SettingsPath(Some(path.to_path_buf())));
    configure(&mut app, &options(BT, PlayerSetup::Human, PlayerSetup::Human));
    app.insert_resource(PlaySettings { confirm_replace: false, ..default() });
    app.add_plugins(plugin);
    app.update();
    app
}

fn temp_settings(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("breakline-screens-{}-{name}.json", std::process::id()))
}

#[test]
fn looks_and_the_setup_choice_round_trip_through_the_settings_file() {
    let path = temp_settings("round-trip");
    let _ = std::fs::remove_file(&path);
    let looks = Looks { board: BoardTheme::ColourSafe, pieces: PieceSet::Discs, scale: 1.5 };
    let choice = PlayChoice { opponent: Opponent::Friend, colour: ColourChoice::Random, rated: false };
    {
        let mut app = app_with_settings(&path);
        assert_eq!(*app.world().resource::<Looks>(), Looks::default(), "no file: the defaults");
        *app.world_mut().resource_mut::<Looks>() = looks;
        *app.world_mut().resource_mut::<PlayChoice>() = choice;
        app.world_mut().write_message(AppExit::Success);
        app.update();
    }
    let stored = store::read(&path).expect("reads").expect("a file");
    assert_eq!((stored.looks.board.as_str(), stored.looks.pieces.as_str()), ("colour-safe", "discs"));
    let app = app_with_settings(&path);
    assert_eq!(*app.world().resource::<Looks>(), looks);
    assert_eq!(*app.world().resource::<PlayChoice>(), choice);
    assert_eq!(app.world().resource::<Notice>().toast(), None);
    let _ = std::fs::remove_file(&path);
}

#[test]
fn unknown_looks_in_the_settings_file_give_a_notice_and_the_defaults() {
    let path = temp_settings("unknown");
    {
        let mut app = app_with_settings(&path);
        *app.world_mut().resource_mut::<Looks>() = Looks { scale: 1.25, ..Looks::default() };
        app.world_mut().write_message(AppExit::Success);
        app.update();
    }
    let text = std::fs::read_to_string(&path).expect("written");
    let mut json: serde_json::Value = serde_json::from_str(&text).expect("json");
    json["looks"]["board"] = "plaid".into();
    json["looks"]["scale"] = 9.0.into();
    json["play"]["opponent"] = "grandmaster".into();
    std::fs::write(&path, json.to_string()).expect("writes");
    let app = app_with_settings(&path);
    assert_eq!(*app.world().resource::<Looks>(), Looks::default());
    assert_eq!(*app.world().resource::<PlayChoice>(), PlayChoice::default());
    let toast = app.world().resource::<Notice>().toast().expect("a notice").to_string();
    for part in ["plaid", "9", "grandmaster"] {
        assert!(toast.contains(part), "{toast}");
    }
    assert!(!toast.contains('\n'), "one line: {toast}");
    // A file from before the looks: it loads with the defaults, and no notice.
    json.as_object_mut().expect("object").remove("looks");
    json.as_object_mut().expect("object").remove("play");
    std::fs::write(&path, json.to_string()).expect("writes");
    let app = app_with_settings(&path);
    assert_eq!(*app.world().resource::<Looks>(), Looks::default());
    assert_eq!(app.world().resource::<Notice>().toast(), None);
    let _ = std::fs::remove_file(&path);
}

#[test]
fn the_launch_flags_open_their_screens() {
    let opened = |options: LaunchOptions| screen(&game_app(options));
    assert_eq!(opened(options(BT, PlayerSetup::Human, crate::ai("easy", BT))), Screen::Play);
    assert_eq!(opened(options(BT, crate::ai("easy", BT), crate::ai("easy", BT))), Screen::Watch);
    assert_eq!(opened(LaunchOptions { flow: Some(0), ..LaunchOptions::default() }), Screen::Flow);
    assert_eq!(opened(LaunchOptions { home: true, ..LaunchOptions::default() }), Screen::Home);
    let mut app = game_app(LaunchOptions { home: true, ..LaunchOptions::default() });
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(mode(&app), Mode::Menu, "the game waits behind Home");
    assert_eq!(turn(&app), Some(TurnPhase::Deciding), "nobody moves while Home shows");
}

/// The level nearest the test person's rating in Breakthrough.
fn nearest(app: &App) -> Level {
    suggested_level(app.world().resource::<Progress>(), BT)
}

#[test]
fn choosing_ai_in_the_setup_picks_the_level_nearest_the_rating() {
    let mut app = home_app();
    let novice = nearest(&app);
    assert_ne!(novice, Level::MEDIUM, "a new player's nearest level is below Medium");
    // A new player's setup: the nearest level, rated.
    start(&mut app, PlayChoice::default());
    assert_eq!(level_of(&players(&app).black), Some(novice));
    assert_eq!(app.world().resource::<RatedGame>().unrated_because(), None);
    // A friend, then AI again: the nearest level once more, not Medium.
    let mut choice = PlayChoice { opponent: Opponent::Friend, ..PlayChoice::default() };
    choice.choose_ai();
    assert_eq!(choice.opponent.level(novice), Some(novice));
    // A level picked by hand stays picked when AI is chosen again.
    let mut picked = level(Level::MASTER);
    picked.choose_ai();
    assert_eq!(picked.opponent, Opponent::Level(Level::MASTER));
    // A stronger player: the nearest level follows the rating at Start.
    let mut json = serde_json::to_value(Progress::default()).expect("json");
    json["breakthrough"]["glicko"]["rating"] = 2000.0.into();
    *app.world_mut().resource_mut::<Progress>() = serde_json::from_value(json).expect("progress");
    let stronger = nearest(&app);
    assert!(stronger > novice, "{stronger:?} above {novice:?}");
    start(&mut app, choice);
    assert_eq!(level_of(&players(&app).black), Some(stronger));
    assert_eq!(app.world().resource::<RatedGame>().unrated_because(), None);
}

/// Finding (minor): level 3 played the same game twice: every game seeded
/// its level alike, so its blunders fell on the same moves. Each Start seeds
/// the level anew; it stays the same level.
#[test]
fn each_start_seeds_the_level_anew() {
    let mut app = home_app();
    let casual = Level::new(3).unwrap();
    let mut seeds = Vec::new();
    for _ in 0..3 {
        start(&mut app, PlayChoice { colour: ColourChoice::White, ..level(casual) });
        let PlayerSetup::Ai(config) = players(&app).black else { panic!("the level plays Black") };
        assert_eq!(Level::of(&config), Some(casual), "still level 3");
        seeds.push(config.seed());
    }
    seeds.dedup();
    assert_eq!(seeds.len(), 3, "a new seed each game: {seeds:?}");
}
