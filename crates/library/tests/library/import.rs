//! The library imports the records of the sites where people play: a
//! collection of games is read game by game, the same game is stored once,
//! and a damaged one is named by its line.

use breakline_library::Library;

/// A Breakthrough game as Little Golem exports it.
const LITTLE_GOLEM: &str = "[Event \"Breakthrough casual\"]
[Site \"www.littlegolem.net\"]
[White \"alice\"]
[Black \"bob\"]
[Result \"0-1\"]

1. e2-e3 d7-d6 2. e3-e4 d6-d5 3. e4xd5 c7-c6 4. d5xc6 b7xc6 5. resign
";

/// The same game as SGF.
const CANONICAL_SGF: &str = "(;FF[4]GM[41]SZ[8]EV[Breakthrough casual]PC[www.littlegolem.net]PW[alice]PB[bob]RE[B+R]
;W[e2-e3] ;B[d7-d6] ;W[e3-e4] ;B[d6-d5] ;W[e4xd5] ;B[c7-c6] ;W[d5xc6] ;B[b7xc6])
";

#[test]
fn the_library_imports_an_sgf_collection_game_by_game() {
    let dir = std::env::temp_dir().join(format!("breakline-records-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut library = Library::open(&dir.join("lib.sqlite3")).unwrap();
    let broken = "(;FF[4]GM[41]SZ[8]\n;W[e2-e3] ;B[d7-d5])\n";
    let text = format!("{CANONICAL_SGF}{broken}{CANONICAL_SGF}{LITTLE_GOLEM}");
    let summary = library.import_text(&text, &mut |_| {}).unwrap();
    // The second copy of the SGF game, and the Little Golem record of the
    // same moves and result (the library keeps no site's player names), are
    // the same game: stored once.
    assert_eq!((summary.stored.len(), summary.already.len()), (1, 2), "{:?}", summary.refused);
    let refused: Vec<(usize, usize)> = summary.refused.iter().map(|r| (r.index, r.line)).collect();
    assert_eq!(refused, vec![(2, 3)], "{:?}", summary.refused);
    // The library names the game by the line it starts on; the reason counts lines within it.
    assert!(summary.refused[0].reason.contains("line 2: move 1… (ply 2) d7-d5"), "{:?}", summary.refused);
}
