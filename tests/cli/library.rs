//! `breakline library`: a writer killed mid-import leaves every committed
//! game readable, bad games are named one by one, a file that is no library
//! is refused in one line and left as it was, and the commands list,
//! export, report and explore what was stored.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::Stdio;

use breakline::engine::library::sample::random_games;
use breakline::engine::library::{GameFilter, Library};
use breakline::engine::{BoardSize, Variant};

use crate::{breakline, command};

fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("breakline-cli-library-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_writer_killed_mid_import_leaves_every_committed_game_intact() {
    let dir = scratch("kill");
    let (file, db) = (dir.join("games.txt"), dir.join("lib.sqlite3"));
    std::fs::write(&file, random_games(Variant::Breakthrough, BoardSize::new(8, 8), 9, 4_000).unwrap()).unwrap();
    let mut child = command(&["library", "--db", db.to_str().unwrap(), "import", file.to_str().unwrap(), "--progress"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut committed = 0;
    for line in BufReader::new(child.stdout.take().unwrap()).lines() {
        committed = line.unwrap().strip_prefix("stored ").unwrap().parse::<usize>().unwrap();
        if committed >= 500 {
            break;
        }
    }
    child.kill().unwrap(); // SIGKILL
    let status = child.wait().unwrap();
    assert!(!status.success(), "the import ended before it was killed");
    assert!(committed >= 500);
    let library = Library::open(&db).unwrap();
    let stored = library.count().unwrap() as usize;
    assert!((committed..4_000).contains(&stored), "{stored} games after {committed} were committed");
    for id in library.ids(&GameFilter::default()).unwrap() {
        library.get(id).unwrap();
    }
    let (code, out, err) = breakline(&["library", "--db", db.to_str().unwrap(), "list", "--limit", "3"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.ends_with("3 games\n"), "{out}");
}

#[test]
fn import_names_bad_games_and_the_commands_use_what_was_kept() {
    let dir = scratch("import");
    let (file, db) = (dir.join("games.txt"), dir.join("lib.sqlite3"));
    let good = random_games(Variant::Breakthrough, BoardSize::new(5, 5), 4, 2).unwrap();
    let bad = "[Variant \"breakthrough\"]\n[Size \"5x5\"]\n\n1. a2-a4 *\n";
    std::fs::write(&file, format!("{bad}\n{good}")).unwrap();
    let db_arg = db.to_str().unwrap();
    let (code, out, err) = breakline(&["library", "--db", db_arg, "import", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(err.starts_with("game 1 (line 1) refused: move 1 (a2-a4)") && err.lines().count() == 1, "{err}");
    assert!(out.contains("imported 2 games") && out.contains("refused 1"), "{out}");
    let (code, out, _) = breakline(&["library", "--db", db_arg, "list", "--from", "2026-01-02"]);
    assert_eq!(code, 0);
    assert!(out.contains("2026.01.02") && out.ends_with("1 game\n"), "{out}");
    let (code, exported, _) = breakline(&["library", "--db", db_arg, "export"]);
    assert_eq!(code, 0);
    assert_eq!(exported.matches("[Variant").count(), 2);
    let (code, out, err) = breakline(&["library", "--db", db_arg, "report", "1", "--nodes", "500"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("white: accuracy") && out.contains("black: accuracy"), "{out}");
    let (code, out, _) = breakline(&["library", "--db", db_arg, "explore", "--size", "5x5"]);
    assert_eq!(code, 0);
    assert!(out.ends_with("2 times in the library's games\n"), "{out}");
    let (code, _, err) = breakline(&["library", "--db", db_arg, "list", "--from", "yesterday"]);
    assert_ne!(code, 0);
    assert!(err.starts_with("breakline: bad date 'yesterday'") && err.lines().count() == 1, "{err}");
    let (code, out, _) = breakline(&["library", "--db", db_arg, "delete", "1"]);
    assert_eq!((code, out.as_str()), (0, "deleted game 1\n"));
    let (code, _, err) = breakline(&["library", "--db", db_arg, "delete", "1"]);
    assert_ne!(code, 0);
    assert_eq!(err, "breakline: no game 1 in the library\n");
}

#[test]
fn a_file_that_is_no_library_is_refused_in_one_line_and_left_as_it_was() {
    let dir = scratch("foreign");
    let path = dir.join("notes.sqlite3");
    std::fs::write(&path, "not a database at all\n").unwrap();
    let (code, _, err) = breakline(&["library", "--db", path.to_str().unwrap(), "list"]);
    assert_ne!(code, 0);
    assert!(err.contains("is not a Breakline library (not an SQLite database)") && err.lines().count() == 1, "{err}");
    assert_eq!(std::fs::read(&path).unwrap(), b"not a database at all\n");
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
}
