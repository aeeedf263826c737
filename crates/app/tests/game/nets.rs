//! An AI whose `nnue` has no net for the board says, once, that the expert
//! evaluation plays instead; where a net exists nothing is said.

use breakline_app::game::notice::Notice;
use breakline_app::game::players::PlayerSetup;
use breakline_engine::{BoardSize, Variant};

use super::{ai, game_app, options};

fn notice_text(variant: Variant, size: BoardSize) -> Option<String> {
    let mut launch = options(variant, PlayerSetup::Human, ai("enhanced:nnue:depth=2", variant));
    launch.size = size;
    let mut app = game_app(launch);
    for _ in 0..3 {
        app.update();
    }
    app.world().resource::<Notice>().text.clone()
}

#[test]
fn nnue_on_a_board_without_a_net_says_the_expert_plays_instead() {
    let text = notice_text(Variant::Breakthrough, BoardSize::new(6, 6)).expect("a notice");
    assert!(text.contains("no nnue net for") && text.contains("using the expert evaluation"), "{text}");
    assert_eq!(text.matches("no nnue net").count(), 1, "said once: {text}");
}

#[test]
fn nnue_on_a_board_with_a_net_says_nothing() {
    assert_eq!(notice_text(Variant::LinesOfAction, BoardSize::new(8, 8)), None);
}
