//! The Series panel's logic without a window: a series runs in the background
//! to the same games as the engine (and `breakline match`) plays, cancelling and dropping
//! stop it, and watching a finished game replays its moves on the board.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use bevy::prelude::*;
use breakline_app::game::notice::Notice;
use breakline_app::game::phase::GamePhase;
use breakline_app::game::players::PlayerSetup;
use breakline_app::game::players::Players;
use breakline_app::game::request::GameRequest;
use breakline_app::game::settings::PlaySettings;
use breakline_app::platform::launch::LaunchOptions;
use breakline_app::series::{
    CancelSeries, Series, SeriesForm, SeriesStatus, StartSeries, WatchSeriesGame, series_presets,
};
use breakline_app::tasks::ai::AiSearchTask;
use breakline_engine::lab::runner::{Schedule, Seat, SeriesGame, SeriesSpec};
use breakline_engine::lab::series::SeriesSummary;
use breakline_engine::{AiConfig, BoardSize, Variant};

use crate::{ai, assert_pieces_match, game_app, phase, session};

fn small_spec(games: usize) -> SeriesSpec {
    let v = Variant::Breakthrough;
    let schedule = Schedule {
        variant: v,
        size: BoardSize::new(6, 6),
        move_limit: None,
        random_plies: 2,
        noise: 1.0,
        seed: 7,
        swap: true,
        time_control: None,
        both_connected: Default::default(),
        openings: None,
    };
    SeriesSpec {
        schedule,
        a: Seat::Ai(AiConfig::parse("alphabeta:offensive2:depth=1", v).unwrap()),
        b: Seat::Ai(AiConfig::parse("alphabeta:defensive1:depth=1", v).unwrap()),
        games,
    }
}

/// A game on the board that waits for a human, so only the series computes.
fn quiet_app() -> App {
    let v = Variant::Breakthrough;
    game_app(LaunchOptions {
        variant: v,
        size: BoardSize::new(6, 6),
        white: PlayerSetup::Human,
        black: ai("alphabeta:offensive1:depth=1", v),
        ..LaunchOptions::default()
    })
}

fn series(app: &App) -> &Series {
    app.world().resource::<Series>()
}

fn start(app: &mut App, spec: SeriesSpec, threads: usize) {
    app.world_mut().resource_mut::<Messages<StartSeries>>().write(StartSeries { spec, threads });
    app.update();
}

/// Updates (giving the series threads time between frames) while it runs.
fn run_to_the_end(app: &mut App) {
    for _ in 0..30_000 {
        if !series(app).is_running() {
            return;
        }
        app.update();
        std::thread::sleep(Duration::from_millis(1));
    }
    panic!("the series did not finish");
}

/// Time figures are measured, not reproduced: compare everything else.
fn without_times(mut summary: SeriesSummary) -> SeriesSummary {
    summary.a.time_ms = 0.0;
    summary.b.time_ms = 0.0;
    summary
}

#[test]
fn a_series_runs_in_the_background_to_the_engines_games() {
    let mut app = quiet_app();
    let spec = small_spec(4);
    start(&mut app, spec.clone(), 2);
    // Tiny games may all finish within the first frame.
    assert!(matches!(series(&app).status, SeriesStatus::Running | SeriesStatus::Finished));
    run_to_the_end(&mut app);
    assert_eq!(series(&app).status, SeriesStatus::Finished);
    assert_eq!(series(&app).progress(), (4, 4));

    let direct = spec.run(2, &AtomicBool::new(false), |_| {}).expect("the series plays");
    let ours = series(&app).games();
    assert_eq!(ours.iter().map(|g| g.index).collect::<Vec<_>>(), vec![0, 1, 2, 3]);
    for (mine, theirs) in ours.iter().zip(&direct) {
        assert_eq!(mine.a_is_black, theirs.a_is_black);
        assert_eq!(mine.record.start_fen, theirs.record.start_fen);
        let notation =
            |g: &SeriesGame| g.record.moves.iter().map(|m| (m.notation.clone(), m.nodes)).collect::<Vec<_>>();
        assert_eq!(notation(mine), notation(theirs), "game {}", mine.index);
        assert_eq!(mine.record.result, theirs.record.result);
    }
    assert_eq!(without_times(series(&app).summary()), without_times(SeriesSummary::of(&direct)));

    let curve = series(&app).running_score();
    assert_eq!(curve.len(), 4);
    let last = curve[3];
    assert!((last.score - series(&app).summary().score_of_a()).abs() < 1e-12);
    assert!(curve.iter().all(|p| p.low <= p.score && p.score <= p.high && p.low >= 0.0 && p.high <= 1.0));
    // The game on the board was left alone.
    assert!(session(&app).position().moves().is_empty());
}

/// A game as JSON with the measured times taken out (they are not reproduced).
fn game_without_times(game: &SeriesGame) -> serde_json::Value {
    let mut value = serde_json::to_value(game).unwrap();
    for m in value["record"]["moves"].as_array_mut().unwrap() {
        m["time_us"] = 0.into();
    }
    for side in ["white", "black"] {
        value["record"]["stats"][side]["total_time_us"] = 0.into();
    }
    value
}

/// `breakline match` plays through the same runner (`tests/cli` holds the
/// command to it), so game N of the tab is game N of the command.
#[test]
fn game_n_of_the_series_tab_is_game_n_of_the_runner() {
    let mut app = quiet_app();
    let spec = small_spec(4);
    start(&mut app, spec.clone(), 2);
    run_to_the_end(&mut app);
    let by_runner = spec.run(1, &AtomicBool::new(false), |_| {}).expect("the runner plays the series");
    assert_eq!(by_runner.len(), 4);
    for game in by_runner {
        let in_tab = series(&app).game(game.index).expect("the tab played every game");
        assert_eq!(game_without_times(in_tab), game_without_times(&game), "game {}", game.index);
    }
}

#[test]
fn cancelling_a_new_series_or_dropping_the_resource_stops_the_run() {
    let mut app = quiet_app();
    // Long enough that it cannot finish while the test looks at it.
    let v = Variant::Breakthrough;
    let short = small_spec(500);
    let long = SeriesSpec {
        schedule: Schedule { size: BoardSize::new(8, 8), ..short.schedule.clone() },
        a: Seat::Ai(AiConfig::parse("alphabeta:offensive2:depth=4", v).unwrap()),
        b: Seat::Ai(AiConfig::parse("alphabeta:defensive2:depth=4", v).unwrap()),
        ..short
    };
    start(&mut app, long.clone(), 1);
    let first = series(&app).stop_flag().expect("a run has a stop flag");
    assert!(!first.load(Ordering::Relaxed));

    app.world_mut().resource_mut::<Messages<CancelSeries>>().write(CancelSeries);
    app.update();
    assert_eq!(series(&app).status, SeriesStatus::Cancelled);
    assert!(first.load(Ordering::Relaxed), "cancel sets the stop flag");
    let kept = series(&app).games().len();
    for _ in 0..50 {
        app.update();
        std::thread::sleep(Duration::from_millis(4));
    }
    assert_eq!(series(&app).games().len(), kept, "no game arrives after the cancel");
    assert_eq!(series(&app).status, SeriesStatus::Cancelled);

    // Starting another series stops the one running.
    start(&mut app, long.clone(), 1);
    let second = series(&app).stop_flag().unwrap();
    start(&mut app, long, 1);
    assert!(second.load(Ordering::Relaxed), "a new series stops the previous one");
    let third = series(&app).stop_flag().unwrap();
    assert!(!third.load(Ordering::Relaxed));

    // The app closing drops the resource, which stops the run.
    drop(app.world_mut().remove_resource::<Series>());
    assert!(third.load(Ordering::Relaxed), "dropping the series stops it");
}

#[test]
fn watching_a_game_replays_its_moves_on_the_board() {
    let mut app = quiet_app();
    let players_before = app.world().resource::<Players>().clone();
    start(&mut app, small_spec(2), 2);
    run_to_the_end(&mut app);
    let watched = series(&app).game(1).expect("game 2 finished").clone();
    let expected = watched.record.replay().expect("the record replays");
    {
        let mut play = app.world_mut().resource_mut::<PlaySettings>();
        play.animate = true;
        play.move_secs = 0.1;
        play.ai_delay_secs = 0.1;
    }
    app.world_mut().resource_mut::<Messages<WatchSeriesGame>>().write(WatchSeriesGame { index: 1 });

    let mut searches = 0;
    let mut paused_once = false;
    for _ in 0..5_000 {
        app.update();
        searches += app.world_mut().query::<&AiSearchTask>().iter(app.world()).count();
        assert_eq!(*app.world().resource::<Players>(), players_before, "a replay leaves the players alone");
        let ply = session(&app).position().moves().len();
        // Pause halfway: no move until a Step, then exactly one.
        if !paused_once && ply == 3 {
            paused_once = true;
            app.world_mut().resource_mut::<Messages<GameRequest>>().write(GameRequest::SetPaused(true));
            for _ in 0..30 {
                app.update();
            }
            assert_eq!(session(&app).position().moves().len(), 3, "paused replay waits");
            app.world_mut().resource_mut::<Messages<GameRequest>>().write(GameRequest::StepAi);
            for _ in 0..30 {
                app.update();
            }
            assert_eq!(session(&app).position().moves().len(), 4, "a step plays one move");
            app.world_mut().resource_mut::<Messages<GameRequest>>().write(GameRequest::SetPaused(false));
        }
        if phase(&app) == GamePhase::Over {
            break;
        }
    }
    assert!(paused_once, "the replay reached ply 3");
    assert_eq!(phase(&app), GamePhase::Over, "the replay reached the end");
    assert_eq!(searches, 0);
    assert_eq!(session(&app).position().moves(), expected.moves());
    assert_eq!(session(&app).position().fen(), expected.fen());
    let replayed: Vec<_> =
        session(&app).record().moves.iter().map(|m| (m.notation.clone(), m.nodes, m.time_us)).collect();
    let recorded: Vec<_> = watched.record.moves.iter().map(|m| (m.notation.clone(), m.nodes, m.time_us)).collect();
    assert_eq!(replayed, recorded, "the replay carries the recorded search figures");
    for _ in 0..10 {
        app.update(); // let the last capture fade out
    }
    assert_pieces_match(&mut app);
    // The panel names who really played, and the record keeps them.
    let title = session(&app).replay().expect("still showing the replay").title.clone();
    let (white, black) = (watched.record.white.display_name(), watched.record.black.display_name());
    assert_eq!(title, format!("{white} vs {black}, game 2 of 2"));
    assert_eq!(session(&app).record().white, watched.record.white);
    assert_eq!(*app.world().resource::<Players>(), players_before);
}

#[test]
fn a_new_game_during_a_replay_ends_it_and_unknown_games_are_refused() {
    let mut app = quiet_app();
    app.world_mut().resource_mut::<Messages<WatchSeriesGame>>().write(WatchSeriesGame { index: 0 });
    app.update();
    assert!(session(&app).replay().is_none());
    assert!(app.world().resource::<Notice>().error, "watching an unplayed game explains why not");

    start(&mut app, small_spec(1), 1);
    run_to_the_end(&mut app);
    app.world_mut().resource_mut::<Messages<WatchSeriesGame>>().write(WatchSeriesGame { index: 0 });
    app.update();
    let generation = session(&app).generation();
    app.update();
    assert!(session(&app).replay().is_some());
    app.world_mut().write_message(GameRequest::NewGame { rematch: false });
    app.update();
    assert!(session(&app).generation() > generation);
    assert!(session(&app).replay().is_none(), "a new game ends the replay");
}

#[test]
fn every_series_preset_is_a_valid_series() {
    let presets = series_presets();
    assert_eq!(presets.len(), 5 + 1 + 18 + 7);
    for preset in presets {
        assert!(preset.variant.check_size(preset.size).is_ok(), "{}", preset.title);
        for config in [&preset.a, &preset.b] {
            assert!(config.strategy().supports(preset.variant), "{}", preset.title);
            assert_eq!(AiConfig::parse(&config.to_string(), preset.variant).as_ref(), Ok(config), "{}", preset.title);
        }
    }
}

/// The form's players as typed: `uci:` names a program as `breakline match` does.
fn form_spec(app: &mut App, a: &str, b: &str, games: usize) -> SeriesSpec {
    let mut form = app.world_mut().resource_mut::<SeriesForm>();
    form.set_players(a, b);
    form.set_swap(true);
    let mut spec = form.spec().expect("the form names a series");
    spec.games = games;
    spec
}

#[test]
fn a_series_against_another_program_over_uci_is_played_and_refereed() {
    let mut app = quiet_app();
    // This build's own `breakline uci`, a real program on the other end of the pipes.
    let program = format!("uci:{}:movetime=20", env!("CARGO_BIN_EXE_uci-engine"));
    let spec = form_spec(&mut app, "alphabeta:offensive1:depth=1", &program, 2);
    assert!(matches!(spec.b, Seat::Uci(_)), "{:?}", spec.b);
    start(&mut app, spec, 1);
    run_to_the_end(&mut app);
    assert_eq!(series(&app).status, SeriesStatus::Finished);
    let games = series(&app).games();
    assert_eq!(games.len(), 2);
    for game in games {
        assert_eq!(game.forfeit, None, "game {}: the program played every move legally", game.index);
        assert!(game.record.result.is_over());
    }
}

#[test]
fn a_series_with_a_program_that_cannot_start_fails_in_one_line_before_its_first_game() {
    let mut app = quiet_app();
    let spec = form_spec(&mut app, "alphabeta:offensive1:depth=1", "uci:/no/such/program", 4);
    start(&mut app, spec, 1);
    run_to_the_end(&mut app);
    let SeriesStatus::Failed(why) = &series(&app).status else { panic!("{:?}", series(&app).status) };
    assert!(why.contains("/no/such/program") && !why.contains('\n'), "{why}");
    assert!(series(&app).games().is_empty(), "no game was forfeited for it");
}

/// Finding (fresh eyes, major): a watched series game left for Home came
/// back through Resume on Play as "You vs Beginner" and ended "You lost".
/// A replay is resumed in Watch & Lab, named by who played it, and its end
/// speaks of no "you" and no rating.
#[test]
fn a_watched_series_game_is_resumed_in_watch_and_lab_and_is_not_the_persons() {
    use breakline_app::game::screen::Screen;
    use breakline_app::game::verdict::verdict;
    use breakline_app::home::screens::ResumeScreen;
    use breakline_app::play::rated::RatedGame;
    let mut app = quiet_app();
    crate::go(&mut app, Screen::Watch);
    start(&mut app, small_spec(1), 1);
    run_to_the_end(&mut app);
    app.world_mut().write_message(WatchSeriesGame { index: 0 });
    assert!(crate::update_until(&mut app, 50, |app| session(app).replay().is_some() && session(app).plies() > 0));
    crate::go(&mut app, Screen::Home);
    assert_eq!(
        app.world().resource::<ResumeScreen>().0,
        Some(Screen::Watch),
        "a replay is resumed where it is watched"
    );
    let named = session(&app).matchup(app.world().resource::<Players>());
    assert!(named.contains("game 1 of 1") && !named.contains("You"), "{named}");
    crate::go(&mut app, Screen::Watch);
    assert!(crate::update_until(&mut app, 5_000, |app| phase(app) == GamePhase::Over));
    let players = app.world().resource::<Players>().clone();
    let (headline, sentence) = verdict(session(&app), &players).expect("a result");
    assert!(!headline.contains("You") && !sentence.contains("You"), "{headline}: {sentence}");
    let standing = app.world().resource::<RatedGame>().standing(session(&app));
    assert!(!standing.contains("your rating"), "{standing}");
}

/// Fresh eyes, round 6 (major): watching a series game replaced the
/// person's unfinished game for good; it is studied beside it now, as a
/// matchup is, and the person's game comes back as it was.
#[test]
fn watching_a_series_game_keeps_the_game_in_progress_waiting() {
    let mut app = quiet_app();
    app.world_mut().resource_mut::<PlaySettings>().confirm_replace = true;
    start(&mut app, small_spec(1), 1);
    run_to_the_end(&mut app);
    assert!(crate::settled_human_turn(&mut app, 400));
    let s = session(&app);
    let request = breakline_app::game::request::MoveChosen::human(
        s.position().legal_moves()[0],
        s.generation(),
        s.position().hash(),
    );
    app.world_mut().write_message(request);
    assert!(crate::update_until(&mut app, 400, |app| session(app).plies() >= 2), "the person's game is under way");
    let moves = session(&app).position().moves().to_vec();
    app.world_mut().resource_mut::<Messages<WatchSeriesGame>>().write(WatchSeriesGame { index: 0 });
    assert!(
        crate::update_until(&mut app, 50, |app| session(app).replay().is_some()),
        "the series game is watched, unasked"
    );
    assert!(app.world().resource::<breakline_app::game::owner::Visit>().studying(), "beside the game in progress");
    app.world_mut().write_message(GameRequest::Return);
    assert!(crate::update_until(&mut app, 50, |app| session(app).replay().is_none()));
    assert_eq!(session(&app).position().moves(), moves.as_slice(), "the person's game comes back as it was");
}

/// An app over the settings file at `path` (the series is kept beside it).
fn app_keeping(path: &std::path::Path) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin))
        .insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(crate::STEP))
        .insert_resource(breakline_app::game::settings::SettingsPath(Some(path.to_path_buf())));
    breakline_app::configure(&mut app, &crate::options(Variant::Breakthrough, PlayerSetup::Human, PlayerSetup::Human));
    app.add_plugins(breakline_app::plugin);
    app.update();
    app
}

/// Fresh eyes, round 15: a finished series was gone after a restart. It
/// comes back with its games, figures and graph; one the app closed while it
/// ran comes back stopped with the games it had finished.
#[test]
fn the_last_series_comes_back_after_a_restart() {
    let dir = std::env::temp_dir().join(format!("breakline-series-kept-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let settings = dir.join("settings.json");
    let mut app = app_keeping(&settings);
    assert_eq!(series(&app).status, SeriesStatus::Idle, "nothing kept yet");
    start(&mut app, small_spec(3), 2);
    run_to_the_end(&mut app);
    app.update();
    let (games, score) = (series(&app).games().to_vec(), series(&app).running_score());
    drop(app);

    let mut again = app_keeping(&settings);
    assert_eq!(series(&again).status, SeriesStatus::Finished);
    assert_eq!(series(&again).games(), games.as_slice());
    assert_eq!(series(&again).running_score(), score);
    assert_eq!(series(&again).progress(), (3, 3));

    // A run cut short by a close: every game finished is kept.
    // Ten thousand games: never all played in the frame before the close.
    start(&mut again, small_spec(10_000), 1);
    assert!(series(&again).is_running());
    again.world_mut().write_message(AppExit::Success);
    again.update();
    let kept_games = series(&again).games().len();
    drop(again);
    let mut back = app_keeping(&settings);
    assert_eq!(series(&back).status, SeriesStatus::Stopped);
    assert_eq!(series(&back).progress(), (kept_games, 10_000));

    // Killed, with no close (fresh eyes, round 19: nine seconds of games
    // were all lost): what was written a second or two before comes back.
    // Each update is 50 ms of the app's time; the games come from a thread,
    // as fast as a busy machine allows, so the wait is counted in the app's
    // time from the first game: written within 2 s of it (it was 10).
    start(&mut back, small_spec(10_000), 1);
    let _ = std::fs::remove_file(dir.join("series.json"));
    let written_with_games = || std::fs::read_to_string(dir.join("series.json")).is_ok_and(|t| t.contains("\"index\""));
    let (mut updates_since_a_game, deadline) = (0, std::time::Instant::now() + Duration::from_secs(120));
    while !written_with_games() && std::time::Instant::now() < deadline {
        back.update();
        std::thread::sleep(Duration::from_millis(2));
        updates_since_a_game += usize::from(!series(&back).games().is_empty());
    }
    let (played, running) = (series(&back).games().len(), series(&back).is_running());
    assert!(running && played >= 1, "{played} games, running {running}");
    assert!(written_with_games() && updates_since_a_game <= 40, "written {updates_since_a_game} updates after a game");
    drop(back);
    let killed = app_keeping(&settings);
    assert_eq!(series(&killed).status, SeriesStatus::Stopped);
    let kept = series(&killed).games().len();
    assert!(kept > 0 && kept <= played, "{kept} of {played} kept");
    std::fs::remove_dir_all(&dir).expect("temp dir removed");
}

/// A watched series game of the course's raw-scoring players, with the
/// expert set to play now, showed its raw scores as chances (99% at move
/// 2): a replay's scores are read by the players its record names.
#[test]
fn a_replay_is_scored_by_its_own_players() {
    use breakline_app::game::eval_graph::EvalGraph;
    let mut app = quiet_app();
    start(&mut app, small_spec(1), 1);
    run_to_the_end(&mut app);
    let v = Variant::Breakthrough;
    app.world_mut()
        .write_message(GameRequest::SetPlayers(Players { white: PlayerSetup::Human, black: ai("expert", v) }));
    app.update();
    assert!(!app.world().resource::<EvalGraph>().raw(), "the expert's scores are chances");
    app.world_mut().resource_mut::<Messages<WatchSeriesGame>>().write(WatchSeriesGame { index: 0 });
    assert!(crate::update_until(&mut app, 400, |app| session(app).plies() >= 2), "the replay moves");
    assert!(app.world().resource::<EvalGraph>().raw(), "the replay's players score raw");
}

/// Fresh eyes, round 27: a series game saved partway through its replay
/// was written as the moves replayed so far, "ongoing". A save, an export
/// or a copy writes the recorded game whole.
#[test]
fn a_replay_saved_partway_is_saved_whole() {
    use breakline_app::files::game_file::{FileAction, FileRequest};
    let mut app = quiet_app();
    start(&mut app, small_spec(1), 1);
    run_to_the_end(&mut app);
    let recorded = app.world().resource::<Series>().games()[0].record.moves.len();
    app.world_mut().write_message(WatchSeriesGame { index: 0 });
    app.update();
    app.update();
    app.world_mut().write_message(GameRequest::SetPaused(true));
    app.update();
    let shown = session(&app).plies();
    assert!(session(&app).replay().is_some() && shown < recorded, "partway: {shown} of {recorded}");
    let path = std::env::temp_dir().join(format!("breakline-replay-{}.txt", std::process::id()));
    let _ = std::fs::remove_file(&path);
    app.world_mut().write_message(FileRequest { action: FileAction::ExportMoves, path: path.clone() });
    app.update();
    let text = std::fs::read_to_string(&path).expect("exported");
    let (record, _, _) =
        breakline_engine::rules::record::game_text::read::<breakline_engine::ai::player::Player>(&text)
            .expect("reads back");
    assert_eq!(record.moves.len(), recorded, "the whole game: {text}");
    let _ = std::fs::remove_file(&path);
}
