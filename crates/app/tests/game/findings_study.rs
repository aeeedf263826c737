//! Issue 50's findings on the study screens, each held by a journey through
//! the requests a click sends: Analyse speaks from one side, draws its line
//! and stops by itself (8); a puzzle stays a puzzle (9); Learn offers both
//! games, a way to play after, and says a refused move is wrong without a
//! notice left over (10); the course strategies' raw scores are not read as
//! chances (17).

use std::time::{Duration, Instant};

use bevy::prelude::*;
use breakline_app::board::input::{BoardPointer, MoveRefusal};
use breakline_app::board::overlay::ThinkingOverlay;
use breakline_app::game::eval_graph::EvalGraph;
use breakline_app::game::notice::Notice;
use breakline_app::game::owner::Visit;
use breakline_app::game::phase::{GamePhase, TurnPhase};
use breakline_app::game::players::PlayerSetup;
use breakline_app::game::request::MoveChosen;
use breakline_app::game::screen::Screen;
use breakline_app::game::settings::{GameSettings, PlaySettings};
use breakline_app::learn::lessons::{Answer, LessonRequest, LessonRun, Showing};
use breakline_app::play::setup::{Opponent, PlayChoice};
use breakline_app::puzzles::puzzle::{ActivePuzzle, PuzzleRequest, PuzzleRun, Stage, ends_as_a_game};
use breakline_app::tasks::analysis::{AnalysisSettings, AnalysisView, for_white};
use breakline_app::theme::palette;
use breakline_engine::lessons::lesson;
use breakline_engine::rules::explain::why_refused;
use breakline_engine::{Move, Position, Side, Variant};

use crate::{ai, game_app, go, options, phase, screen, session, settled_human_turn, turn, update_until};

const BT: Variant = Variant::Breakthrough;

/// Updates until `done`, giving background work time; fails after 60 s.
fn wait(app: &mut App, what: &str, mut done: impl FnMut(&App) -> bool) {
    let start = Instant::now();
    while !done(app) {
        assert!(start.elapsed() < Duration::from_secs(60), "waited too long for {what}");
        app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
}

fn human_game(variant: Variant) -> App {
    let mut app = game_app(options(variant, PlayerSetup::Human, PlayerSetup::Human));
    assert!(update_until(&mut app, 10, |app| turn(app) == Some(TurnPhase::HumanTurn)));
    app
}

#[test]
fn finding_08_analysis_speaks_for_white_draws_its_line_and_stops_by_itself() {
    let mut app = human_game(BT);
    let first = session(&app).position().legal_moves()[0];
    let s = session(&app);
    let request = MoveChosen::human(first, s.generation(), s.position().hash());
    app.world_mut().write_message(request);
    assert!(settled_human_turn(&mut app, 100));
    assert_eq!(session(&app).position().side_to_move(), Side::Black);
    go(&mut app, Screen::Analyse);
    *app.world_mut().resource_mut::<AnalysisSettings>() = AnalysisSettings { on: true, seconds: 1 };

    // The analysis's best line is drawn on the board while it reports.
    let view = |app: &App| app.world().resource::<AnalysisView>().clone();
    wait(&mut app, "the analysis's first report", |app| view(app).info.is_some());
    app.update();
    let line = app.world().resource::<ThinkingOverlay>().line.clone().expect("the analysis's line on the board");
    let position = session(&app).position().clone();
    assert_eq!((line.position_hash, line.side), (position.hash(), Side::Black));
    assert_eq!(line.pv, view(&app).info.expect("its report").pv, "the analysis's best line");

    // It stops by itself after its time (the original searched on until switched off).
    wait(&mut app, "the analysis to stop", |app| view(app).finished);
    assert_eq!(view(&app).seconds, 1);
    // "Go on" searches the same position longer.
    app.world_mut().resource_mut::<AnalysisSettings>().go_on();
    app.update();
    let longer = view(&app);
    assert!(!longer.finished && longer.seconds > 1, "go on starts a longer search: {longer:?}");

    // One point of view: Black to move scoring +406 is White's -406 and White's chance under a half.
    let (chance, score) = for_white(&position, 406, true);
    assert_eq!(score, -406, "the score is White's, as the chance is");
    assert!(chance.is_some_and(|c| c < 0.5), "{chance:?}");
    assert_eq!(for_white(&position, 406, false), (None, -406), "no chance for a raw score");

    // Switched off: the line leaves the board.
    app.world_mut().resource_mut::<AnalysisSettings>().on = false;
    app.update();
    app.update();
    assert_eq!(app.world().resource::<ThinkingOverlay>().line, None);
}

fn active(app: &App) -> Option<&ActivePuzzle> {
    app.world().resource::<PuzzleRun>().active.as_ref()
}

/// The puzzle on the board, waiting for the person's move.
fn opened(app: &App) -> bool {
    let Some(a) = active(app) else { return false };
    app.world().resource::<Visit>().active()
        && session(app).position().moves().is_empty()
        && a.stage == Stage::YourMove
        && turn(app) == Some(TurnPhase::HumanTurn)
}

fn wait_opened(app: &mut App, what: &str) {
    wait(app, what, opened);
    for _ in 0..3 {
        app.update();
    }
    wait(app, what, opened);
}

fn play(app: &mut App, mv: Move) {
    assert!(settled_human_turn(app, 1000), "the person's turn");
    let s = session(app);
    let (plies, request) = (s.plies(), MoveChosen::human(mv, s.generation(), s.position().hash()));
    app.world_mut().write_message(request);
    wait(app, "the move", |app| session(app).plies() > plies);
}

fn status(app: &App) -> (String, palette::Tone) {
    active(app).expect("a puzzle").status()
}

fn miss(app: &mut App) -> Move {
    let line = active(app).unwrap().puzzle.moves().unwrap();
    let wrong = session(app).position().legal_moves().into_iter().find(|&m| m != line[0]).expect("another move");
    play(app, wrong);
    wait(app, "the refutation", |app| matches!(active(app).unwrap().stage, Stage::Missed { .. }));
    wrong
}

#[test]
fn finding_09_a_puzzle_stays_a_puzzle_names_the_solvers_move_and_a_retry_is_not_help() {
    let mut app = human_game(BT);
    app.world_mut().write_message(PuzzleRequest::Start(BT));
    wait_opened(&mut app, "the puzzle");
    let start = session(&app).position().clone();
    // Round 8: no toast at the start (its green tick read as "solved").
    assert_eq!(app.world().resource::<Notice>().text, None, "the panel says the task");

    // A miss says so, in the puzzle, naming the person's move; no game-over banner.
    let wrong = miss(&mut app);
    let (text, tone) = status(&app);
    assert!(text.contains("Wrong") && text.contains(&start.move_name(wrong)), "{text}");
    assert_eq!(tone, palette::ERROR);
    assert!(!ends_as_a_game(session(&app), app.world().resource::<Visit>()), "a puzzle's end is no game's end");
    assert!(!active(&app).unwrap().helped, "a miss is a miss, not help");

    // Try again, then the right move: the words name the person's move, then the reply.
    app.world_mut().write_message(PuzzleRequest::Retry);
    wait_opened(&mut app, "the retry");
    let right = active(&app).unwrap().next_move().unwrap();
    let right_name = start.move_name(right);
    play(&mut app, right);
    wait(&mut app, "the reply or the end", |app| {
        let a = active(app).unwrap();
        a.stage == Stage::Solved || (session(app).plies() == 2 && a.stage == Stage::YourMove)
    });
    let (text, _) = status(&app);
    assert!(text.starts_with(&format!("✔ Right: {right_name}")), "the solver's move first: {text}");
    // The rest of the line: solved after a retry, which is no help.
    while active(&app).unwrap().stage != Stage::Solved {
        let mv = active(&app).unwrap().next_move().expect("the line goes on");
        let plies = session(&app).plies();
        play(&mut app, mv);
        wait(&mut app, "the reply or the end", |app| {
            let a = active(app).unwrap();
            a.stage == Stage::Solved || (session(app).plies() == plies + 2 && a.stage == Stage::YourMove)
        });
    }
    assert!(!active(&app).unwrap().helped, "a retry is not help");
    let (text, _) = status(&app);
    assert!(text.contains("retry") && !text.contains("help"), "{text}");
    assert!(!ends_as_a_game(session(&app), app.world().resource::<Visit>()), "no Play again after a puzzle");

    // The next puzzle: a miss, then "show the answer" goes back with help.
    app.world_mut().write_message(PuzzleRequest::Next);
    wait_opened(&mut app, "the next puzzle");
    miss(&mut app);
    app.world_mut().write_message(PuzzleRequest::ShowAnswer);
    wait_opened(&mut app, "the answer");
    assert!(active(&app).unwrap().helped, "the answer shown is help");
}

/// The Capturing page's try-it on the board, the person to move.
fn try_it_on_board(app: &mut App) -> Position {
    let lesson = lesson(Some(BT));
    let index = lesson.pages.iter().position(|p| p.title == "Capturing").expect("the page");
    let try_it = lesson.pages[index].try_it.clone().unwrap();
    for request in [LessonRequest::Open(Some(BT)), LessonRequest::Page(index), LessonRequest::TryIt] {
        app.world_mut().write_message(request);
        app.update();
    }
    wait(app, "the try-it", |app| {
        session(app).record().start_fen == try_it.start && turn(app) == Some(TurnPhase::HumanTurn)
    });
    for _ in 0..3 {
        app.update();
    }
    try_it.position(BT).unwrap()
}

fn showing(app: &App) -> Option<Showing> {
    app.world().resource::<LessonRun>().open.as_ref().map(|open| open.showing.clone())
}

#[test]
fn finding_10_a_refused_move_in_a_lesson_reads_as_wrong_and_no_notice_is_left() {
    let mut app = human_game(BT);
    let start = try_it_on_board(&mut app);
    assert_eq!(showing(&app), Some(Showing::TryIt(Answer::Waiting)));
    // A piece of the mover's aimed at a square no rule allows.
    let (from, to, why) = start
        .pieces()
        .into_iter()
        .filter(|&(_, side)| side == start.side_to_move())
        .flat_map(|(from, _)| (0..start.size().squares() as u8).map(move |to| (from, to)))
        .find_map(|(from, to)| {
            let legal_from = start.legal_moves().iter().any(|m| m.from == from);
            let mine = start.pieces().contains(&(to, start.side_to_move()));
            let why = why_refused(&start, Move::new(from, to, false)).filter(|_| legal_from && !mine && from != to);
            why.map(|why| (from, to, why))
        })
        .expect("a refused aim");
    for square in [from, to] {
        app.world_mut().write_message(BoardPointer::Press(square));
        app.world_mut().write_message(BoardPointer::Release(Some(square)));
        app.update();
    }
    app.update();
    assert_eq!(showing(&app), Some(Showing::TryIt(Answer::Wrong(why))), "the card says it is wrong");
    assert_eq!(app.world().resource::<Notice>().text, None, "no notice for the toast or other panels");
    assert_eq!(app.world().resource::<MoveRefusal>().why, None, "the card took it; nothing over the board");
    assert_eq!(session(&app).plies(), 0);
}

#[test]
fn finding_10_learn_offers_both_games_and_a_finished_lesson_offers_a_game_at_the_suggested_level() {
    let mut app = human_game(BT);
    let game = session(&app).record().clone();
    let open_variant = |app: &App| app.world().resource::<LessonRun>().open.as_ref().and_then(|o| o.lesson.variant);
    // The other game's lesson, the game on the board being Breakthrough.
    let loa = Variant::LinesOfAction;
    go(&mut app, Screen::Learn);
    app.world_mut().write_message(LessonRequest::Open(Some(loa)));
    app.update();
    // Its first page with a position to show (a page of text leaves the board as it is).
    let shown = lesson(Some(loa)).pages.iter().position(|p| p.example.is_some() || p.try_it.is_some());
    app.world_mut().write_message(LessonRequest::Page(shown.expect("a page with a position")));
    wait(&mut app, "the Lines of Action lesson on the board", |app| {
        open_variant(app) == Some(loa) && session(app).variant() == loa
    });
    let last = lesson(Some(loa)).pages.len() - 1;
    app.world_mut().write_message(LessonRequest::Page(last));
    app.update();
    *app.world_mut().resource_mut::<PlayChoice>() = PlayChoice { opponent: Opponent::Friend, ..default() };
    app.world_mut().write_message(LessonRequest::PlayNow(loa));
    wait(&mut app, "the play setup", |app| screen(app) == Screen::PlaySetup);
    assert_eq!(app.world().resource::<GameSettings>().variant, loa, "the lesson's game");
    assert_eq!(app.world().resource::<PlayChoice>().opponent, Opponent::Nearest, "the suggested level");
    wait(&mut app, "the game back", |app| !app.world().resource::<Visit>().active());
    assert_eq!(session(&app).record().moves, game.moves, "the game that waited is given back");
    assert_eq!(session(&app).variant(), BT);
}

/// Plays AI moves until `plies`, then gives the graph.
fn graph_after(white: &str, black: &str, plies: usize) -> EvalGraph {
    let mut app = game_app(options(BT, ai(white, BT), ai(black, BT)));
    app.world_mut().resource_mut::<PlaySettings>().ai_delay_secs = 0.0;
    let enough = update_until(&mut app, 20_000, |app| {
        session(app).position().moves().len() >= plies || phase(app) == GamePhase::Over
    });
    assert!(enough, "the game did not get going");
    app.update();
    app.world().resource::<EvalGraph>().clone()
}

#[test]
fn finding_17_course_strategies_scores_are_shown_raw_not_as_chances() {
    let course = graph_after("alphabeta:offensive1:depth=2", "alphabeta:defensive2:depth=2", 6);
    assert!(course.points.len() >= 6);
    assert!(course.points.iter().all(|p| !p.calibrated), "no chance from a course strategy's score");
    assert!(course.raw(), "the graph shows raw scores");
    let last = course.points.last().expect("a point");
    assert!(!last.calibrated, "the bar has no chance to show");
    for point in &course.points {
        let white = if point.side == Side::White { point.score } else { -point.score };
        assert_eq!(point.white_score(), white, "raw scores from White's side");
    }
    let expert = graph_after("alphabeta:expert:depth=2", "alphabeta:expert:depth=2", 4);
    assert!(expert.points.iter().all(|p| p.calibrated) && !expert.raw(), "the expert's scores are chances");
}
