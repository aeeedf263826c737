//! Games on the clock in the game: the side to move's time runs (and only
//! then), a move adds the increment, a fallen flag ends the game, undo
//! restores the times, and an AI on the clock plays by it.

use std::time::Duration;

use bevy::prelude::*;
use breakline_app::game::phase::{GamePhase, TurnPhase};
use breakline_app::game::players::PlayerSetup;
use breakline_app::game::request::{GameRequest, MoveChosen};
use breakline_app::platform::launch::LaunchOptions;
use breakline_engine::rules::clock::TimeControl;
use breakline_engine::{Outcome, Side, Variant, WinReason};

use breakline_app::game::screen::Screen;

use crate::{STEP, ai, game_app, go, options, phase, session, turn, update_until};

fn clocked(white: PlayerSetup, black: PlayerSetup, control: &str) -> App {
    let time_control = Some(TimeControl::parse(control).unwrap());
    game_app(LaunchOptions { time_control, ..options(Variant::Breakthrough, white, black) })
}

/// Plays the side to move's first legal move as a person would.
fn play_first_move(app: &mut App) {
    let s = session(app);
    let (mv, plies) = (s.position().legal_moves()[0], s.plies());
    let request = MoveChosen::human(mv, s.generation(), s.position().hash());
    app.world_mut().write_message(request);
    assert!(update_until(app, 50, |app| session(app).plies() > plies), "ply {plies} is played");
    // The slide begins on the next frame; the next turn comes after it.
    app.update();
    assert!(update_until(app, 50, |app| turn(app) == Some(TurnPhase::HumanTurn)));
}

fn clock_left(app: &App, side: Side) -> Duration {
    session(app).clock().expect("a game on the clock").remaining(side)
}

/// Fresh eyes, round 15: undo and redo, again and again, gave a clock back
/// a few seconds each time (4:28 became 4:34). Back where it was, the side
/// to move has no more time than it had before the undo.
#[test]
fn undo_and_redo_give_no_time_back() {
    let mut app = clocked(PlayerSetup::Human, PlayerSetup::Human, "60+5");
    assert!(update_until(&mut app, 10, |app| turn(app) == Some(TurnPhase::HumanTurn)));
    play_first_move(&mut app);
    play_first_move(&mut app);
    // A second of thought on White's turn.
    for _ in 0..20 {
        app.update();
    }
    let shown = |app: &App, side: Side| {
        let timer = app.world().resource();
        breakline_app::game::clock::showing(session(app), timer).expect("a clock").0.remaining(side)
    };
    let before = [shown(&app, Side::White), shown(&app, Side::Black)];
    for round in 0..3 {
        app.world_mut().write_message(GameRequest::Undo);
        app.update();
        app.world_mut().write_message(GameRequest::Redo);
        app.update();
        // The turn's timer takes the redone turn up on the next frame.
        app.update();
        assert_eq!(session(&app).plies(), 2);
        let after = [shown(&app, Side::White), shown(&app, Side::Black)];
        for side in Side::BOTH {
            let (was, now) = (before[side.index()], after[side.index()]);
            assert!(now <= was, "round {round}: {side:?} had {was:?}, has {now:?}");
        }
    }
}

#[test]
fn the_flag_falls_when_the_side_to_move_runs_out() {
    let mut app = clocked(PlayerSetup::Human, PlayerSetup::Human, "0.5+0");
    assert!(update_until(&mut app, 10, |app| turn(app) == Some(TurnPhase::HumanTurn)));
    // Each update is 50 ms: half a second is ten of them.
    assert!(update_until(&mut app, 20, |app| phase(app) == GamePhase::Over));
    let result = session(&app).outcome();
    assert_eq!(result, Outcome::Win { winner: Side::Black, reason: WinReason::Time });
    assert_eq!(session(&app).plies(), 0);
}

#[test]
fn a_move_is_charged_its_time_and_gets_the_increment_and_undo_restores_the_times() {
    let mut app = clocked(PlayerSetup::Human, PlayerSetup::Human, "60+2");
    assert!(update_until(&mut app, 10, |app| turn(app) == Some(TurnPhase::HumanTurn)));
    for _ in 0..10 {
        app.update();
    }
    play_first_move(&mut app);
    let white = clock_left(&app, Side::White);
    // Ten frames of 50 ms at least, a few more while the move was made; 2 s back.
    assert!(white <= Duration::from_millis(61_500) && white >= Duration::from_millis(61_000), "{white:?}");
    assert_eq!(clock_left(&app, Side::Black), Duration::from_secs(60));
    play_first_move(&mut app);
    assert!(clock_left(&app, Side::Black) > Duration::from_secs(61));
    app.world_mut().write_message(GameRequest::Undo);
    app.update();
    assert_eq!(session(&app).plies(), 1);
    assert_eq!(clock_left(&app, Side::Black), Duration::from_secs(60), "undo gives the time back");
    assert_eq!(clock_left(&app, Side::White), white);
}

/// Fresh eyes, round 11: undo, think on the earlier position, redo gave the
/// thinking time back (and more): a redone move keeps the time spent since.
#[test]
fn redo_gives_back_no_time_spent_after_the_undo() {
    let mut app = clocked(PlayerSetup::Human, PlayerSetup::Human, "60+2");
    assert!(update_until(&mut app, 10, |app| turn(app) == Some(TurnPhase::HumanTurn)));
    play_first_move(&mut app);
    play_first_move(&mut app);
    let black = clock_left(&app, Side::Black);
    app.world_mut().write_message(GameRequest::Undo);
    app.update();
    assert_eq!(session(&app).plies(), 1);
    // Three seconds of thought on the position before Black's move.
    for _ in 0..60 {
        app.update();
    }
    app.world_mut().write_message(GameRequest::Redo);
    app.update();
    assert_eq!(session(&app).plies(), 2);
    let after = clock_left(&app, Side::Black);
    assert!(after + Duration::from_secs(2) <= black, "redo kept the thinking: {after:?} against {black:?}");
    // Fresh eyes, round 18: the redone move earns its increment, as a move
    // played at once would (60 s less about 3 of thought, plus 2: about
    // 59; it was about 57).
    assert!(after >= Duration::from_millis(58_500), "{after:?}");
}

/// A pause holds the clock; a review does not (fresh eyes, round 14: looking
/// back through the game stopped the person's clock, a pause button and free
/// thinking in a rated game), and the live clock shows while it runs.
#[test]
fn the_clock_stops_while_paused_and_runs_in_review() {
    let mut app = clocked(PlayerSetup::Human, PlayerSetup::Human, "60+0");
    assert!(update_until(&mut app, 10, |app| turn(app) == Some(TurnPhase::HumanTurn)));
    play_first_move(&mut app);
    play_first_move(&mut app);
    app.world_mut().write_message(GameRequest::SetPaused(true));
    for _ in 0..40 {
        app.update();
    }
    app.world_mut().write_message(GameRequest::SetPaused(false));
    app.update();
    app.update();
    // Review the start: the side to move's time runs on, and shows.
    app.world_mut().write_message(GameRequest::GoTo { ply: 0 });
    for _ in 0..40 {
        app.update();
    }
    assert!(session(&app).reviewing());
    let shown = breakline_app::game::clock::showing(session(&app), app.world().resource()).expect("a clock");
    assert!(shown.0.remaining(Side::White) < Duration::from_secs(59), "the live clock shows: {shown:?}");
    assert_eq!(shown.1, Some(Side::White), "running");
    app.world_mut().write_message(GameRequest::GoTo { ply: 2 });
    app.update();
    app.update();
    play_first_move(&mut app);
    let spent = Duration::from_secs(60) - clock_left(&app, Side::White);
    let paused_alone = Duration::from_millis(40 * STEP.as_millis() as u64);
    assert!(spent >= Duration::from_millis(40 * STEP.as_millis() as u64), "the review's time counted: {spent:?}");
    assert!(spent < 2 * paused_alone + Duration::from_secs(1), "the pause's did not: {spent:?}");
}

#[test]
fn an_ai_on_the_clock_plays_by_it_and_never_flags() {
    let mut app = clocked(ai("alphabeta:expert:depth=2", Variant::Breakthrough), PlayerSetup::Human, "1+0");
    assert!(update_until(&mut app, 400, |app| session(app).plies() == 1));
    let record = session(&app).record();
    let left = record.moves[0].clock_ms.expect("the AI's move keeps its clock");
    assert!(left > 0 && left <= 1000, "{left}");
    assert_eq!(record.time_control, TimeControl::parse("1+0").ok());
}

#[test]
fn a_persons_clock_waits_while_their_game_is_shown_in_watch_and_lab_or_analyse() {
    let mut app = clocked(PlayerSetup::Human, ai("beginner", Variant::Breakthrough), "1+0");
    assert!(update_until(&mut app, 10, |app| turn(app) == Some(TurnPhase::HumanTurn)));
    // Two seconds on other screens, twice the person's whole time.
    for screen in [Screen::Watch, Screen::Analyse] {
        go(&mut app, screen);
        for _ in 0..20 {
            app.update();
        }
        assert_eq!(phase(&app), GamePhase::Playing, "no flag falls on {screen:?}");
    }
    go(&mut app, Screen::Play);
    assert!(update_until(&mut app, 40, |app| phase(app) == GamePhase::Over), "the clock runs on Play");
    let lost = Outcome::Win { winner: Side::Black, reason: WinReason::Time };
    assert_eq!(session(&app).outcome(), lost);
}

/// Fresh eyes, round 25: a rated 15+10 game's AI thought on with its clock
/// stopped while the person looked at Analyse or Watch & Lab, and played its
/// move there, its increment added. It thinks only where its clock runs.
#[test]
fn an_ai_on_the_clock_thinks_only_where_its_clock_runs() {
    // The person leaves while their move slides, before the search begins.
    let thinker = ai("alphabeta:expert:depth=2", Variant::Breakthrough);
    let mut app = clocked(PlayerSetup::Human, thinker, "60+10");
    go(&mut app, Screen::Play);
    assert!(update_until(&mut app, 10, |app| turn(app) == Some(TurnPhase::HumanTurn)));
    play_first_move_then_leave(&mut app, 1);
    let answered = update_until(&mut app, 5_000, |app| {
        std::thread::sleep(Duration::from_millis(1));
        session(app).plies() == 2 && turn(app) == Some(TurnPhase::HumanTurn)
    });
    assert!(answered, "the AI answers the first move on Play");
    play_first_move_then_leave(&mut app, 3);
    for screen in [Screen::Watch, Screen::Analyse] {
        go(&mut app, screen);
        for _ in 0..30 {
            app.update();
            assert_ne!(turn(&app), Some(TurnPhase::AiThinking), "no search on {screen:?}");
        }
        assert_eq!(session(&app).plies(), 3, "no move on {screen:?}");
    }
    go(&mut app, Screen::Play);
    let answered = update_until(&mut app, 5_000, |app| {
        std::thread::sleep(Duration::from_millis(1));
        session(app).plies() == 4
    });
    assert!(answered, "the AI answers on Play");
}

/// The person's move, to make `plies` in all, before the AI answers.
fn play_first_move_then_leave(app: &mut App, plies: usize) {
    let s = session(app);
    let chosen = MoveChosen::human(s.position().legal_moves()[0], s.generation(), s.position().hash());
    app.world_mut().write_message(chosen);
    assert!(update_until(app, 50, |app| session(app).plies() == plies));
}

#[test]
fn a_watched_games_clock_runs_in_watch_and_lab() {
    // White searches by the clock, so its turns span frames: a beginner's
    // reply can land in the frame that asked for it, which charges no time.
    let thinker = ai("enhanced:expert:time=100:exact=off:book=off", Variant::Breakthrough);
    let mut app = clocked(thinker, ai("beginner", Variant::Breakthrough), "0.5+0");
    assert_eq!(crate::screen(&app), Screen::Watch);
    let ended = update_until(&mut app, 400, |app| {
        session(app).clock().is_some_and(|c| c.remaining(Side::White) < Duration::from_millis(500))
    });
    assert!(ended, "White's clock runs while the AIs play");
}

/// The clocks as the panel shows them ("White 0:57", "Black 1:00").
fn clocks_shown(app: &App) -> Vec<String> {
    crate::panels::texts(app)
        .into_iter()
        .filter(|t| (t.starts_with("White ") || t.starts_with("Black ")) && t.contains(':') && t.len() < 16)
        .collect()
}

/// Finding: the clock showed the saved file's time under the Open question
/// and jumped back after a resignation. Under the question the game in
/// progress holds still with its own times; a resignation leaves the clocks
/// as they stopped; the opened save shows its own.
#[test]
fn the_clocks_hold_under_the_open_question_and_stay_as_they_stopped_after_resigning() {
    use breakline_app::files::game_file::{FileAction, FileRequest};
    use breakline_app::game::request::ReplaceGame;
    use breakline_app::game::settings::PlaySettings;
    let mut app = clocked(PlayerSetup::Human, PlayerSetup::Human, "60+0");
    crate::panels::with_panels(&mut app, (1280, 800));
    app.world_mut().resource_mut::<PlaySettings>().confirm_replace = true;
    go(&mut app, Screen::Play);
    let spend = |app: &mut App, n: usize| (0..n).for_each(|_| app.update());
    play_first_move(&mut app);
    spend(&mut app, 40);
    play_first_move(&mut app);
    let path = std::env::temp_dir().join(format!("breakline-clock-open-{}.json", std::process::id()));
    // Two seconds into White's turn: the save keeps them.
    spend(&mut app, 40);
    app.world_mut().write_message(FileRequest { action: FileAction::Save, path: path.clone() });
    spend(&mut app, 60);
    play_first_move(&mut app);
    spend(&mut app, 100);
    let before = clocks_shown(&app);
    assert_eq!(before, ["White 0:54", "Black 0:52"], "the game in progress");
    app.world_mut().write_message(FileRequest { action: FileAction::Load, path: path.clone() });
    spend(&mut app, 2);
    assert!(app.world().resource::<ReplaceGame>().pending.is_some(), "asked first");
    spend(&mut app, 40);
    assert_eq!(clocks_shown(&app), before, "under the question: the game in progress, held still");
    app.world_mut().write_message(GameRequest::ConfirmReplace);
    spend(&mut app, 2);
    // The save kept White's two seconds so far: opening gives none of them back.
    assert_eq!(clocks_shown(&app), ["White 0:58", "Black 0:57"], "the save's own times");
    spend(&mut app, 30);
    assert_eq!(clocks_shown(&app), ["White 0:56", "Black 0:57"], "White's clock runs");
    app.world_mut().write_message(GameRequest::Resign);
    spend(&mut app, 2);
    assert!(session(&app).outcome().is_over());
    spend(&mut app, 40);
    assert_eq!(clocks_shown(&app), ["White 0:56", "Black 0:57"], "as they stopped, not back to 1:00");
    let _ = std::fs::remove_file(path);
}

/// Fresh eyes, round 8: moves made in Analyse, where the clock stands
/// still, added the increment each time (5:00, 5:03, 5:06...): time no one
/// spent. A move with the clock standing still leaves the clocks alone.
#[test]
fn moves_made_with_the_clock_standing_still_add_no_increment() {
    let mut app = clocked(PlayerSetup::Human, PlayerSetup::Human, "60+3");
    go(&mut app, Screen::Analyse);
    assert!(update_until(&mut app, 10, |app| turn(app) == Some(TurnPhase::HumanTurn)));
    // (A frame or two on Play before the visit may have charged the first move.)
    play_first_move(&mut app);
    let before = [clock_left(&app, Side::White), clock_left(&app, Side::Black)];
    for _ in 0..4 {
        play_first_move(&mut app);
    }
    assert_eq!([clock_left(&app, Side::White), clock_left(&app, Side::Black)], before, "the clocks as they were");
    // On Play the clock runs again, and a move there is charged as ever.
    go(&mut app, Screen::Play);
    for _ in 0..10 {
        app.update();
    }
    // Five moves made: Black is to move.
    let black = clock_left(&app, Side::Black);
    play_first_move(&mut app);
    let charged = clock_left(&app, Side::Black);
    assert!(charged > black + Duration::from_secs(2), "charged its time, then the increment: {black:?} to {charged:?}");
}
