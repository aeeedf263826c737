//! Play without a mouse: the focus square moves with the arrow keys (on the
//! screen, so a flipped board runs the other way), Enter picks up and puts
//! down through the click path, Escape drops; typed moves go through the
//! move box's message; describe puts the position in words.

use bevy::prelude::*;
use breakline_app::board::input::Selection;
use breakline_app::board::keyboard::{BoardFocus, BoardKey, ScreenStep};
use breakline_app::board::layout::BoardFlip;
use breakline_app::board::typed::{MoveBoxReply, TypedMove};
use breakline_app::board::words::{DescribeRequest, PositionWords};
use breakline_app::game::phase::TurnPhase;
use breakline_app::game::players::PlayerSetup;
use breakline_app::game::request::GameRequest;
use breakline_engine::{Position, Variant};

use crate::{assert_pieces_match, game_app, options, session, turn, update_until};

fn human_game(variant: Variant) -> App {
    let mut app = game_app(options(variant, PlayerSetup::Human, PlayerSetup::Human));
    assert!(update_until(&mut app, 10, |app| turn(app) == Some(TurnPhase::HumanTurn)));
    app
}

fn keys(app: &mut App, keys: &[BoardKey]) {
    for &key in keys {
        app.world_mut().write_message(key);
        app.update();
    }
}

fn focus(app: &App) -> BoardFocus {
    *app.world().resource::<BoardFocus>()
}

fn square(app: &App, name: &str) -> u8 {
    let size = session(app).size();
    (0..size.squares() as u8).find(|&sq| size.square_name(sq) == name).unwrap()
}

fn typed(app: &mut App, text: &str) -> Option<String> {
    app.world_mut().write_message(TypedMove(text.to_string()));
    app.update();
    app.world().resource::<MoveBoxReply>().0.clone()
}

#[test]
fn the_arrows_move_the_focus_only_while_the_board_has_the_keyboard() {
    let mut app = human_game(Variant::Breakthrough);
    keys(&mut app, &[BoardKey::Step(ScreenStep::Up), BoardKey::Pick]);
    assert_eq!(focus(&app), BoardFocus::default(), "keys before K do nothing");
    keys(&mut app, &[BoardKey::Toggle]);
    assert_eq!(focus(&app), BoardFocus { on: true, square: Some(square(&app, "a1")) });
    let steps = [ScreenStep::Right, ScreenStep::Right, ScreenStep::Up, ScreenStep::Left, ScreenStep::Down];
    keys(&mut app, &steps.map(BoardKey::Step));
    assert_eq!(focus(&app).square, Some(square(&app, "b1")));
    // The edge stops it.
    keys(
        &mut app,
        &[BoardKey::Step(ScreenStep::Down), BoardKey::Step(ScreenStep::Left), BoardKey::Step(ScreenStep::Left)],
    );
    assert_eq!(focus(&app).square, Some(square(&app, "a1")));
    // Black at the bottom: up on the screen is down the ranks.
    app.insert_resource(BoardFlip(true));
    keys(&mut app, &[BoardKey::Step(ScreenStep::Down), BoardKey::Step(ScreenStep::Left)]);
    assert_eq!(focus(&app).square, Some(square(&app, "b2")));
    // Escape with nothing held gives the keyboard back.
    keys(&mut app, &[BoardKey::Drop]);
    assert!(!focus(&app).on);
    keys(&mut app, &[BoardKey::Step(ScreenStep::Down)]);
    assert_eq!(focus(&app).square, Some(square(&app, "b2")));
}

#[test]
fn enter_picks_up_and_puts_down_and_escape_drops() {
    let mut app = human_game(Variant::Breakthrough);
    let up = BoardKey::Step(ScreenStep::Up);
    keys(&mut app, &[BoardKey::Toggle, BoardKey::Step(ScreenStep::Right), up, BoardKey::Pick]);
    let selection = app.world().resource::<Selection>().clone();
    assert_eq!(selection.square, Some(square(&app, "b2")));
    assert_eq!(selection.moves.len(), 3);
    // Escape puts it back and keeps the board's keyboard.
    keys(&mut app, &[BoardKey::Drop]);
    assert_eq!(app.world().resource::<Selection>().square, None);
    assert!(focus(&app).on);
    // Pick it up again, step to b3 and put it down: the move is played.
    keys(&mut app, &[BoardKey::Pick, up, BoardKey::Pick]);
    assert_eq!(session(&app).position().moves(), &[session(&app).position().parse_move("b2-b3").unwrap()]);
    assert_pieces_match(&mut app);
    // Enter on an empty square or the opponent's piece holds nothing.
    assert!(update_until(&mut app, 40, |app| turn(app) == Some(TurnPhase::HumanTurn)));
    keys(&mut app, &[up, BoardKey::Pick]);
    assert_eq!(app.world().resource::<Selection>().square, None);
}

#[test]
fn typed_moves_play_like_clicks_and_refusals_come_back_in_one_line() {
    for variant in Variant::ALL {
        let mut app = human_game(variant);
        let position = session(&app).position().clone();
        let legal = position.legal_moves();
        let mv = legal[legal.len() / 2];
        let reply = typed(&mut app, "z9");
        assert!(reply.as_deref().is_some_and(|r| !r.contains('\n')), "{variant}: {reply:?}");
        assert_eq!(session(&app).position(), &position, "{variant}: a refusal changes nothing");
        // Written without a mark, as people type.
        let text = position.move_name(mv).replace(['-', 'x'], "");
        assert_eq!(typed(&mut app, &text), None, "{variant}");
        assert_eq!(session(&app).position().moves(), &[mv], "{variant}");
        assert_pieces_match(&mut app);
    }
}

#[test]
fn typed_moves_are_refused_off_turn_and_tried_as_side_lines_in_review() {
    let white = PlayerSetup::Human;
    let black = crate::ai("alphabeta:offensive1:depth=1", Variant::Breakthrough);
    let mut app = game_app(options(Variant::Breakthrough, white, black));
    assert!(update_until(&mut app, 10, |app| turn(app) == Some(TurnPhase::HumanTurn)));
    assert_eq!(typed(&mut app, "a2a3"), None);
    assert_eq!(typed(&mut app, "b2b3"), Some("it is not your turn: black is to play".to_string()));
    assert!(crate::settled_human_turn(&mut app, 400));
    app.world_mut().write_message(GameRequest::GoTo { ply: 0 });
    app.update();
    let before: Position = session(&app).position().clone();
    // In review a typed move is tried on the shown position: a side line.
    assert_eq!(typed(&mut app, "b2b3"), None);
    assert_eq!(session(&app).position(), &before, "the game's moves stay");
    assert_eq!(session(&app).record().side_lines.len(), 1);
    assert!(session(&app).line_path().is_some());
    let reply = typed(&mut app, "z9").expect("a refusal");
    assert!(!reply.contains('\n'), "{reply}");
}

#[test]
fn describe_puts_the_shown_position_in_words() {
    let mut app = human_game(Variant::LinesOfAction);
    assert_eq!(app.world().resource::<PositionWords>().0, None);
    assert_eq!(typed(&mut app, " Describe "), None);
    let words = app.world().resource::<PositionWords>().0.clone().unwrap();
    assert!(words.starts_with("Lines of Action 8x8.\nWhite pieces (12): a2, a3,"), "{words}");
    assert!(words.contains("\nNo move played yet.\nBlack to move."), "{words}");
    let mv = session(&app).position().legal_moves()[0];
    let name = session(&app).position().move_name(mv);
    typed(&mut app, &name);
    app.world_mut().write_message(DescribeRequest);
    app.update();
    let words = app.world().resource::<PositionWords>().0.clone().unwrap();
    assert!(words.contains(&format!("Last move: Black {name}.")), "{words}");
}
