//! The richer Breakthrough strategies (attacker, fortress, balanced, expert):
//! two-sided feature sums, "our features minus the enemy's".
//!
//! Terms are computed in raw units and multiplied by [`STEP`] at the end, so
//! the smallest difference any of these scores can show is `STEP` points and
//! the search's tie-break noise has room below it. A pawn is 100 raw units
//! (1000 points, one classic unit).

use breakline_rules::Side;
use breakline_rules::bits::Bits;
use breakline_rules::board::Board;

use super::features::SideFeatures;
use super::{Score, win_terms};

/// Points per raw unit.
pub const STEP: Score = 10;

/// `k` steps from home on this board, rescaled to the 8-rank board the
/// weights were chosen for (7 steps from home to goal).
#[inline]
fn scaled(side: &SideFeatures<impl Bits>, k: usize) -> i32 {
    k as i32 * 7 / (side.rows as i32 - 1)
}

/// Weights of the attacker / fortress family (raw units).
struct Weights {
    /// Every pawn alive.
    alive: i32,
    /// Extra for a pawn about to reach the goal, growing with the square of
    /// its (scaled) distance from home.
    advance: i32,
    /// Extra for a runaway pawn, plus the same again scaled by its advance.
    runaway: i32,
    /// Per pair of own pawns side by side.
    horizontal: i32,
    /// Per pair of own pawns one behind the other.
    vertical: i32,
    /// Per enemy pawn past the middle, times how far past it is.
    intruder: i32,
    /// Per own pawn attacked by an enemy pawn and not defended.
    danger: i32,
    /// Per own pawn still on its home rank.
    home: i32,
}

/// Attacker: advancement and runaways weigh heavily; safety only a little.
const ATTACKER: Weights =
    Weights { alive: 100, advance: 40, runaway: 30, horizontal: 2, vertical: 2, intruder: 2, danger: 8, home: 0 };

/// Fortress: keeps pawns together and at home, and hunts down intruders.
const FORTRESS: Weights =
    Weights { alive: 100, advance: 10, runaway: 12, horizontal: 5, vertical: 4, intruder: 8, danger: 16, home: 6 };

/// One side's total under the attacker / fortress weights.
fn family_side<B: Bits>(s: &SideFeatures<B>, w: &Weights) -> i32 {
    let alive = s.by_rank(|k| {
        let d = scaled(s, k);
        w.alive + w.advance * d * d / 49
    });
    let runaway: i32 = s.runaways().squares().map(|sq| w.runaway + w.runaway * scaled(s, s.rel_rank(sq)) / 7).sum();
    let links = w.horizontal * s.horizontal_links() as i32 + w.vertical * s.vertical_links() as i32;
    let intruders = s.flip().by_rank(|k| (2 * scaled(s, k) - 7).max(0));
    let danger = (s.attacked() & !s.protected()).count() as i32;
    let home = (s.own & s.rank(0)).count() as i32;
    alive + runaway + links - w.intruder * intruders - w.danger * danger + w.home * home
}

fn family<B: Bits>(board: &Board<B>, me: Side, w: &Weights) -> Score {
    let side = SideFeatures::new(board, me);
    STEP * (family_side(&side, w) - family_side(&side.flip(), w)) + win_terms(board, me)
}

/// Attacker: pawns alive weighted by distance to the goal, runaway pawns,
/// almost-win, horizontal and vertical connections, enemy pawns close to home
/// and pawns in danger, ours minus theirs, weighted for pushing forward.
pub(crate) fn attacker<B: Bits>(board: &Board<B>, me: Side) -> Score {
    family(board, me, &ATTACKER)
}

/// Fortress: the attacker's terms weighted for safety near home.
pub(crate) fn fortress<B: Bits>(board: &Board<B>, me: Side) -> Score {
    family(board, me, &FORTRESS)
}

/// Balanced (raw units): 100 per pawn of material difference, 2 per scaled
/// rank of summed advancement (ours minus theirs), 5 per scaled rank of our
/// most advanced pawn, -6 per scaled rank of the enemy's closest pawn, -8 per
/// own pawn an enemy pawn attacks, +3 per own pawn defended, -4 per file
/// without an own pawn (-8 when an enemy pawn stands on it).
pub(crate) fn balanced<B: Bits>(board: &Board<B>, me: Side) -> Score {
    let s = SideFeatures::new(board, me);
    let them = s.flip();
    let material = 100 * (s.own.count() as i32 - them.own.count() as i32);
    let advance = 2 * (s.by_rank(|k| scaled(&s, k)) - them.by_rank(|k| scaled(&s, k)));
    let front = 5 * scaled(&s, s.front()) - 6 * scaled(&s, them.front());
    let danger = -8 * s.attacked().count() as i32;
    let protected = 3 * s.protected().count() as i32;
    let (empty, contested) = s.empty_files();
    let files = -4 * (empty + contested);
    STEP * (material + advance + front + danger + protected + files) + win_terms(board, me)
}

/// The expert evaluation's features, in the order of its weight tables: each
/// is a count for the side evaluated minus the same count for its opponent,
/// except the last two, which count for the side to move only (+1 when that is
/// the side evaluated, -1 when it is the opponent).
pub const EXPERT_FEATURES: [&str; EXPERT_LEN] = [
    "piece",
    "rank 0 (home)",
    "rank 1",
    "rank 2",
    "rank 3",
    "rank 4",
    "rank 5 (antepenultimate)",
    "rank 6 (penultimate)",
    "attacked",
    "hanging",
    "protected",
    "horizontal link",
    "vertical link",
    "mobility",
    "file without own pawn",
    "free capture (mover)",
    "any capture (mover)",
];

/// How many features (and weights) the expert evaluation has.
pub(crate) const EXPERT_LEN: usize = 17;

/// The expert weights (raw units) as first chosen by hand and self-play at
/// alpha-beta depth 3, before the tuner: the tuner's starting point and the
/// weights its sample games are played with. Piece 100; the rank table is
/// what the old formula gave on 8x8 (15 x d^2 / 49, plus 10 and 25 on the
/// last two ranks before the goal, plus 6 on the home rank).
pub const EXPERT_HAND: [i32; EXPERT_LEN] = [100, 6, 0, 1, 2, 4, 17, 36, -5, -10, 1, 2, 1, 1, -2, 60, 20];

/// Which weight table slot a pawn `k` ranks from home counts in: the home
/// rank, the two ranks before the goal, and in between the rank rescaled to
/// the 8-rank board (so slots 1-4 on 8x8 are ranks 1-4).
#[inline]
fn rank_slot(rows: usize, k: usize) -> usize {
    if k == 0 {
        0
    } else if k + 2 >= rows {
        6
    } else if k + 3 == rows {
        5
    } else {
        (k * 7 / (rows - 1)).clamp(1, 4)
    }
}

/// One side's features (the first fifteen), independent of who is to move.
#[inline]
fn expert_side<B: Bits>(s: &SideFeatures<B>, f: &mut [i32; EXPERT_LEN], sign: i32) {
    f[0] += sign * s.own.count() as i32;
    for k in 0..s.rows {
        let n = (s.own & s.rank(k)).count() as i32;
        if n != 0 {
            f[1 + rank_slot(s.rows, k)] += sign * n;
        }
    }
    let attacked = s.attacked();
    let protected = s.protected();
    f[8] += sign * attacked.count() as i32;
    f[9] += sign * (attacked & !protected).count() as i32;
    f[10] += sign * protected.count() as i32;
    f[11] += sign * s.horizontal_links() as i32;
    f[12] += sign * s.vertical_links() as i32;
    f[13] += sign * s.mobility() as i32;
    let (empty, contested) = s.empty_files();
    f[14] += sign * (empty + contested);
}

/// What the side to move gains from capturing first: a free capture (an
/// undefended target) or at least an exchange.
#[inline]
fn initiative<B: Bits>(mover: &SideFeatures<B>, f: &mut [i32; EXPERT_LEN], sign: i32) {
    let targets = mover.enemy & mover.attacks();
    if (targets & !mover.flip().protected()).any() {
        f[15] += sign;
    } else if targets.any() {
        f[16] += sign;
    }
}

/// The expert features of `board` for `me` (see [`EXPERT_FEATURES`]).
pub fn expert_features<B: Bits>(board: &Board<B>, me: Side) -> [i32; EXPERT_LEN] {
    let s = SideFeatures::new(board, me);
    let them = s.flip();
    let mut f = [0; EXPERT_LEN];
    expert_side(&s, &mut f, 1);
    expert_side(&them, &mut f, -1);
    if board.side() == me {
        initiative(&s, &mut f, 1);
    } else {
        initiative(&them, &mut f, -1);
    }
    f
}

/// The expert score under `weights` without the almost-win terms, in points.
#[inline]
fn expert_linear(features: &[i32; EXPERT_LEN], weights: &[i32; EXPERT_LEN]) -> Score {
    STEP * features.iter().zip(weights).map(|(f, w)| f * w).sum::<i32>()
}

/// Expert under any weights: the linear features plus almost-win.
pub(crate) fn expert_with<B: Bits>(board: &Board<B>, me: Side, weights: &[i32; EXPERT_LEN]) -> Score {
    expert_linear(&expert_features(board, me), weights) + win_terms(board, me)
}

/// Expert: a linear feature evaluation, ours minus theirs: piece value, a
/// per-rank table (home rank, the ranks between, the last two before the
/// goal), attacked, hanging and protected pawns, horizontal and vertical
/// connections, mobility, files without an own pawn, the mover's capture
/// initiative, and almost-win. Weights: [`super::weights::EXPERT`], written by
/// `breakline tune`.
pub(crate) fn expert<B: Bits>(board: &Board<B>, me: Side) -> Score {
    expert_with(board, me, &super::weights::EXPERT)
}

/// Whether a position is quiet enough to judge by the expert evaluation alone
/// (for the tuner): no almost-win for either side and no capture for the side
/// to move.
pub fn quiet<B: Bits>(board: &Board<B>) -> bool {
    let mover = SideFeatures::new(board, board.side());
    super::features::race(board).is_none() && (mover.enemy & mover.attacks()).is_empty()
}
