//! Fresh eyes, round 22: what a Lines of Action club player at 800x600 and
//! a parent at 1920x1080 (150 %) found, held by tests.

use bevy::prelude::*;
use breakline_app::board::typed::{MoveBoxReply, TypedMove};
use breakline_app::game::players::PlayerSetup;
use breakline_app::game::request::{GameRequest, MoveChosen};
use breakline_app::game::screen::Screen;
use breakline_app::play::asks::Ask;
use breakline_engine::Variant;

use crate::panels::{WINDOW_SIZES, texts, with_panels};

/// A game of two people on Play, with the panels, and a typed move refused
/// in it: the app and the refusal's words.
pub fn two_people_with_a_refusal() -> (App, String) {
    let variant = Variant::Breakthrough;
    let mut app = crate::game_app(crate::options(variant, PlayerSetup::Human, PlayerSetup::Human));
    with_panels(&mut app, WINDOW_SIZES[1]);
    crate::go(&mut app, Screen::Play);
    assert!(crate::settled_human_turn(&mut app, 50));
    app.world_mut().write_message(TypedMove("a1a8".to_string()));
    app.update();
    let refusal = app.world().resource::<MoveBoxReply>().0.clone().expect("a1a8 is refused");
    (app, refusal)
}

/// The person's first move, the answer too where an AI plays the other side.
pub fn first_move(app: &mut App) {
    assert!(crate::settled_human_turn(app, 50));
    let s = crate::session(app);
    let first = MoveChosen::human(s.position().legal_moves()[0], s.generation(), s.position().hash());
    app.world_mut().write_message(first);
    assert!(crate::update_until(app, 20, |app| crate::session(app).plies() >= 1));
}

/// The last hint and the move box's last refusal stayed beside the result
/// of a game that had ended by a resignation.
#[test]
fn a_hint_and_a_refusal_go_when_the_game_ends() {
    // Two people: no rating for the hint to ask about.
    let (mut app, refusal) = two_people_with_a_refusal();
    app.world_mut().write_message(Ask::Hint);
    let shown = crate::update_until(&mut app, 20_000, |app| {
        std::thread::sleep(std::time::Duration::from_millis(1));
        texts(app).iter().any(|t| t.starts_with("Hint: "))
    });
    assert!(shown, "the hint is shown");
    assert!(texts(&app).contains(&refusal), "the refusal is shown: {:?}", texts(&app));
    app.world_mut().write_message(GameRequest::Resign);
    assert!(crate::update_until(&mut app, 20, |app| crate::session(app).outcome().is_over()));
    app.update();
    app.update();
    let said = texts(&app);
    assert!(!said.iter().any(|t| t.starts_with("Hint: ")), "no hint after the end: {said:?}");
    assert!(!said.contains(&refusal), "no refusal after the end: {said:?}");
}

/// Play's Start lay half below the window's foot at 150 % (a 1920x1080
/// screen's window), and a 5x5 game against a level was only to be found
/// through Analyse: Play offers the board's size, and Start stays in sight.
#[test]
fn play_offers_board_sizes_and_start_stays_in_sight() {
    use breakline_app::theme::looks::Looks;
    let variant = Variant::Breakthrough;
    let mut app = crate::game_app(crate::options(variant, PlayerSetup::Human, crate::ai("novice", variant)));
    with_panels(&mut app, WINDOW_SIZES[0]);
    // A game in progress: Start's note beside it makes the foot taller.
    first_move(&mut app);
    crate::go(&mut app, Screen::PlaySetup);
    for scale in [1.0, 1.5, 2.0] {
        app.world_mut().resource_mut::<Looks>().scale = scale;
        for size in [(800, 600), (1280, 800), (1632, 918)] {
            crate::panels::resize(&mut app, size);
            for _ in 0..3 {
                app.update();
            }
            let screen = app.world().resource::<crate::panels::LaidOut>().screen;
            let start = crate::panels::rect_of(&app, "Start").expect("Start is laid out");
            assert!(start.max.y <= screen.y + 0.5, "{scale} {size:?}: Start ends at {} of {}", start.max.y, screen.y);
        }
    }
    let said = texts(&app);
    assert!(said.iter().any(|t| t == "8x8 (standard)"), "the board's size is offered: {said:?}");
}

/// With a two-person game on the board, Watch & Lab offered no players at
/// all: players for a game beside it are offered, and the waiting game's
/// are not touched.
#[test]
fn watch_offers_players_beside_a_two_person_game() {
    let variant = Variant::Breakthrough;
    let mut app = crate::game_app(crate::options(variant, PlayerSetup::Human, PlayerSetup::Human));
    with_panels(&mut app, WINDOW_SIZES[1]);
    first_move(&mut app);
    crate::go(&mut app, Screen::Watch);
    app.update();
    app.update();
    let said = texts(&app);
    assert!(said.iter().any(|t| t == "Watch these players"), "players are offered: {said:?}");
}
