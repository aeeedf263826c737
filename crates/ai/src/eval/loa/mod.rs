//! Lines of Action strategies: the classic three-term evaluation and the expert
//! one modelled on champion programs (MIA, YL): quads, concentration,
//! centralisation, mobility and connectedness.

mod features;
pub mod weights;

use breakline_rules::Side;
use breakline_rules::bits::Bits;
use breakline_rules::board::Board;
use breakline_rules::connection_rule::BothConnected;
use breakline_rules::game::Game;
use breakline_rules::loa::LinesOfAction;

use super::{MAX_EVAL, Score, Strategy};
use features::square_value;
pub use features::{connects_in_one, connects_in_one_under, euler};
use features::{distance_sum_scaled, groups, links, mobility, spread, surplus_distance};

/// Points per raw unit of the expert evaluation, which is its smallest step.
pub const EXPERT_STEP: Score = 10;
/// Points per unit of the classic evaluation: its terms keep their published
/// ratios, and tie-break noise gets room below one step.
const CLASSIC_STEP: Score = 10;

pub(crate) fn evaluate<B: Bits>(pos: &LinesOfAction<B>, strategy: Strategy, me: Side) -> Score {
    let b = pos.board();
    let score = match strategy {
        Strategy::Classic => CLASSIC_STEP * (classic_side(b, me) - classic_side(b, me.opponent())),
        Strategy::ExpertHand => expert_with(b, me, &EXPERT_HAND) + connect_threat(b, me, pos.both_connected()),
        // Expert, and any Breakthrough strategy a caller failed to reject.
        _ => expert(b, me) + connect_threat(b, me, pos.both_connected()),
    };
    score.clamp(-MAX_EVAL + 1, MAX_EVAL - 1)
}

/// Added for the side to move when it can join all its pieces with its next
/// move (win at once): far above any positional score, below proven scores, so
/// the search sees a win one ply past its horizon without claiming a proof.
pub const CONNECT_NEXT: Score = MAX_EVAL / 2;

/// Taken from the side to move when it cannot connect at once but its
/// opponent could on its next move: a threat the mover must parry with this
/// move. Chosen by matches (500 beat 0 by +102 Elo over 56 games; 1500 scored
/// -12 against 500 over 60), not by the tuner, whose sample positions never
/// let the mover connect.
pub const CONNECT_THREAT: Score = 500;

/// [`CONNECT_NEXT`] or [`CONNECT_THREAT`] from `me`'s view, under `rule`
/// (by the tournament rule a move joining both sides is no win, nor a threat).
pub(crate) fn connect_threat<B: Bits>(b: &Board<B>, me: Side, rule: BothConnected) -> Score {
    let mover = b.side();
    let (own, enemy) = (b.pieces(mover), b.pieces(mover.opponent()));
    let v = if connects_in_one_under(b.geometry(), own, enemy, rule) {
        CONNECT_NEXT
    } else if connects_in_one_under(b.geometry(), enemy, own, rule) {
        -CONNECT_THREAT
    } else {
        0
    };
    if mover == me { v } else { -v }
}

pub(crate) fn eval_step<B: Bits>(_pos: &LinesOfAction<B>, strategy: Strategy) -> Score {
    match strategy {
        Strategy::Classic => CLASSIC_STEP,
        _ => EXPERT_STEP,
    }
}

/// Classic, for one side: concentration (-10 x the average king-move
/// distance of its pieces from their centre of mass), centralisation (the sum
/// of [`square_value`] over its pieces) and 1000 per piece in its largest
/// connected group. The evaluation is this for us minus this for them.
fn classic_side<B: Bits>(b: &Board<B>, c: Side) -> Score {
    let (geo, set) = (b.geometry(), b.pieces(c));
    let s = spread(geo, set);
    if s.count == 0 {
        return 0;
    }
    // The scaled sum is count x the true one, so divide by count twice.
    let concentration = -10 * distance_sum_scaled(geo, set, &s) / (s.count * s.count);
    let (_, largest) = groups(geo, set);
    concentration + s.central + 1000 * largest
}

/// How many features (and weights) the expert evaluation has.
const EXPERT_LEN: usize = 11;

/// The expert evaluation's features, in the order of its weight tables. Each
/// is the side evaluated's measure minus its opponent's, in 1/[`EXPERT_FIX`]
/// units; tempo is +1 when the side evaluated is to move, -1 when not.
pub const EXPERT_FEATURES: [&str; EXPERT_LEN] = [
    "concentration (average surplus distance from the centre of mass)",
    "quads (Euler number above one)",
    "groups beyond the first",
    "centralisation (average square value / 10)",
    "centre of mass's square value / 10",
    "mobility (weighted moves / 4)",
    "pieces with no move",
    "connectedness (touching neighbours per piece)",
    "tempo (side to move)",
    "pieces",
    "largest group's share of the pieces",
];

/// Fixed point of the features: the score is the weighted sum divided by this.
pub const EXPERT_FIX: i32 = 64;

/// The expert weights (raw units) as first chosen by hand and self-play,
/// before the tuner: the tuner's starting point and the weights its sample
/// games are played with. The last two features are new with the tuner and
/// start at 0.
pub const EXPERT_HAND: [i32; EXPERT_LEN] = [-80, -4, -3, 6, 2, 3, -3, 8, 3, 0, 0];

/// One side's features (in 1/[`EXPERT_FIX`] units), added with `sign`.
fn expert_side<B: Bits>(b: &Board<B>, c: Side, f: &mut [i32; EXPERT_LEN], sign: i32) {
    const X: i32 = EXPERT_FIX;
    let geo = b.geometry();
    let (own, enemy) = (b.pieces(c), b.pieces(c.opponent()));
    let s = spread(geo, own);
    let n = s.count.max(1);
    let (count, largest) = groups(geo, own);
    let (cf, cr) = features::centre(&s, geo.columns as i32);
    let (moves, stuck) = mobility(geo, own, enemy);
    f[0] += sign * (X * surplus_distance(geo, own, &s) / (n * n));
    f[1] += sign * X * (euler(geo, own).max(1) - 1);
    f[2] += sign * X * (count.max(1) - 1);
    f[3] += sign * (X * s.central / (10 * n));
    f[4] += sign * (X * square_value(geo.columns as i32, cf, cr) / 10);
    f[5] += sign * (X * moves / 4);
    f[6] += sign * X * stuck;
    f[7] += sign * (X * 2 * links(geo, own) / n);
    f[9] += sign * X * s.count;
    f[10] += sign * (X * largest / n);
}

/// The expert features of `b` for `me` (see [`EXPERT_FEATURES`]).
pub fn expert_features<B: Bits>(b: &Board<B>, me: Side) -> [i32; EXPERT_LEN] {
    let mut f = [0; EXPERT_LEN];
    expert_side(b, me, &mut f, 1);
    expert_side(b, me.opponent(), &mut f, -1);
    f[8] = if b.side() == me { EXPERT_FIX } else { -EXPERT_FIX };
    f
}

/// The expert score of these features under `weights`, in points.
#[inline]
fn expert_linear(features: &[i32; EXPERT_LEN], weights: &[i32; EXPERT_LEN]) -> Score {
    let sum: i64 = features.iter().zip(weights).map(|(&f, &w)| f as i64 * w as i64).sum();
    EXPERT_STEP * (sum / EXPERT_FIX as i64) as Score
}

/// Expert under any weights.
pub(crate) fn expert_with<B: Bits>(b: &Board<B>, me: Side, weights: &[i32; EXPERT_LEN]) -> Score {
    expert_linear(&expert_features(b, me), weights)
}

/// Expert: how close each side is to one compact group (concentration, quads,
/// groups, centralisation, mobility, connectedness, tempo...), ours minus
/// theirs. Weights: [`weights::EXPERT`], written by `breakline tune`.
fn expert<B: Bits>(b: &Board<B>, me: Side) -> Score {
    expert_with(b, me, &weights::EXPERT)
}
