//! Fresh eyes, round 26 and what was left open before it, held by tests.

use breakline_app::game::players::PlayerSetup;
use breakline_app::game::screen::Screen;
use breakline_app::game::settings::GameSettings;
use breakline_engine::Variant;

use crate::panels::{WINDOW_SIZES, click_on, with_panels};

/// A Watch & Lab preset set the next game's board: after watching two
/// masters play Lines of Action, Play's setup offered Lines of Action to a
/// Breakthrough player. The preset plays on its own board.
#[test]
fn a_watched_preset_leaves_the_next_games_board_alone() {
    let variant = Variant::Breakthrough;
    let mut app = crate::game_app(crate::options(variant, PlayerSetup::Human, PlayerSetup::Human));
    with_panels(&mut app, WINDOW_SIZES[2]);
    let before = *app.world().resource::<GameSettings>();
    crate::go(&mut app, Screen::Watch);
    app.update();
    click_on(&mut app, "9. Two masters: Lines of Action");
    let watched = crate::update_until(&mut app, 20, |app| crate::session(app).variant() == Variant::LinesOfAction);
    assert!(watched, "the preset's game is on the board");
    assert_eq!(*app.world().resource::<GameSettings>(), before, "the next game's board is as it was");
}

/// Two masters playing Lines of Action in Watch & Lab were labelled with
/// Breakthrough's ratings (the Game section's choice for the next game):
/// the players of the game on the board are rated in its game.
#[test]
fn watched_levels_carry_their_own_games_ratings() {
    use breakline_engine::ai::search::Level;
    use breakline_engine::lab::levels::LevelTable;
    let variant = Variant::Breakthrough;
    let mut app = crate::game_app(crate::options(variant, PlayerSetup::Human, PlayerSetup::Human));
    with_panels(&mut app, WINDOW_SIZES[2]);
    crate::go(&mut app, Screen::Watch);
    app.update();
    click_on(&mut app, "9. Two masters: Lines of Action");
    assert!(crate::update_until(&mut app, 20, |app| crate::session(app).variant() == Variant::LinesOfAction));
    app.update();
    let table = LevelTable::shipped();
    let (own, other) = (table.label(Variant::LinesOfAction, Level::MASTER), table.label(variant, Level::MASTER));
    assert_ne!(own, other, "the two ladders rate the master apart");
    let said = crate::panels::texts(&app);
    assert!(said.iter().any(|t| t == &own), "{own:?} in {said:?}");
    assert!(!said.iter().any(|t| t == &other), "not {other:?}");
}
