//! Issue 50's findings on the game in progress and its lifecycle, as a
//! person meets them: a first start offers no Resume and an unfinished game
//! comes back after a restart (1); leaving Learn or Puzzles by Home gives the
//! game back (2); Watch & Lab's pause never reaches Play (3); a game lost on
//! time is finished everywhere, rated once or aborted, never resumed (13, 14);
//! old messages stay on the screen they were posted on (15).

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use breakline_app::game::notice::Notice;
use breakline_app::game::owner::Visit;
use breakline_app::game::phase::GamePhase;
use breakline_app::game::players::{PlayerSetup, Players};
use breakline_app::game::ratings::Progress;
use breakline_app::game::request::{GameRequest, MoveChosen};
use breakline_app::game::screen::Screen;
use breakline_app::game::settings::{GameSettings, PlaySettings, SettingsPath};
use breakline_app::home::screens::ResumeScreen;
use breakline_app::platform::launch::LaunchOptions;
use breakline_app::play::rated::{ABORTED, RatedGame};
use breakline_app::play::setup::{ColourChoice, Opponent, PendingGame, PlayChoice, PlayRequest};
use breakline_app::{configure, plugin};
use breakline_engine::ai::search::Level;
use breakline_engine::rules::clock::TimeControl;
use breakline_engine::{Outcome, Side, Variant, WinReason};

use crate::{STEP, ai, go, options, phase, players, screen, session, settled_human_turn, update_until};

const BT: Variant = Variant::Breakthrough;

fn resume(app: &App) -> Option<Screen> {
    app.world().resource::<ResumeScreen>().0
}

fn rating(app: &App) -> (f64, u32) {
    let r = app.world().resource::<Progress>().rating(BT);
    (r.glicko.rating, r.games)
}

/// The app as a plain start opens it (on Home), with the settings file at
/// `path` if any, as the window has it.
fn start_app(path: Option<&Path>) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin))
        .insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(STEP))
        .insert_resource(SettingsPath(path.map(Path::to_path_buf)));
    configure(&mut app, &LaunchOptions { home: true, ..LaunchOptions::default() });
    app.insert_resource(PlaySettings { confirm_replace: false, ..default() });
    app.add_plugins(plugin);
    app.update();
    assert_eq!(screen(&app), Screen::Home);
    app
}

/// Quits the way the window does: the settings are written on exit.
fn quit(mut app: App) {
    app.world_mut().write_message(AppExit::Success);
    app.update();
}

fn temp_settings(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("breakline-findings-h1-{}-{name}.json", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

/// Chooses in the setup and presses Start; waits for the new game.
fn start(app: &mut App, choice: PlayChoice) {
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

/// Two depth-1 AIs: a Watch & Lab matchup that plays at once.
fn two_quick_ais() -> Players {
    Players { white: ai("alphabeta:offensive1:depth=1", BT), black: ai("alphabeta:offensive1:depth=1", BT) }
}

fn against(level: u8, rated: bool) -> PlayChoice {
    PlayChoice { opponent: Opponent::Level(Level::new(level).unwrap()), colour: ColourChoice::White, rated }
}

/// The person's first legal move, and the answer when an AI plays the other side.
fn move_once(app: &mut App) {
    assert!(settled_human_turn(app, 400));
    let s = session(app);
    let (plies, request) =
        (s.plies(), MoveChosen::human(s.position().legal_moves()[0], s.generation(), s.position().hash()));
    app.world_mut().write_message(request);
    let person_only = players(app) == Players { white: PlayerSetup::Human, black: PlayerSetup::Human };
    let answered = if person_only { 1 } else { 2 };
    assert!(update_until(app, 400, |app| session(app).plies() >= plies + answered));
}

#[test]
fn finding_01_a_first_start_offers_no_resume_and_an_unfinished_game_comes_back_after_a_restart() {
    let path = temp_settings("first-start");
    let mut app = start_app(Some(&path));
    assert_eq!(resume(&app), None, "a first start has no game in progress to resume");
    app.world_mut().resource_mut::<GameSettings>().time_control = Some(TimeControl::parse("300+0").unwrap());
    start(&mut app, against(1, false));
    move_once(&mut app);
    move_once(&mut app);
    assert!(settled_human_turn(&mut app, 400));
    let (moves, clock, left_players) =
        (session(&app).position().moves().to_vec(), session(&app).clock(), players(&app));
    assert!(app.world().resource::<RatedGame>().unrated_because().is_some(), "chosen casual");
    go(&mut app, Screen::Home);
    quit(app);

    let mut app = start_app(Some(&path));
    assert_eq!(resume(&app), Some(Screen::Play), "Home offers the unfinished game");
    assert_eq!(session(&app).position().moves(), moves.as_slice(), "its moves");
    assert_eq!(session(&app).clock(), clock, "its clocks");
    assert_eq!(players(&app), left_players, "its players");
    go(&mut app, Screen::Play);
    assert!(settled_human_turn(&mut app, 50));
    assert_eq!(session(&app).position().moves(), moves.as_slice(), "Resume shows it as it was left");
    assert!(app.world().resource::<RatedGame>().unrated_because().is_some(), "still casual");
    let _ = std::fs::remove_file(&path);
}

#[test]
fn finding_01_a_rated_game_left_unfinished_is_still_rated_after_a_restart() {
    let path = temp_settings("rated-restart");
    let mut app = start_app(Some(&path));
    start(&mut app, against(1, true));
    move_once(&mut app);
    assert_eq!(app.world().resource::<RatedGame>().unrated_because(), None);
    let moves = session(&app).position().moves().to_vec();
    quit(app);
    let mut app = start_app(Some(&path));
    go(&mut app, Screen::Play);
    assert!(settled_human_turn(&mut app, 50));
    assert_eq!(session(&app).position().moves(), moves.as_slice(), "the game as it was left");
    assert_eq!(app.world().resource::<RatedGame>().unrated_because(), None, "the rated game stays rated");
    let _ = std::fs::remove_file(&path);
}

/// Leaves a lesson or a puzzle by Home: the game that waited is the one Home offers.
fn leave_by_home_keeps_the_game(visit_screen: Screen) {
    let mut app = start_app(None);
    start(&mut app, PlayChoice { opponent: Opponent::Friend, colour: ColourChoice::White, rated: false });
    move_once(&mut app);
    let (moves, left_players, generation) =
        (session(&app).position().moves().to_vec(), players(&app), session(&app).generation());
    go(&mut app, Screen::Home);
    go(&mut app, visit_screen);
    assert!(update_until(&mut app, 100, |app| app.world().resource::<Visit>().active()), "{visit_screen:?} opens");
    assert_ne!(session(&app).generation(), generation, "{visit_screen:?} has the board");
    go(&mut app, Screen::Home);
    for _ in 0..5 {
        app.update();
    }
    assert!(!app.world().resource::<Visit>().active(), "{visit_screen:?} gave the board back");
    assert_eq!(session(&app).position().moves(), moves.as_slice(), "the game that waited is back");
    assert_eq!(players(&app), left_players);
    assert_eq!(resume(&app), Some(Screen::Play));
    go(&mut app, Screen::Play);
    assert!(settled_human_turn(&mut app, 50));
    assert_eq!(session(&app).position().moves(), moves.as_slice(), "Resume shows the game, not the visit's board");
    // A new game replaces the person's own game, not a lesson's board: it asks about that one.
    app.world_mut().resource_mut::<PlaySettings>().confirm_replace = true;
    app.world_mut().write_message(GameRequest::NewGame { rematch: false });
    app.update();
    app.update();
    assert_eq!(session(&app).position().moves(), moves.as_slice(), "the question waits for a yes");
}

#[test]
fn finding_02_leaving_learn_by_home_gives_the_game_in_progress_back() {
    leave_by_home_keeps_the_game(Screen::Learn);
}

#[test]
fn finding_02_leaving_puzzles_by_home_gives_the_game_in_progress_back() {
    leave_by_home_keeps_the_game(Screen::Puzzles);
}

#[test]
fn finding_03_a_pause_in_watch_and_lab_never_reaches_play() {
    let mut app = start_app(None);
    go(&mut app, Screen::Watch);
    let watched = Players { white: ai("beginner", BT), black: ai("beginner", BT) };
    app.world_mut().write_message(GameRequest::SetPlayers(watched));
    app.world_mut().write_message(GameRequest::NewGame { rematch: false });
    app.world_mut().write_message(GameRequest::SetPaused(true));
    for _ in 0..20 {
        app.update();
    }
    assert_eq!(session(&app).plies(), 0, "paused in Watch & Lab");
    go(&mut app, Screen::Home);
    // The person plays Black: the level (White) must move first.
    start(&mut app, PlayChoice { colour: ColourChoice::Black, ..against(1, false) });
    assert!(update_until(&mut app, 400, |app| session(app).plies() >= 1), "the level moves in Play");
}

#[test]
fn finding_03_a_game_paused_in_watch_moves_again_when_resumed_in_play() {
    let mut app = start_app(None);
    start(&mut app, against(1, false));
    go(&mut app, Screen::Watch);
    app.world_mut().write_message(GameRequest::SetPaused(true));
    app.update();
    // The person moves on Watch & Lab's screen; the paused level does not answer.
    assert!(settled_human_turn(&mut app, 400));
    let s = session(&app);
    let request = MoveChosen::human(s.position().legal_moves()[0], s.generation(), s.position().hash());
    app.world_mut().write_message(request);
    for _ in 0..40 {
        app.update();
    }
    assert_eq!(session(&app).plies(), 1, "paused on Watch & Lab's screen");
    go(&mut app, Screen::Home);
    go(&mut app, Screen::Play);
    assert!(update_until(&mut app, 400, |app| session(app).plies() >= 2), "the level answers in Play");
}

#[test]
fn finding_13_a_game_lost_on_time_is_never_resumed_and_rated_once() {
    let path = temp_settings("flag-restart");
    let mut app = start_app(Some(&path));
    app.world_mut().resource_mut::<GameSettings>().time_control = Some(TimeControl::parse("3+0").unwrap());
    start(&mut app, against(1, true));
    move_once(&mut app);
    let before = rating(&app);
    assert!(update_until(&mut app, 400, |app| phase(app) == GamePhase::Over), "a flag falls");
    let after = rating(&app);
    assert_eq!(after.1, before.1 + 1, "rated once");
    for _ in 0..40 {
        app.update();
    }
    assert_eq!(rating(&app), after, "rated once, however long the end shows");
    go(&mut app, Screen::Home);
    quit(app);

    let app = start_app(Some(&path));
    assert_eq!(resume(&app), None, "a finished game is not resumed after a restart");
    assert_eq!(rating(&app), after, "nor rated again");
    assert_eq!(session(&app).plies(), 0);
    let _ = std::fs::remove_file(&path);
}

fn clocked_against_a_level(control: &str) -> App {
    let time_control = Some(TimeControl::parse(control).unwrap());
    crate::game_app(LaunchOptions { time_control, ..options(BT, PlayerSetup::Human, ai("beginner", BT)) })
}

#[test]
fn finding_14_after_the_flag_the_clocks_stay_as_they_stopped_and_undo_cannot_reopen_the_game() {
    let mut app = clocked_against_a_level("1+0");
    let before = rating(&app);
    assert!(update_until(&mut app, 200, |app| phase(app) == GamePhase::Over), "White's flag falls");
    let lost = Outcome::Win { winner: Side::Black, reason: WinReason::Time };
    assert_eq!(session(&app).outcome(), lost);
    let clock = session(&app).clock().expect("a clock");
    assert_eq!(clock.remaining(Side::White), std::time::Duration::ZERO, "the flagged side shows 0:00");
    assert_eq!(clock.remaining(Side::Black), std::time::Duration::from_secs(1), "the other as it stopped");
    app.world_mut().write_message(GameRequest::Undo);
    for _ in 0..20 {
        app.update();
    }
    assert_eq!(phase(&app), GamePhase::Over, "no undo past a flag");
    assert_eq!(session(&app).outcome(), lost);
    // No move was made: the rated game is aborted, not lost.
    assert_eq!(rating(&app), before, "an aborted game costs nothing");
    assert_eq!(app.world().resource::<RatedGame>().unrated_because(), Some(ABORTED));
}

#[test]
fn finding_15_an_old_message_does_not_reappear_on_another_screen() {
    let mut app = start_app(None);
    go(&mut app, Screen::Analyse);
    app.world_mut().resource_mut::<Notice>().text = Some("Clipboard: no text".to_string());
    app.world_mut().resource_mut::<Notice>().error = true;
    assert!(app.world().resource::<Notice>().toast().is_some());
    go(&mut app, Screen::Home);
    go(&mut app, Screen::Watch);
    assert_eq!(app.world().resource::<Notice>().toast(), None, "the toast stayed on its screen");
    assert_eq!(app.world().resource::<Notice>().text, None, "and so did the panel's line");
}

#[test]
fn finding_15_plays_clock_never_reaches_watch_and_labs_presets() {
    let mut app = start_app(None);
    let one_minute = Some(TimeControl::parse("60+0").unwrap());
    app.world_mut().resource_mut::<GameSettings>().time_control = one_minute;
    go(&mut app, Screen::Watch);
    // A preset's click: its players, then a new game.
    let preset = Players { white: ai("beginner", BT), black: ai("easy", BT) };
    app.world_mut().write_message(GameRequest::SetPlayers(preset));
    app.world_mut().write_message(GameRequest::NewGame { rematch: false });
    assert!(update_until(&mut app, 20, |app| session(app).generation() > 0 && phase(app) == GamePhase::Playing));
    assert_eq!(session(&app).record().time_control, None, "the AIs' game plays unclocked");
    // The person's next game has the clock they set.
    start(&mut app, against(1, false));
    assert_eq!(session(&app).record().time_control, one_minute);
}

/// Finding (fresh eyes): a review begun in Analyse was still open when Resume
/// took the game back to Play, on an old position with its clock stopped.
#[test]
fn a_review_begun_in_analyse_ends_when_the_game_goes_back_to_play() {
    let mut app = start_app(None);
    start(&mut app, against(1, false));
    move_once(&mut app);
    move_once(&mut app);
    go(&mut app, Screen::Analyse);
    app.world_mut().write_message(GameRequest::GoTo { ply: 1 });
    assert!(update_until(&mut app, 20, |app| session(app).reviewing()));
    go(&mut app, Screen::Home);
    let to = resume(&app).expect("Home offers Resume");
    go(&mut app, to);
    assert_eq!(screen(&app), Screen::Play);
    app.update();
    let s = session(&app);
    assert!(!s.reviewing(), "Play shows the live position");
    assert_eq!(s.plies(), 4, "the game as it was");
}

/// Fresh eyes, round 6 (major): after a game ended, a new game started from
/// the setup and played on had no Resume on Home (Play was entered while the
/// finished game was still on the board, and Resume went with it).
#[test]
fn a_game_started_after_one_ended_is_offered_by_resume() {
    let mut app = start_app(None);
    app.world_mut().resource_mut::<GameSettings>().time_control = Some(TimeControl::parse("3+0").unwrap());
    start(&mut app, against(1, false));
    move_once(&mut app);
    assert!(update_until(&mut app, 400, |app| phase(app) == GamePhase::Over), "a flag falls");
    go(&mut app, Screen::Analyse);
    go(&mut app, Screen::Home);
    assert_eq!(resume(&app), None, "a finished game is not resumed");
    app.world_mut().resource_mut::<GameSettings>().time_control = None;
    start(&mut app, against(1, false));
    move_once(&mut app);
    go(&mut app, Screen::Home);
    assert_eq!(resume(&app), Some(Screen::Play), "the new game is the one to resume");
}

/// Fresh eyes, round 6 (major): a rated game the person had moved in was
/// thrown away by a new game with no rating change; it counts as a loss now
/// (and a rated game never moved in is only aborted).
#[test]
fn a_rated_game_replaced_after_the_persons_move_counts_as_a_loss() {
    let mut app = start_app(None);
    start(&mut app, against(1, true));
    let untouched = rating(&app);
    start(&mut app, against(1, true));
    assert_eq!(rating(&app), untouched, "a rated game never moved in is aborted, not lost");
    move_once(&mut app);
    let visit = app.world().resource::<Visit>();
    assert!(app.world().resource::<RatedGame>().at_stake(session(&app), &players(&app), visit));
    start(&mut app, against(1, false));
    app.update();
    let after = rating(&app);
    assert_eq!(after.1, untouched.1 + 1, "the replaced game is rated once");
    assert!(after.0 < untouched.0, "as a loss: {untouched:?} to {after:?}");
    let told = app.world().resource::<Notice>().text.clone().unwrap_or_default();
    assert!(told.contains("counts as a loss"), "and the person is told: {told:?}");
}

/// Fresh eyes, round 6 (major): a rated game that waited beside a studied
/// game (a Watch & Lab preset) was dropped by "Play on from this game" with
/// no rating change; it counts as a loss there too.
#[test]
fn a_rated_game_dropped_for_a_studied_one_counts_as_a_loss() {
    let mut app = start_app(None);
    start(&mut app, against(1, true));
    move_once(&mut app);
    let before = rating(&app);
    go(&mut app, Screen::Watch);
    let both = two_quick_ais();
    app.world_mut().write_message(GameRequest::StartMatchup((both).into()));
    assert!(update_until(&mut app, 50, |app| app.world().resource::<Visit>().studying()), "the preset is studied");
    assert_eq!(rating(&app), before, "studying beside the rated game costs nothing");
    // Round 8: and the question before "Play on from this game" says so.
    let (rated, visit) = (app.world().resource::<RatedGame>(), app.world().resource::<Visit>());
    assert!(rated.at_stake(session(&app), &players(&app), visit), "the waiting game's loss is warned of");
    app.world_mut().write_message(GameRequest::PlayOnFromStudy);
    assert!(update_until(&mut app, 50, |app| !app.world().resource::<Visit>().waiting()));
    app.update();
    let after = rating(&app);
    assert_eq!(after.1, before.1 + 1, "the dropped rated game is rated once");
    assert!(after.0 < before.0, "as a loss: {before:?} to {after:?}");
}

/// Fresh eyes, round 7 (major): a rated game resumed after a restart and
/// then replaced cost nothing (what was at stake was known only from moves
/// made since the start); it counts as a loss too.
#[test]
fn a_rated_game_resumed_after_a_restart_and_replaced_counts_as_a_loss() {
    let path = temp_settings("rated-restart-replaced");
    let mut app = start_app(Some(&path));
    start(&mut app, against(1, true));
    move_once(&mut app);
    go(&mut app, Screen::Home);
    quit(app);

    let mut app = start_app(Some(&path));
    assert_eq!(resume(&app), Some(Screen::Play), "the rated game waits");
    let before = rating(&app);
    start(&mut app, against(1, false));
    app.update();
    let after = rating(&app);
    assert_eq!(after.1, before.1 + 1, "the replaced game is rated once");
    assert!(after.0 < before.0, "as a loss: {before:?} to {after:?}");
    let _ = std::fs::remove_file(&path);
}

/// Fresh eyes, round 7 (major, from the round-6 fix): promoting a side line
/// of the rated game, and leaving a finished rated game for another, were
/// counted as a rated game left unfinished. Only a game in progress that is
/// replaced is.
#[test]
fn promoting_a_side_line_or_replacing_a_finished_game_costs_no_rating() {
    let mut app = start_app(None);
    start(&mut app, against(1, true));
    move_once(&mut app);
    move_once(&mut app);
    let before = rating(&app);
    go(&mut app, Screen::Analyse);
    app.world_mut().write_message(GameRequest::GoTo { ply: 2 });
    assert!(update_until(&mut app, 20, |app| session(app).reviewing()));
    let s = session(&app);
    let other = s.shown_position().legal_moves().into_iter().find(|m| Some(m) != s.position().moves().get(2)).unwrap();
    for square in [other.from, other.to] {
        app.world_mut().write_message(breakline_app::board::input::BoardPointer::Press(square));
        app.update();
    }
    assert!(update_until(&mut app, 20, |app| session(app).line_path().is_some()), "a side line");
    app.world_mut().write_message(GameRequest::PromoteLine);
    for _ in 0..10 {
        app.update();
    }
    assert_eq!(rating(&app), before, "promoting a line leaves no game unfinished");

    app.world_mut().write_message(GameRequest::Resign);
    assert!(update_until(&mut app, 20, |app| phase(app) == GamePhase::Over));
    let ended = rating(&app);
    start(&mut app, against(1, false));
    app.update();
    assert_eq!(rating(&app), ended, "a finished game is not left");
}

/// Fresh eyes, round 7: a rated game on an 8x5 board set in Analyse was
/// rated against levels measured on 8x8; off the standard board a game is
/// casual, and says why.
#[test]
fn a_game_off_the_standard_board_is_not_rated() {
    use breakline_app::play::rated::OTHER_BOARD;
    use breakline_engine::BoardSize;
    let mut app = start_app(None);
    app.world_mut().resource_mut::<GameSettings>().size = BoardSize::new(8, 5);
    start(&mut app, against(1, true));
    assert_eq!(session(&app).size(), BoardSize::new(8, 5));
    assert_eq!(app.world().resource::<RatedGame>().unrated_because(), Some(OTHER_BOARD));
    app.world_mut().resource_mut::<GameSettings>().size = BoardSize::new(8, 8);
    start(&mut app, against(1, true));
    assert_eq!(app.world().resource::<RatedGame>().unrated_because(), None, "the standard board is rated");
}

/// Fresh eyes, round 8 (major): a finished rated game taken up again after a
/// puzzle (Puzzles, Leave puzzles, Analyse) was counted a second time, and
/// again on each round trip; its end moves the rating once.
#[test]
fn a_finished_rated_game_visited_away_from_and_back_is_rated_once() {
    use breakline_app::puzzles::puzzle::PuzzleRequest;
    let mut app = start_app(None);
    start(&mut app, against(1, true));
    move_once(&mut app);
    app.world_mut().write_message(GameRequest::Resign);
    assert!(update_until(&mut app, 20, |app| phase(app) == GamePhase::Over));
    app.update();
    let ended = rating(&app);
    for _ in 0..2 {
        go(&mut app, Screen::Puzzles);
        app.world_mut().write_message(PuzzleRequest::Start(Variant::Breakthrough));
        assert!(update_until(&mut app, 50, |app| app.world().resource::<Visit>().active()), "a puzzle is on the board");
        app.world_mut().write_message(PuzzleRequest::Leave);
        assert!(update_until(&mut app, 50, |app| !app.world().resource::<Visit>().waiting()), "the game comes back");
        go(&mut app, Screen::Analyse);
        for _ in 0..5 {
            app.update();
        }
        assert!(session(&app).outcome().is_over(), "the finished game is on the board again");
        assert_eq!(rating(&app), ended, "its end counted once, not again on coming back");
    }
}

/// Fresh eyes, round 8 (major): a game chosen Casual that replaced an
/// AI-vs-AI game (a Watch & Lab preset) after the question started rated:
/// its players came after the game, and were judged on the pairing alone.
#[test]
fn a_casual_game_that_replaces_an_ai_game_after_the_question_is_casual() {
    use breakline_app::game::request::ReplaceGame;
    let mut app = start_app(None);
    app.insert_resource(PlaySettings { confirm_replace: true, ..default() });
    go(&mut app, Screen::Watch);
    let both = two_quick_ais();
    app.world_mut().write_message(GameRequest::StartMatchup((both).into()));
    assert!(update_until(&mut app, 200, |app| session(app).plies() >= 2), "the AIs play");
    go(&mut app, Screen::PlaySetup);
    *app.world_mut().resource_mut::<PlayChoice>() = against(1, false);
    app.world_mut().write_message(PlayRequest::Start);
    assert!(update_until(&mut app, 50, |app| app.world().resource::<ReplaceGame>().pending.is_some()), "asked first");
    let generation = session(&app).generation();
    app.world_mut().write_message(GameRequest::ConfirmReplace);
    assert!(update_until(&mut app, 50, |app| {
        session(app).generation() != generation && !app.world().resource::<PendingGame>().waiting()
    }));
    app.update();
    assert!(
        players(&app).white == PlayerSetup::Human && players(&app).black != PlayerSetup::Human,
        "the chosen pairing"
    );
    let rated = app.world().resource::<RatedGame>();
    assert_eq!(rated.unrated_because(), Some(breakline_app::play::rated::CASUAL), "chosen casual, played casual");
}

/// Fresh eyes, round 8 (major): the analysis layers ticked in Analyse
/// (groups, centres, attacked squares) showed on a rated game's board; they
/// are analysis, which a rated game leaves out.
#[test]
fn a_rated_game_shows_no_analysis_layer() {
    use breakline_app::board::layers::{LayerData, LayerSettings};
    let mut app = start_app(None);
    *app.world_mut().resource_mut::<LayerSettings>() = LayerSettings { groups: true, centres: true, attacks: true };
    start(&mut app, against(1, true));
    move_once(&mut app);
    app.update();
    assert_eq!(*app.world().resource::<LayerData>(), LayerData::default(), "no layer on the rated board");
    start(&mut app, against(1, false));
    move_once(&mut app);
    app.update();
    let shown = app.world().resource::<LayerData>();
    assert!(shown.attacked.iter().any(|squares| !squares.is_empty()), "a casual game shows them");
}

/// Fresh eyes, round 8: after Replace the new game faced the old game's
/// side (the board turned when the question was asked, by the old players),
/// and the old game turned behind the question.
#[test]
fn a_game_that_replaces_another_faces_its_own_person() {
    use breakline_app::board::layout::BoardFlip;
    use breakline_app::game::request::ReplaceGame;
    let flip = |app: &App| *app.world().resource::<BoardFlip>();
    let mut app = start_app(None);
    start(&mut app, PlayChoice { colour: ColourChoice::Black, ..against(1, false) });
    assert_eq!(flip(&app), BoardFlip(true), "Black at the bottom");
    move_once(&mut app);
    app.insert_resource(PlaySettings { confirm_replace: true, ..default() });
    go(&mut app, Screen::PlaySetup);
    *app.world_mut().resource_mut::<PlayChoice>() = against(1, false);
    app.world_mut().write_message(PlayRequest::Start);
    assert!(update_until(&mut app, 50, |app| app.world().resource::<ReplaceGame>().pending.is_some()), "asked first");
    assert_eq!(flip(&app), BoardFlip(true), "behind the question, the old game as it was");
    app.world_mut().write_message(GameRequest::ConfirmReplace);
    assert!(update_until(&mut app, 50, |app| !app.world().resource::<PendingGame>().waiting()));
    app.update();
    assert_eq!(players(&app).white, PlayerSetup::Human);
    assert_eq!(flip(&app), BoardFlip(false), "the new game: White, the person's side, at the bottom");
}

/// Fresh eyes, rounds 8 and 9 (major): an AI game watched beside the
/// person's game was gone after a visit Home; coming back to Watch & Lab
/// takes it up again at the move it was left at, and the person's game
/// waits beside it as before.
#[test]
fn a_study_left_in_watch_and_lab_is_there_on_return() {
    let mut app = start_app(None);
    start(&mut app, against(1, false));
    move_once(&mut app);
    let person_moves = session(&app).plies();
    go(&mut app, Screen::Watch);
    let both = two_quick_ais();
    app.world_mut().write_message(GameRequest::StartMatchup((both.clone()).into()));
    assert!(update_until(&mut app, 200, |app| app.world().resource::<Visit>().studying() && session(app).plies() >= 3));
    app.world_mut().write_message(GameRequest::SetPaused(true));
    app.update();
    let studied = session(&app).position().moves().to_vec();
    go(&mut app, Screen::Home);
    assert!(update_until(&mut app, 20, |app| !app.world().resource::<Visit>().waiting()));
    assert_eq!(session(&app).plies(), person_moves, "Home: the person's game is back");
    go(&mut app, Screen::Watch);
    assert!(update_until(&mut app, 20, |app| app.world().resource::<Visit>().studying()), "the study is taken up");
    let again = session(&app).position().moves().to_vec();
    assert!(again.len() >= studied.len() && again[..studied.len()] == studied[..], "at the move it was left at");
    assert_eq!(players(&app), both, "between the same players");
    let waiting = app.world().resource::<Visit>().left_game().map(|game| game.plies());
    assert_eq!(waiting, Some(person_moves), "the person's game waits beside it");
}

/// Fresh eyes, round 10: a study parked beside one game came back beside
/// the next one; a new game lets it go.
#[test]
fn a_parked_study_goes_with_the_game_it_was_begun_beside() {
    let mut app = start_app(None);
    start(&mut app, against(1, false));
    move_once(&mut app);
    go(&mut app, Screen::Watch);
    let both = two_quick_ais();
    app.world_mut().write_message(GameRequest::StartMatchup((both).into()));
    assert!(update_until(&mut app, 200, |app| app.world().resource::<Visit>().studying()));
    go(&mut app, Screen::Home);
    assert!(update_until(&mut app, 20, |app| !app.world().resource::<Visit>().waiting()));
    start(&mut app, against(1, false));
    move_once(&mut app);
    go(&mut app, Screen::Watch);
    for _ in 0..10 {
        app.update();
    }
    assert!(!app.world().resource::<Visit>().waiting(), "the new game's Watch & Lab has no old study");
}
