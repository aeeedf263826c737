//! `breakline openings` makes a balanced set, the same for a seed on any
//! number of threads, and `match --openings` plays it; a bad file is one line.

use crate::breakline;

/// A scratch file for this test process.
fn scratch(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("breakline-openings-{}-{name}", std::process::id()))
}

/// The position strings of a set file, scores and comments left out.
fn positions(text: &str) -> Vec<String> {
    text.lines().map(|l| l.split('#').next().unwrap().trim().to_string()).filter(|l| !l.is_empty()).collect()
}

const MAKE: [&str; 14] = [
    "openings",
    "--size",
    "6x6",
    "--count",
    "4",
    "--plies",
    "3",
    "--player",
    "alphabeta:expert",
    "--nodes",
    "400",
    "--within",
    "30",
    "--seed",
];

#[test]
fn a_balanced_set_is_the_same_on_any_number_of_threads_and_keeps_only_scores_within() {
    let run = |threads: &str| {
        let (code, out, err) = breakline(&[&MAKE[..], &["9", "--threads", threads]].concat());
        assert_eq!(code, 0, "{err}");
        assert!(err.contains("kept 4 of"), "{err}");
        out
    };
    let one = run("1");
    assert_eq!(one, run("3"));
    assert_eq!(positions(&one).len(), 4);
    for line in one.lines().filter(|l| !l.starts_with('#')) {
        let score: i32 = line.split("# ").nth(1).unwrap().trim().parse().unwrap();
        assert!(score.abs() <= 30, "{line}");
    }
    assert!(one.starts_with("# breakline openings --variant breakthrough --size 6x6"), "{one}");
}

#[test]
fn a_match_plays_pair_k_from_opening_k_of_the_file() {
    let set = scratch("set.txt");
    let (code, _, err) = breakline(&[&MAKE[..], &["5", "--out", set.to_str().unwrap()]].concat());
    assert_eq!(code, 0, "{err}");
    let openings = positions(&std::fs::read_to_string(&set).unwrap());
    let json = scratch("games.jsonl");
    let args = [
        "match",
        "--size",
        "6x6",
        "--white",
        "alphabeta:expert:depth=1",
        "--black",
        "alphabeta:expert:depth=1",
        "--games",
        "6",
        "--swap",
        "--noise",
        "0",
        "--openings",
        set.to_str().unwrap(),
        "--json",
        json.to_str().unwrap(),
    ];
    let (code, _, err) = breakline(&args);
    assert_eq!(code, 0, "{err}");
    let starts: Vec<String> = std::fs::read_to_string(&json)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .map(|g| (g["index"].as_u64().unwrap(), g["record"]["start_fen"].as_str().unwrap().to_string()))
        .map(|(index, fen)| {
            assert_eq!(fen, openings[index as usize / 2], "game {index}");
            fen
        })
        .collect();
    assert_eq!(starts.len(), 6);
    let _ = std::fs::remove_file(&set);
    let _ = std::fs::remove_file(&json);
}

#[test]
fn a_bad_openings_file_is_refused_in_one_line_naming_its_line() {
    let set = scratch("bad.txt");
    std::fs::write(&set, "# a set\nbbbbbbbb/bbbbbbbb/8/8/8/8/wwwwwwww/wwwwwwww w\nnot a position\n").unwrap();
    let base = [
        "match",
        "--white",
        "alphabeta:expert:depth=1",
        "--black",
        "alphabeta:expert:depth=1",
        "--games",
        "2",
        "--openings",
    ];
    let (code, out, err) = breakline(&[&base[..], &[set.to_str().unwrap()]].concat());
    assert_ne!(code, 0);
    assert!(out.is_empty());
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("--openings") && err.contains("line 3"), "{err}");
    // A set of another board is refused too, in a tournament as in a match.
    std::fs::write(&set, "bbbbbb/bbbbbb/6/6/wwwwww/wwwwww w\n").unwrap();
    let (code, _, err) = breakline(&[
        "tournament",
        "--players",
        "alphabeta:expert:depth=1",
        "alphabeta:expert:depth=2",
        "--openings",
        set.to_str().unwrap(),
    ]);
    assert_ne!(code, 0);
    assert!(err.contains("6x6") && err.contains("8x8") && err.lines().count() == 1, "{err}");
    let (code, _, err) = breakline(&[
        "match",
        "--white",
        "alphabeta:expert:depth=1",
        "--black",
        "alphabeta:expert:depth=1",
        "--openings",
        "/nonexistent/set",
    ]);
    assert_ne!(code, 0);
    assert!(err.starts_with("breakline: --openings /nonexistent/set:"), "{err}");
    let _ = std::fs::remove_file(&set);
}
