//! Fresh eyes, rounds 12 and 13: a pause that holds the move under way,
//! Resume at the live position, and a rated game's hints, proofs and
//! resignation asked for on Play only.

use bevy::prelude::*;
use breakline_app::game::notice::Notice;
use breakline_app::game::phase::TurnPhase;
use breakline_app::game::request::GameRequest;
use breakline_app::game::screen::Screen;
use breakline_app::game::settings::PlaySettings;
use breakline_app::play::asks::{Ask, Question};
use breakline_app::play::rated::RatedGame;
use breakline_app::play::setup::PlayChoice;
use breakline_engine::Variant;

use crate::journeys::{Home, exchange, start, wait};
use crate::{ai, game_app, go, options, session, turn, update_until};

/// Fresh eyes, round 11: Pause in Watch & Lab let one more move through
/// (the search under way played its move). A pause stops that search: no
/// move comes until Step or Resume.
#[test]
fn a_pause_stops_the_search_under_way() {
    let v = Variant::Breakthrough;
    // A search long enough to be caught thinking (a second a move).
    let slow = ai("enhanced:expert:time=1000", v);
    let mut app = game_app(options(v, slow.clone(), slow));
    app.world_mut().resource_mut::<PlaySettings>().ai_delay_secs = 0.0;
    assert!(update_until(&mut app, 20_000, |app| turn(app) == Some(TurnPhase::AiThinking)));
    let held = session(&app).plies();
    app.world_mut().write_message(GameRequest::SetPaused(true));
    // Well past the search's second.
    let until = std::time::Instant::now() + std::time::Duration::from_millis(2_500);
    update_until(&mut app, 100_000, |_| std::time::Instant::now() >= until);
    assert_eq!(session(&app).plies(), held, "no move after Pause");
    assert_ne!(turn(&app), Some(TurnPhase::AiThinking), "and no search under way");
    app.world_mut().write_message(GameRequest::StepAi);
    assert!(update_until(&mut app, 100_000, |app| session(app).plies() == held + 1), "a step plays one move");
}

/// Fresh eyes, round 13: Home, then Resume, came back to a review left open
/// on Play, the reviewed position's clocks standing still. Play takes the
/// game up at its live position.
#[test]
fn resume_takes_the_game_up_at_its_live_position() {
    let home = Home::new("resume-live");
    let mut app = home.start();
    start(&mut app, PlayChoice::default());
    exchange(&mut app);
    app.world_mut().write_message(GameRequest::GoTo { ply: 0 });
    wait(&mut app, "the review", |app| session(app).reviewing());
    go(&mut app, Screen::Home);
    go(&mut app, Screen::Play);
    wait(&mut app, "the live position", |app| !session(app).reviewing());
    assert_eq!(session(&app).shown_position().hash(), session(&app).position().hash());
}

/// Fresh eyes, round 13: Analyse offered Hint, Resign and Solve for the
/// rated game it does not play (a hint there asked to give the rating up).
/// Asked off Play, each is refused in a line, and the game stays rated.
#[test]
fn a_rated_game_is_hinted_resigned_and_proved_on_play_only() {
    let home = Home::new("rated-asks-analyse");
    let mut app = home.start();
    start(&mut app, PlayChoice::default());
    exchange(&mut app);
    let plies = session(&app).plies();
    go(&mut app, Screen::Analyse);
    for wish in [Ask::Hint, Ask::Resign, Ask::Solve, Ask::Analysis] {
        app.world_mut().resource_mut::<Notice>().dismiss();
        app.world_mut().write_message(wish);
        app.update();
        app.update();
        assert_eq!(app.world().resource::<Question>().text(), None, "{wish:?}: no question off Play");
        let said = app.world().resource::<Notice>().toast().unwrap_or_default().to_string();
        assert!(said.contains("played on Play"), "{wish:?}: said why: {said:?}");
    }
    assert_eq!(app.world().resource::<RatedGame>().unrated_because(), None, "still rated");
    assert_eq!(session(&app).plies(), plies);
    assert!(!session(&app).outcome().is_over(), "not resigned");
    go(&mut app, Screen::Play);
    app.world_mut().write_message(Ask::Resign);
    app.update();
    app.update();
    assert!(app.world().resource::<Question>().text().is_some(), "on Play, Resign asks");
}

/// Fresh eyes, rounds 11 and 13: a puzzle left half-done (a move played, a
/// hint taken) was dropped, and the next visit opened another; its hint was
/// forgotten. It is taken up again where it was left, the hint still counted.
#[test]
fn a_puzzle_left_half_done_is_taken_up_again() {
    use breakline_app::game::request::MoveChosen;
    use breakline_app::puzzles::puzzle::{PuzzleRequest, PuzzleRun, Stage};
    let active = |app: &App| app.world().resource::<PuzzleRun>().active.clone();
    let home = Home::new("puzzle-parked");
    let mut app = home.start();
    go(&mut app, Screen::Puzzles);
    wait(&mut app, "the puzzle", |app| {
        active(app).is_some_and(|a| a.stage == Stage::YourMove && session(app).position().fen() == a.puzzle.fen)
            && turn(app) == Some(TurnPhase::HumanTurn)
    });
    let first = active(&app).expect("a puzzle");
    app.world_mut().write_message(PuzzleRequest::Hint);
    app.update();
    assert!(active(&app).expect("a puzzle").helped, "the hint helped");
    // And counted as the miss it is, at once (round 15: a restart forgot it).
    let games = |app: &App| {
        let variant = active(app).expect("a puzzle").variant;
        app.world().resource::<breakline_app::game::ratings::Progress>().puzzles(variant).rating.games
    };
    assert_eq!(games(&app), 1, "the hint's miss is in the puzzle rating");
    assert!(crate::settled_human_turn(&mut app, 1000));
    let mv = first.next_move().expect("the line's move");
    let s = session(&app);
    let chosen = MoveChosen::human(mv, s.generation(), s.position().hash());
    app.world_mut().write_message(chosen);
    wait(&mut app, "the reply", |app| {
        active(app).is_some_and(|a| a.stage == Stage::YourMove) && session(app).plies() == 2
    });
    go(&mut app, Screen::Home);
    wait(&mut app, "the board given back", |app| active(app).is_none());
    go(&mut app, Screen::Puzzles);
    wait(&mut app, "the same puzzle", |app| {
        active(app).is_some_and(|a| a.index == first.index) && session(app).plies() == 2
    });
    assert!(active(&app).expect("a puzzle").helped, "its hint still counts");
    assert_eq!(games(&app), 1, "once");
}

/// From an earlier round: Solve could not be stopped once started (ten
/// seconds of a core on a position too large to prove). Stop drops it.
#[test]
fn a_proof_under_way_can_be_stopped() {
    use breakline_app::game::players::PlayerSetup;
    use breakline_app::tasks::proof::{CancelSolve, ProofStatus, SolveRequest};
    let v = Variant::Breakthrough;
    let mut app = game_app(options(v, PlayerSetup::Human, PlayerSetup::Human));
    assert!(crate::settled_human_turn(&mut app, 1000));
    app.world_mut().write_message(SolveRequest);
    assert!(update_until(&mut app, 100, |app| app.world().resource::<ProofStatus>().running));
    app.world_mut().write_message(CancelSolve);
    assert!(update_until(&mut app, 10, |app| !app.world().resource::<ProofStatus>().running), "stopped at once");
    let status = app.world().resource::<ProofStatus>().clone();
    assert_eq!(status.text.as_deref(), Some("Stopped: no proof."));
    // And it stays stopped: no late verdict arrives.
    for _ in 0..20 {
        app.update();
    }
    assert_eq!(app.world().resource::<ProofStatus>().text.as_deref(), Some("Stopped: no proof."));
    // Round 16: and it belongs to its position: a new game does not show it.
    app.world_mut().write_message(GameRequest::NewGame { rematch: false });
    assert!(update_until(&mut app, 20, |app| app.world().resource::<ProofStatus>().text.is_none()), "gone");
}

/// From an earlier round: the moves taken back were gone after a restart
/// (Redo had nothing to play). They come back with the game.
#[test]
fn redo_survives_a_restart() {
    let home = Home::new("redo-restart");
    let mut app = home.start();
    start(&mut app, PlayChoice::default());
    exchange(&mut app);
    exchange(&mut app);
    let plies = session(&app).plies();
    app.world_mut().write_message(Ask::TakeBack);
    wait(&mut app, "the take-back", |app| session(app).plies() < plies);
    let redo = session(&app).redo_len();
    assert!(redo > 0, "moves to redo");
    home.quit(app);
    let mut app = home.start();
    crate::journeys::resume(&mut app);
    assert_eq!(session(&app).redo_len(), redo, "the same moves to redo after the restart");
    assert!(crate::settled_human_turn(&mut app, 400));
    app.world_mut().write_message(GameRequest::Redo);
    wait(&mut app, "the redo", |app| session(app).plies() == plies);
}

/// Fresh eyes, round 14 (major): a rated game given up by a yes to the
/// solver counted a loss, and was then left for a new game; the rating
/// counted four games, the Library held three. Every game the rating
/// counts is in the Library: the one given up (over a restart, then left),
/// and the rated one after it.
#[test]
fn every_rated_game_the_rating_counts_is_kept() {
    use breakline_app::game::ratings::Progress;
    use breakline_app::library::keep::LibraryWrites;
    use breakline_app::play::asks::Answer;
    let rated_count = |app: &App| app.world().resource::<Progress>().rating(Variant::Breakthrough).games;
    let home = Home::new("given-up-kept");
    let mut app = home.start();
    start(&mut app, PlayChoice::default());
    exchange(&mut app);
    app.world_mut().write_message(Ask::Solve);
    app.update();
    app.update();
    assert!(app.world().resource::<Question>().text().is_some(), "the solver asks first");
    app.world_mut().write_message(Answer(true));
    wait(&mut app, "the loss counted", |app| rated_count(app) == 1);
    // The helper's way: the game given up went on casual over a restart,
    // then a new game replaced it.
    home.quit(app);
    let mut app = home.start();
    crate::journeys::resume(&mut app);
    start(&mut app, PlayChoice::default());
    exchange(&mut app);
    start(&mut app, PlayChoice::default());
    wait(&mut app, "the second loss counted", |app| rated_count(app) == 2);
    crate::library::wait_for_writes(&mut app);
    let stored = app.world().resource::<LibraryWrites>().stored.len();
    assert_eq!(stored, 2, "both games the rating counted are kept");
}
