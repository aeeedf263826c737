//! Matches between programs: the current binary as an engine player, and fake
//! engines (small shell scripts) whose bad answers must lose them the game.

use crate::breakline;
use std::path::PathBuf;
use std::process::Command;

/// Writes an executable script that answers `ok` to every command and
/// `go_answer` (a shell command) to `go`.
pub(crate) fn fake_engine(name: &str, go_answer: &str) -> PathBuf {
    fake_program(name, &format!("go*) {go_answer} ;; *) echo ok ;;"))
}

/// Writes an executable script that answers each line by `cases` (shell
/// `case` arms) and leaves on `quit`.
pub(crate) fn fake_program(name: &str, cases: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("breakline-fake-engines-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let script = format!(
        "#!/bin/sh\nwhile read line; do\n  case \"$line\" in\n    quit) exit 0 ;;\n    {cases}\n  esac\ndone\n"
    );
    std::fs::write(&path, script).unwrap();
    let status = Command::new("chmod").arg("+x").arg(&path).status().unwrap();
    assert!(status.success());
    path
}

/// Plays two games (one pair) of `white` against a depth-1 AI, returning stdout.
fn pair_against_ai(white: &str, extra: &[&str]) -> String {
    let mut args = vec!["match", "--white", white, "--black", "alphabeta:expert:depth=1", "--games", "2", "--swap"];
    args.extend_from_slice(extra);
    let (code, out, err) = breakline(&args);
    assert_eq!(code, 0, "{err}");
    out
}

#[test]
fn an_unknown_player_is_told_every_kind_of_player_and_the_nearest_name() {
    let kinds = [
        "minimax, alphabeta, enhanced, mcts",
        "beginner, novice, improver, easy, medium, hard, expert, master, or level1 to level8",
        "uci:PATH, ugi:PATH, engine:PATH",
    ];
    for (white, name, nearest) in
        [("ucii:/bin/true", "ucii", "uci:"), ("enigne:/bin/true", "enigne", "engine:"), ("level9", "level9", "level8")]
    {
        let (code, out, err) = breakline(&["match", "--white", white, "--black", "easy"]);
        assert_ne!(code, 0, "{white}: {out}");
        assert_eq!(err.trim_end().lines().count(), 1, "{white}: {err}");
        assert!(err.contains(&format!("--white: unknown player '{name}' (did you mean {nearest}?)")), "{white}: {err}");
        for kind in kinds {
            assert!(err.contains(kind), "{white}: {kind} missing from {err}");
        }
    }
    let (code, _, err) = breakline(&["match", "--white", "easy", "--black", "level6:time=100"]);
    assert_ne!(code, 0);
    assert!(err.contains("--black: level 6 (hard) does not take 'time' (it takes depth, noise, seed,"), "{err}");
}

#[test]
fn an_illegal_move_forfeits_the_game() {
    let engine = fake_engine("illegal", "echo 'info depth 1 score +3 nodes 10 time 1'; echo 'bestmove a1-h8'");
    let out = pair_against_ai(&format!("engine:{}", engine.display()), &[]);
    assert!(out.contains("Wins                                                0                  2"), "{out}");
    assert_eq!(out.matches("forfeit in game").count(), 2, "{out}");
    assert!(out.contains("illegal move 'a1-h8'"), "{out}");
    // It lost once as White and once as Black: no colour won the pair.
    assert!(out.contains("won by White 1, by Black 1; one colour won both games of 0 of 1 pairs"), "{out}");
}

#[test]
fn a_malformed_answer_forfeits_the_game() {
    let engine = fake_engine("malformed", "echo 'hello there'");
    let out = pair_against_ai(&format!("engine:{}", engine.display()), &[]);
    assert!(out.contains("answered 'hello there' to 'go'"), "{out}");
    assert_eq!(out.matches("forfeit in game").count(), 2, "{out}");
}

#[test]
fn a_silent_engine_forfeits_on_time() {
    let engine = fake_engine("silent", "sleep 3");
    let out = pair_against_ai(&format!("engine:{}", engine.display()), &["--timeout", "200"]);
    assert!(out.contains("no answer to 'go' within 200 ms"), "{out}");
    assert_eq!(out.matches("forfeit in game").count(), 2, "{out}");
}

#[test]
fn an_engine_that_cannot_start_is_an_error_before_the_match() {
    let me = env!("CARGO_BIN_EXE_breakline");
    for white in ["engine:/no/such/program".to_string(), format!("engine:{me}:ai=bogus:expert")] {
        let (code, out, err) = breakline(&["match", "--white", &white, "--black", "easy", "--games", "2"]);
        assert_ne!(code, 0, "{white}");
        assert!(out.is_empty(), "{out}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert!(err.starts_with("breakline: engine:"), "{err}");
    }
}

#[test]
fn this_binary_plays_as_an_engine_without_forfeits() {
    let me = env!("CARGO_BIN_EXE_breakline");
    let white = format!("engine:{me}:ai=alphabeta:expert:depth=1");
    let out = pair_against_ai(&white, &["--random-plies", "4", "--sprt", "0,50"]);
    assert!(!out.contains("forfeit"), "{out}");
    assert!(out.contains("pairs (A's points 0, 0.5, 1, 1.5, 2):"), "{out}");
    assert!(out.contains("SPRT [0, 50]: LLR"), "{out}");
    // Both players are the same program at the same depth from the same
    // opening with colours swapped: the pair is shared, whoever wins it.
    let (code, out, err) = breakline(&[
        "tournament",
        "--players",
        &white,
        "alphabeta:expert:depth=1",
        "--games",
        "2",
        "--random-plies",
        "2",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("2 players, 2 games"), "{out}");
}

#[test]
fn the_tournament_rule_reaches_every_game_and_every_engine_seat() {
    let me = env!("CARGO_BIN_EXE_breakline");
    let json = std::env::temp_dir().join(format!("breakline-both-connected-{}.jsonl", std::process::id()));
    let json_arg = json.to_str().unwrap();
    let extra = ["--variant", "loa", "--size", "6x6", "--both-connected", "draw", "--json", json_arg];
    let out = pair_against_ai(&format!("engine:{me}:ai=alphabeta:expert:depth=1"), &extra);
    assert!(out.contains("games analysed: 2") && !out.contains("forfeit"), "{out}");
    let records = std::fs::read_to_string(&json).unwrap();
    assert_eq!(records.lines().filter(|l| l.contains("\"both_connected\":\"draw\"")).count(), 2, "{records}");
    let _ = std::fs::remove_file(&json);
    // An engine refusing the option is refused before any game.
    let deaf =
        fake_program("no-both-connected", "setoption\\ bothconnected*) echo 'error no such option' ;; *) echo ok ;;");
    let seat = format!("engine:{}", deaf.display());
    let (code, _, err) = breakline(&[
        "match",
        "--white",
        &seat,
        "--black",
        "alphabeta:expert:depth=1",
        "--variant",
        "loa",
        "--both-connected",
        "draw",
    ]);
    assert_ne!(code, 0);
    assert!(err.contains("setoption bothconnected draw") && err.trim().lines().count() == 1, "{err}");
    let players = ["tournament", "--players", &seat, "alphabeta:expert:depth=1", "--variant", "loa", "--games", "2"];
    let (code, _, err) = breakline(&[&players[..], &["--both-connected", "draw"]].concat());
    assert_ne!(code, 0);
    assert!(err.contains("setoption bothconnected draw"), "a tournament tells its seats too: {err}");
    let (code, _, err) =
        breakline(&["match", "--white", "random", "--black", "random", "--both-connected", "sometimes"]);
    assert_ne!(code, 0);
    assert!(err.contains("unknown rule 'sometimes'"), "{err}");
}
