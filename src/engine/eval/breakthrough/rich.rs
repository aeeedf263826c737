//! The richer Breakthrough strategies (attacker, fortress, balanced, expert):
//! two-sided feature sums, "our features minus the enemy's".
//!
//! Terms are computed in raw units and multiplied by [`STEP`] at the end, so
//! the smallest difference any of these scores can show is `STEP` points and
//! the search's tie-break noise has room below it. A pawn is 100 raw units
//! (1000 points, one classic unit).

use crate::engine::bits::Bits;
use crate::engine::board::Board;
use crate::engine::types::Color;

use super::features::Side;
use super::{Score, win_terms};

/// Points per raw unit.
pub(crate) const STEP: Score = 10;

/// `k` steps from home on this board, rescaled to the 8-rank board the
/// weights were chosen for (7 steps from home to goal).
#[inline]
fn scaled(side: &Side<impl Bits>, k: usize) -> i32 {
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
fn family_side<B: Bits>(s: &Side<B>, w: &Weights) -> i32 {
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

fn family<B: Bits>(board: &Board<B>, me: Color, w: &Weights) -> Score {
    let side = Side::new(board, me);
    STEP * (family_side(&side, w) - family_side(&side.flip(), w)) + win_terms(board, me)
}

/// Attacker: pawns alive weighted by distance to the goal, runaway pawns,
/// almost-win, horizontal and vertical connections, enemy pawns close to home
/// and pawns in danger, ours minus theirs, weighted for pushing forward.
pub(crate) fn attacker<B: Bits>(board: &Board<B>, me: Color) -> Score {
    family(board, me, &ATTACKER)
}

/// Fortress: the attacker's terms weighted for safety near home.
pub(crate) fn fortress<B: Bits>(board: &Board<B>, me: Color) -> Score {
    family(board, me, &FORTRESS)
}

/// Balanced (raw units): 100 per pawn of material difference, 2 per scaled
/// rank of summed advancement (ours minus theirs), 5 per scaled rank of our
/// most advanced pawn, -6 per scaled rank of the enemy's closest pawn, -8 per
/// own pawn an enemy pawn attacks, +3 per own pawn defended, -4 per file
/// without an own pawn (-8 when an enemy pawn stands on it).
pub(crate) fn balanced<B: Bits>(board: &Board<B>, me: Color) -> Score {
    let s = Side::new(board, me);
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

// Expert weights (raw units), chosen by self-play at alpha-beta depth 3.
const PIECE: i32 = 100;
/// Advancement: grows with the square of the scaled rank up to this value.
const ADVANCE: i32 = 15;
/// Extra for a pawn on the penultimate rank and on the one before it.
const PENULTIMATE: i32 = 25;
const ANTEPENULTIMATE: i32 = 10;
const ATTACKED: i32 = 5;
/// Further penalty for an attacked pawn nobody defends.
const HANGING: i32 = 10;
const PROTECTED: i32 = 1;
const HORIZONTAL: i32 = 2;
const VERTICAL: i32 = 1;
const MOBILITY: i32 = 1;
const EMPTY_FILE: i32 = 2;
const HOME_ROW: i32 = 6;
/// The side to move can take an undefended pawn now: most of a pawn.
const FREE_CAPTURE: i32 = 60;
/// The side to move can at least start an exchange.
const ANY_CAPTURE: i32 = 20;

/// One side's expert features, independent of who is to move.
fn expert_side<B: Bits>(s: &Side<B>) -> i32 {
    let n = s.rows - 1;
    let rank_value = s.by_rank(|k| {
        let d = scaled(s, k);
        let extra = if k + 1 == n {
            PENULTIMATE
        } else if k + 2 == n {
            ANTEPENULTIMATE
        } else {
            0
        };
        PIECE + ADVANCE * d * d / 49 + extra
    });
    let attacked = s.attacked();
    let protected = s.protected();
    let safety = -ATTACKED * attacked.count() as i32 - HANGING * (attacked & !protected).count() as i32
        + PROTECTED * protected.count() as i32;
    let links = HORIZONTAL * s.horizontal_links() as i32 + VERTICAL * s.vertical_links() as i32;
    let (empty, contested) = s.empty_files();
    let home = HOME_ROW * (s.own & s.rank(0)).count() as i32;
    rank_value + safety + links + MOBILITY * s.mobility() as i32 - EMPTY_FILE * (empty + contested) + home
}

/// What the side to move gains from capturing first.
fn initiative<B: Bits>(mover: &Side<B>) -> i32 {
    let targets = mover.enemy & mover.attacks();
    if (targets & !mover.flip().protected()).any() {
        FREE_CAPTURE
    } else if targets.any() {
        ANY_CAPTURE
    } else {
        0
    }
}

/// Expert: a linear feature evaluation, ours minus theirs: piece value,
/// rank-based danger value (extra on the last two ranks), attacked and
/// protected values, horizontal and vertical connections, mobility, empty-file
/// penalty, home-row bonus, the mover's capture initiative and almost-win.
pub(crate) fn expert<B: Bits>(board: &Board<B>, me: Color) -> Score {
    let s = Side::new(board, me);
    let them = s.flip();
    let mut raw = expert_side(&s) - expert_side(&them);
    raw += if board.side() == me { initiative(&s) } else { -initiative(&them) };
    STEP * raw + win_terms(board, me)
}
