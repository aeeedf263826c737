//! The Texel tuner: reproducible from its seed, and its fit never worse than
//! the weights it starts from on its own sample.

use std::sync::atomic::AtomicBool;

use breakline_lab::tune::{self, TuneSpec};
use breakline_rules::Variant;

fn small(variant: Variant, seed: u64) -> TuneSpec {
    let mut spec = TuneSpec::new(variant, 12, seed);
    spec.depth = 2;
    spec
}

#[test]
fn the_tuner_reproduces_its_output_from_a_seed() {
    for variant in [Variant::Breakthrough, Variant::LinesOfAction] {
        let spec = small(variant, 7);
        let one = tune::tune(&spec, 1, &|_| {}).unwrap();
        let two = tune::tune(&spec, 3, &|_| {}).unwrap();
        assert_eq!(one, two, "{variant:?}: same seed, other thread count");
        assert_eq!(one.rust_source("weights.rs"), two.rust_source("weights.rs"));
        assert!(one.train_positions > 50, "{variant:?}: {} positions", one.train_positions);
        let other = tune::tune(&small(variant, 8), 2, &|_| {}).unwrap();
        assert_ne!(one.train_positions + one.test_positions, 0);
        assert_ne!(
            (one.train_positions, one.hand_loss),
            (other.train_positions, other.hand_loss),
            "{variant:?}: seeds differ"
        );
    }
}

#[test]
fn the_fitted_weights_lose_less_than_the_hand_weights_on_their_sample() {
    for variant in [Variant::Breakthrough, Variant::LinesOfAction] {
        let r = tune::tune(&small(variant, 3), 2, &|_| {}).unwrap();
        assert!(r.k > 0.0 && r.k.is_finite());
        assert!(r.loss <= r.hand_loss, "{variant:?}: {} > {}", r.loss, r.hand_loss);
        assert!(r.loss < 0.25, "{variant:?}: a fit no better than a coin: {}", r.loss);
        assert_eq!(r.weights[0], r.hand[0], "the anchor stays");
        assert_eq!(r.weights.len(), r.names.len());
        let source = r.rust_source("crates/ai/src/eval/x/weights.rs");
        assert!(source.contains("pub const EXPERT: [i32; super::EXPERT_LEN]"));
        assert!(source.contains("--seed 3 --depth 2"));
    }
}

#[test]
fn the_sample_games_are_a_series_of_the_hand_weights_player_in_any_order() {
    let spec = small(Variant::LinesOfAction, 5);
    let series = spec.series().unwrap();
    assert_eq!(series.a.to_string(), "enhanced:experthand:depth=2");
    assert_eq!(series.a, series.b);
    assert_eq!(series.games, 12);
    let mut games = series.run(2, &AtomicBool::new(false), |_| {}).unwrap();
    assert!(games.iter().all(|g| g.record.white.label() == "enhanced:experthand:depth=2"));
    let whole = tune::tune(&spec, 1, &|_| {}).unwrap();
    assert_eq!(tune::fit(&spec, &games).unwrap(), whole);
    // The positions are gathered by game index, so games put together in any
    // order (say, from several machines) fit the same weights.
    games.reverse();
    games.swap(0, 5);
    assert_eq!(tune::fit(&spec, &games).unwrap(), whole);
    let fewer = tune::fit(&spec, &games[1..]).unwrap();
    assert!(fewer.train_positions + fewer.test_positions < whole.train_positions + whole.test_positions);
}
