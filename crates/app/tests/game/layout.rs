//! The presets' launch and the new-game flow (the layout's geometry is
//! checked beside it, in `board::layout`).

use breakline_app::board::pieces::BoardSquare;
use breakline_app::game::phase::GamePhase;
use breakline_app::game::players::{PlayerSetup, Players};
use breakline_app::game::request::GameRequest;
use breakline_app::game::settings::GameSettings;
use breakline_app::platform::launch::LaunchOptions;
use breakline_engine::{BoardSize, Variant};

use crate::{assert_pieces_match, game_app, phase, session};

#[test]
fn a_preset_launches_its_game() {
    // The presets themselves are checked beside them (`game::presets`); here,
    // that launching one sets up its game with AI on both sides.
    let app = game_app(LaunchOptions { preset: Some(9), ..LaunchOptions::default() });
    assert_eq!(session(&app).variant(), Variant::LinesOfAction);
    let app = game_app(LaunchOptions { preset: Some(7), ..LaunchOptions::default() });
    assert_eq!((session(&app).variant(), session(&app).size()), (Variant::Breakthrough, BoardSize::new(5, 10)));
    let players = app.world().resource::<Players>();
    assert!(matches!((&players.white, &players.black), (PlayerSetup::Ai(_), PlayerSetup::Ai(_))));
}

#[test]
fn new_game_uses_the_settings_and_rebuilds_the_board() {
    let mut app =
        game_app(LaunchOptions { white: PlayerSetup::Human, black: PlayerSetup::Human, ..Default::default() });
    app.update();
    assert_eq!(phase(&app), GamePhase::Playing);
    *app.world_mut().resource_mut::<GameSettings>() = GameSettings {
        variant: Variant::Breakthrough,
        size: BoardSize::new(5, 10),
        time_control: None,
        ..Default::default()
    };
    app.world_mut().write_message(GameRequest::NewGame { rematch: false });
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(phase(&app), GamePhase::Playing);
    assert_eq!(session(&app).size(), BoardSize::new(5, 10));
    let squares = app.world_mut().query::<&BoardSquare>().iter(app.world()).count();
    assert_eq!(squares, 50);
    assert_pieces_match(&mut app);
}
