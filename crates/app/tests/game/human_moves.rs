//! Human moves: through the chosen-move message (legal ones are played,
//! anything else changes nothing) and through square clicks and selection.

use bevy::prelude::*;
use breakline_app::board::input::{BoardPointer, Selection};
use breakline_app::game::phase::TurnPhase;
use breakline_app::game::players::PlayerSetup;
use breakline_app::game::request::{GameRequest, MoveChosen, MoveSource};
use breakline_engine::{Move, Variant};

use crate::{assert_pieces_match, game_app, options, session, turn, update_until};

fn human_game(variant: Variant) -> App {
    let mut app = game_app(options(variant, PlayerSetup::Human, PlayerSetup::Human));
    assert!(update_until(&mut app, 10, |app| turn(app) == Some(TurnPhase::HumanTurn)));
    app
}

fn current(app: &App, mv: Move) -> MoveChosen {
    let s = session(app);
    MoveChosen {
        mv,
        source: MoveSource::Human,
        generation: s.generation(),
        position_hash: s.position().hash(),
        search: None,
    }
}

#[test]
fn legal_human_move_is_played_and_illegal_ones_change_nothing() {
    for variant in Variant::ALL {
        let mut app = human_game(variant);
        let before = session(&app).position().clone();
        let size = before.size();
        let legal = before.legal_moves();
        let illegal = [
            Move::new(0, size.index(0, size.rows - 1), false),
            Move::new(legal[0].from, legal[0].to, !legal[0].capture),
            Move::new(size.index(3, 3), size.index(3, 4), false),
        ];
        for mv in illegal {
            assert!(!legal.contains(&mv));
            let chosen = current(&app, mv);
            app.world_mut().write_message(GameRequest::Play(chosen));
            app.update();
            assert_eq!(session(&app).position(), &before, "{variant}: {mv:?} changed the game");
            assert_pieces_match(&mut app);
        }
        // A legal move from the wrong source or for another position is refused too.
        let mut from_ai = current(&app, legal[0]);
        from_ai.source = MoveSource::Ai;
        let mut other_position = current(&app, legal[0]);
        other_position.position_hash ^= 1;
        app.world_mut().write_message(GameRequest::Play(from_ai));
        app.world_mut().write_message(GameRequest::Play(other_position));
        app.update();
        assert_eq!(session(&app).position(), &before);

        let chosen = current(&app, legal[0]);
        app.world_mut().write_message(GameRequest::Play(chosen));
        app.update();
        assert_eq!(session(&app).position().moves(), &[legal[0]], "{variant}");
        assert_pieces_match(&mut app);
        app.update();
        assert_eq!(turn(&app), Some(TurnPhase::Animating));
        assert!(update_until(&mut app, 40, |app| turn(app) == Some(TurnPhase::HumanTurn)));
        assert_pieces_match(&mut app);
    }
}

#[test]
fn clicks_select_a_piece_and_play_to_a_marked_square() {
    let mut app = human_game(Variant::Breakthrough);
    let position = session(&app).position().clone();
    let size = position.size();
    let click = |app: &mut App, square: u8| {
        app.world_mut().write_message(BoardPointer::Press(square));
        app.world_mut().write_message(BoardPointer::Release(Some(square)));
        app.update();
    };

    // An empty square or an enemy piece selects nothing.
    click(&mut app, size.index(3, 4));
    click(&mut app, size.index(3, size.rows - 1));
    assert_eq!(app.world().resource::<Selection>().square, None);

    let from = size.index(2, 1);
    click(&mut app, from);
    let selection = app.world().resource::<Selection>().clone();
    assert_eq!(selection.square, Some(from));
    let expected: Vec<Move> = position.legal_moves().into_iter().filter(|m| m.from == from).collect();
    assert_eq!(selection.moves, expected);

    // Another own piece moves the selection; clicking it again clears it.
    let other = size.index(5, 1);
    click(&mut app, other);
    assert_eq!(app.world().resource::<Selection>().square, Some(other));
    click(&mut app, other);
    assert_eq!(app.world().resource::<Selection>().square, None);

    click(&mut app, from);
    let target = expected[0];
    click(&mut app, target.to);
    assert_eq!(session(&app).position().moves(), &[target]);
    assert_eq!(app.world().resource::<Selection>().square, None);
    assert_pieces_match(&mut app);
}

#[test]
fn dragging_a_piece_to_a_marked_square_plays_it_and_a_bad_drop_puts_it_back() {
    let mut app = human_game(Variant::Breakthrough);
    let position = session(&app).position().clone();
    let size = position.size();
    let from = size.index(2, 1);
    let legal: Vec<Move> = position.legal_moves().into_iter().filter(|m| m.from == from).collect();
    let drag = |app: &mut App, from: u8, to: Option<u8>| {
        app.world_mut().write_message(BoardPointer::Press(from));
        app.update();
        assert!(app.world().resource::<Selection>().dragging, "a press on a piece lifts it");
        app.world_mut().write_message(BoardPointer::Release(to));
        app.update();
    };
    // Dropped on an unmarked square or off the board: nothing is played, the
    // piece stays selected.
    drag(&mut app, from, Some(size.index(2, 5)));
    drag(&mut app, from, None);
    assert!(session(&app).position().moves().is_empty());
    let selection = app.world().resource::<Selection>().clone();
    assert_eq!((selection.square, selection.dragging), (Some(from), false));
    assert_pieces_match(&mut app);
    // Dropped on a marked square: the same move a click-click makes.
    drag(&mut app, from, Some(legal[0].to));
    assert_eq!(session(&app).position().moves(), &[legal[0]]);
    assert_eq!(app.world().resource::<Selection>().square, None);
    assert_pieces_match(&mut app);
}

#[test]
fn a_move_to_an_unmarked_square_says_which_rule_it_breaks() {
    let mut app = human_game(Variant::LinesOfAction);
    let size = session(&app).size();
    let click = |app: &mut App, square: u8| {
        app.world_mut().write_message(BoardPointer::Press(square));
        app.world_mut().write_message(BoardPointer::Release(Some(square)));
        app.update();
    };
    let toast = |app: &App| app.world().resource::<breakline_app::board::input::MoveRefusal>().why.clone();
    // b1 has b8 on its column: it moves exactly two, so b2 is refused with that reason.
    click(&mut app, size.index(1, 0));
    click(&mut app, size.index(1, 1));
    let said = toast(&app).expect("the refusal says why");
    assert_eq!(said, "There are 2 pieces on this column: the piece moves exactly 2, not 1.");
    assert!(session(&app).position().moves().is_empty(), "nothing was played");
    // A marked square plays as before.
    click(&mut app, size.index(1, 0));
    click(&mut app, size.index(1, 2));
    assert_eq!(session(&app).plies(), 1);
}
