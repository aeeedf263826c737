//! The Puzzles mode: a puzzle borrows the board and gives it back; a move of
//! the proof is answered by the proof's reply; a wrong move is judged by the
//! solver, refuted and counted as a miss; a clean solve raises the streak
//! and the puzzle rating.

use std::time::{Duration, Instant};

use bevy::prelude::*;
use breakline_app::game::owner::Visit;
use breakline_app::game::phase::TurnPhase;
use breakline_app::game::players::PlayerSetup;
use breakline_app::game::ratings::Progress;
use breakline_app::game::request::MoveChosen;
use breakline_app::game::sound_cue::SoundCue;
use breakline_app::puzzles::puzzle::{ActivePuzzle, PuzzleRequest, PuzzleRun, Stage};
use breakline_engine::{Move, Side, Variant};

use crate::{ai, game_app, heard, options, session, settled_human_turn, turn};

fn active(app: &App) -> Option<&ActivePuzzle> {
    app.world().resource::<PuzzleRun>().active.as_ref()
}

/// Updates until `done`, giving background work (the solver) time; fails after 60 s.
fn wait(app: &mut App, what: &str, mut done: impl FnMut(&App) -> bool) {
    let start = Instant::now();
    while !done(app) {
        assert!(start.elapsed() < Duration::from_secs(60), "waited too long for {what}");
        app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// Waits for `opened`, then for the new game's turn to start (the request
/// that laid the puzzle out restarts the game phases over a few frames).
fn wait_opened(app: &mut App, what: &str, mut extra: impl FnMut(&App) -> bool) {
    wait(app, what, |app| opened(app) && extra(app));
    for _ in 0..3 {
        app.update();
    }
    wait(app, what, opened);
}

/// The person's move, once the board waits for it.
fn play(app: &mut App, mv: Move) {
    assert!(settled_human_turn(app, 1000), "the person's turn");
    let s = session(app);
    let (plies, request) = (s.plies(), MoveChosen::human(mv, s.generation(), s.position().hash()));
    app.world_mut().write_message(request);
    wait(app, "the move", |app| session(app).plies() > plies);
}

/// The puzzle on the board, waiting for the person's move.
fn opened(app: &App) -> bool {
    let Some(a) = active(app) else { return false };
    app.world().resource::<Visit>().active()
        && session(app).position().fen() == a.puzzle.fen
        && a.stage == Stage::YourMove
        && turn(app) == Some(TurnPhase::HumanTurn)
}

/// The cues heard: how many moves sounded, and the others in order.
fn verdicts(cues: Vec<SoundCue>) -> (usize, Vec<SoundCue>) {
    let moves = |c: &SoundCue| matches!(c, SoundCue::Move | SoundCue::Capture);
    (cues.iter().filter(|c| moves(c)).count(), cues.into_iter().filter(|c| !moves(c)).collect())
}

/// Plays the puzzle's line to the end, checking each reply is the line's.
fn solve_along_the_line(app: &mut App) {
    loop {
        let a = active(app).expect("a puzzle");
        if a.stage == Stage::Solved {
            return;
        }
        let mv = a.next_move().expect("a move of the line");
        let plies = session(app).plies();
        play(app, mv);
        wait(app, "the reply or the end", |app| {
            let a = active(app).expect("a puzzle");
            a.stage == Stage::Solved || (session(app).plies() == plies + 2 && a.stage == Stage::YourMove)
        });
    }
}

#[test]
fn a_puzzle_borrows_the_board_answers_by_the_proof_refutes_a_miss_and_gives_the_game_back() {
    let v = Variant::Breakthrough;
    let mut app = game_app(options(v, PlayerSetup::Human, ai("medium", v)));
    // A game in progress, to come back to.
    let first = session(&app).position().legal_moves()[0];
    play(&mut app, first);
    wait(&mut app, "the AI's reply", |app| session(app).plies() == 2 && turn(app) == Some(TurnPhase::HumanTurn));
    let game = session(&app).record().clone();

    app.world_mut().write_message(PuzzleRequest::Start(v));
    wait_opened(&mut app, "the puzzle", |_| true);
    heard(&mut app);
    let puzzle = active(&app).unwrap().puzzle.clone();
    let line = puzzle.moves().expect("a shipped puzzle replays");
    let person = session(&app).position().side_to_move();
    assert_eq!(active(&app).unwrap().solver_side, person);

    // The scripted side is not the person's to move.
    let blocked = app.world().resource::<Visit>().scripts(person.opponent());
    assert!(blocked && !app.world().resource::<Visit>().scripts(person));

    // A wrong first move: refuted on the board and counted as a miss.
    let wrong = session(&app).position().legal_moves().into_iter().find(|&m| m != line[0]).expect("another move");
    play(&mut app, wrong);
    wait(&mut app, "the refutation", |app| matches!(active(app).unwrap().stage, Stage::Missed { .. }));
    assert!(matches!(&active(&app).unwrap().stage, Stage::Missed { refutation: Some(_), .. }), "a proved answer");
    // Two moves sound, then the verdict (once, though the stage stays missed).
    app.update();
    assert_eq!(verdicts(heard(&mut app)), (2, vec![SoundCue::PuzzleMissed]));
    assert_eq!(session(&app).plies(), 2, "the wrong move and its refutation");
    let puzzles = app.world().resource::<Progress>().puzzles(v).clone();
    assert_eq!((puzzles.streak, puzzles.rating.games, puzzles.solved), (0, 1, 0));
    let after_miss = puzzles.rating.glicko.rating;
    assert!(after_miss < 1000.0, "a miss lowers the rating");

    // Try again: back to the puzzle's position; solved now, but not clean.
    app.world_mut().write_message(PuzzleRequest::Retry);
    wait_opened(&mut app, "the retry", |_| true);
    assert_eq!(session(&app).plies(), 0);
    heard(&mut app);
    solve_along_the_line(&mut app);
    app.update();
    let (moves, verdict) = verdicts(heard(&mut app));
    assert_eq!((moves, verdict), (line.len(), vec![SoundCue::PuzzleSolved]), "no game-end sound in a puzzle");
    assert_eq!(session(&app).position().outcome().winner(), Some(person));
    assert_eq!(session(&app).position().moves(), line.as_slice(), "the replies were the proof's");
    let puzzles = app.world().resource::<Progress>().puzzles(v).clone();
    assert_eq!((puzzles.streak, puzzles.rating.games, puzzles.solved), (0, 1, 0), "counted once, as missed");

    // The next puzzle, solved clean: streak and rating go up.
    app.world_mut().write_message(PuzzleRequest::Next);
    wait_opened(&mut app, "the next puzzle", |app| active(app).unwrap().puzzle != puzzle);
    solve_along_the_line(&mut app);
    let puzzles = app.world().resource::<Progress>().puzzles(v).clone();
    assert_eq!((puzzles.streak, puzzles.best_streak, puzzles.rating.games, puzzles.solved), (1, 1, 2, 1));
    assert!(puzzles.rating.glicko.rating > after_miss);

    // Leaving gives the game back as it was, with its players.
    app.world_mut().write_message(PuzzleRequest::Leave);
    wait(&mut app, "the game", |app| !app.world().resource::<Visit>().active() && session(app).plies() == 2);
    assert!(active(&app).is_none());
    assert_eq!(session(&app).record().moves, game.moves);
    assert_eq!(session(&app).position().side_to_move(), Side::White);
    wait(&mut app, "the person's turn", |app| turn(app) == Some(TurnPhase::HumanTurn));
}

#[test]
fn a_hint_shows_the_next_move_and_the_solve_does_not_count_in_both_games() {
    for v in [Variant::Breakthrough, Variant::LinesOfAction] {
        let mut app = game_app(options(v, PlayerSetup::Human, PlayerSetup::Human));
        app.world_mut().write_message(PuzzleRequest::Start(v));
        wait_opened(&mut app, "the puzzle", |_| true);
        app.world_mut().write_message(PuzzleRequest::Hint);
        app.update();
        assert!(active(&app).unwrap().helped);
        solve_along_the_line(&mut app);
        let puzzles = app.world().resource::<Progress>().puzzles(v).clone();
        assert_eq!((puzzles.streak, puzzles.solved, puzzles.rating.games), (0, 0, 1), "{v:?}");
    }
}

#[test]
fn the_games_undo_takes_the_puzzle_back_too() {
    let v = Variant::Breakthrough;
    let mut app = game_app(options(v, PlayerSetup::Human, PlayerSetup::Human));
    app.world_mut().write_message(PuzzleRequest::Start(v));
    wait_opened(&mut app, "the puzzle", |_| true);
    let first = active(&app).unwrap().next_move().unwrap();
    play(&mut app, first);
    wait(&mut app, "the reply", |app| session(app).plies() == 2 && active(app).unwrap().stage == Stage::YourMove);
    let second = active(&app).unwrap().next_move();
    // Back one ply: the reply is taken back and played again.
    app.world_mut().write_message(breakline_app::game::request::GameRequest::Undo);
    wait(&mut app, "the take-back", |app| session(app).plies() == 1);
    wait(&mut app, "the reply again", |app| session(app).plies() == 2 && active(app).unwrap().stage == Stage::YourMove);
    assert_eq!(active(&app).unwrap().next_move(), second);
    assert!(active(&app).unwrap().helped, "a take-back is help");
}

#[test]
fn the_board_turns_to_the_solver_and_back_however_the_puzzle_ends() {
    use breakline_app::board::layout::{BoardFlip, ViewFlip};
    let shown = |app: &App| app.world().resource::<ViewFlip>().shown(*app.world().resource::<BoardFlip>());
    let v = Variant::Breakthrough;
    let mut app = game_app(options(v, PlayerSetup::Human, PlayerSetup::Human));
    // Puzzles in turn until one for Black: the board turns; a new game turns it back.
    for _ in 0..20 {
        app.world_mut().write_message(PuzzleRequest::Next);
        app.world_mut().write_message(PuzzleRequest::Start(v));
        wait_opened(&mut app, "a puzzle", |_| true);
        if active(&app).unwrap().solver_side == Side::Black {
            break;
        }
    }
    assert_eq!(active(&app).unwrap().solver_side, Side::Black, "a puzzle for Black among the first 20");
    assert_eq!(shown(&app), BoardFlip(true));
    assert_eq!(*app.world().resource::<BoardFlip>(), BoardFlip(false), "the person's choice stays");
    app.world_mut().write_message(breakline_app::game::request::GameRequest::NewGame { rematch: false });
    wait(&mut app, "the new game", |app| active(app).is_none() && session(app).plies() == 0);
    assert_eq!(shown(&app), BoardFlip(false));
}

/// Fresh eyes, round 22: a puzzle solved with help came back after a
/// restart (the run starts at the set's first puzzle again), and its clean
/// solve then counted. A puzzle counts once: the next offered is another,
/// and a puzzle tried again counts nothing.
#[test]
fn a_puzzle_counts_once_and_a_restart_offers_another() {
    let v = Variant::Breakthrough;
    let mut app = game_app(options(v, PlayerSetup::Human, PlayerSetup::Human));
    app.world_mut().write_message(PuzzleRequest::Start(v));
    wait_opened(&mut app, "the puzzle", |_| true);
    let first = active(&app).unwrap().puzzle.clone();
    app.world_mut().write_message(PuzzleRequest::Hint);
    app.update();
    solve_along_the_line(&mut app);
    let puzzles = app.world().resource::<Progress>().puzzles(v).clone();
    assert!(puzzles.counted.contains(&first.fen), "counted: {:?}", puzzles.counted);
    app.world_mut().write_message(PuzzleRequest::Leave);
    wait(&mut app, "the game", |app| !app.world().resource::<Visit>().active());
    // As after a restart: the run forgotten, the progress kept.
    app.world_mut().insert_resource(PuzzleRun::default());
    app.world_mut().write_message(PuzzleRequest::Start(v));
    wait_opened(&mut app, "the puzzle after the restart", |_| true);
    let again = active(&app).unwrap();
    assert_ne!(again.puzzle.fen, first.fen, "a puzzle not counted yet is offered");
    assert!(!again.counted_before);
}
