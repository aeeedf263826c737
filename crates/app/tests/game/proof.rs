//! Solve in the game: a proof runs off the frame loop, its verdict and line
//! describe the position on the board, and a move makes them stale.

use breakline_app::game::phase::TurnPhase;
use breakline_app::game::players::PlayerSetup;
use breakline_app::game::request::MoveChosen;
use breakline_app::tasks::proof::{ProofStatus, SolveRequest};
use breakline_engine::{BoardSize, Variant};

use crate::{game_app, options, session, turn, update_until};

#[test]
fn solving_a_small_board_shows_the_proved_winner_and_a_legal_line() {
    let mut opts = options(Variant::Breakthrough, PlayerSetup::Human, PlayerSetup::Human);
    opts.size = BoardSize::new(3, 5);
    let mut app = game_app(opts);
    assert!(update_until(&mut app, 10, |app| turn(app) == Some(TurnPhase::HumanTurn)));
    app.world_mut().write_message(SolveRequest);
    app.update();
    assert!(app.world().resource::<ProofStatus>().running, "the proof runs in the background");
    let done = update_until(&mut app, 20_000, |app| {
        std::thread::sleep(std::time::Duration::from_millis(1));
        !app.world().resource::<ProofStatus>().running
    });
    assert!(done, "the proof ends within its budget");
    let status = app.world().resource::<ProofStatus>().clone();
    assert_eq!(status.text.as_deref(), Some("Black wins in 9 (proved)"));
    let mut position = session(&app).position().clone();
    for &mv in &status.line {
        position.play(mv).expect("the line is legal");
    }
    assert_eq!(position.outcome().winner(), Some(breakline_engine::Side::Black));

    // A move off the line on the board makes the answer stale (one on it
    // moves the answer along: the next test).
    let request = {
        let s = session(&app);
        let off_line = s.position().legal_moves().into_iter().find(|&m| m != status.line[0]).unwrap();
        MoveChosen::human(off_line, s.generation(), s.position().hash())
    };
    app.world_mut().write_message(request);
    app.update();
    app.update();
    assert_eq!(*app.world().resource::<ProofStatus>(), ProofStatus::default());
}

#[test]
fn a_proof_follows_its_line_and_the_winning_ai_plays_it() {
    let v = Variant::Breakthrough;
    let mut opts = options(v, PlayerSetup::Human, crate::ai("alphabeta:offensive1:depth=1", v));
    opts.size = BoardSize::new(3, 5);
    let mut app = game_app(opts);
    assert!(update_until(&mut app, 10, |app| turn(app) == Some(TurnPhase::HumanTurn)));
    app.world_mut().write_message(SolveRequest);
    app.update();
    assert!(update_until(&mut app, 20_000, |app| {
        std::thread::sleep(std::time::Duration::from_millis(1));
        !app.world().resource::<ProofStatus>().running
    }));
    let line = app.world().resource::<ProofStatus>().line.clone();
    assert!(line.len() >= 2);
    // The human plays the line's first move: the proof still holds, and the
    // AI (a weak depth-1 player on its own) answers with the proved move.
    let request = {
        let s = session(&app);
        MoveChosen::human(line[0], s.generation(), s.position().hash())
    };
    app.world_mut().write_message(request);
    assert!(update_until(&mut app, 200, |app| session(app).plies() >= 2));
    assert_eq!(&session(&app).position().moves()[..2], &line[..2], "the AI played the proof's move");
    let reply = &session(&app).record().moves[1];
    assert!(breakline_engine::ai::eval::is_proven(reply.score.expect("a score")), "the move carries a proven score");
    assert_eq!(app.world().resource::<ProofStatus>().line, line[2..].to_vec(), "the proof follows the line");
}
