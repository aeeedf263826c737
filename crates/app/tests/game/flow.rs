//! Flow Free (puzzle) mode: paths drawn through the pointer's requests, a
//! solve played on the board and validated, a cancelled solve, and the board
//! game waiting untouched while the puzzle shows.

use std::time::Duration;

use bevy::prelude::*;
use breakline_app::flow::FlowSolve;
use breakline_app::flow::{FlowGame, FlowRequest, SolveNote};
use breakline_app::game::phase::TurnPhase;
use breakline_app::game::players::PlayerSetup;
use breakline_app::game::request::MoveChosen;
use breakline_app::game::screen::{Mode, Screen};
use breakline_app::tasks::ai::AiSearchTask;
use breakline_engine::Variant;
use breakline_engine::flow::library::SHIPPED;
use breakline_engine::flow::{Budget, Colour, Drawing, Method, Outcome, solve, validate};

use crate::{ai, game_app, options, session, turn, update_until};

fn flow_app() -> App {
    let mut app = game_app(options(Variant::Breakthrough, PlayerSetup::Human, PlayerSetup::Human));
    show(&mut app, Screen::Flow);
    app
}

/// Goes to `screen`; the mode follows in the same update.
fn show(app: &mut App, screen: Screen) {
    app.world_mut().resource_mut::<NextState<Screen>>().set(screen);
    app.update();
    assert_eq!(*app.world().resource::<State<Mode>>().get(), screen.mode());
}

fn send(app: &mut App, request: FlowRequest) {
    app.world_mut().write_message(request);
    app.update();
}

fn game(app: &App) -> &FlowGame {
    app.world().resource::<FlowGame>()
}

fn solving(app: &mut App) -> bool {
    app.world_mut().query::<&FlowSolve>().iter(app.world()).next().is_some()
}

/// Every cell's colour on the board, which must all be set.
fn full_grid(app: &App) -> Vec<Colour> {
    game(app).drawing.cells().into_iter().map(|c| c.expect("every cell coloured")).collect()
}

#[test]
fn paths_drawn_by_dragging_solve_the_puzzle_and_count_moves() {
    let mut app = flow_app();
    send(&mut app, FlowRequest::Pick(0));
    // Finding: "pipe 40%" before anything was drawn (the dots counted as pipe).
    assert!(game(&app).status(false).starts_with("Join each pair of dots"), "{}", game(&app).status(false));
    let puzzle = SHIPPED[0].puzzle().unwrap();
    let Outcome::Solved(cells) = solve(&puzzle, Method::Paths, &Budget::default(), 1).outcome else {
        panic!("the 5x5 is solvable");
    };
    let mut answer = Drawing::new(puzzle.clone());
    answer.set_solution(&cells).unwrap();
    for (colour, path) in answer.paths().iter().enumerate() {
        send(&mut app, FlowRequest::Press(path[0]));
        assert_eq!(game(&app).drawing.drawing(), Some(colour as Colour));
        for &cell in &path[1..] {
            app.world_mut().write_message(FlowRequest::DragTo(cell));
        }
        app.update();
        send(&mut app, FlowRequest::Release);
    }
    assert_eq!(game(&app).drawing.paths(), answer.paths());
    assert!(game(&app).drawing.is_solved());
    validate(&puzzle, &full_grid(&app)).expect("a valid grid");
    let colours = puzzle.colour_count();
    assert_eq!(game(&app).status(false), format!("Solved in {colours} moves! Perfect!"));
    send(&mut app, FlowRequest::Reset);
    assert_eq!(game(&app).drawing.filled(), 2 * colours);
}

#[test]
fn solve_plays_step_by_step_then_instantly_and_leaves_a_valid_board() {
    let mut app = flow_app();
    send(&mut app, FlowRequest::Pick(1));
    {
        let mut game = app.world_mut().resource_mut::<FlowGame>();
        game.method = Method::Smart;
        // One step a frame at the tests' 50 ms frames.
        game.speed = Some(20.0);
    }
    send(&mut app, FlowRequest::Solve);
    assert!(solving(&mut app));
    let sources = 2 * game(&app).puzzle().colour_count();
    let shown = |app: &App| game(app).replay.as_ref().map_or(0, |r| r.cells.iter().flatten().count() - sources);
    assert!(update_until(&mut app, 200, |app| {
        std::thread::sleep(Duration::from_millis(1));
        shown(app) > 0
    }));
    let (before, attempts_before) = (shown(&app), game(&app).replay.as_ref().unwrap().attempts);
    for _ in 0..5 {
        std::thread::sleep(Duration::from_millis(2));
        app.update();
    }
    assert!(shown(&app) <= before + 5, "at most a step a frame");
    assert!(game(&app).replay.as_ref().unwrap().attempts >= attempts_before, "the counter goes on");
    app.world_mut().resource_mut::<FlowGame>().speed = None;
    assert!(update_until(&mut app, 2000, |app| {
        std::thread::sleep(Duration::from_millis(1));
        game(app).note.is_some()
    }));
    let note = game(&app).note.clone();
    assert!(
        matches!(note, Some(SolveNote::Solved { method: Method::Smart, attempts, .. }) if attempts > 0),
        "{note:?}"
    );
    assert!(!solving(&mut app));
    assert!(game(&app).replay.is_none());
    validate(game(&app).puzzle(), &full_grid(&app)).expect("the solver's board is valid");
    assert!(game(&app).status(false).starts_with("Solved by “Most constrained”: "));
    // Kept beside the study's figures (fresh eyes, round 21: never this run's).
    let Some(SolveNote::Solved { attempts, time, .. }) = note else { unreachable!() };
    assert_eq!(game(&app).runs.get(&Method::Smart), Some(&(attempts, time)), "this run's figures");
    assert_eq!(game(&app).runs.len(), 1, "only the solver that ran");
    // Solved again, the pipes it sets aside are the solver's, not the
    // person's (fresh eyes, round 21: "your pipes were replaced").
    send(&mut app, FlowRequest::Solve);
    assert!(!game(&app).status(true).contains("your pipes"), "{}", game(&app).status(true));
    assert!(update_until(&mut app, 2000, |app| {
        std::thread::sleep(Duration::from_millis(1));
        game(app).note.is_some()
    }));
    assert!(!game(&app).status(false).contains("your pipes"), "{}", game(&app).status(false));
}

#[test]
fn cancel_stops_the_search_and_gives_the_drawing_back() {
    let mut app = flow_app();
    send(&mut app, FlowRequest::Pick(SHIPPED.len() - 1));
    let source = game(&app).puzzle().ends(0)[0];
    let next = game(&app).puzzle().neighbours(source).find(|&n| game(&app).puzzle().source(n).is_none()).unwrap();
    send(&mut app, FlowRequest::Press(source));
    send(&mut app, FlowRequest::DragTo(next));
    send(&mut app, FlowRequest::Release);
    let drawn = game(&app).drawing.clone();
    app.world_mut().resource_mut::<FlowGame>().method = Method::Dumbest;
    app.world_mut().resource_mut::<FlowGame>().speed = Some(1.0);
    send(&mut app, FlowRequest::Solve);
    send(&mut app, FlowRequest::Press(source));
    assert_eq!(game(&app).drawing.drawing(), None, "the board is the solver's while it runs");
    let stop = app.world_mut().query::<&FlowSolve>().single(app.world()).unwrap().stop_flag();
    for _ in 0..10 {
        app.update();
    }
    // Escape while the solver runs cancels it, and only that (finding: it
    // also left Flow for Home while the panel said "Esc cancel").
    assert!(solving(&mut app), "the solver runs when Escape comes");
    app.init_resource::<ButtonInput<KeyCode>>();
    app.world_mut().resource_mut::<ButtonInput<KeyCode>>().press(KeyCode::Escape);
    // The window's keys turn Escape into Cancel in the same frame.
    send(&mut app, FlowRequest::Cancel);
    app.world_mut().resource_mut::<ButtonInput<KeyCode>>().clear();
    app.update();
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Flow, "Escape cancelled, and stayed");
    assert!(!solving(&mut app));
    assert!(stop.load(std::sync::atomic::Ordering::Relaxed), "the search was told to stop");
    assert!(matches!(game(&app).note, Some(SolveNote::Cancelled { .. })));
    assert!(game(&app).status(false).starts_with("Cancelled after"));
    assert_eq!(game(&app).drawing, drawn, "the player's drawing is back");
}

#[test]
fn the_board_game_waits_untouched_in_flow_mode_and_a_solve_stops_on_leaving() {
    let v = Variant::Breakthrough;
    let mut app = game_app(options(v, PlayerSetup::Human, ai("enhanced:expert:time=60000", v)));
    assert!(update_until(&mut app, 10, |app| turn(app) == Some(TurnPhase::HumanTurn)));
    let request = {
        let s = session(&app);
        MoveChosen::human(s.position().legal_moves()[0], s.generation(), s.position().hash())
    };
    app.world_mut().write_message(request);
    assert!(update_until(&mut app, 100, |app| turn(app) == Some(TurnPhase::AiThinking)));
    let search_stop = app.world_mut().query::<&AiSearchTask>().single(app.world()).unwrap().stop_flag();
    let before = format!("{:?}", session(&app));

    show(&mut app, Screen::Flow);
    app.update();
    assert!(search_stop.load(std::sync::atomic::Ordering::Relaxed), "the AI's search stopped");
    assert!(app.world_mut().query::<&AiSearchTask>().iter(app.world()).next().is_none());
    app.world_mut().resource_mut::<FlowGame>().speed = Some(1.0);
    send(&mut app, FlowRequest::Solve);
    let solve_stop = app.world_mut().query::<&FlowSolve>().single(app.world()).unwrap().stop_flag();
    for _ in 0..30 {
        app.update();
    }
    assert_eq!(format!("{:?}", session(&app)), before, "the game did not move");

    show(&mut app, Screen::Play);
    assert!(solve_stop.load(std::sync::atomic::Ordering::Relaxed), "leaving the mode stopped the solve");
    assert!(!solving(&mut app));
    assert!(game(&app).replay.is_none(), "the solver's grid went with it");
    assert!(matches!(game(&app).note, Some(SolveNote::Cancelled { .. })));
    assert_eq!(format!("{:?}", session(&app)), before, "the game is as it was");
    assert!(update_until(&mut app, 10, |app| turn(app) == Some(TurnPhase::AiThinking)), "the AI thinks again");
}

#[test]
fn an_ai_game_stands_still_while_the_puzzle_shows() {
    let v = Variant::Breakthrough;
    let quick = || ai("alphabeta:offensive1:depth=1", v);
    let mut app = game_app(options(v, quick(), quick()));
    assert!(update_until(&mut app, 400, |app| session(app).plies() >= 2));
    show(&mut app, Screen::Flow);
    let plies = session(&app).plies();
    for _ in 0..100 {
        std::thread::sleep(Duration::from_millis(1));
        app.update();
    }
    assert_eq!(session(&app).plies(), plies, "no move while in Flow mode");
    show(&mut app, Screen::Play);
    assert!(update_until(&mut app, 400, |app| session(app).plies() > plies), "the game goes on after");
}
