//! Measurements of one side's pieces in Lines of Action: groups, quads (Euler
//! number), distances to the centre of mass, square values and mobility.

use std::ops::ControlFlow;

use breakline_rules::bits::Bits;
use breakline_rules::connection_rule::BothConnected;
use breakline_rules::geometry::Geometry;
use breakline_rules::loa::piece_moves;

/// The centralisation table of the classic evaluation, for any board from 6x6
/// to 12x12: corners -80, edge squares next to a corner -25, other edge squares
/// -20, and the inner rings rising 10 / 25 / 50 towards the centre (on larger
/// boards the rings in between take values in proportion).
pub(crate) fn square_value(n: i32, file: i32, rank: i32) -> i32 {
    let far = n - 1;
    let ring = file.min(rank).min(far - file).min(far - rank);
    if ring == 0 {
        let on_edge = |x: i32| x == 0 || x == far;
        let near_corner = |x: i32| x == 1 || x == far - 1;
        return if on_edge(file) && on_edge(rank) {
            -80
        } else if near_corner(file) || near_corner(rank) {
            -25
        } else {
            -20
        };
    }
    let (num, den) = (ring - 1, ((far / 2) - 1).max(1));
    if 2 * num <= den { 10 + 30 * num / den } else { 25 + 25 * (2 * num - den) / den }
}

/// Sums over one side's pieces, gathered in a single pass.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Spread {
    pub(crate) count: i32,
    /// Sums of files and of ranks (the centre of mass times `count`).
    files: i32,
    ranks: i32,
    /// Sum of the centralisation table over the pieces.
    pub(crate) central: i32,
}

pub fn spread<B: Bits>(geo: &Geometry<B>, set: B) -> Spread {
    let n = geo.columns as i32;
    let mut s = Spread::default();
    for sq in set.squares() {
        let (f, r) = (sq as i32 % n, sq as i32 / n);
        s.count += 1;
        s.files += f;
        s.ranks += r;
        s.central += square_value(n, f, r);
    }
    s
}

/// The sum of the pieces' king-move distances from the exact centre of mass,
/// times `count` (so it stays an integer).
pub fn distance_sum_scaled<B: Bits>(geo: &Geometry<B>, set: B, s: &Spread) -> i32 {
    let n = geo.columns as i32;
    set.squares()
        .map(|sq| {
            let (f, r) = (sq as i32 % n, sq as i32 / n);
            (f * s.count - s.files).abs().max((r * s.count - s.ranks).abs())
        })
        .sum()
}

/// The centre of mass rounded to a square, as (file, rank). Halves round
/// towards the middle of the board, so mirroring the pieces mirrors the result.
pub(crate) fn centre(s: &Spread, n: i32) -> (i32, i32) {
    let count = s.count.max(1);
    let round = |sum: i32| {
        let (q, rem) = (sum / count, sum % count);
        let up = 2 * rem > count || (2 * rem == count && (2 * q + 2 - (n - 1)).abs() < (2 * q - (n - 1)).abs());
        q + up as i32
    };
    (round(s.files), round(s.ranks))
}

/// How far the pieces lie from their exact centre of mass beyond the least
/// possible for that many pieces (a full block around one square), times
/// `count`: 0 for a perfect cluster whatever the piece count, so fewer pieces
/// are not punished for being fewer.
pub(crate) fn surplus_distance<B: Bits>(geo: &Geometry<B>, set: B, s: &Spread) -> i32 {
    let (mut least, mut left, mut ring) = (0, s.count - 1, 1);
    while left > 0 {
        let here = left.min(8 * ring);
        least += here * ring;
        left -= here;
        ring += 1;
    }
    (distance_sum_scaled(geo, set, s) - least * s.count).max(0)
}

/// The number of 8-connected groups and the size of the largest.
pub(crate) fn groups<B: Bits>(geo: &Geometry<B>, set: B) -> (i32, i32) {
    let (mut count, mut largest) = (0, 0);
    let mut rest = set;
    while let Some(seed) = rest.squares().next() {
        let group = geo.connected_from(B::bit(seed), rest);
        rest &= !group;
        count += 1;
        largest = largest.max(group.count() as i32);
    }
    (count, largest)
}

/// The Euler number (groups minus holes, 8-connectivity) from counts of the
/// 2x2 quads covering the board with a one-square empty border:
/// `E = (Q1 - Q3 - 2 QD) / 4`. A side has won only when this is at most 1, so
/// it is a cheap, smooth measure of how far from connected a side is.
pub fn euler<B: Bits>(geo: &Geometry<B>, set: B) -> i32 {
    let cols = geo.columns;
    let rows = geo.ranks.len();
    let last_rank = geo.ranks[rows - 1];
    // Quads wholly on the board, named by their lower-left square.
    let anchors = geo.not_last_file & !last_rank;
    let a = set & anchors;
    let b = set.shr(1) & anchors;
    let c = set.shr(cols) & anchors;
    let d = set.shr(cols + 1) & anchors;
    let odd = a ^ b ^ c ^ d;
    let two = (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d);
    let q1 = (odd & !two).count() as i32;
    let q3 = (odd & two).count() as i32;
    let qd = ((a & d & !b & !c) | (b & c & !a & !d)).count() as i32;
    // Quads half off the board see two squares of an edge: a Q1 wherever
    // exactly one of two neighbours along the edge is set...
    let bottom = set & geo.ranks[0];
    let top = set & last_rank;
    let left = set & geo.files[0];
    let right = set & geo.files[cols as usize - 1];
    let pairs_h = |edge: B, rank: B| ((edge ^ edge.shr(1)) & rank & geo.not_last_file).count() as i32;
    let pairs_v = |edge: B, file: B| ((edge ^ edge.shr(cols)) & file & !last_rank).count() as i32;
    let edges = pairs_h(bottom, geo.ranks[0])
        + pairs_h(top, last_rank)
        + pairs_v(left, geo.files[0])
        + pairs_v(right, geo.files[cols as usize - 1]);
    // ...and the four corner quads see one square each.
    let corners = (set & (geo.ranks[0] | last_rank) & (geo.files[0] | geo.files[cols as usize - 1])).count() as i32;
    (q1 + edges + corners - q3 - 2 * qd) / 4
}

/// Pairs of own pieces that touch (8-connectivity), each pair counted once.
pub fn links<B: Bits>(geo: &Geometry<B>, set: B) -> i32 {
    let cols = geo.columns;
    let east = set & (set & geo.not_first_file).shr(1);
    let north = set & set.shr(cols);
    let north_east = set & (set & geo.not_first_file).shr(cols + 1);
    let north_west = set & geo.not_first_file & (set & geo.not_last_file).shr(cols - 1);
    (east.count() + north.count() + north_east.count() + north_west.count()) as i32
}

/// One side's moves: a weighted count (a capture 3, a quiet move 2, either
/// landing on the edge 1 less) and the number of its pieces that cannot move.
pub fn mobility<B: Bits>(geo: &Geometry<B>, own: B, enemy: B) -> (i32, i32) {
    let edge = geo.ranks[0] | geo.ranks[geo.ranks.len() - 1] | geo.files[0] | geo.files[geo.columns as usize - 1];
    let (mut weighted, mut stuck) = (0, 0);
    for from in own.squares() {
        let mut moves = 0;
        let _ = piece_moves(geo, own, enemy, from, |to, capture| {
            moves += 1;
            weighted += 2 + capture as i32 - (edge & B::bit(to)).any() as i32;
            ControlFlow::Continue(())
        });
        stuck += (moves == 0) as i32;
    }
    (weighted, stuck)
}

/// Whether the side owning `own` can join all its pieces into one group with
/// a single move, i.e. win at once if it is to move. A move joins at most five
/// groups (the one it leaves and up to four around its target, which touch
/// its four diagonal neighbours at most), so with six or more there is
/// nothing to look for; otherwise only the moves whose target touches every
/// other group are played out.
pub fn connects_in_one<B: Bits>(geo: &Geometry<B>, own: B, enemy: B) -> bool {
    connects_in_one_under(geo, own, enemy, BothConnected::MoverWins)
}

/// [`connects_in_one`] under `rule`: by the tournament rule a joining move
/// counts only if it leaves the enemy's pieces apart (one that joins both
/// sides draws, and wins nothing).
pub fn connects_in_one_under<B: Bits>(geo: &Geometry<B>, own: B, enemy: B, rule: BothConnected) -> bool {
    let enemy_apart = |enemy_after: B| match enemy_after.squares().next() {
        Some(seed) => geo.connected_from(B::bit(seed), enemy_after) != enemy_after,
        None => false,
    };
    let wins = |to: usize| rule == BothConnected::MoverWins || enemy_apart(enemy & !B::bit(to));
    let cols = geo.columns;
    let halo = |g: B| {
        let row = g | (g.shr(1) & geo.not_last_file) | (g.shl(1) & geo.not_first_file);
        (row | row.shl(cols) | row.shr(cols)) & geo.all
    };
    let mut groups = [B::EMPTY; 5];
    let mut k = 0;
    let mut rest = own;
    while let Some(seed) = rest.squares().next() {
        if k == groups.len() {
            return false;
        }
        groups[k] = geo.connected_from(B::bit(seed), rest);
        rest &= !groups[k];
        k += 1;
    }
    if k <= 1 {
        return false;
    }
    let halos = groups.map(halo);
    for (i, &group) in groups[..k].iter().enumerate() {
        // A piece of group i moves: its target must touch every other group,
        // and what is left of group i unless it was alone.
        let mut targets = geo.all & !own;
        for (j, &h) in halos[..k].iter().enumerate() {
            if j != i || group.count() > 1 {
                targets &= h;
            }
        }
        if !targets.any() {
            continue;
        }
        for from in group.squares() {
            let joined = piece_moves(geo, own, enemy, from, |to, _| {
                let after = (own & !B::bit(from)) | B::bit(to);
                if (targets & B::bit(to)).any() && geo.connected_from(B::bit(to), after) == after && wins(to) {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
            if joined.is_break() {
                return true;
            }
        }
    }
    false
}
