//! Lines of Action expert weights (raw units), written by `breakline tune`: do not edit by hand.
//!
//! `breakline tune --variant loa --size 8x8 --games 2000 --seed 1 --depth 3 --random-plies 6 --noise 2 --out crates/ai/src/eval/loa/weights.rs`
//!
//! 51322 positions from 2000 self-play games (and 5789 held out); K = 2.154246e-3. Mean squared
//! error of result against sigmoid(K x eval): 0.208388 with the hand weights, 0.204531 fitted
//! (0.213681 and 0.209395 on the held-out games), after 14 passes.

/// The expert evaluation's weights, one per feature, as tuned (`breakline tune`).
#[rustfmt::skip]
pub const EXPERT: [i32; super::EXPERT_LEN] = [
    -80, // concentration (average surplus distance from the centre of mass) (hand: -80)
    -1, // quads (Euler number above one) (hand: -4)
    -3, // groups beyond the first (hand: -3)
    8, // centralisation (average square value / 10) (hand: 6)
    -4, // centre of mass's square value / 10 (hand: 2)
    3, // mobility (weighted moves / 4) (hand: 3)
    -5, // pieces with no move (hand: -3)
    9, // connectedness (touching neighbours per piece) (hand: 8)
    13, // tempo (side to move) (hand: 3)
    2, // pieces (hand: 0)
    30, // largest group's share of the pieces (hand: 0)
];

/// The scale of the curve that reads a score of these weights as a winning
/// chance, sigmoid(K x score), as fitted above.
pub(crate) const LOGISTIC_K: f64 = 2.154246e-3;
