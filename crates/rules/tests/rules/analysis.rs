//! Move-list text and position analysis.

use breakline_rules::analysis::{attacked_squares, centre_of_mass, groups, winning_pieces};
use breakline_rules::position::Position;
use breakline_rules::record::movetext::{self, MoveTextError};
use breakline_rules::{BoardSize, Side, Variant};

#[test]
fn move_lists_export_and_import_back() {
    let mut pos = Position::start(Variant::Breakthrough, BoardSize::new(5, 10)).unwrap();
    for m in ["a2-a3", "b9-b8", "a3-a4", "b8-b7", "a4-a5"] {
        pos.play_text(m).unwrap();
    }
    let text = movetext::export(&pos);
    assert_eq!(text.lines().next().unwrap(), "# breakline breakthrough 5x10 bbbbb/bbbbb/5/5/5/5/5/5/wwwww/wwwww w");
    assert_eq!(text.lines().nth(1).unwrap(), "1. a2-a3 b9-b8");
    let back = movetext::import(&text, Variant::LinesOfAction, BoardSize::new(8, 8)).unwrap();
    assert_eq!(back, pos);
    // Without a header, the caller's variant and size apply; numbers are optional.
    let bare = movetext::import("a2-a3 b9-b8\na3-a4", Variant::Breakthrough, BoardSize::new(5, 10)).unwrap();
    assert_eq!(bare.moves().len(), 3);
}

#[test]
fn bad_move_lists_say_where() {
    let size = BoardSize::new(8, 8);
    let err = movetext::import("1. a2-a3 a7-a6 2. a3-a5", Variant::Breakthrough, size).unwrap_err();
    assert!(matches!(err, MoveTextError::Move { index: 3, .. }), "{err}");
    assert_eq!(err.to_string(), "move 2. (ply 3) a3-a5: illegal move a3-a5");
    assert!(matches!(movetext::import("# chess 8x8", Variant::Breakthrough, size), Err(MoveTextError::Header(_))));
    assert!(movetext::import("# breakline loa 8x8 8/8 w", Variant::Breakthrough, size).is_err());
}

#[test]
fn groups_centre_and_attacks() {
    let pos = Position::from_fen(Variant::LinesOfAction, "6/6/2b3/6/1b4/b4w w").unwrap();
    assert_eq!(groups(&pos, Side::Black), vec![vec![0, 7], vec![20]]);
    assert_eq!(centre_of_mass(&pos, Side::White), Some((5.0, 0.0)));
    let bt = Position::start(Variant::Breakthrough, BoardSize::new(3, 5)).unwrap();
    assert_eq!(attacked_squares(&bt, Side::White), vec![3, 4, 5, 6, 7, 8]);
    assert_eq!(attacked_squares(&bt, Side::Black), vec![6, 7, 8, 9, 10, 11]);
    // Both sides connected with White to move: Black made the move and wins.
    let won = Position::from_fen(Variant::LinesOfAction, "6/6/6/6/1b4/b4w w").unwrap();
    assert_eq!(winning_pieces(&won), vec![0, 7]);
    let bt_won = Position::from_fen(Variant::Breakthrough, "1w1/3/3/b2/3 b").unwrap();
    assert_eq!(winning_pieces(&bt_won), vec![13]);
    assert!(winning_pieces(&bt).is_empty());
}
