//! Opening books: the shipped ones are legal and found by position, master
//! players use them (and say so), and a book is rebuilt identically.

use breakline_ai::book::{Book, BookError};
use breakline_ai::search;
use breakline_ai::search::AiConfig;
use breakline_lab::book_build;
use breakline_rules::position::Position;
use breakline_rules::{BoardSize, Variant};

fn start(variant: Variant) -> Position {
    Position::start(variant, BoardSize::new(8, 8)).unwrap()
}

#[test]
fn shipped_books_cover_the_first_two_plies_with_legal_moves() {
    for (variant, replies) in [(Variant::Breakthrough, 22), (Variant::LinesOfAction, 36)] {
        let book = Book::builtin(variant, BoardSize::new(8, 8)).expect("8x8 has a book");
        assert_eq!(book.len(), 1 + replies, "{variant:?}");
        let pos = start(variant);
        let first = book.lookup(&pos).expect("the start position is in the book");
        assert!(pos.legal_moves().contains(&first));
        for m in pos.legal_moves() {
            let mut after = pos.clone();
            after.play(m).unwrap();
            let reply = book.lookup(&after).expect("every first move has a reply");
            assert!(after.legal_moves().contains(&reply));
            // Found by the position string too (the hash of the same position).
            let same = Position::from_fen(variant, &after.fen()).unwrap();
            assert_eq!(book.lookup(&same), Some(reply));
        }
    }
    assert!(Book::builtin(Variant::Breakthrough, BoardSize::new(6, 6)).is_none());
}

#[test]
fn master_plays_the_book_move_and_flags_it_and_book_off_searches() {
    for variant in Variant::ALL {
        let pos = start(variant);
        let master = AiConfig::parse("master", variant).unwrap();
        assert!(master.book());
        let r = search::search(&pos, &master, &mut ()).unwrap();
        assert!(r.info.book);
        assert_eq!(Some(r.best_move), Book::builtin(variant, pos.size()).unwrap().lookup(&pos));
        let off = AiConfig::parse("master:book=off:time=50", variant).unwrap();
        let r = search::search(&pos, &off, &mut ()).unwrap();
        assert!(!r.info.book && r.info.nodes > 0);
    }
}

#[test]
fn bad_book_lines_are_typed_errors() {
    let bt = Variant::Breakthrough;
    assert_eq!(Book::parse(bt, "# comment\n\nbbb/3/www w").unwrap_err(), BookError::Malformed { line: 3 });
    assert!(matches!(Book::parse(bt, "bbb/3/www q a1-a2"), Err(BookError::Position { line: 1, .. })));
    assert_eq!(
        Book::parse(bt, "8/8/8/8/8/8/wwwwwwww/8 w a2-a4").unwrap_err(),
        BookError::Illegal { line: 1, notation: "a2-a4".to_string() }
    );
}

#[test]
fn a_book_is_rebuilt_identically_from_fixed_depth_searches() {
    let pos = Position::start(Variant::Breakthrough, BoardSize::new(5, 5)).unwrap();
    let config = AiConfig::parse("enhanced:expert:depth=3", Variant::Breakthrough).unwrap();
    let text = book_build::build(&pos, 2, &config, |_| {}).unwrap();
    assert_eq!(text, book_build::build(&pos, 2, &config, |_| {}).unwrap());
    let rebuilt = Book::parse(Variant::Breakthrough, &text).unwrap();
    assert_eq!(rebuilt.len(), 1 + pos.legal_moves().len());
}
