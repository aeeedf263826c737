//! Another program as a player on the board: a person plays it as they play
//! a level (its process started for the game, its moves checked by the
//! rules), its games are recorded as the program's, and a program that
//! cannot answer forfeits the game with its reason, as in a match.

use std::time::{Duration, Instant};

use bevy::prelude::*;
use breakline_app::game::notice::Notice;
use breakline_app::game::phase::{GamePhase, TurnPhase};
use breakline_app::game::players::PlayerSetup;
use breakline_app::game::request::{GameRequest, MoveChosen};
use breakline_engine::ai::player::Player;
use breakline_engine::{Outcome, Side, Variant, WinReason};

use crate::{game_app, options, phase, session, turn, update_until};

/// This build's own `breakline uci`: a real program on the other end of the pipes.
fn breakline_over_uci() -> String {
    format!("uci:{}:movetime=20", env!("CARGO_BIN_EXE_uci-engine"))
}

/// A person (White) against `seat` (Black), after the person's first move.
fn after_first_move(seat: &str) -> App {
    let program = PlayerSetup::Program(seat.to_string());
    let mut app = game_app(options(Variant::Breakthrough, PlayerSetup::Human, program));
    assert!(update_until(&mut app, 10, |app| turn(app) == Some(TurnPhase::HumanTurn)));
    let s = session(&app);
    let request = MoveChosen::human(s.position().legal_moves()[0], s.generation(), s.position().hash());
    app.world_mut().write_message(request);
    assert!(update_until(&mut app, 50, |app| session(app).plies() == 1));
    app
}

/// Updates until `done`, giving the program's process real time between frames.
fn wait_for(app: &mut App, mut done: impl FnMut(&App) -> bool) -> bool {
    let deadline = Instant::now() + Duration::from_secs(60);
    while Instant::now() < deadline {
        if done(app) {
            return true;
        }
        app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
    false
}

#[test]
fn a_person_plays_another_program_over_uci_and_its_moves_are_recorded_as_its_own() {
    let seat = breakline_over_uci();
    let mut app = after_first_move(&seat);
    assert!(wait_for(&mut app, |app| session(app).plies() == 2), "the program answered");
    assert!(wait_for(&mut app, |app| turn(app) == Some(TurnPhase::HumanTurn)), "and it is the person's turn again");
    let record = session(&app).record();
    assert_eq!(record.black, Player::Program(seat.clone()), "the record names the program");
    assert_eq!(record.moves[1].side, Side::Black);
    assert!(!session(&app).outcome().is_over());
    // Its second move, in the same process, after the person's second.
    let s = session(&app);
    let request = MoveChosen::human(s.position().legal_moves()[0], s.generation(), s.position().hash());
    app.world_mut().write_message(request);
    assert!(wait_for(&mut app, |app| session(app).plies() == 4), "the program answered again");
}

#[test]
fn a_program_that_cannot_start_forfeits_the_game_and_says_why() {
    let mut app = after_first_move("uci:/no/such/program");
    assert!(wait_for(&mut app, |app| phase(app) == GamePhase::Over), "the game ends");
    let won = Outcome::Win { winner: Side::White, reason: WinReason::Forfeit };
    assert_eq!(session(&app).outcome(), won);
    let words = app.world().resource::<Notice>().text.clone().unwrap_or_default();
    assert!(words.contains("Black forfeited") && words.contains("/no/such/program"), "{words}");
    assert!(!words.contains('\n'), "one line: {words}");
    // The forfeit is not undone by a stray request: the game stays over.
    app.world_mut().write_message(GameRequest::StepAi);
    app.update();
    assert_eq!(phase(&app), GamePhase::Over);
}
