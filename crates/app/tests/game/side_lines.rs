//! Side lines on the board, through the real plugins and messages: a move
//! made on the board while reviewing becomes a side line and leaves the game
//! as it was; the line is stepped through, left, promoted and deleted; and
//! a game with side lines comes back equal from its file, its text and the
//! library, which keeps the lines added to a game it holds.

use bevy::prelude::*;
use breakline_app::board::input::BoardPointer;
use breakline_app::files::game_file::{FileAction, FileRequest};
use breakline_app::game::notice::Notice;
use breakline_app::game::phase::GamePhase;
use breakline_app::game::players::PlayerSetup;
use breakline_app::game::request::{GameRequest, MoveChosen};
use breakline_app::game::screen::Screen;
use breakline_app::library::browse::LibraryRequest;
use breakline_app::library::keep::LibraryWrites;
use breakline_app::library::lines::SideLineWrites;
use breakline_engine::library::{GameFilter, Library};
use breakline_engine::rules::line_tree::{Branch, LinePath};
use breakline_engine::rules::variation::{Line, SideLine};
use breakline_engine::{Move, Variant};

use crate::library::{library_app, remove, scratch, wait_for_writes};
use crate::{assert_pieces_match, game_app, options, phase, position_at, session, settled_human_turn, update_until};

/// A game between two people with `moves` played (Breakthrough 8x8).
fn game_with(app: &mut App, moves: &[&str]) {
    for text in moves {
        assert!(settled_human_turn(app, 50), "a person's turn before {text}");
        let s = session(app);
        let mv = s.position().clone().play_text(text).expect("legal");
        let request = MoveChosen::human(mv, s.generation(), s.position().hash());
        app.world_mut().write_message(request);
        app.update();
    }
    assert!(settled_human_turn(app, 50));
}

fn people() -> App {
    game_app(options(Variant::Breakthrough, PlayerSetup::Human, PlayerSetup::Human))
}

fn send(app: &mut App, request: GameRequest) {
    app.world_mut().write_message(request);
    for _ in 0..3 {
        app.update();
    }
}

/// The move `text` clicked on the board shown: its piece, then its square.
fn click(app: &mut App, text: &str) -> Move {
    let mv = session(app).shown_position().play_text(text).expect("legal on the shown position");
    app.world_mut().write_message(BoardPointer::Press(mv.from));
    app.update();
    app.world_mut().write_message(BoardPointer::Press(mv.to));
    for _ in 0..3 {
        app.update();
    }
    mv
}

const GAME: [&str; 4] = ["a2-a3", "a7-a6", "b2-b3", "b7-b6"];

/// The first line of the tests: instead of the game's second move.
fn first_branch(ply: usize) -> LinePath {
    LinePath { branches: vec![Branch { at: 1, alternative: 0 }], ply }
}

#[test]
fn a_move_tried_while_reviewing_makes_a_side_line_and_leaves_the_game_alone() {
    let mut app = people();
    game_with(&mut app, &GAME);
    let before = session(&app).clone();
    send(&mut app, GameRequest::GoTo { ply: 1 });
    let tried = click(&mut app, "h7-h6");
    let s = session(&app);
    assert_eq!(s.position(), before.position(), "the game's moves are the same");
    assert_eq!(s.record().moves, before.record().moves);
    assert_eq!(s.record().side_lines, vec![SideLine { at: 1, line: Line::of(&["h7-h6"]) }]);
    assert_eq!(s.line_path(), Some(&first_branch(1)));
    let mut expected = position_at(before.position(), 1);
    expected.play(tried).expect("legal");
    assert_eq!(s.shown_position(), expected);
    assert_pieces_match(&mut app);
    // On in the line: a second move extends it; the game's own move follows the game.
    click(&mut app, "h2-h3");
    assert_eq!(session(&app).record().side_lines[0].line, Line::of(&["h7-h6", "h2-h3"]));
    send(&mut app, GameRequest::ShowLine(LinePath::main(1)));
    click(&mut app, "a7-a6");
    assert_eq!(session(&app).line_path(), None, "the game's own move stays on the game");
    assert_eq!(session(&app).review_ply(), Some(2));
    assert_eq!(session(&app).record().side_lines.len(), 1, "no new line for the game's move");
    // At the game's end a move is the game's own, as before.
    send(&mut app, GameRequest::GoTo { ply: 4 });
    assert!(settled_human_turn(&mut app, 20));
    click(&mut app, "c2-c3");
    assert_eq!(session(&app).plies(), 5);
}

#[test]
fn a_side_line_is_stepped_through_and_left_for_the_game() {
    let mut app = people();
    game_with(&mut app, &GAME);
    send(&mut app, GameRequest::GoTo { ply: 1 });
    click(&mut app, "h7-h6");
    click(&mut app, "h2-h3");
    let end = session(&app).shown_position();
    send(&mut app, GameRequest::ShowLine(first_branch(1)));
    assert_eq!(session(&app).line_path(), Some(&first_branch(1)));
    assert_eq!(session(&app).shown_position(), position_at(&end, 2));
    assert_pieces_match(&mut app);
    // The arrows' steps go along the line, and out of it before its first move.
    let on = session(&app).step_along(true).expect("the line goes on");
    send(&mut app, GameRequest::ShowLine(on));
    assert_eq!(session(&app).line_path(), Some(&first_branch(2)));
    assert_eq!(session(&app).shown_position(), end);
    assert_eq!(session(&app).step_along(true), None, "the line's end");
    send(&mut app, GameRequest::ShowLine(first_branch(1)));
    assert_eq!(session(&app).step_along(false), Some(LinePath::main(1)));
    // Back to the game (the button and G): its latest position, where the person moves again.
    let live = session(&app).plies();
    send(&mut app, GameRequest::GoTo { ply: live });
    assert!(!session(&app).reviewing() && session(&app).line_path().is_none());
    assert_eq!(session(&app).shown_position(), *session(&app).position());
    assert!(settled_human_turn(&mut app, 20));
    assert_pieces_match(&mut app);
    assert_eq!(session(&app).record().side_lines.len(), 1, "the line stays with the game");
    // A place the game does not have changes nothing.
    send(&mut app, GameRequest::ShowLine(LinePath { branches: vec![Branch { at: 3, alternative: 2 }], ply: 1 }));
    assert!(!session(&app).reviewing());
}

#[test]
fn a_promoted_line_becomes_the_game_and_a_deleted_one_goes() {
    let mut app = people();
    game_with(&mut app, &GAME);
    let generation = session(&app).generation();
    send(&mut app, GameRequest::GoTo { ply: 1 });
    click(&mut app, "h7-h6");
    click(&mut app, "h2-h3");
    let shown = session(&app).shown_position();
    send(&mut app, GameRequest::PromoteLine);
    let s = session(&app);
    let moves: Vec<&str> = s.record().moves.iter().map(|m| m.notation.as_str()).collect();
    assert_eq!(moves, ["a2-a3", "h7-h6", "h2-h3"], "the line is the game's now");
    assert_eq!(s.record().side_lines, vec![SideLine { at: 1, line: Line::of(&["a7-a6", "b2-b3", "b7-b6"]) }]);
    assert_eq!(s.shown_position(), shown, "the board shows the same position");
    assert!(!s.reviewing(), "it is the new game's latest position");
    assert!(s.generation() > generation, "searches for the old game are stale");
    assert!(settled_human_turn(&mut app, 20), "the game goes on from there");
    assert_pieces_match(&mut app);
    // The old game, now a side line, is deleted; the board shows where it left.
    send(&mut app, GameRequest::ShowLine(first_branch(3)));
    assert_eq!(session(&app).line_path(), Some(&first_branch(3)));
    send(&mut app, GameRequest::DeleteLine);
    let s = session(&app);
    assert!(s.record().side_lines.is_empty());
    assert_eq!((s.line_path(), s.review_ply()), (None, Some(1)));
    assert_eq!(s.plies(), 3, "deleting a line leaves the game's moves");
    assert_pieces_match(&mut app);
    // On the game's own moves there is nothing to promote or delete.
    let record = session(&app).record().clone();
    send(&mut app, GameRequest::PromoteLine);
    send(&mut app, GameRequest::DeleteLine);
    assert_eq!(session(&app).record(), &record);
}

/// A game with a side line within a side line, tried on the board.
fn game_with_lines(app: &mut App) {
    game_with(app, &GAME);
    send(app, GameRequest::GoTo { ply: 1 });
    click(app, "h7-h6");
    click(app, "h2-h3");
    send(app, GameRequest::ShowLine(first_branch(1)));
    click(app, "g2-g3");
    send(app, GameRequest::GoTo { ply: 2 });
    click(app, "c2-c3");
    send(app, GameRequest::GoTo { ply: 4 });
    let lines = &session(app).record().side_lines;
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0].line.moves[1].alternatives, vec![Line::of(&["g2-g3"])], "a line within the line");
}

fn temp_path(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("breakline-side-lines-{}-{name}", std::process::id()))
}

#[test]
fn side_lines_come_back_from_the_saved_file_and_the_text() {
    let mut app = people();
    game_with_lines(&mut app);
    let saved = session(&app).record().clone();
    for (save, load, name) in [
        (FileAction::Save, FileAction::Load, "lines.json"),
        (FileAction::ExportMoves, FileAction::ImportMoves, "lines.txt"),
    ] {
        let path = temp_path(name);
        app.world_mut().write_message(FileRequest { action: save, path: path.clone() });
        app.update();
        let mut other = people();
        other.world_mut().write_message(FileRequest { action: load, path: path.clone() });
        for _ in 0..5 {
            other.update();
        }
        assert!(!other.world().resource::<Notice>().error, "{:?}", other.world().resource::<Notice>());
        assert_eq!(session(&other).record().side_lines, saved.side_lines, "{name}");
        assert_eq!(session(&other).position().moves(), session(&app).position().moves(), "{name}");
        let _ = std::fs::remove_file(path);
    }
}

#[test]
fn side_lines_are_kept_in_the_library_and_open_again() {
    let path = scratch("side-lines");
    let mut app = library_app(options(Variant::Breakthrough, PlayerSetup::Human, PlayerSetup::Human), &path);
    game_with_lines(&mut app);
    let lines = session(&app).record().side_lines.clone();
    send(&mut app, GameRequest::Resign);
    assert!(update_until(&mut app, 20, |app| phase(app) == GamePhase::Over));
    wait_for_writes(&mut app);
    let id = *app.world().resource::<LibraryWrites>().stored.first().expect("stored");
    // Another game on the board, then the stored one opened from the library.
    send(&mut app, GameRequest::NewGame { rematch: false });
    assert!(session(&app).record().side_lines.is_empty());
    app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Library);
    app.update();
    app.world_mut().write_message(LibraryRequest::Open(id));
    assert!(update_until(&mut app, 50, |app| session(app).plies() == GAME.len()));
    assert_eq!(session(&app).record().side_lines, lines);
    // A line tried on the reopened game is kept with it; the game's moves stay.
    assert!(update_until(&mut app, 20, |app| phase(app) == GamePhase::Over), "the opened game is set up");
    send(&mut app, GameRequest::GoTo { ply: 3 });
    click(&mut app, "e7-e6");
    let lines = session(&app).record().side_lines.clone();
    assert_eq!(lines.len(), 3);
    for _ in 0..2_000 {
        app.update();
        if !app.world().resource::<SideLineWrites>().busy() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    assert!(!app.world().resource::<SideLineWrites>().busy(), "the lines were stored");
    drop(app);
    let library = Library::open(&path).expect("opens");
    assert_eq!(library.list(&GameFilter::default()).expect("lists").len(), 1);
    let stored = library.get(id).expect("reads").record;
    assert_eq!(stored.side_lines, lines);
    assert_eq!(stored.moves.len(), GAME.len());
    remove(&path);
}

#[test]
fn a_finished_game_opened_with_side_lines_takes_another_at_its_start() {
    let path = temp_path("opened.txt");
    let text =
        "[Variant \"breakthrough\"]\n[Result \"0-1\"]\n\n1. e2-e3 d7-d6 (1... e7-e6 2. d2-d3) 2. d2-d3 e7-e6 0-1\n";
    std::fs::write(&path, text).expect("written");
    let mut app = people();
    app.world_mut().write_message(FileRequest { action: FileAction::ImportMoves, path: path.clone() });
    assert!(update_until(&mut app, 20, |app| phase(app) == GamePhase::Over), "the resigned game is open");
    send(&mut app, GameRequest::GoTo { ply: 0 });
    click(&mut app, "e2-d3");
    let lines = &session(&app).record().side_lines;
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert_eq!(session(&app).line_path(), Some(&LinePath { branches: vec![Branch { at: 0, alternative: 0 }], ply: 1 }));
    let _ = std::fs::remove_file(path);
}
