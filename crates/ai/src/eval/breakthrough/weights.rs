//! Breakthrough expert weights (raw units), written by `breakline tune`: do not edit by hand.
//!
//! `breakline tune --variant breakthrough --size 8x8 --games 5000 --seed 1 --depth 3 --random-plies 6 --noise 10 --out crates/ai/src/eval/breakthrough/weights.rs`
//!
//! 134888 positions from 5000 self-play games (and 14855 held out); K = 1.378301e-3. Mean squared
//! error of result against sigmoid(K x eval): 0.245638 with the hand weights, 0.242961 fitted
//! (0.243324 and 0.239897 on the held-out games), after 12 passes.

/// The expert evaluation's weights, one per feature, as tuned (`breakline tune`).
#[rustfmt::skip]
pub const EXPERT: [i32; super::EXPERT_LEN] = [
    100, // piece (hand: 100)
    9, // rank 0 (home) (hand: 6)
    0, // rank 1 (hand: 0)
    0, // rank 2 (hand: 1)
    6, // rank 3 (hand: 2)
    11, // rank 4 (hand: 4)
    30, // rank 5 (antepenultimate) (hand: 17)
    36, // rank 6 (penultimate) (hand: 36)
    -5, // attacked (hand: -5)
    -10, // hanging (hand: -10)
    -4, // protected (hand: 1)
    1, // horizontal link (hand: 2)
    -2, // vertical link (hand: 1)
    1, // mobility (hand: 1)
    -3, // file without own pawn (hand: -2)
    60, // free capture (mover) (hand: 60)
    20, // any capture (mover) (hand: 20)
];

/// The scale of the curve that reads a score of these weights as a winning
/// chance, sigmoid(K x score), as fitted above.
pub(crate) const LOGISTIC_K: f64 = 1.378301e-3;
