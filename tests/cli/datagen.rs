//! `breakline datagen` through the binary: the file holds every position
//! once (a repeat is dropped and counted), and it is the same whatever the
//! number of threads that played it.

use std::collections::HashSet;

use crate::breakline;

/// The bytes of a Breakthrough 8x8 data file's header and of one record,
/// and of a record's position (both sides' pieces and the side to move).
const HEADER: usize = 16;
const RECORD: usize = 22;
const POSITION: usize = 17;

/// Plays the run on `threads` into a fresh file: its bytes and datagen's stderr.
fn datagen(threads: &str) -> (Vec<u8>, String) {
    let out = std::env::temp_dir().join(format!("breakline-datagen-{threads}-{}.bin", std::process::id()));
    let run = "datagen --variant breakthrough --games 40 --nodes 150 --random-plies 2 --seed 7 --threads";
    let mut args: Vec<&str> = run.split(' ').collect();
    args.extend([threads, "--out", out.to_str().unwrap()]);
    let (code, _, err) = breakline(&args);
    assert_eq!(code, 0, "{err}");
    let bytes = std::fs::read(&out).unwrap();
    let _ = std::fs::remove_file(&out);
    (bytes, err)
}

/// The number after `word` in `text` ("412 positions" -> 412).
fn count_before(text: &str, word: &str) -> usize {
    let words: Vec<&str> = text.split_whitespace().collect();
    let at = words.iter().position(|w| w.trim_start_matches('(') == word).unwrap_or_else(|| panic!("{word} in {text}"));
    words[at - 1].trim_start_matches('(').parse().unwrap()
}

#[test]
fn datagen_writes_each_position_once_whatever_the_threads() {
    let (one, report) = datagen("1");
    let records: Vec<&[u8]> = one[HEADER..].chunks_exact(RECORD).collect();
    let positions: HashSet<&[u8]> = records.iter().map(|r| &r[..POSITION]).collect();
    assert_eq!(positions.len(), records.len(), "a position written twice");
    assert_eq!(count_before(&report, "positions"), records.len(), "{report}");
    assert!(count_before(&report, "repeats") > 0, "40 games from 22 first moves repeat positions: {report}");
    let (two, _) = datagen("2");
    assert!(one == two, "the file depends on the threads");
}
