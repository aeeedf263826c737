//! Fresh eyes, round 24: what an AI hobbyist at 1920x1080 found, held by tests.

use bevy::prelude::*;
use breakline_app::game::owner::Visit;
use breakline_app::game::players::{PlayerSetup, Players};
use breakline_app::game::request::{GameRequest, ReplaceGame};
use breakline_app::game::screen::Screen;
use breakline_app::game::settings::PlaySettings;
use breakline_engine::Variant;
use breakline_engine::rules::clock::TimeControl;

use crate::{ai, go, session};

/// A game on the clock set up on Play and not begun was replaced with
/// nothing asked by Watch & Lab's New game, players or a preset, and by a
/// game pasted in Analyse: it is kept as any game in progress.
#[test]
fn a_clocked_game_not_begun_is_kept_as_a_game_in_progress() {
    // Breakthrough: White, the person, moves first, so nothing is played before.
    let v = Variant::Breakthrough;
    let clock = TimeControl::parse("5+3").expect("a clock");
    let options = breakline_app::platform::launch::LaunchOptions {
        time_control: Some(clock),
        ..crate::options(v, PlayerSetup::Human, ai("novice", v))
    };
    let mut app = crate::game_app(options);
    app.insert_resource(PlaySettings { confirm_replace: true, ..default() });
    app.update();
    assert_eq!(session(&app).record().time_control, Some(clock));
    let generation = session(&app).generation();
    go(&mut app, Screen::Watch);
    // New game asks first, and a "no" keeps the game.
    app.world_mut().write_message(GameRequest::NewGame { rematch: false });
    app.update();
    assert!(app.world().resource::<ReplaceGame>().pending.is_some(), "New game asks first");
    app.world_mut().write_message(GameRequest::CancelReplace);
    app.update();
    assert_eq!(session(&app).generation(), generation, "the game stays");
    // A matchup is watched beside it, and the game comes back on leaving.
    let quick = || ai("novice", v);
    app.world_mut().write_message(GameRequest::StartMatchup((Players { white: quick(), black: quick() }).into()));
    assert!(crate::update_until(&mut app, 20, |app| app.world().resource::<Visit>().studying()), "studied beside");
    go(&mut app, Screen::Home);
    assert!(crate::update_until(&mut app, 20, |app| !app.world().resource::<Visit>().waiting()));
    let back = session(&app);
    assert_eq!((back.plies(), back.record().time_control), (0, Some(clock)), "the game set up comes back");
}
