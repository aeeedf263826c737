//! Fresh eyes, round 23: what a student of game AI at 1280x800 and a
//! returning player at 150 % on a 1920x1080 screen found, held by tests.

use breakline_app::board::typed::MoveBoxReply;
use breakline_app::game::players::PlayerSetup;
use breakline_app::game::request::GameRequest;
use breakline_app::game::screen::Screen;
use breakline_engine::Variant;

use crate::panels::{WINDOW_SIZES, texts, with_panels};

/// A refusal in the move box stayed over another game put on the board (an
/// AI game begun beside the person's): a new game's box starts empty.
#[test]
fn a_refusal_goes_with_the_game_it_was_for() {
    let (mut app, refusal) = crate::findings_round_22::two_people_with_a_refusal();
    app.update();
    assert!(texts(&app).contains(&refusal), "the refusal is shown: {:?}", texts(&app));
    let generation = crate::session(&app).generation();
    app.world_mut().write_message(GameRequest::NewGame { rematch: false });
    assert!(crate::update_until(&mut app, 20, |app| crate::session(app).generation() != generation));
    app.update();
    app.update();
    assert!(!texts(&app).contains(&refusal), "no refusal over the new game: {:?}", texts(&app));
    assert_eq!(app.world().resource::<MoveBoxReply>().0, None);
}

/// Watch & Lab opened on the person's next game, not begun ("You vs
/// Beginner"), as if it were a game to watch: it says what it is, and how
/// to watch two AIs.
#[test]
fn watch_says_when_its_board_is_the_persons_next_game() {
    let variant = Variant::Breakthrough;
    let mut app = crate::game_app(crate::options(variant, PlayerSetup::Human, crate::ai("novice", variant)));
    with_panels(&mut app, WINDOW_SIZES[0]);
    crate::go(&mut app, Screen::Watch);
    app.update();
    app.update();
    let said = texts(&app);
    assert!(said.iter().any(|t| t.starts_with("This is your next game, not begun")), "said: {said:?}");
}
