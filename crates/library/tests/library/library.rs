//! The library of games: a first-version file and a version-4 file migrate
//! with every game, tag, result and report, a file that is not a library is
//! refused and left byte for byte, bad games of an import are named and the
//! good ones kept, a game is stored once, the explorer counts as a count by
//! brute force does (and forgets a deleted game, and answers the same
//! before and after its log is merged), a list read a page at a
//! time is the whole list, side lines survive the text and the file, and reports and
//! exercises are made once and the same every time.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use breakline_ai::player::Player;
use breakline_library::review::{JUDGE_LIMIT, Mark, ReportError, ReportSettings, game_accuracy, move_accuracy, review};
use breakline_library::sample::random_games;
use breakline_library::schema::SCHEMA_VERSION;
use breakline_library::transfer::{read_game, split_games};
use breakline_library::{
    EXPLORER_PLIES, ExplorerMove, GameFilter, GameId, Library, LibraryError, LibraryGame, ResultFilter,
};
use breakline_rules::position::Position;
use breakline_rules::record::game_text;
use breakline_rules::record::variation::Line;
use breakline_rules::{BoardSize, Side, Variant};

/// A fresh folder of this test's own.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("breakline-library-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn six() -> BoardSize {
    BoardSize::new(6, 6)
}

/// The first schema, as version 1 shipped it: the test keeps its own copy,
/// so a change to the first migration is caught.
const FIRST_SCHEMA: &str = "CREATE TABLE games (
    id INTEGER PRIMARY KEY, variant TEXT NOT NULL, size TEXT NOT NULL, white TEXT NOT NULL,
    black TEXT NOT NULL, white_label TEXT NOT NULL, black_label TEXT NOT NULL,
    person TEXT CHECK (person IN ('white', 'black')), rated INTEGER NOT NULL DEFAULT 0,
    time_control TEXT, played_at INTEGER, result TEXT NOT NULL, outcome TEXT NOT NULL,
    plies INTEGER NOT NULL, moves TEXT NOT NULL, opening_plies INTEGER, record TEXT NOT NULL);
    CREATE INDEX games_by_date ON games (played_at);
    CREATE INDEX games_by_variant ON games (variant, size);
    PRAGMA application_id = 1112297036;
    PRAGMA user_version = 1;";

#[test]
fn a_first_version_library_opens_migrated_with_its_games() {
    let path = scratch("v1").join("old.sqlite3");
    let game = read_game(&random_games(Variant::Breakthrough, six(), 7, 1).unwrap()).unwrap();
    let record = serde_json::to_string(&game.record).unwrap();
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.execute_batch(FIRST_SCHEMA).unwrap();
        conn.execute(
            "INSERT INTO games (variant, size, white, black, white_label, black_label, result, outcome,
                plies, moves, record) VALUES ('breakthrough', '6x6', 'Human', 'Human', 'human', 'human',
                ?1, ?2, ?3, '', ?4)",
            rusqlite::params![
                game_text::result_token(game.record.result),
                serde_json::to_string(&game.record.result).unwrap(),
                game.record.moves.len() as i64,
                record
            ],
        )
        .unwrap();
    }
    let library = Library::open(&path).unwrap();
    let version: i64 =
        rusqlite::Connection::open(&path).unwrap().pragma_query_value(None, "user_version", |row| row.get(0)).unwrap();
    assert_eq!(version, SCHEMA_VERSION);
    let listed = library.list(&GameFilter::default()).unwrap();
    assert_eq!(listed.len(), 1);
    assert_eq!(library.get(listed[0].id).unwrap().record, game.record);
    // The explorer's index was filled for the game stored before it existed.
    let start = Position::start(Variant::Breakthrough, six()).unwrap();
    let moves = library.explore(&start).unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].notation, game.record.moves[0].notation);
}

#[test]
fn a_file_that_is_no_library_is_refused_and_left_as_it_was() {
    let dir = scratch("foreign");
    let text = dir.join("notes.txt");
    std::fs::write(&text, "a shopping list\n").unwrap();
    let other = dir.join("other.sqlite3");
    rusqlite::Connection::open(&other).unwrap().execute_batch("CREATE TABLE t (x); INSERT INTO t VALUES (1);").unwrap();
    let damaged = dir.join("damaged.sqlite3");
    let mut bytes = b"SQLite format 3\0".to_vec();
    bytes.extend((0..4096u32).map(|i| (i * 7919 % 251) as u8));
    std::fs::write(&damaged, &bytes).unwrap();
    let newer = dir.join("newer.sqlite3");
    rusqlite::Connection::open(&newer)
        .unwrap()
        .execute_batch(&format!(
            "CREATE TABLE games (x); PRAGMA application_id = 1112297036; PRAGMA user_version = {};",
            SCHEMA_VERSION + 1
        ))
        .unwrap();
    for path in [&text, &other, &damaged, &newer] {
        let before = std::fs::read(path).unwrap();
        let files_before = std::fs::read_dir(&dir).unwrap().count();
        let error = Library::open(path).map(|_| ()).unwrap_err();
        assert!(matches!(error, LibraryError::Foreign { .. } | LibraryError::Newer { .. }), "{error}");
        let message = error.to_string();
        assert!(!message.contains('\n') && message.contains("left as it was"), "{message}");
        assert_eq!(std::fs::read(path).unwrap(), before, "{} changed", path.display());
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), files_before, "a file was made beside {}", path.display());
    }
}

#[test]
fn an_import_names_each_bad_game_and_keeps_the_good_ones() {
    let path = scratch("import").join("lib.sqlite3");
    let mut library = Library::open(&path).unwrap();
    let good = random_games(Variant::Breakthrough, six(), 3, 3).unwrap();
    let games: Vec<&str> = good.split("\n\n[Variant").collect();
    assert_eq!(games.len(), 3);
    let text = format!(
        "{}\n\n[Variant \"breakthrough\"]\n[Size \"6x6\"]\n\n1. a2-a5 *\n\n[Variant{}\n\n[Variant \"chess\"]\n\n1. e2-e4 *\n\n[Variant{}",
        games[0], games[1], games[2]
    );
    let summary = library.import_text(&text, &mut |_| {}).unwrap();
    assert_eq!(summary.stored.len(), 3);
    let refused: Vec<(usize, bool)> =
        summary.refused.iter().map(|r| (r.index, r.reason.contains("a2-a5") || r.reason.contains("chess"))).collect();
    assert_eq!(refused, vec![(2, true), (4, true)], "{:?}", summary.refused);
    assert_eq!(library.count().unwrap(), 3);
    // Export and import again: the same games.
    let again = scratch("import-again").join("lib.sqlite3");
    let mut copy = Library::open(&again).unwrap();
    let exported = library.export_text(&summary.stored).unwrap();
    let back = copy.import_text(&exported, &mut |_| {}).unwrap();
    assert!(back.refused.is_empty());
    for (a, b) in summary.stored.iter().zip(&back.stored) {
        let (a, b) = (library.get(*a).unwrap(), copy.get(*b).unwrap());
        assert_eq!((a.record.moves, a.played_at), (b.record.moves, b.played_at));
    }
}

#[test]
fn filters_find_the_games_they_name() {
    let path = scratch("filters").join("lib.sqlite3");
    let mut library = Library::open(&path).unwrap();
    library.import_text(&random_games(Variant::Breakthrough, six(), 5, 20).unwrap(), &mut |_| {}).unwrap();
    let all = library.list(&GameFilter::default()).unwrap();
    assert_eq!(all.len(), 20);
    let white = library.list(&GameFilter { result: Some(ResultFilter::WhiteWon), ..GameFilter::default() }).unwrap();
    assert_eq!(white.len(), all.iter().filter(|g| g.outcome.winner() == Some(Side::White)).count());
    let first = all.last().unwrap().played_at.unwrap();
    let day = library
        .list(&GameFilter { until: Some(first + jiff::SignedDuration::from_hours(24)), ..GameFilter::default() })
        .unwrap();
    assert_eq!(day.len(), 1);
    let loa = library.list(&GameFilter { variant: Some(Variant::LinesOfAction), ..GameFilter::default() }).unwrap();
    assert!(loa.is_empty());
    assert!(library.delete(all[0].id).unwrap());
    assert!(!library.delete(all[0].id).unwrap());
    assert_eq!(library.count().unwrap(), 19);
}

#[test]
fn the_explorer_counts_what_a_brute_force_count_finds() {
    let path = scratch("explorer").join("lib.sqlite3");
    let mut library = Library::open(&path).unwrap();
    library
        .import_text(&random_games(Variant::Breakthrough, BoardSize::new(5, 5), 11, 300).unwrap(), &mut |_| {})
        .unwrap();
    let ids = library.ids(&GameFilter::default()).unwrap();
    let games: Vec<_> = ids.iter().map(|&id| library.get(id).unwrap()).collect();
    // Positions to ask about: the start and those after each game's first one to three plies.
    let start = Position::start(Variant::Breakthrough, BoardSize::new(5, 5)).unwrap();
    let mut probes = vec![start.clone()];
    for game in games.iter().take(30) {
        let mut position = start.clone();
        for entry in game.record.moves.iter().take(1 + probes.len() % 3) {
            position.play_text(&entry.notation).unwrap();
        }
        probes.push(position);
    }
    for probe in &probes {
        let mut expected: std::collections::BTreeMap<String, (u64, u64)> = Default::default();
        for game in &games {
            let mut position = start.clone();
            for entry in game.record.moves.iter().take(EXPLORER_PLIES) {
                if position.hash() == probe.hash() {
                    let slot = expected.entry(entry.notation.clone()).or_default();
                    slot.0 += 1;
                    slot.1 += u64::from(game.record.result.winner() == Some(entry.side));
                }
                position.play_text(&entry.notation).unwrap();
            }
        }
        let found: std::collections::BTreeMap<String, (u64, u64)> =
            library.explore(probe).unwrap().into_iter().map(|m| (m.notation, (m.played, m.wins))).collect();
        assert_eq!(found, expected, "at {}", probe.fen());
    }
}

#[test]
fn side_lines_round_trip_through_text_and_the_library() {
    let text = "[Variant \"breakthrough\"]\n[Size \"5x5\"]\n\n1. a2-a3 (1. b2-b3 e4-e3 (1... d4-d3 2. c2xd3) \
                2. a2-a3) (1. c2-c3) 1... e4-e3 2. d2xe3 (2. b2-b3 e3xd2) 2... d4xe3 *\n";
    let (record, _, headers) = game_text::read::<Player>(text).unwrap();
    assert_eq!(record.side_lines.len(), 3);
    assert_eq!(record.side_lines[0].line.moves[1].alternatives[0], Line::of(&["d4-d3", "c2xd3"]));
    let written = game_text::write(&record, &headers).unwrap();
    assert!(written.ends_with(&text[text.find("1. a2-a3").unwrap()..]), "{written}");
    let (again, _, _) = game_text::read::<Player>(&written).unwrap();
    assert_eq!(again.side_lines, record.side_lines);
    let (from_json, _) = breakline_ai::player::GameRecord::from_json(&serde_json::to_string(&record).unwrap()).unwrap();
    assert_eq!(from_json.side_lines, record.side_lines);
    let path = scratch("lines").join("lib.sqlite3");
    let mut library = Library::open(&path).unwrap();
    let id = library.import_text(text, &mut |_| {}).unwrap().stored[0];
    assert_eq!(library.get(id).unwrap().record.side_lines, record.side_lines);
    for bad in ["1. a2-a3 (b2-b3 *", "1. a2-a3 ) *", "( 1. a2-a3 *", "[Size \"5x5\"]\n1. a2-a3 (1. a2-a4) *"] {
        let error = game_text::read::<Player>(bad).map(|_| ()).unwrap_err().to_string();
        assert!(!error.contains('\n'), "{bad}: {error}");
    }
}

#[test]
fn accuracy_matches_a_hand_computed_example() {
    // White's chances 50, 40, 45, 20, 30 over four moves, White first.
    // Move accuracies: 103.1668 e^(-0.04354 d) - 3.1669 + 1 for drops d of
    // 10 (White), 5 (Black: 60 to 55), 25 (White), 10 (Black: 80 to 70):
    // 64.583, 80.817, 32.572, 64.583. Windows of 2 positions; weights are
    // their population deviations 5, 2.5, 12.5 (capped at 12) and 5.
    // White: weighted (64.583 x 5 + 32.572 x 12) / 17 = 41.987, harmonic
    // 2 / (1/64.583 + 1/32.572) = 43.303, game accuracy 42.645.
    // Black: weighted (80.817 x 2.5 + 64.583 x 5) / 7.5 = 69.994, harmonic
    // 71.794, game accuracy 70.894.
    assert!((move_accuracy(50.0, 40.0) - 64.5826).abs() < 1e-3);
    assert_eq!(move_accuracy(40.0, 45.0), 100.0);
    let [white, black] = game_accuracy(&[50.0, 40.0, 45.0, 20.0, 30.0], Side::White);
    assert!((white.unwrap() - 42.6450).abs() < 1e-3, "{white:?}");
    assert!((black.unwrap() - 70.8938).abs() < 1e-3, "{black:?}");
    assert_eq!(Mark::of_loss(4.9), None);
    assert_eq!(Mark::of_loss(5.0), Some(Mark::Inaccuracy));
    assert_eq!(Mark::of_loss(14.9), Some(Mark::Mistake));
    assert_eq!(Mark::of_loss(15.0), Some(Mark::Blunder));
}

#[test]
fn a_report_is_the_same_twice_and_makes_exercises_of_the_persons_mistakes() {
    let path = scratch("report").join("lib.sqlite3");
    let mut library = Library::open(&path).unwrap();
    let mut game = read_game(&random_games(Variant::Breakthrough, six(), 21, 1).unwrap()).unwrap();
    game.person = Some(Side::White);
    let id = library.add(&game).unwrap();
    let settings = ReportSettings { nodes: 3_000, seed: 5 };
    let first = review(&game.record, &settings, &mut |_, _| true).unwrap();
    let second = review(&game.record, &settings, &mut |_, _| true).unwrap();
    assert_eq!(first, second);
    assert_eq!(first.moves.len(), game.record.moves.len());
    assert_eq!(first.white_chances.len(), game.record.moves.len() + 1);
    let (stored, made) = library.report_or_review(id, &settings, &mut |_, _| true).unwrap();
    assert!(made);
    assert_eq!(stored, first);
    let (again, made) = library.report_or_review(id, &settings, &mut |_, _| panic!("reviewed twice")).unwrap();
    assert!(!made);
    assert_eq!(again, first);
    // Random moves make mistakes: each of White's is an exercise.
    let mistakes = first.moves.iter().filter(|m| m.side == Side::White && m.mark >= Some(Mark::Mistake)).count();
    assert!(mistakes > 0, "a random game without a mistake");
    let exercises = library.exercises(None, true).unwrap();
    assert_eq!(exercises.len(), mistakes);
    assert_eq!(library.exercises_left().unwrap(), vec![(Variant::Breakthrough, mistakes as u64)]);
    let exercise = &exercises[0];
    let position = exercise.position().unwrap();
    let better = position.parse_move(&exercise.better).unwrap();
    let go_on = AtomicBool::new(false);
    assert!(exercise.judge(better, &settings, (&go_on, None)).unwrap().accepted());
    let played = position.parse_move(&exercise.played).unwrap();
    let judged = exercise.judge(played, &settings, (&go_on, Some(JUDGE_LIMIT))).unwrap();
    // A judgement the person cancels is no judgement (and ends at once).
    let started = std::time::Instant::now();
    let cancelled = exercise.judge(played, &settings, (&AtomicBool::new(true), None));
    assert!(matches!(cancelled, Err(ReportError::Stopped)), "{cancelled:?}");
    assert!(started.elapsed() < JUDGE_LIMIT);
    library.record_attempt(exercise.id, judged.accepted()).unwrap();
    library.record_attempt(exercise.id, true).unwrap();
    let after = library.exercises(None, false).unwrap();
    assert_eq!((after[0].attempts, after[0].solved), (2, true));
    assert_eq!(library.exercises(None, true).unwrap().len(), mistakes - 1);
}

/// The version-4 fixture (written by the code of that version) in a scratch folder.
fn version_4_copy(test: &str) -> PathBuf {
    let path = scratch(test).join("v4.sqlite3");
    std::fs::copy(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/library/data/library-v4.sqlite3"), &path).unwrap();
    path
}

/// The fixture's games as its text holds them, with what a text does not
/// hold set as the fixture's writer set it: game i (from 0) rated when i is
/// a multiple of 3, the person none, White, Black in turn.
fn version_4_games() -> Vec<LibraryGame> {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/library/data/library-v4.txt")).unwrap();
    let games: Vec<LibraryGame> = split_games(&text)
        .into_iter()
        .enumerate()
        .map(|(i, (_, game))| {
            let mut game = read_game(game).unwrap();
            game.rated = i % 3 == 0;
            game.person = [None, Some(Side::White), Some(Side::Black)][i % 3];
            game
        })
        .collect();
    assert_eq!(games.len(), 12);
    games
}

#[test]
fn a_version_4_library_migrates_with_every_game_tag_result_and_report() {
    let path = version_4_copy("v4");
    let library = Library::open(&path).unwrap();
    let version: i64 =
        rusqlite::Connection::open(&path).unwrap().pragma_query_value(None, "user_version", |row| row.get(0)).unwrap();
    assert_eq!(version, SCHEMA_VERSION);
    let expected = version_4_games();
    assert_eq!(library.count().unwrap(), 12);
    for (i, game) in expected.iter().enumerate() {
        let id = GameId(i as i64 + 1);
        assert_eq!(&library.get(id).unwrap(), game, "game {id}");
    }
    // Side lines, an AI's config, a time control, a lost flag, a
    // resignation and a start that is not the usual one all came through.
    assert!(expected.iter().any(|g| !g.record.side_lines.is_empty()));
    assert!(expected.iter().any(|g| g.record.time_control.is_some() && g.record.result.reason_is_time()));
    assert!(expected.iter().any(|g| g.record.white.label() != "human"));
    // The report of game 2 and its exercises were kept with it.
    let settings = ReportSettings { nodes: 300, seed: 1 };
    assert!(library.report(GameId(2), &settings).unwrap().is_some());
    assert_eq!(library.exercises(None, true).unwrap().len(), 8);
    // The explorer counts the six Breakthrough 6x6 games from the start.
    let start = Position::start(Variant::Breakthrough, six()).unwrap();
    assert_eq!(library.explore(&start).unwrap().iter().map(|m| m.played).sum::<u64>(), 6);
}

#[test]
fn an_older_file_holding_a_game_twice_keeps_it_once_with_its_report() {
    let path = version_4_copy("v4-twice");
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.execute_batch(
            "INSERT INTO games (id, variant, size, white, black, white_label, black_label, person, rated,
                time_control, played_at, result, outcome, plies, moves, opening_plies, record)
             SELECT 13, variant, size, white, black, white_label, black_label, person, rated, time_control,
                played_at, result, outcome, plies, moves, opening_plies, record FROM games WHERE id = 2;
             UPDATE reports SET game_id = 13;",
        )
        .unwrap();
    }
    let library = Library::open(&path).unwrap();
    assert_eq!(library.count().unwrap(), 12);
    assert!(matches!(library.get(GameId(13)), Err(LibraryError::Missing(_))));
    let settings = ReportSettings { nodes: 300, seed: 1 };
    assert!(library.report(GameId(2), &settings).unwrap().is_some(), "the twin's report went to the game kept");
}

#[test]
fn a_game_is_stored_once() {
    let path = scratch("once").join("lib.sqlite3");
    let mut library = Library::open(&path).unwrap();
    let text = random_games(Variant::Breakthrough, six(), 8, 40).unwrap();
    let first = library.import_text(&text, &mut |_| {}).unwrap();
    assert_eq!((first.stored.len(), first.already.len()), (40, 0));
    let start = Position::start(Variant::Breakthrough, six()).unwrap();
    let explored = library.explore(&start).unwrap();
    let again = library.import_text(&text, &mut |_| {}).unwrap();
    assert_eq!((again.stored.len(), &again.already), (0, &first.stored));
    assert_eq!(library.count().unwrap(), 40);
    assert_eq!(library.explore(&start).unwrap(), explored, "counted once");
    // The same game with other notes is the same; another day, another game.
    let mut game = library.get(first.stored[3]).unwrap();
    game.rated = !game.rated;
    game.opening_plies = Some(4);
    assert_eq!(library.add(&game).unwrap(), first.stored[3]);
    game.played_at = game.played_at.map(|t| t + jiff::SignedDuration::from_hours(24));
    let other = library.add(&game).unwrap();
    assert!(!first.stored.contains(&other));
    let kept = library.store_all(&[game.clone(), game]).unwrap();
    assert_eq!((kept[0].id, kept[0].new, kept[1].new), (other, false, false));
    assert_eq!(library.count().unwrap(), 41);
}

#[test]
fn a_deleted_game_leaves_the_explorer() {
    let path = scratch("forget").join("lib.sqlite3");
    let mut library = Library::open(&path).unwrap();
    let ids =
        library.import_text(&random_games(Variant::Breakthrough, six(), 12, 30).unwrap(), &mut |_| {}).unwrap().stored;
    let start = Position::start(Variant::Breakthrough, six()).unwrap();
    let total = |library: &Library| library.explore(&start).unwrap().iter().map(|m| m.played).sum::<u64>();
    assert_eq!(total(&library), 30);
    assert!(library.delete(ids[0]).unwrap());
    assert_eq!(total(&library), 29);
    for &id in &ids[1..] {
        library.delete(id).unwrap();
    }
    assert!(library.explore(&start).unwrap().is_empty());
    library.merge_explorer().unwrap();
    let conn = rusqlite::Connection::open(&path).unwrap();
    for table in ["openings", "openings_log"] {
        let rows: i64 = conn.query_row(&format!("SELECT count(*) FROM {table}"), [], |r| r.get(0)).unwrap();
        assert_eq!(rows, 0, "no row is left at zero in {table}");
    }
}

/// The explorer's answers at `probes`.
fn explored(library: &Library, probes: &[Position]) -> Vec<Vec<ExplorerMove>> {
    probes.iter().map(|probe| library.explore(probe).unwrap()).collect()
}

#[test]
fn the_explorer_counts_the_same_before_and_after_its_log_is_merged() {
    let dir = scratch("merge");
    let mut library = Library::open(&dir.join("lib.sqlite3")).unwrap();
    let text = random_games(Variant::Breakthrough, six(), 13, 200).unwrap();
    let games = split_games(&text);
    let half = games[100].1.as_ptr() as usize - text.as_ptr() as usize;
    // The first half merged into the main table, the second left in the
    // log; then games of both halves deleted.
    let mut ids = library.import_text(&text[..half], &mut |_| {}).unwrap().stored;
    library.merge_explorer().unwrap();
    ids.extend(library.import_text(&text[half..], &mut |_| {}).unwrap().stored);
    assert_eq!(ids.len(), 200);
    for &id in ids[..20].iter().chain(&ids[100..130]) {
        library.delete(id).unwrap();
    }
    // The same games imported into a library of their own, in one table.
    let kept = library.ids(&GameFilter::default()).unwrap();
    let mut clean = Library::open(&dir.join("clean.sqlite3")).unwrap();
    clean.import_text(&library.export_text(&kept).unwrap(), &mut |_| {}).unwrap();
    clean.merge_explorer().unwrap();
    let start = Position::start(Variant::Breakthrough, six()).unwrap();
    let mut probes = vec![start.clone()];
    for &id in ids.iter().step_by(7) {
        let mut position = start.clone();
        for entry in library.get(id).map(|g| g.record.moves).unwrap_or_default().iter().take(1 + id.0 as usize % 4) {
            position.play_text(&entry.notation).unwrap();
            probes.push(position.clone());
        }
    }
    let expected = explored(&clean, &probes);
    assert_eq!(expected[0].iter().map(|m| m.played).sum::<u64>(), 150);
    assert_eq!(explored(&library, &probes), expected, "before the merge");
    library.merge_explorer().unwrap();
    assert_eq!(explored(&library, &probes), expected, "after the merge");
}

#[test]
fn a_list_read_a_page_at_a_time_is_the_whole_list() {
    let path = scratch("pages").join("lib.sqlite3");
    let mut library = Library::open(&path).unwrap();
    let mut text = random_games(Variant::Breakthrough, six(), 13, 25).unwrap();
    // Two games without a date: they come last.
    text.push_str("\n[Variant \"breakthrough\"]\n[Size \"5x5\"]\n\n1. a2-a3 *\n\n[Variant \"breakthrough\"]\n[Size \"5x5\"]\n\n1. b2-b3 *\n");
    library.import_text(&text, &mut |_| {}).unwrap();
    let all = library.list(&GameFilter::default()).unwrap();
    assert_eq!(all.len(), 27);
    assert!(all[25].played_at.is_none() && all[24].played_at.is_some());
    let mut paged = Vec::new();
    loop {
        let page = GameFilter {
            limit: Some(4),
            after: paged.last().map(|g: &breakline_library::GameSummary| g.id),
            ..GameFilter::default()
        };
        let games = library.list(&page).unwrap();
        if games.is_empty() {
            break;
        }
        paged.extend(games);
    }
    assert_eq!(paged, all);
    // The text search reads the stored moves in notation.
    let found = library.ids(&GameFilter { text: Some("C2-D3".into()), ..GameFilter::default() }).unwrap();
    let expected: Vec<GameId> = all
        .iter()
        .filter(|g| library.get(g.id).unwrap().record.moves.iter().any(|m| m.notation == "c2-d3"))
        .map(|g| g.id)
        .collect();
    assert!(!expected.is_empty());
    assert_eq!(found, expected);
}

/// Records of the sites where people play, each with its players, result
/// and date: Little Golem's PGN, PlayStrategy's, SGF of both games, and
/// OpenSpiel's moves (which state none of them).
const SITE_RECORDS: [&str; 5] = [
    "[Event \"Breakthrough casual\"]\n[Site \"www.littlegolem.net\"]\n[White \"alice\"]\n[Black \"bob\"]\n\
     [Date \"2024.03.05\"]\n[Result \"0-1\"]\n\n1. e2-e3 d7-d6 2. e3-e4 d6-d5 3. e4xd5 c7-c6 4. d5xc6 b7xc6 5. resign\n",
    "[Event \"PlayStrategy\"]\n[Variant \"Lines of Action\"]\n[White \"w\"]\n[Black \"b\"]\n[Date \"2025.06.07\"]\n\
     [Result \"0-1\"]\n\n1. b1-b3 h3-e3 0-1\n",
    "(;FF[4]GM[41]SZ[8]PW[carol]PB[dave]DT[2025-01-02]RE[W+R]\n;W[e2-e3] ;B[d7-d6] ;W[e3-e4])\n",
    "(;FF[4]GM[9]SZ[8]PB[erin]PW[frank]DT[2025-02-03]RE[W+T];B[b1-b3];W[h3-e3])\n",
    "1. e7e6 d2d3\n2. e6e5 d3d4\n",
];

#[test]
fn a_site_record_keeps_its_players_result_and_date() {
    let path = scratch("sites").join("lib.sqlite3");
    let mut library = Library::open(&path).unwrap();
    for text in SITE_RECORDS {
        let summary = library.import_text(text, &mut |_| {}).unwrap();
        assert_eq!((summary.stored.len(), &summary.refused), (1, &vec![]), "{text}");
    }
    let mut listed: Vec<_> = library.list(&GameFilter::default()).unwrap();
    listed.sort_by_key(|game| game.id);
    let seen: Vec<_> = listed
        .iter()
        .map(|game| {
            let day = game.played_at.map(game_text_date);
            (game.white.as_str(), game.black.as_str(), game.outcome.winner(), day, game.outcome.is_over())
        })
        .collect();
    let (white, black) = (Some(Side::White), Some(Side::Black));
    let day = |text: &str| Some(text.to_string());
    assert_eq!(
        seen,
        vec![
            ("alice", "bob", black, day("2024.03.05"), true),
            ("w", "b", black, day("2025.06.07"), true),
            ("carol", "dave", white, day("2025.01.02"), true),
            ("frank", "erin", white, day("2025.02.03"), true),
            ("Human", "Human", None, None, false),
        ]
    );
    // The names go out with the games and come back: the same games again.
    let ids: Vec<GameId> = listed.iter().map(|game| game.id).collect();
    let exported = library.export_text(&ids).unwrap();
    assert!(exported.contains("[White \"alice\"]\n[Black \"bob\"]\n"), "{exported}");
    let again = library.import_text(&exported, &mut |_| {}).unwrap();
    assert_eq!((again.stored.len(), again.already), (0, ids.clone()));
    assert_eq!(library.get(ids[2]).unwrap().white_name.as_deref(), Some("carol"));
    // Other people playing the same moves on the same day played another game.
    let other = SITE_RECORDS[0].replace("alice", "alicia");
    assert_eq!(library.import_text(&other, &mut |_| {}).unwrap().stored.len(), 1);
}

/// An instant as the game text writes its date.
fn game_text_date(stamp: jiff::Timestamp) -> String {
    breakline_library::transfer::pgn_date(stamp)
}
