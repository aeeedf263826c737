//! The real binary: exit codes, one-line errors, perft output.

use crate::{breakline, breakline_with};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::{Duration, Instant};

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
        &["bench", "--smp", "0"],
        &["bench", "--smp", "1,x"],
        &["bench", "--smp", "1", "--positions", "0"],
        &["experiments", "--only", "7"],
        &["experiments", "--only", "6", "--naive-time", "0"],
        &["nosuchcommand"],
        // Game launch flags are checked before any window opens.
        &["--size", "13x13"],
        &["--variant", "loa", "--size", "8x6"],
        &["--white", "bogus:expert"],
        &["--black", "alphabeta:classic"],
        &["--preset", "10"],
        // Fresh eyes, round 8: a preset names its players, so flags that
        // name others are refused rather than silently ignored; a perft of
        // depth 0 counts nothing and is refused too.
        &["--preset", "3", "--white", "master"],
        &["--preset", "3", "--variant", "loa"],
        &["perft", "--depth", "0"],
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
fn help_lists_every_level_and_says_who_plays_a_match() {
    let levels = "beginner, novice, improver, easy, medium, hard, expert, master, or level1 to level8";
    let (code, out, _) = breakline(&["--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("Play a series of games between two players: AI, levels or programs"), "{out}");
    assert!(!out.contains("AI players\n"), "match and tournament seat programs too: {out}");
    if cfg!(feature = "gui") {
        assert!(out.contains(&format!("a level ({levels})")), "--white: {out}");
    }
    for command in ["match", "tournament"] {
        let (code, out, _) = breakline(&[command, "--help"]);
        assert_eq!(code, 0);
        assert!(out.contains(levels) && out.contains("uci:PATH"), "{command}: {out}");
    }
}

/// The bucket count is checked before the data is read (the file named does not exist).
#[test]
fn train_refuses_a_bucket_count_out_of_range_in_one_line() {
    for n in ["0", "17"] {
        let (code, out, err) = breakline(&["train", "--data", "none.bin", "--out", "none.nnue", "--buckets", n]);
        assert_ne!(code, 0);
        assert!(out.is_empty(), "{out}");
        assert_eq!(err.trim_end(), format!("breakline: --buckets must be 1 to 16, not {n}"));
    }
}

/// The shape is checked before the data is read, too.
#[test]
fn train_refuses_a_shape_it_cannot_build_in_one_line() {
    let cases = [
        (
            ["--hidden", "256"],
            "breakline: --hidden and --l2: a net without a second layer has 128 hidden units, not 256",
        ),
        (
            ["--hidden", "300"],
            "breakline: --hidden and --l2: 300 hidden units: a net with a second layer has 128, 256 or 512",
        ),
        (["--l2", "65"], "breakline: --hidden and --l2: a second layer of 65 units: this build reads 1 to 64"),
    ];
    for (i, (flags, want)) in cases.into_iter().enumerate() {
        let mut args = vec!["train", "--data", "none.bin", "--out", "none.nnue"];
        args.extend(flags);
        if i == 1 {
            args.extend(["--l2", "32"]);
        }
        let (code, out, err) = breakline(&args);
        assert_ne!(code, 0);
        assert!(out.is_empty(), "{out}");
        assert_eq!(err.trim_end(), want);
    }
}

#[test]
fn the_smp_bench_prints_a_row_per_game_with_each_thread_count() {
    let (code, out, err) = breakline(&["bench", "--smp", "1,2", "--positions", "1"]);
    assert_eq!(code, 0, "{err}");
    let rows: Vec<&str> = out.lines().filter(|l| l.starts_with("  ")).collect();
    assert_eq!(rows.len(), 2, "{out}");
    for (row, game) in rows.iter().zip(["breakthrough", "loa"]) {
        assert!(row.trim_start().starts_with(game), "{out}");
        assert!(row.contains("1 thr") && row.contains("2 thr") && row.ends_with("x)"), "{out}");
    }
    // Only the time to depth: no perft, no classic tables.
    assert!(!out.contains("perft"), "{out}");
}

#[test]
fn the_naive_players_study_prints_a_row_per_board_and_naive_player() {
    let args = ["experiments", "--only", "6", "--games", "1", "--naive-time", "5", "--threads", "2"];
    let (code, out, err) = breakline(&args);
    assert_eq!(code, 0, "{err}");
    let rows: Vec<&str> = out.lines().filter(|l| l.starts_with("  6x6 ") || l.starts_with("  8x8 ")).collect();
    assert_eq!(rows.len(), 18, "{out}");
    for naive in ["pieces", "random", "defensivereckless", "proximity"] {
        assert_eq!(rows.iter().filter(|r| r.split_whitespace().nth(1) == Some(naive)).count(), 2, "{out}");
    }
    assert!(out.contains("enhanced:balanced:time=5"), "{out}");
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

/// `breakline engine` as a client sees it: lines in, lines out, on pipes.
struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_breakline"))
            .arg("engine")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("engine starts");
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Engine { child, stdin, lines }
    }

    fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("input still open");
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    }

    /// The first line starting with `prefix`, within `bound`.
    fn wait_for(&mut self, prefix: &str, bound: Duration) -> String {
        let deadline = Instant::now() + bound;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.starts_with(prefix) => return line,
                Ok(_) => {}
                Err(e) => panic!("no '{prefix}' line within {bound:?}: {e}"),
            }
        }
    }

    /// Waits for the process to exit by itself and returns whether it succeeded.
    fn exits(&mut self, bound: Duration) -> bool {
        let deadline = Instant::now() + bound;
        while Instant::now() < deadline {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.success();
            }
            thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        panic!("the engine did not exit within {bound:?}");
    }
}

/// Far more than a stop needs, so a loaded machine cannot fail the tests.
const PROMPTLY: Duration = Duration::from_secs(10);

#[test]
fn engine_mode_keeps_reading_input_during_a_search() {
    let mut engine = Engine::start();
    engine.send("go infinite");
    engine.wait_for("info depth 2 ", Duration::from_secs(60));
    engine.send("isready");
    engine.wait_for("readyok", PROMPTLY);
    engine.send("play a2-a3");
    assert_eq!(engine.wait_for("error", PROMPTLY), "error a search is running: send stop first");
    engine.send("stop");
    let best = engine.wait_for("bestmove ", PROMPTLY);
    engine.send(&format!("play {}", best.strip_prefix("bestmove ").unwrap()));
    assert_eq!(engine.wait_for("ok", PROMPTLY), "ok");
    engine.send("go infinite");
    engine.wait_for("info ", Duration::from_secs(60));
    engine.send("quit");
    engine.wait_for("bestmove ", PROMPTLY);
    assert!(engine.exits(PROMPTLY));
}

#[test]
fn engine_mode_answers_a_search_with_limits_after_the_end_of_input() {
    let mut engine = Engine::start();
    engine.send("go depth 3");
    engine.stdin = None;
    let best = engine.wait_for("bestmove ", Duration::from_secs(60));
    assert!(best.len() > "bestmove ".len());
    assert!(engine.exits(PROMPTLY));
}

#[test]
fn solve_resumes_from_its_checkpoint() {
    let path = std::env::temp_dir().join(format!("breakline-solve-{}.ckpt", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let file = path.to_str().unwrap();
    let args = ["solve", "--size", "4x5", "--no-distance", "--threads", "2", "--checkpoint", file];
    let (code, first, _) = breakline(&args);
    assert_eq!(code, 0);
    assert!(first.starts_with("result black wins (proved)") && !first.contains("resumed"), "{first}");
    let (code, second, _) = breakline(&args);
    assert_eq!(code, 0);
    assert!(second.starts_with("result black wins (proved)") && second.contains("resumed from the checkpoint's "));
    let (code, _, err) = breakline(&["solve", "--size", "3x5", "--checkpoint", file]);
    assert_ne!(code, 0);
    assert!(err.contains("was not saved by a solve of this position"), "{err}");
    let _ = std::fs::remove_file(&path);
}

/// Starts a logged solve of 5x6 with `args` after it, sends `signal` once its
/// first progress line shows the proof under way, and returns its exit code,
/// stdout and stderr.
fn interrupted_solve(args: &[&str], signal: &str) -> (i32, String, String) {
    let base = ["solve", "--size", "5x6", "--no-distance", "--log-every", "1", "--time-limit", "120"];
    let mut child = crate::command(&[&base[..], args].concat())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("binary runs");
    let mut err = BufReader::new(child.stderr.take().expect("piped"));
    let mut log = String::new();
    while !log.contains("after ") {
        assert!(err.read_line(&mut log).expect("stderr reads") > 0, "{log}");
    }
    let sent = Command::new("kill").args([signal, &child.id().to_string()]).status().expect("kill runs");
    assert!(sent.success());
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut err, &mut rest).expect("stderr reads");
    let out = child.wait_with_output().expect("the solve ends");
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned(), log + &rest)
}

#[test]
fn an_interrupted_solve_reports_saves_its_checkpoint_and_resumes() {
    let path = std::env::temp_dir().join(format!("breakline-interrupted-{}.ckpt", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let file = path.to_str().unwrap();
    // No save falls due on its own: the one on the file is the interrupt's.
    let args = ["--checkpoint", file, "--checkpoint-every", "1000"];
    let (code, out, err) = interrupted_solve(&args, "-INT");
    assert_eq!(code, 130, "{out}{err}");
    assert!(out.starts_with("result unknown within the budget (white win: proof "), "{out}");
    assert!(out.ends_with(&format!("interrupted: the table is saved in {file}: the same command resumes\n")), "{out}");
    assert!(err.contains("breakline: interrupted; stopping the proof"), "{err}");
    // A batch system's SIGTERM stops the resumed run the same way.
    let (code, out, _) = interrupted_solve(&args, "-TERM");
    assert_eq!(code, 130, "{out}");
    assert!(out.contains("resumed from the checkpoint's ") && out.contains("interrupted: "), "{out}");
    let _ = std::fs::remove_file(&path);
    let (code, out, _) = interrupted_solve(&[], "-INT");
    assert_eq!(code, 130, "{out}");
    assert!(out.ends_with("interrupted: no checkpoint was asked for (--checkpoint FILE keeps the work)\n"), "{out}");
}

#[test]
fn a_solve_logged_to_a_file_writes_its_progress_as_it_goes() {
    // The test's stderr is a pipe, as a batch job's log is.
    let args = ["solve", "--size", "5x6", "--no-distance", "--time-limit", "3", "--log-every", "1"];
    let (code, out, err) = breakline(&args);
    assert_eq!(code, 0);
    assert!(out.starts_with("result unknown within the budget"), "{out}");
    let lines: Vec<&str> = err.lines().collect();
    assert!(lines.len() >= 2, "{err}");
    let mut last = 0;
    for line in lines {
        let (seconds, rest) = line.strip_prefix("after ").and_then(|l| l.split_once(" s: ")).expect(line);
        let seconds: u64 = seconds.parse().expect(line);
        assert!(seconds > last, "{err}");
        last = seconds;
        assert!(rest.starts_with("proving a white win: proof ") && rest.ends_with("% full"), "{line}");
    }
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
    // Fresh eyes, round 8: Lines of Action alone starts on its smallest
    // board (it was refused for Breakthrough's 5x5).
    let (code, out, err) = breakline(&["solve", "--variant", "loa", "--nodes", "2000", "--no-distance"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("result "), "{out}");
    for args in [
        &["solve", "--time-limit", "-1"][..],
        &["solve", "--memory", "0"],
        &["solve", "--fen", "5/5 w"],
        &["solve", "--moves", "a2-a5"],
        &["solve", "--fen", "w4/5/5/2b2/5 b"],
        &["solve", "--threads", "0"],
        &["solve", "--checkpoint-every", "5"],
        &["solve", "--checkpoint", "proof.ckpt", "--checkpoint-every", "0"],
        &["solve", "--checkpoint", "/no/such/directory/proof.ckpt"],
        &["solve", "--log-every", "0"],
        &["solve", "--last-ranks", "1"],
        &["solve", "--size", "5x5", "--last-ranks", "4"],
        &["solve", "--size", "8x8", "--last-ranks", "4"],
        &["solve", "--variant", "loa", "--size", "6x6", "--last-ranks", "3"],
        &["solve", "--last-ranks", "-1"],
        &["solve", "--last-ranks-file", "/no/such/table"],
        &["solve", "--last-ranks-file", "Cargo.toml"],
        &["last-ranks", "--size", "5x5", "--ranks", "4", "--out", "never-written"],
        &["last-ranks", "--size", "5x5", "--ranks", "1", "--out", "never-written"],
        &["last-ranks", "--size", "13x5", "--ranks", "2", "--out", "never-written"],
        &["last-ranks", "--size", "5x5", "--ranks", "3"],
        &["last-ranks", "--size", "5x5", "--ranks", "3", "--out", "/no/such/directory/table"],
        &["last-ranks", "--size", "5x5", "--ranks", "3", "--out", "never-written", "--threads", "0"],
    ] {
        let (code, out, err) = breakline(args);
        assert_ne!(code, 0, "{args:?}");
        assert!(out.is_empty() && err.starts_with("breakline: ") && err.lines().count() == 1, "{args:?}: {err}");
    }
}

#[test]
fn a_table_of_the_last_ranks_made_once_serves_solves_and_jobs() {
    let dir = std::env::temp_dir().join(format!("breakline-last-ranks-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let table = dir.join("3x5.table");
    let t = table.to_str().unwrap();
    let (code, out, err) = breakline(&["last-ranks", "--size", "3x5", "--ranks", "3", "--out", t, "--threads", "2"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("table of 3 last ranks on 3x5: 5832 arrangements, solved in "), "{out}");
    assert_eq!(std::fs::metadata(&table).unwrap().len(), 2 * 5832 + 20);
    // Loaded or filled as the proof goes, the table decides the same leaves.
    let loaded = breakline(&["solve", "--size", "3x5", "--no-distance", "--last-ranks-file", t]);
    let filled = breakline(&["solve", "--size", "3x5", "--no-distance", "--last-ranks", "3"]);
    let nodes =
        |out: &str| out.lines().find(|l| l.starts_with("nodes ")).map(|l| l.split(' ').nth(1).unwrap().to_string());
    assert_eq!(loaded.0, 0, "{}", loaded.2);
    assert!(loaded.1.starts_with("result black wins (proved)"), "{}", loaded.1);
    assert_eq!(nodes(&loaded.1), nodes(&filled.1));
    assert_eq!(loaded.1.lines().nth(1), filled.1.lines().nth(1), "the same line");
    for (args, error) in [
        (&["solve", "--size", "5x5", "--last-ranks-file", t][..], "is for 3x5, the board is 5x5"),
        (
            &["solve", "--size", "3x5", "--last-ranks", "2", "--last-ranks-file", t],
            "covers 3 ranks, --last-ranks asks for 2",
        ),
        (&["solve", "--variant", "loa", "--size", "6x6", "--last-ranks-file", t], "only Breakthrough"),
    ] {
        let (code, out, err) = breakline(args);
        assert!(code != 0 && out.is_empty() && err.contains(error), "{args:?}: {err}");
    }
    // Every job of a job-level proof loads the table, named by its full path.
    let jobs = dir.join("jobs");
    let j = jobs.to_str().unwrap();
    let (code, out, err) =
        breakline(&["solve", "--size", "3x5", "--jobs", j, "--job-nodes", "300", "--last-ranks-file", t]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("result black wins (proved)\nline "), "{out}");
    let wave = std::fs::read_to_string(jobs.join("wave-0001.jobs")).unwrap();
    let full = std::fs::canonicalize(&table).unwrap();
    assert!(wave.contains(&format!("\"last_ranks_file\":\"{}\"", full.display())), "{wave}");
    // A depth asked for instead: every job fills its own table of it.
    let own = dir.join("own");
    let o = own.to_str().unwrap();
    let (code, out, err) =
        breakline(&["solve", "--size", "3x5", "--jobs", o, "--job-nodes", "300", "--last-ranks", "2"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("result black wins (proved)\nline "), "{out}");
    let wave = std::fs::read_to_string(own.join("wave-0001.jobs")).unwrap();
    assert!(wave.contains("\"last_ranks\":2") && !wave.contains("last_ranks_file"), "{wave}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn solve_by_jobs_proves_resumes_and_refuses_bad_runs() {
    let dir = std::env::temp_dir().join(format!("breakline-solve-jobs-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_str().unwrap();
    let args = ["solve", "--size", "3x5", "--jobs", d, "--job-nodes", "300", "--wave", "4", "--threads", "2"];
    let (code, out, err) = breakline(&args);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("result black wins (proved)\nline "), "{out}");
    assert!(out.lines().any(|l| l.starts_with("jobs ")), "{out}");
    // Run again: every result is there, so no wave is handed out.
    let (code, again, _) = breakline(&args);
    assert_eq!(code, 0);
    assert!(again.contains("(0 waves this run)"), "{again}");
    assert_eq!(again.lines().nth(1), out.lines().nth(1), "the same line");
    // A wave's task run again (its shard from the environment) finds its jobs done.
    let wave = dir.join("wave-0001.jobs");
    let w = wave.to_str().unwrap();
    let (code, _, err) = breakline_with(&["solve", "--run-jobs", w], &[("BREAKLINE_SHARD", "1/2")]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("0 jobs run"), "{err}");
    for (args, env) in [
        (&["solve", "--run-jobs", w][..], ("BREAKLINE_SHARD", "3/2")),
        (&["solve", "--run-jobs", w, "--shard", "0/2"], ("", "")),
        (&["solve", "--run-jobs", "/no/such/wave.jobs"], ("", "")),
        (&["solve", "--size", "3x5", "--jobs", d, "--job-nodes", "400"], ("", "")),
        (&["solve", "--variant", "loa", "--size", "6x6", "--jobs", d], ("", "")),
        (&["solve", "--jobs", d, "--nodes", "5"], ("", "")),
        (&["solve", "--job-nodes", "5"], ("", "")),
        (&["solve", "--jobs", d, "--wave", "0"], ("", "")),
        (&["solve", "--size", "5x5", "--jobs", d, "--last-ranks", "4"], ("", "")),
        (&["solve", "--size", "5x5", "--jobs", d, "--last-ranks", "1"], ("", "")),
    ] {
        let env: &[(&str, &str)] = if env.0.is_empty() { &[] } else { &[env] };
        let (code, out, err) = breakline_with(args, env);
        assert_ne!(code, 0, "{args:?}");
        assert!(out.is_empty() && err.starts_with("breakline: ") && err.lines().count() == 1, "{args:?}: {err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
