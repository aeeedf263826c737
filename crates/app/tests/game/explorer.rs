//! The opening explorer on the Analyse screen, through the real plugins:
//! for the position shown (the start, then after a move), its rows are the
//! engine explorer's counts over the library's games, read off the frame
//! loop; with no library there are none.

use bevy::prelude::*;
use breakline_app::game::players::PlayerSetup;
use breakline_app::game::request::MoveChosen;
use breakline_app::game::screen::Screen;
use breakline_app::library::explorer::{ExplorerRow, OpeningExplorer};
use breakline_engine::Variant;
use breakline_engine::library::Library;
use breakline_engine::library::sample::random_game;
use breakline_engine::library::transfer::read_game;

use crate::library::{library_app, remove, scratch};
use crate::{game_app, options, session, settled_human_turn, update_until};

/// Games stored in the scratch library before the app opens it.
const GAMES: u64 = 60;

/// Waits until the explorer's rows are for the position shown.
fn rows_for_shown(app: &mut App) -> Vec<ExplorerRow> {
    let ready = |app: &App| app.world().resource::<OpeningExplorer>().for_key == Some(session(app).shown_key());
    for _ in 0..2_000 {
        if ready(app) {
            break;
        }
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    assert!(ready(app), "the explorer answered");
    let explorer = app.world().resource::<OpeningExplorer>();
    assert_eq!(explorer.error, None);
    explorer.rows.clone()
}

/// The engine explorer's counts for the shown position, as rows.
fn engine_rows(library: &Library, app: &App) -> Vec<ExplorerRow> {
    let shown = session(app).shown_position();
    let found = library.explore(&shown).expect("explores");
    found.iter().map(|m| ExplorerRow::new(m, shown.side_to_move())).collect()
}

#[test]
fn the_explorer_shows_the_engine_explorers_counts_for_the_shown_position() {
    let path = scratch("explorer");
    let variant = Variant::Breakthrough;
    let mut library = Library::open(&path).expect("a new library");
    let games: Vec<_> = (0..GAMES)
        .map(|i| read_game(&random_game(variant, variant.default_size(), 11, i).expect("a game")).expect("reads"))
        .collect();
    library.add_all(&games).expect("stored");
    let mut app = library_app(options(variant, PlayerSetup::Human, PlayerSetup::Human), &path);
    app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Analyse);
    let rows = rows_for_shown(&mut app);
    assert_eq!(rows.iter().map(|row| row.played).sum::<u64>(), GAMES, "every game left the start");
    assert_eq!(rows, engine_rows(&library, &app));
    // The most played move, on the board: the rows follow the new position.
    assert!(settled_human_turn(&mut app, 20));
    let s = session(&app);
    let mv = s.position().clone().play_text(&rows[0].notation).expect("legal");
    let request = MoveChosen::human(mv, s.generation(), s.position().hash());
    app.world_mut().write_message(request);
    assert!(update_until(&mut app, 20, |app| session(app).plies() == 1));
    let after = rows_for_shown(&mut app);
    assert_eq!(after.iter().map(|row| row.played).sum::<u64>(), rows[0].played);
    assert_eq!(after, engine_rows(&library, &app));
    assert!(after.iter().all(|row| row.percentages().is_some()), "the sample's games all finished");
    drop(app);
    remove(&path);
}

#[test]
fn without_a_library_the_explorer_has_nothing_to_show() {
    let mut app = game_app(options(Variant::Breakthrough, PlayerSetup::Human, PlayerSetup::Human));
    app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Analyse);
    for _ in 0..10 {
        app.update();
    }
    let explorer = app.world().resource::<OpeningExplorer>();
    assert!(explorer.rows.is_empty() && explorer.for_key.is_none() && !explorer.reading());
}
