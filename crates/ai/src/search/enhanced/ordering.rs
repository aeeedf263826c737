//! Move ordering: the table's move, then immediate wins and captures, then the
//! killers of this ply, then quiet moves by their history of causing cutoffs.

use breakline_rules::game::{Game, MAX_MOVES, MoveList};
use breakline_rules::{Move, Side, Variant};

use super::super::pv::MAX_PLY;

const TABLE_MOVE: i32 = 1 << 30;
const WINNING: i32 = 1 << 29;
const CAPTURE: i32 = 1 << 28;
const KILLER: i32 = 1 << 27;
/// History scores stay below the killers'.
const HISTORY_CAP: i32 = 1 << 26;

pub(crate) struct Ordering {
    killers: [[Option<Move>; 2]; MAX_PLY],
    /// Indexed by side, origin and target square.
    history: Vec<i32>,
    squares: usize,
}

impl Ordering {
    pub(crate) fn new(squares: usize) -> Ordering {
        Ordering { killers: [[None; 2]; MAX_PLY], history: vec![0; 2 * squares * squares], squares }
    }

    #[inline]
    fn history_index(&self, side: Side, m: Move) -> usize {
        (side.index() * self.squares + m.from as usize) * self.squares + m.to as usize
    }

    /// Halves the history between iterations, so recent cutoffs weigh more.
    pub(crate) fn age(&mut self) {
        for h in &mut self.history {
            *h /= 2;
        }
    }

    /// Records a move that caused a cutoff at `ply`, searched `depth` deep,
    /// after the quiet moves `tried` failed to: a quiet one becomes a killer
    /// and gains history, and the quiet moves before it lose as much.
    #[inline]
    pub(crate) fn reward(&mut self, side: Side, m: Move, ply: usize, depth: u32, tried: &MoveList) {
        let bonus = (depth * depth) as i32;
        for &t in tried.iter() {
            self.adjust(side, t, -bonus);
        }
        if m.capture {
            return;
        }
        let slot = &mut self.killers[ply];
        if slot[0] != Some(m) {
            slot[1] = slot[0];
            slot[0] = Some(m);
        }
        self.adjust(side, m, bonus);
    }

    /// Moves a history score by `delta`, within the cap either side.
    #[inline]
    fn adjust(&mut self, side: Side, m: Move, delta: i32) {
        let i = self.history_index(side, m);
        self.history[i] = (self.history[i] + delta).clamp(1 - HISTORY_CAP, HISTORY_CAP - 1);
    }

    /// Fills `scores` (one per move, higher is searched first).
    #[inline]
    pub(crate) fn score<G: Game>(
        &self,
        game: &G,
        moves: &MoveList,
        table_move: Option<Move>,
        ply: usize,
        scores: &mut [i32; MAX_MOVES],
    ) {
        let side = game.side_to_move();
        let goal = goal_rank::<G>(game, side);
        let columns = game.size().columns;
        let killers = self.killers[ply];
        for (i, &m) in moves.iter().enumerate() {
            scores[i] = if Some(m) == table_move {
                TABLE_MOVE
            } else if goal.is_some_and(|rank| m.to / columns == rank) {
                WINNING
            } else if m.capture {
                // In Breakthrough the enemy pawn closest to our home is the
                // most dangerous one to leave standing.
                CAPTURE + goal.map_or(0, |rank| (m.to / columns).abs_diff(rank) as i32)
            } else if killers[0] == Some(m) {
                KILLER + 1
            } else if killers[1] == Some(m) {
                KILLER
            } else {
                self.history[self.history_index(side, m)]
            };
        }
    }
}

/// Late-move reductions leave alone this close to the goal (Breakthrough):
/// races there are decided by single tempi.
const RACE_RANKS: u8 = 2;

/// What a move is to the selective search's reductions and pruning.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum MoveClass {
    /// The table's move, a capture, a win, or in Breakthrough a step near
    /// the goal: searched in full.
    Tactical,
    /// A killer: may be reduced, never pruned.
    Killer,
    /// Any other: may be reduced and, late near the horizon, pruned.
    Quiet,
}

/// The class of move `m`, scored `score` by the ordering.
#[inline]
pub(crate) fn classify<G: Game>(game: &G, m: Move, score: i32) -> MoveClass {
    let near_goal = goal_rank::<G>(game, game.side_to_move())
        .is_some_and(|rank| (m.to / game.size().columns).abs_diff(rank) <= RACE_RANKS);
    if score >= CAPTURE || near_goal {
        MoveClass::Tactical
    } else if score >= KILLER {
        MoveClass::Killer
    } else {
        MoveClass::Quiet
    }
}

/// The rank whose reaching wins at once (Breakthrough only; a Lines of Action
/// win depends on the whole board, and its captures come first anyway).
#[inline]
fn goal_rank<G: Game>(game: &G, side: Side) -> Option<u8> {
    (G::VARIANT == Variant::Breakthrough).then(|| game.size().goal_rank(side))
}

/// Moves `moves[index..]`'s best-scored move to `index` (a lazy selection sort:
/// most nodes cut off after a move or two, so sorting everything is wasted).
#[inline]
pub(crate) fn pick_next(moves: &mut MoveList, scores: &mut [i32; MAX_MOVES], index: usize) {
    pick_next_within(moves, scores, index, moves.len());
}

/// [`pick_next`] among the first `count` moves only.
#[inline]
pub(crate) fn pick_next_within(moves: &mut MoveList, scores: &mut [i32; MAX_MOVES], index: usize, count: usize) {
    let mut best = index;
    for j in index + 1..count {
        if scores[j] > scores[best] {
            best = j;
        }
    }
    moves.swap(index, best);
    scores.swap(index, best);
}
