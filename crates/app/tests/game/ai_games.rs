//! Whole AI-vs-AI games through the real systems: the piece entities follow
//! the engine after every move, and the game ends as the engine says.

use bevy::prelude::*;
use breakline_app::game::phase::GamePhase;
use breakline_app::game::players::PlayerSetup;
use breakline_app::game::settings::PlaySettings;
use breakline_app::platform::launch::LaunchOptions;
use breakline_engine::lab::runner::play_ai_game;
use breakline_engine::{Position, Variant};

use crate::{ai, assert_pieces_match, game_app, options, phase, session, update_until};

fn play_to_the_end(options: LaunchOptions) {
    let (PlayerSetup::Ai(white), PlayerSetup::Ai(black)) = (options.white.clone(), options.black.clone()) else {
        panic!("both sides must be AI");
    };
    let mut app = game_app(options.clone());
    app.world_mut().resource_mut::<PlaySettings>().ai_delay_secs = 0.1;
    let finished = update_until(&mut app, 60_000, |app| phase(app) == GamePhase::Over);
    assert!(finished, "the game did not end");

    let played = session(&app).position().clone();
    assert!(played.outcome().is_over(), "game over phase with an ongoing position");
    assert_eq!(session(&app).record().result, played.outcome());
    assert_eq!(session(&app).record().replay().expect("the record replays").fen(), played.fen());
    assert_pieces_match(&mut app);

    // The same deterministic players, straight on the engine.
    let start = Position::start(options.variant, options.size).unwrap();
    let engine_game = play_ai_game(start, &white, &black, 0, &mut ()).unwrap();
    let app_moves: Vec<&str> = session(&app).record().moves.iter().map(|m| m.notation.as_str()).collect();
    let engine_moves: Vec<&str> = engine_game.moves.iter().map(|m| m.notation.as_str()).collect();
    assert_eq!(app_moves, engine_moves);
    assert_eq!(engine_game.result, played.outcome());
}

/// Steps frame by frame, checking the entities after every ply.
fn play_checking_every_move(options: LaunchOptions, max_frames: usize) {
    let mut app = game_app(options);
    app.world_mut().resource_mut::<PlaySettings>().ai_delay_secs = 0.0;
    let mut seen = 0;
    for _ in 0..max_frames {
        app.update();
        let plies = session(&app).position().moves().len();
        if plies != seen {
            assert_eq!(plies, seen + 1, "one move per frame at most");
            seen = plies;
            assert_pieces_match(&mut app);
        }
        if phase(&app) == GamePhase::Over {
            break;
        }
        std::thread::sleep(std::time::Duration::from_micros(200));
    }
    assert_eq!(phase(&app), GamePhase::Over, "the game did not end within {max_frames} frames");
    assert!(seen > 0);
    let position = &session(&app).position();
    assert!(position.outcome().is_over());
    assert!(position.legal_moves().is_empty(), "a finished game offers no legal move");
}

#[test]
fn breakthrough_ai_game_keeps_entities_in_step() {
    let v = Variant::Breakthrough;
    play_checking_every_move(
        options(v, ai("alphabeta:offensive2:depth=1", v), ai("alphabeta:defensive1:depth=2", v)),
        20_000,
    );
}

#[test]
fn loa_ai_game_keeps_entities_in_step() {
    let v = Variant::LinesOfAction;
    play_checking_every_move(options(v, ai("alphabeta:classic:depth=1", v), ai("alphabeta:expert:depth=1", v)), 60_000);
}

#[test]
fn breakthrough_ai_game_matches_the_engine() {
    let v = Variant::Breakthrough;
    play_to_the_end(options(v, ai("alphabeta:offensive1:depth=2", v), ai("alphabeta:defensive2:depth=1", v)));
}

#[test]
fn loa_ai_game_matches_the_engine() {
    let v = Variant::LinesOfAction;
    play_to_the_end(options(v, ai("alphabeta:expert:depth=1", v), ai("alphabeta:classic:depth=2", v)));
}
