//! A score read as a winning chance: the tuner fits the logistic curve
//! `sigmoid(K x score)` that best predicts game results from the expert
//! evaluation, and writes K beside the weights it fits (`weights.rs`); this is
//! the one place that turns a score into an expected result with it.

use super::{Score, is_proven};
use breakline_rules::Variant;

/// The fitted K of `variant` (per raw unit of its expert evaluation; the
/// tuner fits on 8x8, and the same curve serves every size).
pub fn logistic_k(variant: Variant) -> f64 {
    match variant {
        Variant::Breakthrough => super::breakthrough::weights::LOGISTIC_K,
        Variant::LinesOfAction => super::loa::weights::LOGISTIC_K,
    }
}

/// The expected result (0 to 1) for the side whose score this is: a proven
/// win is 1, a proven loss 0, a plain score `sigmoid(K x score)`. Scores of
/// strategies other than the expert one go through the same curve, so their
/// chances are only as calibrated as their units are close to the expert's.
pub fn win_chance(variant: Variant, score: Score) -> f64 {
    if is_proven(score) {
        return if score > 0 { 1.0 } else { 0.0 };
    }
    1.0 / (1.0 + (-logistic_k(variant) * f64::from(score)).exp())
}

/// Win, draw and loss in thousandths, as UCI's `wdl` reports them (these
/// games are seldom drawn, so the draw share is 0 unless proven otherwise).
pub fn wdl_per_mille(variant: Variant, score: Score) -> [u32; 3] {
    let win = (win_chance(variant, score) * 1000.0).round() as u32;
    [win, 0, 1000 - win]
}

#[cfg(test)]
mod tests {
    use super::*;
    use breakline_rules::WIN;

    #[test]
    fn chances_follow_the_fitted_curve_and_proofs_are_certain() {
        for variant in [Variant::Breakthrough, Variant::LinesOfAction] {
            assert_eq!(win_chance(variant, 0), 0.5);
            assert_eq!(win_chance(variant, WIN - 5), 1.0);
            assert_eq!(win_chance(variant, -(WIN - 5)), 0.0);
            let (up, down) = (win_chance(variant, 300), win_chance(variant, -300));
            assert!(up > 0.5 && up < 1.0 && (up + down - 1.0).abs() < 1e-12, "{up} {down}");
            assert_eq!(wdl_per_mille(variant, 0), [500, 0, 500]);
        }
        // A pawn (100 raw units) in Breakthrough: sigmoid(0.1378) = 0.534.
        assert!((win_chance(Variant::Breakthrough, 100) - 0.5344).abs() < 1e-3);
    }
}
