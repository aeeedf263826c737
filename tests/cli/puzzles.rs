//! `breakline puzzles`: the shipped sets check, and bad input is one line.

use crate::breakline;

#[test]
fn the_shipped_set_checks_and_bad_files_are_one_line() {
    let shipped = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/puzzles/breakthrough-8x8.json");
    let (code, out, err) = breakline(&["puzzles", "check", shipped]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("120 puzzles, every line replays"), "{out}");
    let loa = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/puzzles/lines-of-action-8x8.json");
    let (code, out, err) = breakline(&["puzzles", "check", loa]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("120 puzzles, every line replays"), "{out}");

    let dir = std::env::temp_dir().join(format!("breakline-puzzles-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.json");
    let text = std::fs::read_to_string(shipped).unwrap().replacen("\"line\": [", "\"line\": [\"a1-a2\", ", 1);
    std::fs::write(&bad, text).unwrap();
    let garbage = dir.join("garbage.json");
    std::fs::write(&garbage, "{ not json").unwrap();
    let missing = dir.join("missing.json");
    for (file, says) in [(&bad, "puzzle 1: a line of"), (&garbage, "not a puzzle file"), (&missing, "cannot read")] {
        let (code, out, err) = breakline(&["puzzles", "check", file.to_str().unwrap()]);
        assert_ne!(code, 0);
        assert!(out.is_empty(), "{out}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert!(err.contains(says), "{err}");
    }
    let out_file = dir.join("p.json");
    let args = ["puzzles", "generate", "--min-moves", "5", "--max-moves", "2", "--out", out_file.to_str().unwrap()];
    let (code, _, err) = breakline(&args);
    assert_ne!(code, 0);
    assert!(err.contains("--min-moves 5 is more than --max-moves 2"), "{err}");
    let args = ["puzzles", "generate", "--uniqueness", "only-one", "--out", out_file.to_str().unwrap()];
    let (code, _, err) = breakline(&args);
    assert_ne!(code, 0);
    assert!(err.contains("unknown uniqueness rule 'only-one'"), "{err}");
    std::fs::remove_dir_all(dir).ok();
}
