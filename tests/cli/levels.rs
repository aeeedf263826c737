//! `breakline levels`: a bad table is refused in one line before any game
//! is played, and a bad flag is refused by name.

use crate::breakline;

#[test]
fn a_bad_table_or_flag_is_one_line_and_no_game_is_played() {
    let dir = std::env::temp_dir().join(format!("breakline-levels-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let garbage = dir.join("levels.json");
    std::fs::write(&garbage, "{ not json").unwrap();
    let started = std::time::Instant::now();
    let (code, out, err) = breakline(&["levels", "--variant", "loa", "--write", garbage.to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(out.is_empty(), "{out}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(err.contains("not a level table"), "{err}");
    // Refused before the round robin (which takes minutes), and the file is left as it was.
    assert!(started.elapsed() < std::time::Duration::from_secs(60));
    assert_eq!(std::fs::read_to_string(&garbage).unwrap(), "{ not json");
    let (code, _, err) = breakline(&["levels", "--reach", "0"]);
    assert_ne!(code, 0);
    assert!(err.contains("--reach"), "{err}");
    std::fs::remove_dir_all(dir).ok();
}
