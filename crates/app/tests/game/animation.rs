//! A moving piece slides along its curve and ends exactly on its square; a
//! captured piece fades out and is gone; the next turn waits for both.

use bevy::prelude::*;
use breakline_app::board::layout::{BoardLayout, PIECE_Z};
use breakline_app::board::pieces::Piece;
use breakline_app::board::pieces::{CaptureAnimation, MoveAnimation};
use breakline_app::game::phase::TurnPhase;
use breakline_app::game::players::PlayerSetup;
use breakline_app::game::request::MoveChosen;
use breakline_app::game::settings::PlaySettings;
use breakline_engine::{Move, Variant};

use crate::{assert_pieces_match, game_app, options, session, turn, update_until};

/// Waits for the human's turn (a state change shows one update late), then plays.
fn play(app: &mut App, text: &str) -> Move {
    app.update();
    assert!(update_until(app, 40, |app| turn(app) == Some(TurnPhase::HumanTurn)));
    let s = session(app);
    let mv = s.position().parse_move(text).expect("move text");
    let chosen = MoveChosen::human(mv, s.generation(), s.position().hash());
    app.world_mut().write_message(chosen);
    app.update();
    mv
}

fn piece_on(app: &mut App, square: u8) -> (Entity, Transform) {
    let mut pieces = app.world_mut().query::<(Entity, &Piece, &Transform)>();
    let found = pieces.iter(app.world()).find(|(_, p, _)| p.square == square).map(|(e, _, t)| (e, *t));
    found.expect("a piece on the square")
}

#[test]
fn a_slide_ends_exactly_on_the_target_square() {
    let mut app = game_app(options(Variant::Breakthrough, PlayerSetup::Human, PlayerSetup::Human));
    app.world_mut().resource_mut::<PlaySettings>().move_secs = 0.3;
    let mv = play(&mut app, "c2-c3");
    let layout = *app.world().resource::<BoardLayout>();
    let (entity, _) = piece_on(&mut app, mv.to);
    assert!(app.world().get::<MoveAnimation>(entity).is_some());

    let (start, end) = (layout.square_center(mv.from), layout.square_center(mv.to));
    app.update();
    app.update();
    let (_, halfway) = piece_on(&mut app, mv.to);
    let at = halfway.translation.truncate();
    assert!(at.y > start.y && at.y < end.y, "mid-slide position {at} between {start} and {end}");
    assert_eq!(turn(&app), Some(TurnPhase::Animating), "the next turn waits for the slide");

    assert!(update_until(&mut app, 20, |app| turn(app) == Some(TurnPhase::HumanTurn)));
    let (_, done) = piece_on(&mut app, mv.to);
    assert_eq!(done.translation, end.extend(PIECE_Z));
    assert!(app.world().get::<MoveAnimation>(entity).is_none());
}

#[test]
fn a_captured_piece_fades_out_and_is_removed() {
    let mut app = game_app(options(Variant::Breakthrough, PlayerSetup::Human, PlayerSetup::Human));
    for text in ["d2-d3", "e7-e6", "d3-d4", "e6-e5"] {
        play(&mut app, text);
    }
    let mv = play(&mut app, "d4xe5");
    assert!(mv.capture);
    let mut captured = app.world_mut().query_filtered::<Entity, With<CaptureAnimation>>();
    let gone = captured.single(app.world()).expect("one fading piece");
    assert_pieces_match(&mut app);
    app.update();
    assert_eq!(turn(&app), Some(TurnPhase::Animating));
    assert!(update_until(&mut app, 20, |app| turn(app) == Some(TurnPhase::HumanTurn)));
    assert!(app.world().get_entity(gone).is_err(), "the captured piece is despawned");
    let layout = *app.world().resource::<BoardLayout>();
    let (_, winner) = piece_on(&mut app, mv.to);
    assert_eq!(winner.translation, layout.square_center(mv.to).extend(PIECE_Z));
}

#[test]
fn without_animation_the_piece_jumps_at_once() {
    let mut app = game_app(options(Variant::LinesOfAction, PlayerSetup::Human, PlayerSetup::Human));
    app.world_mut().resource_mut::<PlaySettings>().animate = false;
    let first = session(&app).position().legal_moves()[0];
    let text = session(&app).position().move_name(first);
    play(&mut app, &text);
    app.update();
    let layout = *app.world().resource::<BoardLayout>();
    let (entity, transform) = piece_on(&mut app, first.to);
    assert!(app.world().get::<MoveAnimation>(entity).is_none());
    assert_eq!(transform.translation, layout.square_center(first.to).extend(PIECE_Z));
}
