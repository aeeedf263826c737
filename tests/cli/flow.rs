//! `breakline flow`: solving a shipped puzzle or a file, one-line errors for
//! bad puzzles and options, the list and the bench table.

use crate::breakline;

#[test]
fn solve_prints_the_grid_then_attempts_and_time() {
    let (code, out, _) = breakline(&["flow", "solve", "7x7", "--method", "smart"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(&lines[..7], ["GGG0000", "GBGGGY0", "GBBBRY0", "GYYYRY0", "GYRRRY0", "GYRYYY0", "GYYY000"]);
    assert!(lines[7].starts_with("solved: ") && lines[7].contains(" attempts in "), "{out}");
}

#[test]
fn solve_reads_a_file_and_reports_unsolvable_and_cut_runs() {
    let dir = std::env::temp_dir().join(format!("breakline-flow-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let crossing = dir.join("crossing.txt");
    std::fs::write(&crossing, "# two colours that must cross\nA.B\n...\nB.A\n").unwrap();
    let (code, out, _) = breakline(&["flow", "solve", crossing.to_str().unwrap(), "--method", "dumb"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("unsolvable: "), "{out}");
    let (code, out, _) = breakline(&["flow", "solve", "9x9", "--method", "dumbest", "--attempt-limit", "1000"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("gave up at the attempt limit: 1000 attempts"), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_puzzles_and_options_are_one_line_errors() {
    let dir = std::env::temp_dir().join(format!("breakline-flow-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut paths = Vec::new();
    for (name, text) in
        [("unpaired", "A.A\n.B.\n..."), ("ragged", "A.A\n..\nB.B"), ("garbage", "\u{0}\u{1}binary?"), ("tiny", "AA")]
    {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        paths.push(path.to_string_lossy().into_owned());
    }
    let mut cases: Vec<Vec<&str>> = paths.iter().map(|p| vec!["flow", "solve", p.as_str()]).collect();
    cases.push(vec!["flow", "solve", "/no/such/puzzle.txt"]);
    cases.push(vec!["flow", "solve", "7x7", "--method", "clever"]);
    cases.push(vec!["flow", "solve", "7x7", "--time-limit", "-1"]);
    cases.push(vec!["flow", "solve"]);
    cases.push(vec!["flow", "bench", "--time-limit", "soon"]);
    for args in &cases {
        let (code, out, err) = breakline(args);
        assert_ne!(code, 0, "{args:?}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("breakline: "), "{args:?}: {err}");
    }
    let (_, _, err) = breakline(&["flow", "solve", &paths[0]]);
    assert!(err.contains("colour 'B' has 1 source(s)"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn list_names_every_shipped_puzzle_and_bench_covers_every_method() {
    let (code, out, _) = breakline(&["flow", "list"]);
    assert_eq!(code, 0);
    let names: Vec<&str> = out.lines().map(|l| l.split_whitespace().next().unwrap()).collect();
    assert_eq!(names, ["5x5", "7x7", "8x8", "9x9", "10x10", "12x12", "12x14", "14x14"]);
    assert!(out.lines().all(|l| l.ends_with("colours, a unique solution")), "{out}");
    let (code, out, _) = breakline(&["flow", "bench", "--time-limit", "0.05", "--runs", "1"]);
    assert_eq!(code, 0);
    let rows: Vec<&str> = out.lines().skip(1).filter(|l| !l.starts_with('(')).collect();
    assert_eq!(rows.len(), 8 * 4, "{out}");
    assert!(rows.iter().any(|r| r.contains("cut")), "the random method is cut on big puzzles: {out}");
    let smart_7x7 = rows.iter().find(|r| r.starts_with("7x7") && r.contains("smart")).unwrap();
    assert!(smart_7x7.contains("313") && smart_7x7.contains("0.032 s"), "{smart_7x7}");
}
