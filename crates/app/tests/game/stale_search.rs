//! A search made for an old game or position never plays its move, and the
//! task it runs in is stopped when the game or the player changes.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use bevy::prelude::*;
use breakline_app::game::phase::TurnPhase;
use breakline_app::game::players::PlayerSetup;
use breakline_app::game::players::Players;
use breakline_app::game::request::{GameRequest, MoveChosen, MoveSource};
use breakline_app::tasks::ai::AiSearchTask;
use breakline_engine::Variant;

use crate::{ai, game_app, options, session, turn, update_until};

/// A search that would run for ages unless stopped.
const SLOW: &str = "alphabeta:expert:depth=14";

fn running_task(app: &mut App) -> (Arc<AtomicBool>, u64) {
    assert!(update_until(app, 50, |app| turn(app) == Some(TurnPhase::AiThinking)));
    app.update();
    let mut tasks = app.world_mut().query::<&AiSearchTask>();
    let stop = tasks.single(app.world()).expect("one AI search task").stop_flag();
    (stop, session(app).generation())
}

fn task_count(app: &mut App) -> usize {
    app.world_mut().query::<&AiSearchTask>().iter(app.world()).count()
}

#[test]
fn new_game_stops_the_search_and_discards_its_move() {
    let v = Variant::Breakthrough;
    let mut app = game_app(options(v, ai(SLOW, v), PlayerSetup::Human));
    let (stop, generation) = running_task(&mut app);
    assert!(!stop.load(Ordering::Relaxed));

    // The new game is AI-vs-human again: its own search must start fresh.
    app.world_mut().write_message(GameRequest::NewGame { rematch: false });
    for _ in 0..3 {
        app.update();
    }
    assert!(stop.load(Ordering::Relaxed), "the old search was not told to stop");
    assert_eq!(session(&app).generation(), generation + 1);
    update_until(&mut app, 20, |app| turn(app) == Some(TurnPhase::AiThinking));
    app.update();
    let mut tasks = app.world_mut().query::<&AiSearchTask>();
    let stopped: Vec<bool> = tasks.iter(app.world()).map(|t| t.stop_flag().load(Ordering::Relaxed)).collect();
    assert_eq!(stopped, vec![false], "only the new game's search runs");
    for _ in 0..20 {
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    assert!(session(&app).position().moves().is_empty(), "a move was played in the new game");
}

#[test]
fn a_result_for_an_old_game_or_position_is_ignored() {
    let v = Variant::Breakthrough;
    let mut app = game_app(options(v, ai(SLOW, v), PlayerSetup::Human));
    let (_stop, generation) = running_task(&mut app);
    let position = session(&app).position().clone();
    let legal = position.legal_moves()[0];
    let stale_game = MoveChosen {
        mv: legal,
        source: MoveSource::Ai,
        generation: generation + 1,
        position_hash: position.hash(),
        search: None,
    };
    let stale_position = MoveChosen { generation, position_hash: position.hash() ^ 1, ..stale_game.clone() };
    app.world_mut().write_message(GameRequest::Play(stale_game));
    app.world_mut().write_message(GameRequest::Play(stale_position.clone()));
    app.update();
    app.update();
    assert!(session(&app).position().moves().is_empty());
    // The same move for the current game and position is played.
    let current = MoveChosen { generation, position_hash: position.hash(), ..stale_position };
    app.world_mut().write_message(GameRequest::Play(current));
    app.update();
    assert_eq!(session(&app).position().moves(), &[legal]);
}

#[test]
fn switching_the_thinking_side_to_human_stops_its_search() {
    let v = Variant::Breakthrough;
    let mut app = game_app(options(v, ai(SLOW, v), PlayerSetup::Human));
    let (stop, _) = running_task(&mut app);
    let mut players = app.world().resource::<Players>().clone();
    players.white = PlayerSetup::Human;
    app.world_mut().resource_mut::<Messages<GameRequest>>().write(GameRequest::SetPlayers(players));
    assert!(update_until(&mut app, 10, |app| turn(app) == Some(TurnPhase::HumanTurn)));
    assert!(stop.load(Ordering::Relaxed));
    assert_eq!(task_count(&mut app), 0);
    assert!(session(&app).position().moves().is_empty());
}
