//! Player comforts: undo/redo (also against the AI and during its search),
//! resignation, review mode, saved games and remembered settings.

use std::path::PathBuf;
use std::sync::atomic::Ordering;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use breakline_app::board::layout::BoardFlip;
use breakline_app::board::pieces::Piece;
use breakline_app::files::game_file::{FileAction, FileRequest};
use breakline_app::game::notice::Notice;
use breakline_app::game::phase::{GamePhase, TurnPhase};
use breakline_app::game::players::PlayerSetup;
use breakline_app::game::players::Players;
use breakline_app::game::request::{GameRequest, MoveChosen};
use breakline_app::game::settings::PlaySettings;
use breakline_app::game::settings::SettingsPath;
use breakline_app::tasks::ai::AiSearchTask;
use breakline_app::{configure, plugin};
use breakline_engine::ai::player::Player;
use breakline_engine::{Outcome, Position, Side, Variant, WinReason};

use crate::{Rng, STEP, ai, assert_pieces_match, game_app, options, phase, position_at, session, turn, update_until};

fn temp_path(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("breakline-comforts-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join(name)
}

fn send<M: Message>(app: &mut App, message: M) {
    app.world_mut().write_message(message);
}

/// Waits until the game waits for a human, or is over (state changes
/// asked for in one update take effect in the next).
fn settle(app: &mut App) {
    for _ in 0..3 {
        app.update();
    }
    let ready =
        update_until(app, 2_000, |app| turn(app) == Some(TurnPhase::HumanTurn) || phase(app) == GamePhase::Over);
    assert!(ready, "the game did not come back to a human turn (turn {:?})", turn(app));
}

fn play_human(app: &mut App, rng: &mut Rng) {
    let s = session(app);
    let moves = s.position().legal_moves();
    let mv = moves[rng.next(moves.len())];
    let chosen = MoveChosen::human(mv, s.generation(), s.position().hash());
    send(app, chosen);
}

/// The record says what the board says: same moves, counts and figures' sums.
fn assert_record_matches(app: &App) {
    let s = session(app);
    let replayed = s.record().replay().expect("the record replays");
    assert_eq!(replayed.moves(), s.position().moves());
    let stats = &s.record().stats;
    assert_eq!((stats.white.moves + stats.black.moves) as usize, s.position().moves().len());
    let nodes: u64 = s.record().moves.iter().map(|m| m.nodes).sum();
    assert_eq!(stats.white.nodes + stats.black.nodes, nodes);
}

fn random_undo_redo(white: PlayerSetup, black: PlayerSetup, seed: u64) {
    let v = Variant::Breakthrough;
    let mut app = game_app(options(v, white, black));
    let mut rng = Rng(seed);
    settle(&mut app);
    for _ in 0..120 {
        match rng.next(10) {
            _ if phase(&app) == GamePhase::Over => send(&mut app, GameRequest::Undo),
            0..=5 => play_human(&mut app, &mut rng),
            6..=7 => send(&mut app, GameRequest::Undo),
            _ => send(&mut app, GameRequest::Redo),
        }
        app.update();
        settle(&mut app);
        // Let slides end, then compare entities with the engine.
        update_until(&mut app, 40, |app| turn(app) != Some(TurnPhase::Animating));
        assert_pieces_match(&mut app);
        assert_record_matches(&app);
    }
}

#[test]
fn undo_and_redo_keep_entities_and_record_in_step() {
    random_undo_redo(PlayerSetup::Human, PlayerSetup::Human, 0x9e37_79b9);
    let v = Variant::Breakthrough;
    random_undo_redo(PlayerSetup::Human, ai("alphabeta:expert:depth=1", v), 0x1234_5678);
    random_undo_redo(ai("alphabeta:expert:depth=1", v), PlayerSetup::Human, 0xdead_beef);
}

#[test]
fn undo_against_the_ai_goes_back_to_the_humans_turn_and_redo_replays() {
    let v = Variant::Breakthrough;
    let mut app = game_app(options(v, PlayerSetup::Human, ai("alphabeta:expert:depth=1", v)));
    let mut rng = Rng(7);
    settle(&mut app);
    for _ in 0..3 {
        play_human(&mut app, &mut rng);
        app.update();
        settle(&mut app);
    }
    let after_three = session(&app).record().clone();
    assert_eq!(after_three.moves.len(), 6);
    send(&mut app, GameRequest::Undo);
    app.update();
    settle(&mut app);
    assert_eq!(session(&app).position().moves().len(), 4, "the AI's reply and the human's move");
    assert_eq!(session(&app).position().side_to_move(), Side::White);
    send(&mut app, GameRequest::Redo);
    app.update();
    settle(&mut app);
    assert_eq!(session(&app).record(), &after_three, "redo brings back moves and figures");
    assert_pieces_match(&mut app);
    // A new move after undo forgets the redo list.
    send(&mut app, GameRequest::Undo);
    app.update();
    settle(&mut app);
    play_human(&mut app, &mut rng);
    app.update();
    settle(&mut app);
    let before_redo = session(&app).record().clone();
    send(&mut app, GameRequest::Redo);
    app.update();
    settle(&mut app);
    assert_eq!(session(&app).record(), &before_redo);
}

#[test]
fn undo_during_an_ai_search_stops_it_and_drops_its_move() {
    let v = Variant::Breakthrough;
    let mut app = game_app(options(v, PlayerSetup::Human, ai("enhanced:expert:time=20000", v)));
    let mut rng = Rng(3);
    settle(&mut app);
    play_human(&mut app, &mut rng);
    assert!(update_until(&mut app, 200, |app| turn(app) == Some(TurnPhase::AiThinking)));
    app.update();
    let stop = {
        let mut tasks = app.world_mut().query::<&AiSearchTask>();
        tasks.single(app.world()).expect("one search running").stop_flag()
    };
    assert!(!stop.load(Ordering::Relaxed));
    send(&mut app, GameRequest::Undo);
    app.update();
    assert!(stop.load(Ordering::Relaxed), "the search's stop flag is set");
    settle(&mut app);
    for _ in 0..20 {
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    assert!(session(&app).position().moves().is_empty(), "the stopped search played nothing");
    assert_eq!(turn(&app), Some(TurnPhase::HumanTurn));
    assert_pieces_match(&mut app);
}

#[test]
fn resigning_ends_the_game_for_the_opponent_and_undo_cannot_reopen_it() {
    let v = Variant::LinesOfAction;
    let mut app = game_app(options(v, PlayerSetup::Human, ai("alphabeta:expert:depth=1", v)));
    settle(&mut app);
    send(&mut app, GameRequest::Resign);
    assert!(update_until(&mut app, 10, |app| phase(app) == GamePhase::Over));
    let expected = Outcome::Win { winner: Side::Black, reason: WinReason::Resignation };
    assert_eq!(session(&app).outcome(), expected);
    assert_eq!(session(&app).record().result, expected);
    assert_eq!(session(&app).record().stats.winner, Some(Side::Black));
    // Finding (fresh eyes): Undo brought a resigned game back to life
    // while the library kept it resigned and Home offered no Resume. A
    // finished game stays as it ended.
    send(&mut app, GameRequest::Undo);
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(session(&app).outcome(), expected);
    assert_eq!(phase(&app), GamePhase::Over);
    assert_pieces_match(&mut app);
}

fn shown_pieces(app: &mut App) -> Vec<(u8, Side)> {
    let mut query = app.world_mut().query::<&Piece>();
    let mut shown: Vec<(u8, Side)> = query.iter(app.world()).map(|p| (p.square, p.color)).collect();
    shown.sort_by_key(|(square, _)| *square);
    shown
}

fn sorted_pieces(position: &Position) -> Vec<(u8, Side)> {
    let mut pieces = position.pieces();
    pieces.sort_by_key(|(square, _)| *square);
    pieces
}

#[test]
fn review_shows_earlier_positions_and_continues_from_one() {
    let v = Variant::Breakthrough;
    let mut app = game_app(options(v, PlayerSetup::Human, PlayerSetup::Human));
    let mut rng = Rng(11);
    settle(&mut app);
    for _ in 0..6 {
        play_human(&mut app, &mut rng);
        app.update();
        settle(&mut app);
    }
    let live = session(&app).position().clone();
    for ply in [2, 3, 0, 5, 4] {
        send(&mut app, GameRequest::GoTo { ply });
        for _ in 0..30 {
            app.update();
        }
        assert_eq!(session(&app).review_ply(), Some(ply));
        assert_eq!(shown_pieces(&mut app), sorted_pieces(&position_at(&live, ply)), "ply {ply}");
        assert_ne!(turn(&app), Some(TurnPhase::HumanTurn), "nobody moves while reviewing");
        assert_eq!(session(&app).position(), &live, "reviewing changes nothing");
    }
    send(&mut app, GameRequest::GoTo { ply: 6 });
    settle(&mut app);
    assert!(!session(&app).reviewing());
    assert_pieces_match(&mut app);

    send(&mut app, GameRequest::GoTo { ply: 3 });
    app.update();
    let players = app.world().resource::<Players>().clone();
    let generation = session(&app).generation();
    send(&mut app, GameRequest::ContinueFromHere);
    app.update();
    settle(&mut app);
    assert_eq!(session(&app).position().moves(), &live.moves()[..3]);
    assert_eq!(session(&app).generation(), generation + 1);
    assert_eq!(*app.world().resource::<Players>(), players);
    assert_eq!(session(&app).position().side_to_move(), Side::Black);
    assert_pieces_match(&mut app);
    assert_record_matches(&app);
}

#[test]
fn a_saved_game_loads_back_equal() {
    let v = Variant::LinesOfAction;
    let mut app = game_app(options(v, ai("alphabeta:expert:depth=1", v), ai("alphabeta:classic:depth=1", v)));
    assert!(update_until(&mut app, 2_000, |app| session(app).position().moves().len() >= 8));
    app.world_mut().resource_mut::<Messages<GameRequest>>().write(GameRequest::SetPaused(true));
    settle_ai(&mut app);
    let saved = session(&app).clone();
    let path = temp_path("round-trip.json");
    send(&mut app, FileRequest { action: FileAction::Save, path: path.clone() });
    app.update();
    assert!(!app.world().resource::<Notice>().error, "{:?}", app.world().resource::<Notice>());

    let mut other = game_app(options(Variant::Breakthrough, PlayerSetup::Human, PlayerSetup::Human));
    settle(&mut other);
    send(&mut other, FileRequest { action: FileAction::Load, path: path.clone() });
    other.world_mut().resource_mut::<Messages<GameRequest>>().write(GameRequest::SetPaused(true));
    for _ in 0..5 {
        other.update();
    }
    assert_eq!(session(&other).record(), saved.record());
    assert_eq!(session(&other).position(), saved.position());
    let players = other.world().resource::<Players>();
    assert!(matches!(&saved.record().white, Player::Ai(c) if players.white == PlayerSetup::Ai(c.clone())));
    assert_pieces_match(&mut other);

    // The game as text round-trips too (players and moves; no search figures).
    let text = temp_path("round-trip.txt");
    send(&mut other, FileRequest { action: FileAction::ExportMoves, path: text.clone() });
    other.update();
    let written = std::fs::read_to_string(&text).expect("the text is written");
    assert!(written.starts_with("[Variant \"loa\"]\n[Size \"8x8\"]\n") && written.contains("[Date \""), "{written}");
    *other.world_mut().resource_mut::<Players>() = Players::default();
    send(&mut other, FileRequest { action: FileAction::ImportMoves, path: text });
    for _ in 0..5 {
        other.update();
    }
    assert_eq!(session(&other).position().moves(), saved.position().moves());
    assert_eq!(session(&other).record().white, saved.record().white, "the text names the players");
    assert_pieces_match(&mut other);
}

/// Lets a paused AI game finish the move in progress.
fn settle_ai(app: &mut App) {
    update_until(app, 2_000, |app| turn(app) != Some(TurnPhase::AiThinking) && turn(app) != Some(TurnPhase::Animating));
}

#[test]
fn bad_game_files_leave_the_game_alone_and_say_why() {
    let v = Variant::Breakthrough;
    let mut app = game_app(options(v, PlayerSetup::Human, PlayerSetup::Human));
    let mut rng = Rng(5);
    settle(&mut app);
    for _ in 0..4 {
        play_human(&mut app, &mut rng);
        app.update();
        settle(&mut app);
    }
    let good = temp_path("good.json");
    send(&mut app, FileRequest { action: FileAction::Save, path: good.clone() });
    app.update();
    let json = std::fs::read_to_string(&good).expect("reads");
    let truncated = temp_path("truncated.json");
    std::fs::write(&truncated, &json[..json.len() / 2]).expect("writes");
    let corrupt = temp_path("corrupt.json");
    std::fs::write(&corrupt, "not a game at all").expect("writes");
    let wrong_variant = temp_path("wrong-variant.json");
    std::fs::write(&wrong_variant, json.replacen("\"breakthrough\"", "\"loa\"", 1)).expect("writes");
    let wrong_moves = temp_path("wrong-moves.txt");
    std::fs::write(&wrong_moves, "1. a1-h8 b2-b3\n").expect("writes");
    let missing = temp_path("missing.json");

    let before = session(&app).clone();
    let cases = [
        (FileAction::Load, missing),
        (FileAction::Load, truncated),
        (FileAction::Load, corrupt),
        (FileAction::Load, wrong_variant),
        (FileAction::ImportMoves, wrong_moves),
    ];
    for (action, path) in cases {
        *app.world_mut().resource_mut::<Notice>() = Notice::default();
        send(&mut app, FileRequest { action, path: path.clone() });
        for _ in 0..3 {
            app.update();
        }
        let notice = app.world().resource::<Notice>().clone();
        assert!(notice.error, "{} gave no error", path.display());
        let text = notice.text.expect("a message");
        assert!(!text.contains('\n') && !text.is_empty(), "one line: {text}");
        assert_eq!(session(&app).record(), before.record());
        assert_eq!(session(&app).generation(), before.generation());
        assert_pieces_match(&mut app);
    }
}

fn app_with_settings(path: PathBuf) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .insert_resource(TimeUpdateStrategy::ManualDuration(STEP))
        .insert_resource(SettingsPath(Some(path)));
    configure(&mut app, &options(Variant::Breakthrough, PlayerSetup::Human, PlayerSetup::Human));
    app.add_plugins(plugin);
    app.update();
    app
}

#[test]
fn corrupt_settings_give_defaults_and_a_message_and_valid_ones_round_trip() {
    let corrupt = temp_path("settings-corrupt.json");
    std::fs::write(&corrupt, "{ \"variant\": ").expect("writes");
    let app = app_with_settings(corrupt);
    assert_eq!(*app.world().resource::<PlaySettings>(), PlaySettings::default());
    let notice = app.world().resource::<Notice>();
    assert!(notice.error && notice.text.as_ref().is_some_and(|t| t.contains("Settings")), "{notice:?}");

    let missing = temp_path("settings-missing.json");
    let app = app_with_settings(missing);
    assert_eq!(app.world().resource::<Notice>().text, None, "a missing file is silently the defaults");

    // Settings changed while playing are written as the game closes, and
    // the next start reads them back.
    let valid = temp_path("settings-valid.json");
    let _ = std::fs::remove_file(&valid);
    let mut app = app_with_settings(valid.clone());
    *app.world_mut().resource_mut::<PlaySettings>() =
        PlaySettings { animate: false, move_secs: 0.7, ai_delay_secs: 1.5, confirm_replace: false };
    *app.world_mut().resource_mut::<BoardFlip>() = BoardFlip(true);
    close(&mut app);
    let app = app_with_settings(valid);
    assert_eq!(app.world().resource::<Notice>().text, None, "{:?}", app.world().resource::<Notice>());
    let play = app.world().resource::<PlaySettings>();
    assert_eq!((play.animate, play.move_secs, play.ai_delay_secs, play.confirm_replace), (false, 0.7, 1.5, false));
    // The flip is a view's, not a setting: the next start shows the board
    // from the person's side again.
    assert_eq!(*app.world().resource::<BoardFlip>(), BoardFlip(false));
}

/// Closes the game as the window's close button does.
fn close(app: &mut App) {
    app.world_mut().write_message(AppExit::Success);
    app.update();
}

#[test]
fn a_hand_edited_settings_file_with_a_depth_out_of_range_is_refused_with_the_reason() {
    let path = temp_path("settings-depth.json");
    for depth in ["0", "10000"] {
        let _ = std::fs::remove_file(&path);
        let v = Variant::Breakthrough;
        let mut app = app_with_settings(path.clone());
        *app.world_mut().resource_mut::<Players>() =
            Players { white: PlayerSetup::Human, black: ai("alphabeta:expert:depth=2", v) };
        close(&mut app);
        let text = std::fs::read_to_string(&path).expect("written as the game closed");
        assert!(text.contains("\"depth\": 2"), "{text}");
        std::fs::write(&path, text.replace("\"depth\": 2", &format!("\"depth\": {depth}"))).expect("writes");
        let app = app_with_settings(path.clone());
        let notice = app.world().resource::<Notice>();
        let error = notice.text.clone().unwrap_or_default();
        assert!(notice.error, "a depth out of range is refused");
        assert!(error.contains(&format!("bad value for depth: '{depth}' (plies from 1 to 64)")), "{error}");
    }
}

#[test]
fn without_a_file_dialog_the_typed_path_is_used_and_the_result_is_a_toast() {
    use breakline_app::files::dialog::{ChooseFile, FileChooser, TypedPath};
    let v = Variant::Breakthrough;
    let mut app = game_app(options(v, PlayerSetup::Human, PlayerSetup::Human));
    settle(&mut app);
    assert!(!app.world().resource::<FileChooser>().uses_dialog(), "the headless game has no desktop dialog");
    let mv = session(&app).position().legal_moves()[0];
    let s = session(&app);
    let chosen = MoveChosen::human(mv, s.generation(), s.position().hash());
    send(&mut app, chosen);
    settle(&mut app);
    let path = temp_path("typed.json");
    let _ = std::fs::remove_file(&path);
    app.world_mut().resource_mut::<TypedPath>().0 = path.display().to_string();
    send(&mut app, ChooseFile(FileAction::Save));
    app.update();
    app.update();
    let notice = app.world().resource::<Notice>().clone();
    assert_eq!(notice.toast(), Some(format!("Saved {}", path.display()).as_str()), "the result shows over the board");
    app.world_mut().resource_mut::<Notice>().dismiss();
    assert_eq!(app.world().resource::<Notice>().toast(), None, "closed");
    let mut other = game_app(options(v, PlayerSetup::Human, PlayerSetup::Human));
    send(&mut other, FileRequest { action: FileAction::Load, path: path.clone() });
    for _ in 0..3 {
        other.update();
    }
    assert_eq!(session(&other).record(), session(&app).record(), "saved there");

    let missing = temp_path("no-such-game.json");
    app.world_mut().resource_mut::<TypedPath>().0 = missing.display().to_string();
    send(&mut app, ChooseFile(FileAction::Load));
    app.update();
    app.update();
    let notice = app.world().resource::<Notice>();
    assert!(notice.error && notice.toast().is_some_and(|t| t.contains("no-such-game")), "{notice:?}");
    assert_eq!(session(&app).position().moves(), &[mv], "the game stays");
}

#[test]
fn the_series_form_a_person_left_is_there_after_a_restart_and_says_uneven_times() {
    use breakline_app::series::SeriesForm;
    use std::time::Duration;
    let path = temp_path("settings-series.json");
    let _ = std::fs::remove_file(&path);
    let mut app = app_with_settings(path.clone());
    let program = "uci:/usr/games/fairy-stockfish:movetime=200";
    {
        let mut form = app.world_mut().resource_mut::<SeriesForm>();
        assert_eq!(form.program_move_time("master"), Duration::from_secs(2), "a program gets the master's time");
        assert_eq!(form.program_move_time("medium"), Duration::from_millis(200), "a depth has no time: 200 ms");
        form.set_players("master", program);
        form.set_swap(true);
    }
    let (words, uneven) = app.world().resource::<SeriesForm>().pace_note().expect("both players read");
    assert!(uneven, "2 s against 0.2 s is said");
    assert_eq!(words, "A: Master, 2 s a move · B: fairy-stockfish, 0.2 s a move: not the same time a move");
    app.world_mut().resource_mut::<SeriesForm>().set_players("master", "uci:/usr/games/fairy-stockfish:movetime=2000");
    assert_eq!(app.world().resource::<SeriesForm>().pace_note().map(|(_, uneven)| uneven), Some(false));
    app.world_mut().resource_mut::<SeriesForm>().set_players("master", program);
    close(&mut app);
    let app = app_with_settings(path);
    let form = app.world().resource::<SeriesForm>();
    assert_eq!(form.players(), ("master", program), "the form is what the person left, not the default players");
    assert!(form.swaps());
}
