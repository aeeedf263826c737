//! `breakline library`: a writer killed (or aborted) at any point of an
//! import leaves a sound file that the same import run again completes
//! exactly, an import again stores nothing twice, bad games are named one by one, a file that is no library
//! is refused in one line and left as it was, and the commands list,
//! export, report and explore what was stored.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::Stdio;

use breakline::engine::library::Library;
use breakline::engine::library::sample::random_games;
use breakline::engine::library::transfer::BATCH;
use breakline::engine::{BoardSize, Variant};

use crate::{breakline, command};

fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("breakline-cli-library-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `PRAGMA integrity_check`'s answer for the file.
fn integrity(db: &Path) -> String {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.query_row("PRAGMA integrity_check", [], |row| row.get(0)).unwrap()
}

/// Imports `file` into `db`; the command's exit status and stdout.
fn import(db: &Path, file: &Path, extra: &[&str]) -> (std::process::ExitStatus, String) {
    let mut args = vec!["library", "--db", db.to_str().unwrap(), "import", file.to_str().unwrap()];
    args.extend_from_slice(extra);
    let out = command(&args).stderr(Stdio::null()).output().unwrap();
    (out.status, String::from_utf8(out.stdout).unwrap())
}

/// Every game of the library at `db` as text, oldest first.
fn exported(db: &Path) -> String {
    let (code, out, err) = breakline(&["library", "--db", db.to_str().unwrap(), "export"]);
    assert_eq!(code, 0, "{err}");
    out
}

/// The explorer's answers in the library at `db`: at the start and after
/// each of a few first moves (the games are of Breakthrough 6x6).
fn explored(db: &Path) -> String {
    let mut answers = String::new();
    for moves in [&[][..], &["a2-a3"], &["c2-c3"], &["f2-e3"], &["c2-c3", "d5-d4"]] {
        let mut args = vec!["library", "--db", db.to_str().unwrap(), "explore", "--size", "6x6"];
        args.extend_from_slice(moves);
        let (code, out, err) = breakline(&args);
        assert_eq!(code, 0, "{err}");
        answers.push_str(&out);
    }
    answers
}

/// A file of `count` seeded games and what a clean import of it makes: the
/// library's games as text, and its explorer's answers.
fn games_and_clean_import(dir: &Path, count: u64) -> (PathBuf, String, String) {
    let file = dir.join("games.txt");
    std::fs::write(&file, random_games(Variant::Breakthrough, BoardSize::new(6, 6), 9, count).unwrap()).unwrap();
    let clean = dir.join("clean.sqlite3");
    let (status, out) = import(&clean, &file, &[]);
    assert!(status.success() && out.contains(&format!("({count} new, 0 already there)")), "{out}");
    (file, exported(&clean), explored(&clean))
}

#[test]
fn a_writer_killed_mid_import_leaves_a_sound_file_that_the_import_completes() {
    let dir = scratch("kill");
    let total = 3 * BATCH;
    let (file, clean, clean_explorer) = games_and_clean_import(&dir, total as u64);
    let db = dir.join("lib.sqlite3");
    let mut child = command(&["library", "--db", db.to_str().unwrap(), "import", file.to_str().unwrap(), "--progress"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut committed = 0;
    for line in BufReader::new(child.stdout.take().unwrap()).lines() {
        committed = line.unwrap().strip_prefix("stored ").unwrap().parse::<usize>().unwrap();
        if committed >= BATCH {
            break;
        }
    }
    // SIGKILL; on a fast machine the import may have ended first, and the
    // file must be as sound then (the aborted imports below always stop
    // mid-transaction).
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(committed >= BATCH);
    assert_eq!(integrity(&db), "ok");
    let stored = Library::open(&db).unwrap().count().unwrap() as usize;
    assert!((committed..=total).contains(&stored), "{stored} games after {committed} were committed");
    let (status, out) = import(&db, &file, &[]);
    assert!(status.success() && out.contains(&format!("({} new, {stored} already there)", total - stored)), "{out}");
    assert_eq!(exported(&db), clean, "the import run again made the clean import's library");
    assert_eq!(explored(&db), clean_explorer, "and the clean import's explorer");
}

#[test]
fn an_import_aborted_at_any_game_is_completed_exactly_by_running_it_again() {
    let dir = scratch("abort");
    let total = 2 * BATCH + 200;
    let (file, clean, clean_explorer) = games_and_clean_import(&dir, total as u64);
    assert!(clean_explorer.contains(&format!("{total} times in the library's games")), "{clean_explorer}");
    // Mid-batch, a batch's last game (not committed), the next batch's first.
    for abort_after in [1, 317, BATCH, BATCH + 1, 2 * BATCH + 111] {
        let db = dir.join(format!("lib-{abort_after}.sqlite3"));
        let (status, _) = import(&db, &file, &["--abort-after", &abort_after.to_string()]);
        assert!(!status.success(), "the import did not abort after {abort_after}");
        assert_eq!(integrity(&db), "ok", "after {abort_after}");
        let stored = Library::open(&db).unwrap().count().unwrap() as usize;
        assert_eq!(stored, (abort_after - 1) / BATCH * BATCH, "whole batches kept after {abort_after}");
        let (status, out) = import(&db, &file, &[]);
        assert!(status.success() && out.contains(&format!("({} new, {stored} already", total - stored)), "{out}");
        assert_eq!(exported(&db), clean, "after {abort_after}");
        assert_eq!(explored(&db), clean_explorer, "the explorer after {abort_after}");
    }
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
    assert!(err.starts_with("game 1 (line 1) refused: move 1. (ply 1) a2-a4") && err.lines().count() == 1, "{err}");
    assert!(out.contains("imported 2 games") && out.contains("(2 new, 0 already there), refused 1"), "{out}");
    let (code, out, _) = breakline(&["library", "--db", db_arg, "import", file.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(out.contains("(0 new, 2 already there), refused 1"), "{out}");
    // Fresh eyes, round 8: a file whose every game is refused is a failure.
    let only_bad = dir.join("bad.txt");
    std::fs::write(&only_bad, bad).unwrap();
    let (code, _, err) = breakline(&["library", "--db", db_arg, "import", only_bad.to_str().unwrap()]);
    assert_ne!(code, 0, "nothing imported: {err}");
    assert!(err.lines().last().is_some_and(|line| line.contains("no game of") && line.contains("1 refused")), "{err}");
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

#[test]
fn the_bench_times_import_and_merge_in_wall_and_cpu_time_and_refuses_a_full_library() {
    let db = scratch("bench").join("bench.sqlite3");
    let db_text = db.to_str().unwrap();
    let (code, out, err) = crate::breakline(&["library", "--db", db_text, "bench", "--games", "40"]);
    assert_eq!(code, 0, "{err}");
    let line = |start: &str| out.lines().find(|l| l.starts_with(start)).unwrap_or_else(|| panic!("{start}: {out}"));
    let imported = line("imported 40 games in ");
    assert!(imported.contains("s of CPU") && imported.contains("games a CPU-second"), "{imported}");
    assert!(line("merged the explorer's log").contains("s of CPU"), "{out}");
    assert!(line("import and merge together: ").contains("games/s"), "{out}");
    assert!(out.contains("explorer at the start: ") && out.contains("40 games"), "{out}");
    // The bench wants an empty library: a second run is refused in one line, the file untouched.
    let (code, out, err) = crate::breakline(&["library", "--db", db_text, "bench", "--games", "40"]);
    assert_ne!(code, 0, "{out}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(err.contains("holds games"), "{err}");
    assert_eq!(integrity(&db), "ok");
}
