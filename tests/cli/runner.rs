//! One match runner: game N of a spec is the same game whether the Series
//! runner plays it (the engine side of the game's Series tab) or `breakline
//! match` does, record for record.

use std::sync::atomic::AtomicBool;

use breakline::engine::lab::runner::{Schedule, Seat, SeriesGame, SeriesSpec};
use breakline::engine::{AiConfig, BoardSize, Variant};

use crate::breakline;

/// A game as JSON with the measured times taken out (they are not reproduced).
fn without_times(game: &SeriesGame) -> serde_json::Value {
    let mut value = serde_json::to_value(game).unwrap();
    for m in value["record"]["moves"].as_array_mut().unwrap() {
        m["time_us"] = 0.into();
    }
    for side in ["white", "black"] {
        value["record"]["stats"][side]["total_time_us"] = 0.into();
    }
    value
}

#[test]
fn game_n_of_a_spec_is_the_same_in_the_series_runner_and_through_match() {
    let v = Variant::Breakthrough;
    let (white, black) = ("alphabeta:expert:depth=2", "enhanced:offensive2:depth=2");
    let spec = SeriesSpec {
        schedule: Schedule {
            variant: v,
            size: BoardSize::new(6, 6),
            move_limit: None,
            random_plies: 3,
            noise: 0.5,
            seed: 11,
            swap: true,
            time_control: None,
            both_connected: Default::default(),
            openings: None,
        },
        a: Seat::Ai(AiConfig::parse(white, v).unwrap()),
        b: Seat::Ai(AiConfig::parse(black, v).unwrap()),
        games: 6,
    };
    let json = std::env::temp_dir().join(format!("breakline-runner-{}.jsonl", std::process::id()));
    let args = [
        "match",
        "--size",
        "6x6",
        "--white",
        white,
        "--black",
        black,
        "--games",
        "6",
        "--swap",
        "--random-plies",
        "3",
        "--noise",
        "0.5",
        "--seed",
        "11",
        "--threads",
        "2",
        "--json",
    ];
    let (code, out, err) = breakline(&[&args[..], &[json.to_str().unwrap()]].concat());
    assert_eq!(code, 0, "{out}{err}");
    let text = std::fs::read_to_string(&json).unwrap();
    let _ = std::fs::remove_file(&json);
    let mut by_match: Vec<SeriesGame> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    by_match.sort_by_key(|g| g.index);
    assert_eq!(by_match.iter().map(|g| g.index).collect::<Vec<_>>(), [0, 1, 2, 3, 4, 5]);
    let stop = AtomicBool::new(false);
    for n in [0, 3, 5] {
        let by_series = spec.play_game(n, &stop).unwrap();
        assert!(by_series.record.result.is_over());
        assert_eq!(without_times(&by_series), without_times(&by_match[n]), "game {n}");
    }
    // The pair shares its opening, colours swapped.
    assert_eq!(by_match[2].record.start_fen, by_match[3].record.start_fen);
    assert!(!by_match[2].a_is_black && by_match[3].a_is_black);
    assert_ne!(by_match[1].record.start_fen, by_match[3].record.start_fen);
}
