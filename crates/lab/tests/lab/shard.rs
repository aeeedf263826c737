//! Shards: N shard files of a match, a round robin or the tuner's self-play,
//! read back together, hold the very games of the one-machine run; a set
//! with a game missing, a game twice or a foreign file is refused with one
//! line that says which; a shard cut short leaves the games it finished.

use std::sync::atomic::AtomicBool;

use breakline_ai::search::AiConfig;
use breakline_lab::runner::{PairGame, RoundRobin, Schedule, Seat, SeriesGame, SeriesSpec};
use breakline_lab::shard::{MergeError, Shard, ShardSet, ShardSpec, ShardWriter, share};
use breakline_lab::tune::{self, TuneSpec};
use breakline_rules::{BoardSize, Variant};

fn seat(text: &str) -> Seat {
    Seat::Ai(AiConfig::parse(text, Variant::Breakthrough).unwrap())
}

fn schedule(seed: u64) -> Schedule {
    Schedule {
        variant: Variant::Breakthrough,
        size: BoardSize::new(6, 6),
        move_limit: None,
        random_plies: 2,
        noise: 1.0,
        seed,
        swap: true,
        time_control: None,
        both_connected: Default::default(),
        openings: None,
    }
}

fn series(seed: u64) -> SeriesSpec {
    SeriesSpec {
        schedule: schedule(seed),
        a: seat("alphabeta:expert:depth=2"),
        b: seat("alphabeta:offensive2:depth=1"),
        games: 14,
    }
}

fn round_robin() -> RoundRobin {
    let players = ["alphabeta:expert:depth=1", "alphabeta:offensive2:depth=1", "alphabeta:defensive1:depth=1"];
    // Three games a pair: an odd count, so each pair's last game is a unit alone.
    RoundRobin { schedule: schedule(5), players: players.map(seat).to_vec(), games_per_pair: 3 }
}

fn tune_spec() -> TuneSpec {
    let mut spec = TuneSpec::new(Variant::Breakthrough, 12, 3);
    spec.depth = 1;
    spec
}

/// A game's JSON without its measured times (not reproduced).
fn untimed<G: serde::Serialize>(game: &G) -> serde_json::Value {
    let mut value = serde_json::to_value(game).unwrap();
    let record = if value.get("game").is_some() { &mut value["game"]["record"] } else { &mut value["record"] };
    for m in record["moves"].as_array_mut().unwrap() {
        m["time_us"] = 0.into();
    }
    for side in ["white", "black"] {
        record["stats"][side]["total_time_us"] = 0.into();
    }
    value
}

fn untimed_all<G: serde::Serialize>(games: &[G]) -> Vec<serde_json::Value> {
    games.iter().map(untimed).collect()
}

/// Shard `k` of `n` of a match, as a shard file's text.
fn match_shard(spec: &SeriesSpec, k: usize, n: usize) -> (String, String) {
    let shard = Shard::new(k, n).unwrap();
    let shard_spec = ShardSpec::Match { series: spec.clone(), sprt: None };
    let mut out = ShardWriter::new(Vec::new(), &shard_spec, shard).unwrap();
    let indices = share(shard, 1, spec.games, spec.schedule.swap);
    let stop = AtomicBool::new(false);
    let played = spec.run_games(&indices, 2, &stop, |g| out.write(None, g.index, g).unwrap()).unwrap();
    assert_eq!(played.len(), indices.len());
    let text = String::from_utf8(out.into_inner()).unwrap();
    (format!("match-{k}-of-{n}.jsonl"), text)
}

/// Every shard of a run, written by `shard` and read back.
fn merged(n: usize, shard: impl Fn(usize, usize) -> (String, String)) -> ShardSet {
    let files: Vec<(String, String)> = (1..=n).map(|k| shard(k, n)).collect();
    ShardSet::read(&files).unwrap()
}

#[test]
fn match_shards_merged_are_the_one_machine_games() {
    let spec = series(11);
    let whole = spec.run(2, &AtomicBool::new(false), |_| {}).unwrap();
    for n in [1, 2, 3, 7] {
        let set = merged(n, |k, n| match_shard(&spec, k, n));
        assert!(set.notes().is_empty());
        let games: Vec<SeriesGame> = set.all_games().unwrap();
        assert_eq!(games.iter().map(|g| g.index).collect::<Vec<_>>(), (0..14).collect::<Vec<_>>());
        assert_eq!(untimed_all(&games), untimed_all(&whole), "{n} shards");
    }
}

#[test]
fn tournament_shards_merged_are_the_one_machine_games() {
    let rr = round_robin();
    let whole = rr.play(2, &AtomicBool::new(false), |_| {}).unwrap();
    assert_eq!(whole.len(), 9);
    let shard_file = |k, n| {
        let shard = Shard::new(k, n).unwrap();
        let mut out = ShardWriter::new(Vec::new(), &ShardSpec::Tournament { round_robin: rr.clone() }, shard).unwrap();
        let jobs = share(shard, rr.pairs().len(), rr.games_per_pair, true);
        let pairs = rr.pairs();
        rr.play_games(&jobs, 2, &AtomicBool::new(false), |g| {
            let pair = pairs.iter().position(|&p| p == (g.first, g.second)).unwrap();
            out.write(None, pair * rr.games_per_pair + g.game.index, g).unwrap();
        })
        .unwrap();
        (format!("rr-{k}.jsonl"), String::from_utf8(out.into_inner()).unwrap())
    };
    for n in [1, 2, 3, 7] {
        let games: Vec<PairGame> = merged(n, shard_file).all_games().unwrap();
        assert_eq!(untimed_all(&games), untimed_all(&whole), "{n} shards");
    }
}

#[test]
fn tune_shards_merged_fit_the_one_machine_weights() {
    let spec = tune_spec();
    let whole = tune::tune(&spec, 2, &|_| {}).unwrap();
    let sample = spec.series().unwrap();
    let shard_file = |k, n| {
        let shard = Shard::new(k, n).unwrap();
        let mut out = ShardWriter::new(Vec::new(), &ShardSpec::Tune { tune: spec.clone() }, shard).unwrap();
        let indices = share(shard, 1, sample.games, false);
        sample.run_games(&indices, 2, &AtomicBool::new(false), |g| out.write(None, g.index, g).unwrap()).unwrap();
        (format!("tune-{k}.jsonl"), String::from_utf8(out.into_inner()).unwrap())
    };
    for n in [1, 2, 3, 7] {
        let games: Vec<SeriesGame> = merged(n, shard_file).all_games().unwrap();
        assert_eq!(tune::fit(&spec, &games).unwrap(), whole, "{n} shards");
    }
}

/// The error's text: one line.
fn one_line(error: MergeError) -> String {
    let text = error.to_string();
    assert!(!text.contains('\n'), "{text}");
    text
}

#[test]
fn a_missing_doubled_or_foreign_shard_is_refused_with_one_line() {
    let spec = series(11);
    let shards: Vec<(String, String)> = (1..=3).map(|k| match_shard(&spec, k, 3)).collect();
    // Shard 2 of 3 holds pairs 1 and 4: games 2, 3, 8 and 9.
    let missing = ShardSet::read(&[shards[0].clone(), shards[2].clone()]).unwrap().all_games::<SeriesGame>();
    let text = one_line(missing.unwrap_err());
    assert!(text.contains("missing 4 of 14 games") && text.contains("2-3, 8-9"), "{text}");
    let doubled = ShardSet::read(&[shards[0].clone(), shards[1].clone(), shards[1].clone(), shards[2].clone()]);
    let text = one_line(doubled.err().unwrap());
    // Line 2 holds whichever of its games finished first.
    assert!(text.contains("is there twice: match-2-of-3.jsonl line 2 and match-2-of-3.jsonl line 2"), "{text}");
    let foreign = match_shard(&series(12), 2, 3);
    let text = one_line(ShardSet::read(&[shards[0].clone(), foreign]).err().unwrap());
    assert!(text.contains("another run") && text.contains("match-1-of-3.jsonl"), "{text}");
    // A header edited by hand no longer matches its fingerprint.
    let edited = (shards[0].0.clone(), shards[0].1.replacen("\"seed\":11", "\"seed\":13", 1));
    let text = one_line(ShardSet::read(&[edited]).err().unwrap());
    assert!(text.contains("fingerprint"), "{text}");
    let text = one_line(ShardSet::read(&[("empty.jsonl".into(), String::new())]).err().unwrap());
    assert!(text.contains("empty.jsonl: empty"), "{text}");
}

#[test]
fn a_shard_cut_mid_line_keeps_its_finished_games_and_the_merge_names_the_rest() {
    let spec = series(11);
    let (name, text) = match_shard(&spec, 1, 2);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 1 + 8, "header and 8 games (pairs 0, 2, 4, 6)");
    // Killed while writing its fourth game: half of that line is there.
    let cut = lines[..4].iter().map(|l| format!("{l}\n")).collect::<String>() + &lines[4][..lines[4].len() / 2];
    let other = match_shard(&spec, 2, 2);
    let set = ShardSet::read(&[(name, cut), other]).unwrap();
    assert_eq!(set.notes().len(), 1);
    assert!(set.notes()[0].contains("line 5: torn"), "{:?}", set.notes());
    let text = one_line(set.all_games::<SeriesGame>().unwrap_err());
    // Lines 2-4 hold games 0, 1 and 4 (in finishing order); 5 and pairs 6, 8 and 12 are gone.
    assert!(text.starts_with("missing"), "{text}");
    let held: Vec<usize> = lines[1..4]
        .iter()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["index"].as_u64().unwrap() as usize)
        .collect();
    for index in share(Shard::new(1, 2).unwrap(), 1, 14, true).into_iter().filter(|i| !held.contains(i)) {
        assert!(text.contains(&index.to_string()), "game {index} unnamed: {text}");
    }
    // A torn line anywhere but last is damage, not an interruption.
    let (name, text) = match_shard(&spec, 1, 2);
    let damaged = text.replacen("\"elapsed_ms\"", "\"elapsed_ms", 1);
    let error = one_line(ShardSet::read(&[(name, damaged)]).err().unwrap());
    assert!(error.contains("line 2: not a game record"), "{error}");
}

#[test]
fn the_fingerprint_covers_the_spec_seed_and_game_count() {
    let spec = |series: SeriesSpec| ShardSpec::Match { series, sprt: None }.fingerprint();
    let base = spec(series(11));
    assert_eq!(base, spec(series(11)));
    assert_ne!(base, spec(series(12)));
    assert_ne!(base, spec(SeriesSpec { games: 16, ..series(11) }));
    assert_ne!(base, ShardSpec::Match { series: series(11), sprt: Some([0.0, 10.0]) }.fingerprint());
}

#[test]
fn shards_of_the_two_rules_for_joining_both_sides_do_not_merge() {
    use breakline_rules::connection_rule::BothConnected;
    let loa = |rule: BothConnected| {
        let config = |text: &str| Seat::Ai(AiConfig::parse(text, Variant::LinesOfAction).unwrap());
        let schedule = Schedule { variant: Variant::LinesOfAction, both_connected: rule, ..schedule(11) };
        SeriesSpec { schedule, a: config("alphabeta:expert:depth=1"), b: config("alphabeta:expert:depth=1"), games: 4 }
    };
    let (usual, tournament) = (loa(BothConnected::MoverWins), loa(BothConnected::Draw));
    let spec = |series: &SeriesSpec| ShardSpec::Match { series: series.clone(), sprt: None };
    assert_ne!(spec(&usual).fingerprint(), spec(&tournament).fingerprint());
    let usual_json = serde_json::to_string(&usual.schedule).unwrap();
    assert!(!usual_json.contains("both_connected"), "the usual rule keeps older fingerprints: {usual_json}");
    let mixed = ShardSet::read(&[match_shard(&usual, 1, 2), match_shard(&tournament, 2, 2)]);
    let text = one_line(mixed.err().unwrap());
    assert!(text.contains("another run"), "{text}");
    let same = ShardSet::read(&[match_shard(&tournament, 1, 2), match_shard(&tournament, 2, 2)]).unwrap();
    let ShardSpec::Match { series, .. } = same.spec() else { panic!("a match") };
    assert_eq!(series.schedule.both_connected, BothConnected::Draw);
    assert_eq!(same.all_games::<SeriesGame>().unwrap().len(), 4);
}
