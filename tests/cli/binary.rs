//! The real binary: exit codes, one-line errors, perft output.

use std::io::Write;
use std::process::{Command, Stdio};

fn breakline(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_breakline")).args(args).output().expect("binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn perft_prints_one_line_per_depth() {
    let (code, out, _) = breakline(&["perft", "--variant", "loa", "--size", "8x8", "--depth", "3"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(&lines[..3], ["depth 1 nodes 36", "depth 2 nodes 1244", "depth 3 nodes 44952"]);
    assert!(lines[3].starts_with("time ") && lines[3].ends_with("nodes/s"), "{out}");
    let (code, out, _) =
        breakline(&["perft", "--variant", "breakthrough", "--fen", "5/5/5/2b2/1w3 w", "--depth", "1", "--divide"]);
    assert_eq!(code, 0);
    assert!(out.contains("depth 1 nodes 3") && out.contains("b1xc2 1"), "{out}");
}

#[test]
fn every_bad_invocation_is_one_line_on_stderr_and_a_failure() {
    for args in [
        &["perft", "--variant", "chess", "--depth", "2"][..],
        &["perft", "--depth", "2", "--size", "13x13"],
        &["perft", "--depth", "2", "--variant", "loa", "--size", "8x9"],
        &["perft", "--depth", "two"],
        &["perft"],
        &["perft", "--depth", "2", "--fen", "8/8/8 q"],
        &["--frobnicate"],
        &["bench", "--runs", "0"],
        &["nosuchcommand"],
        // Game launch flags are checked before any window opens.
        &["--size", "13x13"],
        &["--variant", "loa", "--size", "8x6"],
        &["--white", "bogus:expert"],
        &["--black", "alphabeta:classic"],
        &["--preset", "10"],
        &["--screenshot", "shot.png"],
        &["--screenshot", "shot.jpg", "--after", "1"],
    ] {
        let (code, out, err) = breakline(args);
        assert_ne!(code, 0, "{args:?}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("breakline: "), "{args:?}: {err}");
    }
}

#[test]
fn engine_mode_answers_over_pipes() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_breakline"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("engine starts");
    child.stdin.take().unwrap().write_all(b"variant loa 8x8\nplay b1-b3\nbogus\nstatus\nquit\nstatus\n").unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.lines().collect::<Vec<_>>(), ["ok", "ok", "error unknown command 'bogus'", "status ongoing white"]);
}

#[test]
fn solve_proves_a_tiny_board_and_rejects_bad_budgets() {
    let (code, out, _) = breakline(&["solve", "--size", "3x5"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "result black wins (proved)", "{out}");
    assert!(lines[1].starts_with("line a2-") || lines[1].starts_with("line b2-") || lines[1].starts_with("line c2-"));
    assert!(out.contains("distance 18 plies (shortest forced win)"), "{out}");
    let (code, out, _) = breakline(&["solve", "--size", "8x8", "--nodes", "2000", "--no-distance"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("result unknown within the budget (white win: proof "), "{out}");
    for args in [
        &["solve", "--time-limit", "-1"][..],
        &["solve", "--memory", "0"],
        &["solve", "--fen", "5/5 w"],
        &["solve", "--moves", "a2-a5"],
        &["solve", "--fen", "w4/5/5/2b2/5 b"],
    ] {
        let (code, out, err) = breakline(args);
        assert_ne!(code, 0, "{args:?}");
        assert!(out.is_empty() && err.starts_with("breakline: ") && err.lines().count() == 1, "{args:?}: {err}");
    }
}
