//! Lines of Action strategies: the classic three-term evaluation and the expert
//! one modelled on champion programs (MIA, YL): quads, concentration,
//! centralisation, mobility and connectedness.

mod features;

use crate::engine::bits::Bits;
use crate::engine::board::Board;
use crate::engine::game::Game;
use crate::engine::loa::LinesOfAction;
use crate::engine::types::Color;

use super::{MAX_EVAL, Score, Strategy};
pub use features::euler;
use features::square_value;
use features::{distance_sum_scaled, groups, links, mobility, spread, surplus_distance};

/// Points per raw unit of the expert evaluation, which is its smallest step.
const EXPERT_STEP: Score = 10;
/// Points per unit of the classic evaluation: its terms keep their published
/// ratios, and tie-break noise gets room below one step.
const CLASSIC_STEP: Score = 10;

pub(crate) fn evaluate<B: Bits>(pos: &LinesOfAction<B>, strategy: Strategy, me: Color) -> Score {
    let b = pos.board();
    let score = match strategy {
        Strategy::Classic => CLASSIC_STEP * (classic_side(b, me) - classic_side(b, me.opponent())),
        // Expert, and any Breakthrough strategy a caller failed to reject.
        _ => EXPERT_STEP * (expert_side(b, me) - expert_side(b, me.opponent())) + EXPERT_STEP * tempo(b, me),
    };
    score.clamp(-MAX_EVAL + 1, MAX_EVAL - 1)
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
fn classic_side<B: Bits>(b: &Board<B>, c: Color) -> Score {
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

// Expert weights in raw units (x EXPERT_STEP points), chosen by self-play.
/// Per unit of average surplus distance from the centre of mass.
const CONCENTRATION: i32 = 80;
/// Per Euler-number unit above one (a group more, or a hole fewer).
const QUADS: i32 = 4;
/// Per connected group beyond the first.
const GROUPS: i32 = 3;
/// Times the average centralisation value, divided by 10.
const CENTRALISATION: i32 = 6;
/// Times the value of the centre of mass's square, divided by 10.
const MASS_POSITION: i32 = 2;
/// Per weighted move, divided by 4.
const MOBILITY: i32 = 3;
/// Per piece with no legal move.
const STUCK: i32 = 3;
/// Times the average number of touching neighbours per piece.
const CONNECTED: i32 = 8;
/// For the side to move: in LOA a tempo is worth a lot.
const TEMPO: i32 = 3;

/// Expert, for one side (raw units): how close it is to one compact group.
fn expert_side<B: Bits>(b: &Board<B>, c: Color) -> i32 {
    let geo = b.geometry();
    let (own, enemy) = (b.pieces(c), b.pieces(c.opponent()));
    let s = spread(geo, own);
    let n = s.count.max(1);
    let concentration = -CONCENTRATION * surplus_distance(geo, own, &s) / (n * n);
    let quads = -QUADS * (euler(geo, own).max(1) - 1);
    let (count, _) = groups(geo, own);
    let grouping = -GROUPS * (count.max(1) - 1);
    let central = CENTRALISATION * s.central / (10 * n);
    let (cf, cr) = features::centre(&s, geo.columns as i32);
    let mass = MASS_POSITION * square_value(geo.columns as i32, cf, cr) / 10;
    let (moves, stuck) = mobility(geo, own, enemy);
    let mobile = MOBILITY * moves / 4 - STUCK * stuck;
    let connected = CONNECTED * 2 * links(geo, own) / n;
    concentration + quads + grouping + central + mass + mobile + connected
}

fn tempo<B: Bits>(b: &Board<B>, me: Color) -> i32 {
    if b.side() == me { TEMPO } else { -TEMPO }
}
