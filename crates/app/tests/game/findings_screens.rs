//! Issue 50's findings on words, size, the Series tab and Flow Free, each held
//! by a test through the requests a click sends: the matchup presets named
//! for people (11), the Library's actions only for chosen games (11), the
//! window and its panels fitted to the screen (12, 20), a series that starts
//! from the Game tab's matchup and reports a move's nodes (16), and Flow
//! Free's Solve that says it starts over from the dots (19).

use std::time::Duration;

use bevy::prelude::*;
use breakline_app::files::game_file::{FileAction, FileRequest};
use breakline_app::flow::{FlowGame, FlowRequest, FlowSolve, SolveNote};
use breakline_app::game::notice::Notice;
use breakline_app::game::players::{PlayerSetup, Players};
use breakline_app::game::presets::{self, matchup};
use breakline_app::game::request::{GameRequest, NewMatchup};
use breakline_app::game::screen::Mode;
use breakline_app::game::screen::Screen;
use breakline_app::library::browse::LibraryView;
use breakline_app::platform::window_fit::{interface_growth, opening_window, panel_pixels};
use breakline_app::series::{Series, SeriesForm, StartSeries};
use breakline_engine::lab::studies::classic_matchups;
use breakline_engine::library::sample::random_game;
use breakline_engine::{BoardSize, Variant};

use crate::library::{library_app, remove, scratch, wait_for_writes};
use crate::{game_app, options, update_until};

/// The course's words a person should not have to read on a button.
const JARGON: [&str; 5] = ["offensive", "defensive", "minimax", "alpha-beta", "alphabeta"];

#[test]
fn finding_11_matchup_presets_are_named_for_people_with_the_course_name_in_the_tooltip() {
    let classic = classic_matchups();
    for number in 1..=presets::COUNT {
        let m = matchup(number).expect("a preset");
        let name = m.name.to_lowercase();
        assert!(!JARGON.iter().any(|word| name.contains(word)), "preset {number} reads {:?}", m.name);
        assert!(!m.name.is_empty());
        if number <= classic.len() {
            let course = classic[number - 1].title;
            assert!(m.tooltip().contains(course), "preset {number}'s tooltip names the course's {course:?}");
        }
        assert!(m.tooltip().contains("White: ") && m.tooltip().contains("Black: "));
    }
    // The series presets of the same matchups read the same plain names.
    for preset in breakline_app::series::series_presets() {
        if preset.title.starts_with("Matchup") {
            let title = preset.title.to_lowercase();
            assert!(!JARGON.iter().any(|word| title.contains(word)), "{:?}", preset.title);
        }
    }
}

#[test]
fn finding_11_the_library_offers_export_and_delete_only_for_the_games_chosen() {
    let path = scratch("finding-11");
    let variant = Variant::Breakthrough;
    let mut app = library_app(options(variant, PlayerSetup::Human, PlayerSetup::Human), &path);
    app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Library);
    app.update();
    let size = variant.default_size();
    let text = format!("{}\n{}", random_game(variant, size, 3, 0).unwrap(), random_game(variant, size, 3, 1).unwrap());
    let import = path.with_extension("import.txt");
    std::fs::write(&import, text).expect("writes");
    app.world_mut().write_message(FileRequest { action: FileAction::ImportLibrary, path: import.clone() });
    wait_for_writes(&mut app);
    app.update();
    let listed = app.world().resource::<LibraryView>().games.clone();
    assert_eq!(listed.len(), 2);
    // Nothing ticked: nothing is chosen, so there is nothing to export or delete ("Delete 2…" was offered).
    assert!(app.world().resource::<LibraryView>().chosen().is_empty());
    let export = path.with_extension("export.txt");
    let _ = std::fs::remove_file(&export);
    app.world_mut().write_message(FileRequest { action: FileAction::ExportLibrary, path: export.clone() });
    wait_for_writes(&mut app);
    app.update();
    assert!(!export.exists(), "an export with no game chosen writes nothing");
    assert!(app.world().resource::<Notice>().toast().is_some_and(|t| t.contains("Tick")));
    // One ticked: that one is chosen, and exported alone.
    app.world_mut().resource_mut::<LibraryView>().selected.insert(listed[0].id);
    assert_eq!(app.world().resource::<LibraryView>().chosen(), vec![listed[0].id]);
    app.world_mut().write_message(FileRequest { action: FileAction::ExportLibrary, path: export.clone() });
    wait_for_writes(&mut app);
    let written = std::fs::read_to_string(&export).expect("exported");
    assert_eq!(written.matches("[Variant").count(), 1, "{written}");
    for file in [&import, &export] {
        let _ = std::fs::remove_file(file);
    }
    remove(&path);
}

#[test]
fn finding_12_the_window_opens_to_fit_a_small_screen() {
    for screen in [Vec2::new(800.0, 600.0), Vec2::new(1024.0, 768.0), Vec2::new(1366.0, 768.0)] {
        let fit = opening_window(screen);
        assert!(fit.size.x <= screen.x && fit.size.y <= screen.y, "{screen}: {:?}", fit.size);
        assert!(fit.maximised, "a screen smaller than the design is filled");
    }
    // At 800x600 the interface keeps its default size, and the board keeps room between the panels.
    let small = Vec2::new(800.0, 600.0);
    assert_eq!(interface_growth(small), 1.0);
    let (left, right) = panel_pixels(small, 1.0);
    assert!(small.x - left - right >= 300.0, "the board keeps {} px", small.x - left - right);
    // The design size itself opens as before.
    assert_eq!(opening_window(Vec2::new(1280.0, 800.0)).size, Vec2::new(1280.0, 800.0));
}

#[test]
fn finding_20_a_large_screen_opens_a_large_window_whose_panels_grow_with_it() {
    let design = Vec2::new(1280.0, 800.0);
    let hd = opening_window(Vec2::new(1920.0, 1080.0));
    assert!(hd.size.x > design.x && hd.size.y > design.y, "1920x1080 opens {:?}, not 1280x800", hd.size);
    assert!(hd.size.x <= 1920.0 && hd.size.y <= 1080.0);
    let uhd = opening_window(Vec2::new(3840.0, 2160.0));
    assert!(uhd.size.x > hd.size.x && uhd.size.y > hd.size.y);
    // Panels (and their text, through the interface's growth) grow with the window.
    let (base_left, base_right) = panel_pixels(design, 1.0);
    let (hd_left, hd_right) = panel_pixels(Vec2::new(1920.0, 1080.0), 1.0);
    let (uhd_left, uhd_right) = panel_pixels(Vec2::new(3840.0, 2160.0), 1.0);
    assert!(hd_left > base_left * 1.2 && hd_right > base_right * 1.2, "{hd_left} {hd_right}");
    assert!(uhd_left > hd_left * 1.2 && uhd_right > hd_right * 1.2, "{uhd_left} {uhd_right}");
    assert!(interface_growth(Vec2::new(1920.0, 1080.0)) > 1.2);
    assert!(interface_growth(Vec2::new(3840.0, 2160.0)) >= interface_growth(Vec2::new(1920.0, 1080.0)));
    // The board keeps the larger share still.
    for window in [Vec2::new(1920.0, 1080.0), Vec2::new(3840.0, 2160.0)] {
        let (left, right) = panel_pixels(window, 1.0);
        assert!(window.x - left - right >= window.y * 0.9, "{window}: the board is squeezed");
    }
}

fn form(app: &App) -> &SeriesForm {
    app.world().resource::<SeriesForm>()
}

/// A matchup preset clicked on the Game tab: its board, its players, a new game.
pub fn choose_matchup(app: &mut App, number: usize) {
    let m = matchup(number).expect("a preset");
    let players = Players { white: m.white, black: m.black };
    let matchup = NewMatchup { players, board: Some((m.variant, m.size)) };
    app.world_mut().write_message(GameRequest::StartMatchup(Box::new(matchup)));
    app.update();
    app.update();
}

/// Starts the series the Series tab's form names, as its Start button does.
pub fn start_series_from_form(app: &mut App, games: usize) {
    let mut spec = form(app).spec().expect("the form names a series");
    spec.games = games;
    app.world_mut().write_message(StartSeries { spec, threads: 2 });
    app.update();
    assert!(
        update_until(app, 20_000, |app| {
            std::thread::sleep(Duration::from_millis(1));
            !app.world().resource::<Series>().is_running()
        }),
        "the series finishes"
    );
}

#[test]
fn finding_16_the_series_starts_from_the_game_tabs_matchup_and_reports_nodes_a_move() {
    let mut app = game_app(options(Variant::Breakthrough, PlayerSetup::Human, PlayerSetup::Human));
    app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Watch);
    app.update();
    choose_matchup(&mut app, 7);
    let m = matchup(7).unwrap();
    let (PlayerSetup::Ai(white), PlayerSetup::Ai(black)) = (&m.white, &m.black) else { panic!("AI vs AI") };
    assert_eq!(form(&app).board(), (Variant::Breakthrough, BoardSize::new(5, 10)));
    assert_eq!(form(&app).players(), (white.to_string().as_str(), black.to_string().as_str()));
    assert!(!form(&app).swaps(), "the matchup as set: A plays White every game");
    assert!(form(&app).colours_note().contains("every game"));
    // A person's edit stays while the Game tab's matchup does not change.
    let a = form(&app).players().0.to_string();
    app.world_mut().resource_mut::<SeriesForm>().set_players(&a, "alphabeta:defensive2:depth=2");
    app.update();
    assert_eq!(form(&app).players().1, "alphabeta:defensive2:depth=2");
    // Another matchup on the Game tab: the form follows it.
    choose_matchup(&mut app, 1);
    let m = matchup(1).unwrap();
    let (PlayerSetup::Ai(white), PlayerSetup::Ai(black)) = (&m.white, &m.black) else { panic!("AI vs AI") };
    assert_eq!(form(&app).players(), (white.to_string().as_str(), black.to_string().as_str()));
    assert_eq!(form(&app).board(), (Variant::Breakthrough, BoardSize::new(8, 8)));
    // Swapping is said when chosen.
    app.world_mut().resource_mut::<SeriesForm>().set_swap(true);
    assert!(form(&app).colours_note().contains("swap"));
    app.world_mut().resource_mut::<SeriesForm>().set_swap(false);
    // The report: nodes and time a move, with thousands separators.
    start_series_from_form(&mut app, 1);
    let rows = app.world().resource::<Series>().summary().player_rows(false);
    let nodes = rows.iter().find(|(name, _, _)| *name == "Nodes per move").expect("a nodes-per-move row");
    assert!(rows.iter().any(|(name, _, _)| name.starts_with("Time per move")));
    // Minimax at depth 3 on 8x8 searches thousands of nodes a move.
    assert!(nodes.1.contains(','), "thousands separated: {:?}", nodes.1);
    let digits: u64 = nodes.1.replace(',', "").parse().expect("a count");
    let pruned: u64 = nodes.2.replace(',', "").parse().expect("a count");
    assert!(digits > pruned, "alpha-beta's saving shows a move: {} vs {}", nodes.1, nodes.2);
}

fn flow(app: &App) -> &FlowGame {
    app.world().resource::<FlowGame>()
}

fn flow_send(app: &mut App, request: FlowRequest) {
    app.world_mut().write_message(request);
    app.update();
}

#[test]
fn finding_19_flow_solve_says_it_starts_over_from_the_pipes_drawn() {
    let mut app = game_app(options(Variant::Breakthrough, PlayerSetup::Human, PlayerSetup::Human));
    app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Flow);
    app.update();
    app.update();
    assert_eq!(*app.world().resource::<State<Mode>>().get(), Mode::Flow);
    flow_send(&mut app, FlowRequest::Pick(0));
    assert!(!flow(&app).has_pipes());
    assert!(!flow(&app).solve_hint().contains("starts over"));
    // A pipe drawn from a dot one cell on.
    let source = flow(&app).puzzle().ends(0)[0];
    let next = flow(&app).puzzle().neighbours(source).find(|&n| flow(&app).puzzle().source(n).is_none()).unwrap();
    flow_send(&mut app, FlowRequest::Press(source));
    flow_send(&mut app, FlowRequest::DragTo(next));
    flow_send(&mut app, FlowRequest::Release);
    assert!(flow(&app).has_pipes());
    assert!(flow(&app).solve_hint().contains("starts over"), "{}", flow(&app).solve_hint());
    app.world_mut().resource_mut::<FlowGame>().speed = None;
    flow_send(&mut app, FlowRequest::Solve);
    assert!(flow(&app).status(true).contains("starts over"), "{}", flow(&app).status(true));
    assert!(update_until(&mut app, 4000, |app| {
        std::thread::sleep(Duration::from_millis(1));
        flow(app).note.is_some()
    }));
    assert!(app.world_mut().query::<&FlowSolve>().iter(app.world()).next().is_none());
    assert!(matches!(flow(&app).note, Some(SolveNote::Solved { .. })));
    let status = flow(&app).status(false);
    assert!(status.contains("starting over") && status.contains("pipes"), "{status}");
    // With nothing drawn, Solve says nothing of starting over.
    flow_send(&mut app, FlowRequest::Reset);
    flow_send(&mut app, FlowRequest::Solve);
    assert!(!flow(&app).status(true).contains("starts over"));
}
