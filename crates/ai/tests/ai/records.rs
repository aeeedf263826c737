//! The records of the sites where people play: Little Golem's and
//! PlayStrategy's PGN-like text, SGF, OpenSpiel's moves. Each is read into a
//! game and written back; real published games (OpenSpiel's Lines of Action
//! test games) replay to their end; a damaged game is named by its line.

use breakline_ai::player::Player;
use breakline_rules::position::Position;
use breakline_rules::record::game_text;
use breakline_rules::record::movetext;
use breakline_rules::record::sites::{self, Defaults, Format, GameText, ReadError};
use breakline_rules::typed_move::read_typed_move;
use breakline_rules::{BoardSize, Outcome, Side, Variant, WinReason};

const LOA: Defaults = Defaults { variant: Variant::LinesOfAction, size: BoardSize { columns: 8, rows: 8 } };

/// A Breakthrough game written as Little Golem exports it (tags, `x` for
/// captures, `resign` as the loser's move): White resigns at move 5.
const LITTLE_GOLEM: &str = "[Event \"Breakthrough casual\"]
[Site \"www.littlegolem.net\"]
[White \"alice\"]
[Black \"bob\"]
[Result \"0-1\"]

1. e2-e3 d7-d6 2. e3-e4 d6-d5 3. e4xd5 c7-c6 4. d5xc6 b7xc6 5. resign
";

/// The same game as `sites::pgn::write` writes it.
const CANONICAL_PGN: &str = "[Event \"Breakthrough casual\"]
[Site \"www.littlegolem.net\"]
[White \"alice\"]
[Black \"bob\"]
[Variant \"Breakthrough\"]
[Result \"0-1\"]

1. e2-e3 d7-d6 2. e3-e4 d6-d5 3. e4xd5 c7-c6 4. d5xc6 b7xc6 5. resign 0-1
";

/// The same game as SGF.
const CANONICAL_SGF: &str = "(;FF[4]GM[41]SZ[8]EV[Breakthrough casual]PC[www.littlegolem.net]PW[alice]PB[bob]RE[B+R]
;W[e2-e3] ;B[d7-d6] ;W[e3-e4] ;B[d6-d5] ;W[e4xd5] ;B[c7-c6] ;W[d5xc6] ;B[b7xc6])
";

/// The same game's moves as OpenSpiel writes them: its first player starts on top.
const CANONICAL_OPENSPIEL: &str = "1. e7e6 d2d3\n2. e6e5 d3d4\n3. e5d4* c2c3\n4. d4c3* b2c3*\n";

fn published(name: &str) -> String {
    let path = format!("{}/tests/ai/data/records/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn moves(game: &GameText) -> Vec<String> {
    game.moves_with_positions().iter().map(|(before, m)| before.move_name(*m)).collect()
}

#[test]
fn each_format_is_told_by_its_look() {
    assert_eq!(sites::detect(LITTLE_GOLEM), Format::Pgn);
    assert_eq!(sites::detect(CANONICAL_SGF), Format::Sgf);
    assert_eq!(sites::detect(CANONICAL_OPENSPIEL), Format::Moves);
    assert_eq!(sites::detect("[Variant \"loa\"]\n[Size \"8x8\"]\n1. b1-b3"), Format::Breakline);
    assert_eq!(sites::detect("[Variant \"Lines of Action\"]\n1. b1-b3"), Format::Pgn);
    assert_eq!(sites::detect("# breakline breakthrough 5x5 ..."), Format::Breakline);
}

#[test]
fn a_little_golem_game_reads_with_its_resignation_and_players() {
    let game = sites::read(LITTLE_GOLEM, Defaults::default()).unwrap();
    assert_eq!(game.format, Format::Pgn);
    assert_eq!(
        (game.tag("White"), game.tag("Black"), game.tag("Site")),
        (Some("alice"), Some("bob"), Some("www.littlegolem.net"))
    );
    assert_eq!(game.position.moves().len(), 8);
    assert_eq!(game.result, Outcome::Win { winner: Side::Black, reason: WinReason::Resignation });
    assert_eq!(sites::write(&game, Format::Pgn).unwrap(), CANONICAL_PGN);
}

#[test]
fn canonical_texts_read_and_write_back_unchanged() {
    for (text, format) in
        [(CANONICAL_PGN, Format::Pgn), (CANONICAL_SGF, Format::Sgf), (CANONICAL_OPENSPIEL, Format::OpenSpiel)]
    {
        let game = sites::read(text, Defaults::default()).unwrap_or_else(|e| panic!("{format}: {e}"));
        assert_eq!(sites::write(&game, format).unwrap(), text, "{format}");
    }
    let pgn = sites::read(CANONICAL_PGN, Defaults::default()).unwrap();
    let sgf = sites::read(CANONICAL_SGF, Defaults::default()).unwrap();
    assert_eq!(
        (&sgf.tags, &sgf.position, sgf.result),
        (&pgn.tags, &pgn.position, pgn.result),
        "SGF and PGN say one game"
    );
    let openspiel = sites::read(CANONICAL_OPENSPIEL, Defaults::default()).unwrap();
    assert_eq!((openspiel.format, &openspiel.position), (Format::OpenSpiel, &pgn.position), "ranks turned over");
}

#[test]
fn every_format_round_trips_a_game_with_any_ending() {
    let mut position = Position::start(Variant::Breakthrough, BoardSize::new(5, 6)).unwrap();
    for m in ["a2-a3", "e5-e4", "a3-a4", "e4-e3", "a4xb5"] {
        position.play_text(m).unwrap();
    }
    for result in [
        Outcome::Ongoing,
        Outcome::Win { winner: Side::Black, reason: WinReason::Time },
        Outcome::Win { winner: Side::White, reason: WinReason::Resignation },
        Outcome::Win { winner: Side::Black, reason: WinReason::Forfeit },
    ] {
        let mut game = GameText::new(position.clone());
        game.result = result;
        game.set_tag("White", "Ann \"the\" [first]");
        game.set_tag("Black", "Bo");
        for format in [Format::Pgn, Format::Sgf] {
            let text = sites::write(&game, format).unwrap();
            let back = sites::read(&text, Defaults::default()).unwrap_or_else(|e| panic!("{format}: {e}\n{text}"));
            assert_eq!((&back.position, back.result, back.tag("Black")), (&position, result, Some("Bo")), "{text}");
        }
    }
    let moves_only = sites::write(&GameText::new(position.clone()), Format::OpenSpiel).unwrap();
    let defaults = Defaults { variant: Variant::Breakthrough, size: BoardSize::new(5, 6) };
    assert_eq!(sites::read(&moves_only, defaults).unwrap().position, position, "{moves_only}");
}

#[test]
fn openspiel_published_loa_games_replay_to_their_end() {
    for (name, winner) in
        [("openspiel_loa_appendix_E_game7.txt", Side::Black), ("openspiel_loa_appendix_F_game5.txt", Side::White)]
    {
        let text = published(name);
        let game = sites::read(&text, LOA).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(
            matches!(game.result, Outcome::Win { winner: w, reason: WinReason::Connected } if w == winner),
            "{name}: {:?}",
            game.result
        );
        assert_eq!(sites::write(&game, Format::OpenSpiel).unwrap(), text, "{name} is written as OpenSpiel wrote it");
        let sgf = sites::write(&game, Format::Sgf).unwrap();
        assert!(sgf.starts_with("(;FF[4]GM[9]SZ[8]RE[") && sgf.contains("\n;B["), "{sgf}");
        assert_eq!(sites::read(&sgf, Defaults::default()).unwrap().position, game.position);
    }
}

#[test]
fn moves_are_read_with_or_without_dash_capture_mark_or_number() {
    let pgn = "[Site \"igGameCenter\"]\n[Variant \"Lines of Action\"]\n1.c8-c6 a2-c2 2.c6c3 {a comment} h2-f2 $1 (2... h2-g2) *\n";
    let game = sites::read(pgn, Defaults::default()).unwrap();
    assert_eq!(moves(&game), ["c8-c6", "a2-c2", "c6-c3", "h2-f2"]);
    assert_eq!(game.result, Outcome::Ongoing);
    let start = Position::start(Variant::Breakthrough, BoardSize::new(8, 8)).unwrap();
    for typed in ["1.e2-e3", "1. e2e3", "e2e3", "1...e2-e3"] {
        assert_eq!(start.move_name(read_typed_move(&start, typed).unwrap()), "e2-e3", "{typed}");
    }
    let mut after = start.clone();
    for m in ["b2-b3", "c7-c6", "b3-b4", "h7-h6", "b4-b5", "h6-h5"] {
        after.play_text(m).unwrap();
    }
    assert_eq!(after.move_name(read_typed_move(&after, "b5c6*").unwrap()), "b5xc6", "OpenSpiel's star");
}

#[test]
fn sgf_letter_pairs_and_variations_read_as_the_main_line() {
    // SGF's letters count rows from the top: `egef` is e2 to e3 on 8 rows.
    let sgf = "(;GM[41]SZ[8];W[egef](;B[dbdc];W[efee])(;B[abac]))";
    let game = sites::read(sgf, Defaults::default()).unwrap();
    assert_eq!(moves(&game), ["e2-e3", "d7-d6", "e3-e4"]);
}

#[test]
fn a_damaged_game_is_named_by_its_line_and_the_others_are_read() {
    let pgn =
        format!("{CANONICAL_PGN}\n[Event \"second\"]\n[Result \"*\"]\n\n1. e2-e3 d7-d6\n2. e3-e5 *\n\n{CANONICAL_PGN}");
    let read: Vec<Result<GameText, ReadError>> = sites::read_all(&pgn, Defaults::default());
    assert_eq!(read.len(), 3);
    assert!(read[0].is_ok() && read[2].is_ok());
    let error = read[1].as_ref().unwrap_err();
    assert_eq!(
        error.to_string(),
        "line 14: move 2. (ply 3) e3-e5: the piece on e3 cannot move to e5; it can go to d4, e4, f4"
    );
    let sgf = format!("{}(;GM[41];W[e2-e3];W[d7-d6])\n{}", CANONICAL_SGF, CANONICAL_SGF);
    let read = sites::read_all(&sgf, Defaults::default());
    assert_eq!(read.len(), 3);
    assert!(read[0].is_ok() && read[2].is_ok());
    assert_eq!(
        read[1].as_ref().unwrap_err().to_string(),
        "line 3: move 1… (ply 2) is written as white's, but black is to move"
    );
}

#[test]
fn bad_records_are_refused_in_one_line() {
    let cases = [
        ("(;GM[1]SZ[19];B[dd])", "line 1: not a game Breakline plays: GM[1]"),
        ("(;GM[41];W[e2xe3])", "line 1: move 1. (ply 1) e2xe3: it is marked as a capture but takes nothing"),
        ("(;GM[41];W[e2-e3]", "line 1: SGF: a game tree is never closed"),
        ("[Site \"x\"]\n1. e2-e3 1/2-1/2", "line 2: a draw on an undecided board"),
        ("[Site \"x\"]\n1. e2-e3 resign d7-d6", "line 2: 'd7-d6' after the end of the game"),
        ("[Site \"x\"]\n[Result \"0-1\"]\n1. e2-e3 resign", "line 3: the result '0-1' does not fit the moves"),
        ("[Variant \"Lines of Action\"]\n[Size \"8x9\"]\n", "line 1: lines of action needs a square board"),
    ];
    for (text, expected) in cases {
        let error = sites::read(text, Defaults::default()).map(|_| ()).unwrap_err().to_string();
        assert!(error.starts_with(expected) && !error.contains('\n'), "{text:?}: {error}");
    }
}

#[test]
fn the_games_entry_points_read_every_format() {
    let size = BoardSize::new(8, 8);
    for text in [LITTLE_GOLEM, CANONICAL_SGF, CANONICAL_OPENSPIEL] {
        let position = movetext::import(text, Variant::Breakthrough, size).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(position.moves().len(), 8, "{text}");
        let (record, _, _) = game_text::read::<Player>(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(record.moves.len(), 8, "{text}");
    }
    let (record, _, _) = game_text::read::<Player>(LITTLE_GOLEM).unwrap();
    assert_eq!(record.resigned(), Some(Side::White));
    let loa = movetext::import(&published("openspiel_loa_appendix_E_game7.txt"), Variant::LinesOfAction, size).unwrap();
    assert!(loa.outcome().is_over());
}

#[test]
fn saved_files_read_whatever_their_line_ends_and_mark() {
    let windows = format!("\u{feff}{}", LITTLE_GOLEM.replace('\n', "\r\n").replace("5. resign", "5. Resigns"));
    let game = sites::read(&windows, Defaults::default()).unwrap();
    assert_eq!(
        (game.format, game.result),
        (Format::Pgn, Outcome::Win { winner: Side::Black, reason: WinReason::Resignation })
    );
    let loa =
        "[Event \"PlayStrategy\"]\n[Variant \"Lines of Action\"]\n[White \"w\"]\n[Black \"b\"]\n\n1. b1-b3 h3-e3 *\n";
    let game = sites::read(loa, Defaults::default()).unwrap();
    assert_eq!((game.position.variant(), game.position.moves().len()), (Variant::LinesOfAction, 2));
    let escaped = "(;GM[9]SZ[8]PB[x\\]y]PW[z];B[b1-b3])";
    let game = sites::read(escaped, Defaults::default()).unwrap();
    assert_eq!((game.tag("Black"), game.position.moves().len()), (Some("x]y"), 1));
    assert!(sites::write(&game, Format::Sgf).unwrap().contains("PB[x\\]y]"));
}

#[test]
fn the_tournament_rule_travels_in_pgn_and_sgf() {
    use breakline_rules::DrawReason;
    use breakline_rules::connection_rule::BothConnected;
    let mut position = Position::start(Variant::LinesOfAction, BoardSize::new(8, 8)).unwrap();
    position.set_both_connected(BothConnected::Draw);
    position.play_text("b1-b3").unwrap();
    let game = GameText::new(position.clone());
    for (format, mark) in [(Format::Pgn, "[BothConnected \"draw\"]"), (Format::Sgf, "BC[draw]")] {
        let text = sites::write(&game, format).unwrap();
        assert!(text.contains(mark), "{text}");
        let back = sites::read(&text, Defaults::default()).unwrap();
        assert_eq!(back.position.both_connected(), Some(BothConnected::Draw), "{text}");
        assert_eq!(back.tag("BothConnected"), None, "the rule is the position's, not a loose tag");
        let usual = sites::write(
            &GameText::new(Position::start(Variant::LinesOfAction, BoardSize::new(8, 8)).unwrap()),
            format,
        )
        .unwrap();
        assert!(!usual.contains("BothConnected") && !usual.contains("BC["), "{usual}");
        let bad = sites::read(&text.replace("draw", "maybe"), Defaults::default()).unwrap_err().to_string();
        assert!(bad.contains("unknown rule 'maybe'"), "{bad}");
    }
    // A game the tournament rule ended: Black's c2xa2 joins both sides.
    let mut start = Position::from_fen(Variant::LinesOfAction, "5w/6/6/6/w1b3/b5 b").unwrap();
    start.set_both_connected(BothConnected::Draw);
    start.play_text("c2xa2").unwrap();
    let text = sites::write(&GameText::new(start.clone()), Format::Pgn).unwrap();
    let back = sites::read(&text, Defaults::default()).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(back.result, Outcome::Draw { reason: DrawReason::BothConnected }, "{text}");
    let without = text.replace("[BothConnected \"draw\"]\n", "");
    let usual = sites::read(&without, Defaults::default()).map(|_| ()).unwrap_err().to_string();
    assert!(usual.contains("does not fit the moves"), "without the tag the same moves win for Black: {usual}");
}

#[test]
fn a_bare_openspiel_loa_list_is_read_as_lines_of_action_without_being_told() {
    let text = published("openspiel_loa_appendix_E_game7.txt");
    let told = sites::read(&text, LOA).unwrap();
    let (record, end, _) = game_text::read::<Player>(&text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((end.variant(), &end), (Variant::LinesOfAction, &told.position));
    assert_eq!(record.result, told.result);
    // A list that is neither game's is still named by Breakline's own reading.
    let error = game_text::read::<Player>("1. a1-h8\n").unwrap_err().to_string();
    assert!(error.contains("a1-h8"), "{error}");
}

#[test]
fn a_forfeit_survives_breaklines_own_text_and_a_sites() {
    let mut record = game_text::read::<Player>("1. e2-e3 d7-d6\n").unwrap().0;
    record.forfeit(Side::White);
    let text = game_text::write(&record, &game_text::Headers::default()).unwrap();
    assert!(text.contains("[Termination \"rules infraction\"]"), "{text}");
    let forfeit = Outcome::Win { winner: Side::Black, reason: WinReason::Forfeit };
    assert_eq!(game_text::read::<Player>(&text).unwrap().0.result, forfeit, "{text}");
    let site = game_text::to_site(&record, &game_text::Headers::default()).unwrap();
    let pgn = sites::write(&site, Format::Pgn).unwrap();
    assert_eq!(game_text::read::<Player>(&pgn).unwrap().0.result, forfeit, "{pgn}");
    // A time loss is still a time loss, and a plain 1-0 on an open board a resignation.
    let mut on_time = record.clone();
    on_time.flag_fell(Side::White);
    let text = game_text::write(&on_time, &game_text::Headers::default()).unwrap();
    assert_eq!(
        game_text::read::<Player>(&text).unwrap().0.result,
        Outcome::Win { winner: Side::Black, reason: WinReason::Time }
    );
}

#[test]
fn breaklines_own_text_with_a_sites_event_tag_keeps_its_ai_players() {
    let text = "[Event \"Club night\"]\n[Site \"home\"]\n[Variant \"breakthrough\"]\n[WhiteConfig \"alphabeta:expert:depth=2\"]\n\
                [Result \"*\"]\n\n1. e2-e3 d7-d6 *\n";
    assert_eq!(sites::detect(text), Format::Pgn, "the site's tags are seen");
    let (record, end, _) = game_text::read::<Player>(text).unwrap_or_else(|e| panic!("{e}"));
    assert!(matches!(record.white, breakline_ai::player::Player::Ai(_)), "{:?}", record.white);
    assert_eq!(end.moves().len(), 2);
}

/// Finding (minor): a Lines of Action result that "does not fit the moves"
/// did not say what the board shows, nor that Black moves first there (a
/// "1-0" written for the first mover's win reads as White's).
#[test]
fn a_result_the_board_contradicts_says_what_the_board_shows() {
    let mut game = Position::from_fen(Variant::LinesOfAction, "5w/6/6/6/w1b3/b5 b").unwrap();
    game.play_text("c2xa2").unwrap();
    let pgn = sites::write(&GameText::new(game), Format::Pgn).unwrap();
    assert!(pgn.contains("0-1"), "{pgn}");
    let error = game_text::read::<Player>(&pgn.replace("0-1", "1-0")).map(|_| ()).unwrap_err().to_string();
    let expected = "line 6: the result '1-0' does not fit the moves: the board shows 0-1, Black's win (in Lines of Action Black moves first)";
    assert_eq!(error, expected);
    let error = game_text::read::<Player>("[Size \"5x5\"]\n1. a2-a3 1/2-1/2").map(|_| ()).unwrap_err().to_string();
    assert!(error.contains("the game is not over") && !error.contains("Lines of Action"), "{error}");
}
