//! Shards through the command line: `match`, `tournament`, `tune` and
//! `experiments` with `--shard K/N` (or a batch engine's variables), then
//! `merge`, print the one-machine run's report and records; bad shards and
//! bad shard sets are one line on stderr; a killed shard leaves a readable
//! file and the merge names the games it lacks.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

use crate::{breakline, breakline_with, command};

/// A fresh directory for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("breakline-shards-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// A report with its measured times taken out (they differ from run to run):
/// "(12.3 s)"-style figures and the time-per-move row.
fn untimed(report: &str) -> String {
    report
        .lines()
        .filter(|l| !l.starts_with("Time per move") && !l.starts_with("(reproduction"))
        .map(|line| {
            let words: Vec<&str> = line.split(' ').collect();
            let seconds = |i: usize| words.get(i + 1).is_some_and(|w| w.starts_with('s')) && words[i].contains('.');
            (0..words.len())
                .map(|i| if seconds(i) { "_" } else { words[i].trim_start_matches('(') })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Runs the binary, expecting success: stdout.
fn ok(args: &[&str]) -> String {
    let (code, out, err) = breakline(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    out
}

/// Runs `args` as N shards into `dir`, then merges them (with `merge_args`): the merged report.
fn sharded(args: &[&str], n: usize, dir: &Path, merge_args: &[&str]) -> String {
    let mut files = Vec::new();
    for k in 1..=n {
        let file = dir.join(format!("shard-{k}-of-{n}.jsonl"));
        let shard = format!("{k}/{n}");
        let (code, out, err) = breakline(&[args, &["--shard", &shard, "--json", path(&file)]].concat());
        assert_eq!(code, 0, "{err}");
        assert!(out.is_empty(), "a shard with --json prints no report: {out}");
        assert!(err.contains(&format!("shard {shard}:")), "{err}");
        files.push(file.to_str().unwrap().to_string());
    }
    let files: Vec<&str> = files.iter().map(String::as_str).collect();
    ok(&[&["merge"], merge_args, &files[..]].concat())
}

/// JSON lines as values with the measured times zeroed, sorted by index.
fn records(text: &str) -> Vec<serde_json::Value> {
    let mut values: Vec<serde_json::Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    for v in &mut values {
        let record = if v.get("game").is_some() { &mut v["game"]["record"] } else { &mut v["record"] };
        for m in record["moves"].as_array_mut().unwrap() {
            m["time_us"] = 0.into();
        }
        for side in ["white", "black"] {
            record["stats"][side]["total_time_us"] = 0.into();
        }
    }
    values.sort_by_key(|v| v["index"].as_u64());
    values
}

const MATCH: [&str; 17] = [
    "match",
    "--size",
    "6x6",
    "--white",
    "alphabeta:expert:depth=2",
    "--black",
    "alphabeta:offensive2:depth=1",
    "--games",
    "14",
    "--swap",
    "--random-plies",
    "2",
    "--seed",
    "5",
    "--sprt",
    "0,50",
    "--threads=2",
];

#[test]
fn match_shards_merge_into_the_one_machine_report_and_records() {
    let dir = scratch("match");
    let one_json = dir.join("one.jsonl");
    let one = ok(&[&MATCH[..], &["--json", path(&one_json)]].concat());
    assert!(one.contains("SPRT in game order:"), "{one}");
    let one_records = records(&std::fs::read_to_string(&one_json).unwrap());
    for n in [1, 2, 3, 7] {
        let merged_json = dir.join(format!("merged-{n}.jsonl"));
        let merged = sharded(&MATCH, n, &dir, &["--json", path(&merged_json)]);
        assert_eq!(untimed(&merged), untimed(&one), "{n} shards");
        assert_eq!(records(&std::fs::read_to_string(&merged_json).unwrap()), one_records, "{n} shards");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn tournament_shards_merge_into_the_one_machine_table() {
    let dir = scratch("tournament");
    let args = [
        "tournament",
        "--size",
        "6x6",
        "--players",
        "alphabeta:expert:depth=1",
        "alphabeta:offensive2:depth=1",
        "alphabeta:defensive1:depth=1",
        "--games",
        "3",
        "--random-plies",
        "2",
        "--threads",
        "2",
    ];
    let one = ok(&args);
    assert!(one.contains("9 games in"), "{one}");
    for n in [1, 2, 3, 7] {
        assert_eq!(untimed(&sharded(&args, n, &dir, &[])), untimed(&one), "{n} shards");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn tune_shards_merge_into_the_one_machine_weights() {
    let dir = scratch("tune");
    let weights = dir.join("weights.rs");
    let args = ["tune", "--size", "6x6", "--games", "12", "--depth", "1", "--seed", "3", "--threads", "2"];
    let one = ok(&[&args[..], &["--out", path(&weights)]].concat());
    let one_weights = std::fs::read_to_string(&weights).unwrap();
    for n in [1, 2, 3, 7] {
        std::fs::remove_file(&weights).unwrap();
        let merged = sharded(&args, n, &dir, &["--out", path(&weights)]);
        assert_eq!(untimed(&merged), untimed(&one), "{n} shards");
        assert_eq!(std::fs::read_to_string(&weights).unwrap(), one_weights, "{n} shards");
    }
    let (code, _, err) = breakline(&[&args[..], &["--shard", "1/2", "--out", path(&weights)]].concat());
    assert_eq!((code, err.lines().count()), (1, 1), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The studies' tables with their times (two-decimal ms a move) masked too,
/// and each line's spacing made single: a time with one more digit (10.23
/// against 9.87 ms, on a loaded machine) pads its column one space less.
fn untimed_tables(report: &str) -> String {
    let masked = report.split(' ').map(|w| {
        let two_decimals = w.split_once('.').is_some_and(|(a, b)| {
            !a.is_empty()
                && a.bytes().all(|c| c.is_ascii_digit())
                && b.len() == 2
                && b.bytes().all(|c| c.is_ascii_digit())
        });
        if two_decimals { "_" } else { w }
    });
    let untimed = untimed(&masked.collect::<Vec<_>>().join(" "));
    untimed.lines().map(|line| line.split_whitespace().collect::<Vec<_>>().join(" ")).collect::<Vec<_>>().join("\n")
}

#[test]
fn experiments_shards_merge_into_the_one_machine_tables() {
    let dir = scratch("experiments");
    let args = ["experiments", "--only", "2", "--games", "4", "--seed", "2", "--threads", "2"];
    let one = ok(&args);
    assert!(one.contains("2. Five 99-game series"), "{one}");
    for n in [2, 3] {
        assert_eq!(untimed_tables(&sharded(&args, n, &dir, &[])), untimed_tables(&one), "{n} shards");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_slurm_array_task_is_the_shard_of_its_place_in_the_array() {
    let dir = scratch("slurm-env");
    let by_flag = dir.join("flag.jsonl");
    ok(&[&MATCH[..], &["--shard", "2/4", "--json", path(&by_flag)]].concat());
    // Task 6 of --array=5-8 is shard 2 of 4.
    let by_env = dir.join("env.jsonl");
    let env = [("SLURM_ARRAY_TASK_ID", "6"), ("SLURM_ARRAY_TASK_MIN", "5"), ("SLURM_ARRAY_TASK_COUNT", "4")];
    let (code, _, err) = breakline_with(&[&MATCH[..], &["--json", path(&by_env)]].concat(), &env);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("shard 2/4 (from SLURM_ARRAY_TASK_ID)"), "{err}");
    let header = |p: &Path| {
        let text = std::fs::read_to_string(p).unwrap();
        let mut v: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
        v["spec"].take();
        (v, records(&text.lines().skip(1).map(|l| format!("{l}\n")).collect::<String>()).len())
    };
    assert_eq!(header(&by_flag), header(&by_env));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The manifest's value after `key:` (the first such line, quotes dropped).
fn yaml_value<'a>(manifest: &'a str, key: &str) -> &'a str {
    let line = manifest.lines().find(|l| l.trim_start().starts_with(key)).unwrap_or_else(|| panic!("no {key}"));
    line.split_once(':').unwrap().1.trim().trim_matches('"')
}

#[test]
fn the_kubernetes_manifest_runs_each_index_as_its_shard() {
    // Kubernetes cannot run here: the manifest's own command runs under the
    // variables Kubernetes would give each pod, a smaller match in place of
    // its 200 games at depth 3.
    let manifest =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/cluster/kubernetes/shards.yaml")).unwrap();
    let completions: usize = yaml_value(&manifest, "completions:").parse().unwrap();
    let lines: Vec<&str> = manifest.lines().collect();
    let env_at = lines.iter().position(|l| l.contains("name: BREAKLINE_SHARDS")).expect("BREAKLINE_SHARDS set");
    let shards: usize = yaml_value(lines[env_at + 1], "value:").parse().unwrap();
    assert_eq!(shards, completions, "BREAKLINE_SHARDS must equal completions");
    assert_eq!(yaml_value(&manifest, "completionMode:"), "Indexed");
    // The shell script: the lines under `- >-`, indented deeper than it.
    let indent = |l: &str| l.len() - l.trim_start().len();
    let block = lines.iter().position(|l| l.trim() == "- >-").expect("a folded script");
    let script: Vec<&str> =
        lines[block + 1..].iter().take_while(|l| indent(l) > indent(lines[block])).map(|l| l.trim()).collect();
    let dir = scratch("kubernetes");
    let script = script
        .join(" ")
        .replace("--games 200", "--games 10")
        .replace("depth=3", "depth=1")
        .replace("/shards/", &format!("{}/", path(&dir)));
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_breakline")).parent().unwrap();
    let search = format!("{}:{}", bin_dir.display(), std::env::var("PATH").unwrap_or_default());
    for index in 0..completions {
        let mut sh = std::process::Command::new("/bin/sh");
        sh.args(["-c", &script]).env("PATH", &search);
        for name in crate::SHARD_VARIABLES {
            sh.env_remove(name);
        }
        let out =
            sh.env("JOB_COMPLETION_INDEX", index.to_string()).env("BREAKLINE_SHARDS", shards.to_string()).output();
        let out = out.unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "index {index}: {script}: {err}");
        assert!(err.contains(&format!("shard {}/{shards} (from JOB_COMPLETION_INDEX)", index + 1)), "{err}");
        assert!(dir.join(format!("shard-{index}.jsonl")).exists());
    }
    let files: Vec<String> =
        (0..completions).map(|i| dir.join(format!("shard-{i}.jsonl")).display().to_string()).collect();
    let merged = ok(&[&["merge"], &files.iter().map(String::as_str).collect::<Vec<_>>()[..]].concat());
    let one_args: Vec<String> =
        script.split_whitespace().skip(2).take_while(|w| *w != "--json").map(String::from).collect();
    let one = ok(&one_args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(untimed(&merged), untimed(&one));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_shards_are_one_line_on_stderr() {
    // (extra arguments, variables, what the error says)
    type Case<'a> = (&'a [&'a str], &'a [(&'a str, &'a str)], &'a str);
    let cases: [Case; 6] = [
        (&["--shard", "0/4"], &[], "does not exist"),
        (&["--shard", "two"], &[], "is not K/N"),
        (&[], &[("BREAKLINE_SHARD", "5/4")], "shard 5/4 does not exist"),
        (&[], &[("SLURM_ARRAY_TASK_ID", "1")], "SLURM_ARRAY_TASK_COUNT"),
        (&[], &[("SLURM_ARRAY_TASK_ID", "x"), ("SLURM_ARRAY_TASK_COUNT", "4")], "SLURM_ARRAY_TASK_ID='x'"),
        (&[], &[("JOB_COMPLETION_INDEX", "0")], "BREAKLINE_SHARDS"),
    ];
    for (extra, env, says) in cases {
        let (code, out, err) = breakline_with(&[&MATCH[..], extra].concat(), env);
        assert_ne!(code, 0, "{extra:?} {env:?}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(says), "{extra:?} {env:?}: {err}");
        assert!(out.is_empty());
    }
}

#[test]
fn merge_refuses_a_missing_doubled_or_foreign_shard_in_one_line() {
    let dir = scratch("refuse");
    let file = |k: usize, seed: &str| {
        let f = dir.join(format!("s{k}-{seed}.jsonl"));
        let mut args = MATCH.to_vec();
        args[13] = seed;
        ok(&[&args[..], &["--shard", &format!("{k}/3"), "--json", path(&f)]].concat());
        f.display().to_string()
    };
    let (a, b, c, foreign) = (file(1, "5"), file(2, "5"), file(3, "5"), file(2, "6"));
    let refused = |files: &[&str], says: &str| {
        let (code, out, err) = breakline(&[&["merge"], files].concat());
        assert_eq!(code, 1, "{files:?}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(says), "{files:?}: {err}");
        assert!(out.is_empty());
    };
    // Shard 2 of 3 holds pairs 1 and 4: games 2, 3, 8 and 9.
    refused(&[&a, &c], "missing 4 of 14 games: indices 2-3, 8-9");
    refused(&[&a, &b, &b, &c], "is there twice");
    refused(&[&a, &foreign, &c], "is a shard of another run");
    refused(&[&a, "/nonexistent/shard.jsonl"], "/nonexistent/shard.jsonl");
    refused(&[&a, &b, &c, "--out", "w.rs"], "--out is for tune shards");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_killed_shard_leaves_its_finished_games_and_the_merge_names_the_rest() {
    let dir = scratch("killed");
    let file = dir.join("killed.jsonl");
    // Slow games (50 ms a move), so the shard is surely killed mid-game.
    let args = [
        "match",
        "--size",
        "6x6",
        "--white",
        "enhanced:expert:time=50",
        "--black",
        "enhanced:expert:time=50",
        "--games",
        "40",
        "--swap",
        "--threads",
        "1",
        "--shard",
        "1/1",
        "--json",
        path(&file),
    ];
    let mut child = command(&args).stdout(Stdio::null()).stderr(Stdio::null()).spawn().unwrap();
    let started = Instant::now();
    let finished = || std::fs::read_to_string(&file).map_or(0, |t| t.lines().count().saturating_sub(1));
    while finished() < 2 && started.elapsed() < Duration::from_secs(60) {
        assert!(child.try_wait().unwrap().is_none(), "the shard ended on its own");
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let text = std::fs::read_to_string(&file).unwrap();
    let games: Vec<serde_json::Value> = text.lines().skip(1).map(|l| serde_json::from_str(l).unwrap()).collect();
    assert!(games.len() >= 2 && games.len() < 40, "{} games", games.len());
    let (code, _, err) = breakline(&["merge", path(&file)]);
    assert_eq!(code, 1);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains(&format!("missing {} of 40 games: indices {}-39", 40 - games.len(), games.len())), "{err}");
    // Cut mid-line as well (a kill during a write): readable, with a note.
    let torn = dir.join("torn.jsonl");
    std::fs::write(&torn, &text[..text.len() - 30]).unwrap();
    let (code, _, err) = breakline(&["merge", path(&torn)]);
    assert_eq!(code, 1);
    assert!(err.lines().next().unwrap().contains("torn (the shard stopped mid-write), left out"), "{err}");
    assert!(err.lines().nth(1).unwrap().contains(&format!("missing {} of 40 games", 41 - games.len())), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
