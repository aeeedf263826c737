//! Games on the clock: `match --tc`, records that keep each move's clock, a
//! fallen flag that loses, and `go wtime btime winc binc` in the protocol.

use std::io::Write;
use std::process::Stdio;

use crate::engine_matches::fake_engine;
use crate::{breakline, command};

/// The records of a `--json` file.
fn records(path: &std::path::Path) -> Vec<serde_json::Value> {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines().map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["record"].clone()).collect()
}

#[test]
fn a_match_on_the_clock_keeps_each_moves_time_and_adds_the_increment() {
    let json = std::env::temp_dir().join(format!("breakline-tc-{}.jsonl", std::process::id()));
    let args = ["match", "--white", "alphabeta:expert:depth=2", "--black", "alphabeta:expert:depth=1"];
    let json_arg = json.to_str().unwrap();
    let mut all = args.to_vec();
    all.extend(["--games", "2", "--swap", "--random-plies", "2", "--tc", "60+0.5", "--json", json_arg]);
    let (code, out, err) = breakline(&all);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Lost on time                                        0                  0"), "{out}");
    for record in records(&json) {
        assert_eq!(record["time_control"], "60+0.5");
        let moves = record["moves"].as_array().unwrap();
        let mut last = [60_000u64; 2];
        for (i, m) in moves.iter().enumerate() {
            let left = m["clock_ms"].as_u64().expect("every move keeps its clock");
            // Each move adds 500 ms and a two-ply search takes far less than a minute.
            assert!(left <= last[i % 2] + 500 && left > 0, "move {i}: {left} after {}", last[i % 2]);
            last[i % 2] = left;
        }
        assert_ne!(record["result"]["win"]["reason"], "time");
    }
    std::fs::remove_file(json).ok();
}

#[test]
fn a_flag_that_falls_loses_the_game_before_the_late_answer_counts() {
    let engine = fake_engine("slow", "sleep 0.6; echo 'bestmove a2-a3'");
    let json = std::env::temp_dir().join(format!("breakline-flag-{}.jsonl", std::process::id()));
    let white = format!("engine:{}", engine.display());
    let args = ["match", "--white", &white, "--black", "alphabeta:expert:depth=1", "--games", "2", "--swap"];
    let mut all = args.to_vec();
    all.extend(["--tc", "0.3+0", "--json", json.to_str().unwrap()]);
    let (code, out, err) = breakline(&all);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Lost on time                                        2                  0"), "{out}");
    for record in records(&json) {
        assert_eq!(record["result"]["win"]["reason"], "time", "{record}");
        // The late move is not played: a flag falls before it counts.
        let engine_moves = record["moves"].as_array().unwrap().len();
        assert!(engine_moves <= 1, "{record}");
    }
    std::fs::remove_file(json).ok();
}

#[test]
fn a_bad_time_control_is_one_line() {
    for bad in ["x", "0+0", "10+", "5+-1", "100000"] {
        let (code, out, err) = breakline(&["match", "--white", "easy", "--black", "easy", "--tc", bad]);
        assert_ne!(code, 0, "{bad}");
        assert!(out.is_empty(), "{out}");
        assert!(err.contains("time control"), "{bad}: {err}");
    }
}

/// Runs `breakline engine` on `input` to its end; its output lines.
fn engine_session(input: &str) -> Vec<String> {
    let mut child = command(&["engine"]).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    String::from_utf8(out.stdout).unwrap().lines().map(str::to_string).collect()
}

#[test]
fn go_takes_both_clocks_as_uci_does() {
    let lines = engine_session("setoption ai master\ngo wtime 2000 btime 2000 winc 100 binc 100 movestogo 20\n");
    assert_eq!(lines[0], "ok");
    let last = lines.last().unwrap();
    assert!(last.starts_with("bestmove "), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("info depth")), "{lines:?}");
}

#[test]
fn a_bad_clock_on_go_is_one_error_line_and_changes_nothing() {
    let cases = [
        ("go wtime x btime 10", "go wtime takes a number"),
        ("go wtime 10 movestogo 0", "go movestogo takes a number"),
        ("go btime 1000", "go has white's clock missing"),
        ("go infinite wtime 1000 btime 1000", "go infinite takes no depth"),
        ("go wtime", "go option 'wtime' needs a value"),
    ];
    for (line, expected) in cases {
        let lines = engine_session(&format!("{line}\nfen\n"));
        assert_eq!(lines.len(), 2, "{line}: {lines:?}");
        assert!(lines[0].starts_with("error ") && lines[0].contains(expected), "{line}: {lines:?}");
        assert!(lines[1].starts_with("fen "), "{lines:?}");
    }
}
