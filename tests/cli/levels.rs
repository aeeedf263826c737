//! `breakline levels`: a bad table is refused in one line before any game
//! is played, a bad flag is refused by name, and `--against` rates an
//! outside program (`breakline uci` itself) on the measured ladder.

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

#[test]
fn breakline_uci_is_rated_against_two_levels_on_the_ladders_scale() {
    let me = env!("CARGO_BIN_EXE_breakline");
    let seat = format!("uci:{me}:arg=uci:depth=1:AI=alphabeta:expert");
    let args = ["levels", "--against", &seat, "--levels", "2,1", "--games", "2", "--threads", "2"];
    let (code, out, err) = breakline(&args);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("against the Breakthrough 8x8 ladder: 4 games"), "{out}");
    let rows: Vec<&str> = out.lines().filter(|l| l.trim_start().starts_with(['1', '2'])).collect();
    assert_eq!(rows.len(), 2, "{out}");
    assert!(rows[0].trim_start().starts_with("1 ") && rows[0].ends_with(" 2"), "{out}");
    let rating = out.lines().find_map(|l| l.strip_prefix("rating ")).expect("a rating line");
    let (elo, interval) = rating.split_once(" ± ").unwrap();
    let elo: f64 = elo.parse().unwrap();
    let interval: f64 = interval.split_whitespace().next().unwrap().parse().unwrap();
    // Two games a level say little: a finite rating near the two levels, with a wide interval.
    assert!((300.0..1600.0).contains(&elo) && interval > 100.0, "{out}");
}

#[test]
fn levels_against_refuses_a_bad_player_level_or_ladder_in_one_line() {
    let dir = std::env::temp_dir().join(format!("breakline-levels-against-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let empty = dir.join("empty.json");
    std::fs::write(&empty, r#"{ "ladders": [] }"#).unwrap();
    let empty = empty.to_str().unwrap();
    for (args, error) in [
        (vec!["--against", "uci:"], "uci player needs a program"),
        (vec!["--against", "uci:/no/such/engine"], "/no/such/engine"),
        (vec!["--against", "easy", "--levels", "9"], "no level 9"),
        (vec!["--against", "easy", "--table", empty], "no measured breakthrough ladder"),
        (vec!["--against", "easy", "--size", "6x6"], "measured on 8x8, not 6x6"),
        (vec!["--levels", "1"], "--against"),
    ] {
        let (code, out, err) = breakline(&[&["levels"], args.as_slice()].concat());
        assert_ne!(code, 0, "{args:?}");
        assert!(out.is_empty(), "{out}");
        assert!(err.contains(error), "{args:?}: {err}");
        if !error.starts_with("--") {
            assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        }
    }
    std::fs::remove_dir_all(dir).ok();
}
