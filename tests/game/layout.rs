//! Board layout on any size, the presets, and the new-game flow.

use bevy::prelude::*;
use breakline::app::board::layout::{BoardLayout, BoardViewport};
use breakline::app::board::pieces::BoardSquare;
use breakline::app::game::phase::GamePhase;
use breakline::app::game::players::PlayerSetup;
use breakline::app::game::presets::{COUNT, matchup};
use breakline::app::game::request::GameRequest;
use breakline::app::game::settings::GameSettings;
use breakline::app::platform::launch::LaunchOptions;
use breakline::engine::{BoardSize, Variant};

use crate::{assert_pieces_match, game_app, phase, session};

#[test]
fn the_board_fits_the_viewport_at_every_size() {
    let viewport = BoardViewport { center: Vec2::new(160.0, 0.0), size: Vec2::new(960.0, 800.0) };
    for (columns, rows) in [(8, 8), (5, 10), (12, 12), (3, 5), (12, 5)] {
        let layout = BoardLayout::fit(BoardSize::new(columns, rows), &viewport);
        let extent = layout.board_extent() + Vec2::splat(2.0 * BoardLayout::MARGIN * layout.square);
        assert!(extent.x <= viewport.size.x + 0.5 && extent.y <= viewport.size.y + 0.5, "{columns}x{rows}");
        assert!(extent.x >= viewport.size.x - layout.square - 2.0 || extent.y >= viewport.size.y - layout.square - 2.0);
        assert!(layout.board_center().distance(viewport.center) < 0.01);
        assert_eq!(layout.square, layout.square.floor(), "whole-pixel squares");
        for square in 0..(columns * rows) {
            assert_eq!(layout.square_at(layout.square_center(square)), Some(square));
        }
    }
}

#[test]
fn presets_are_valid_games() {
    for number in 1..=COUNT {
        let m = matchup(number).expect("preset exists");
        m.variant.check_size(m.size).unwrap();
        for player in [&m.white, &m.black] {
            let PlayerSetup::Ai(config) = player else { panic!("presets are AI vs AI") };
            assert!(config.strategy().supports(m.variant), "preset {number}");
        }
    }
    assert_eq!(matchup(7).unwrap().size, BoardSize::new(5, 10));
    assert!(matchup(0).is_none() && matchup(COUNT + 1).is_none());
    let app = game_app(LaunchOptions { preset: Some(9), ..LaunchOptions::default() });
    assert_eq!(session(&app).variant(), Variant::LinesOfAction);
}

#[test]
fn new_game_uses_the_settings_and_rebuilds_the_board() {
    let mut app =
        game_app(LaunchOptions { white: PlayerSetup::Human, black: PlayerSetup::Human, ..Default::default() });
    app.update();
    assert_eq!(phase(&app), GamePhase::Playing);
    *app.world_mut().resource_mut::<GameSettings>() =
        GameSettings { variant: Variant::Breakthrough, size: BoardSize::new(5, 10), time_control: None };
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
