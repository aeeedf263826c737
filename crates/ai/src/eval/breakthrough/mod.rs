//! Breakthrough strategies: the classic course heuristics and the richer ones.
//!
//! Scores are integers; one unit of the classic heuristics is `UNIT` (1000) points,
//! so "weight 3 on a fraction" is worth up to 3000 points.

mod features;
pub mod naive;
pub mod rich;
pub mod weights;

pub(crate) use rich::EXPERT_LEN;

use breakline_rules::Side;
use breakline_rules::bits::Bits;
use breakline_rules::board::Board;
use breakline_rules::breakthrough::Breakthrough;
use breakline_rules::game::Game;

use super::{Score, Strategy};
use features::{SideFeatures, race};

/// One unit of the classic heuristics.
const UNIT: Score = 1000;

/// The flat value of a win the opponent can no longer prevent. It outweighs
/// every other term of every strategy (the largest sum stays below 100 units)
/// yet stays far inside `MAX_EVAL`.
const ALMOST_WIN: Score = 100 * UNIT;

/// The score as a player seeded with `seed` sees it: only the random naive
/// player's score depends on the seed.
pub(crate) fn evaluate_seeded<B: Bits>(pos: &Breakthrough<B>, strategy: Strategy, me: Side, seed: u64) -> Score {
    let b = pos.board();
    let side = SideFeatures::new(b, me);
    let score = match strategy {
        Strategy::Offensive1 => offensive1(&side) + win_terms(b, me),
        Strategy::Defensive1 => defensive1(&side) + win_terms(b, me),
        Strategy::Offensive2 => offensive2(&side) + win_terms(b, me),
        Strategy::Defensive2 => defensive2(&side) + win_terms(b, me),
        Strategy::Combined => combined(&side) + win_terms(b, me),
        Strategy::Attacker => rich::attacker(b, me),
        Strategy::Fortress => rich::fortress(b, me),
        Strategy::Balanced => rich::balanced(b, me),
        Strategy::Pieces => naive::pieces(b, me),
        Strategy::Mobility => naive::mobility(b, me),
        Strategy::Greedy => naive::greedy(b, me),
        Strategy::Reckless => naive::reckless(b, me),
        Strategy::Defensive => naive::defensive(b, me),
        Strategy::Random => naive::random(b, me, seed),
        Strategy::OwnMobility => naive::own_mobility(b, me),
        Strategy::DefensiveReckless => naive::defensive_reckless(b, me),
        Strategy::Proximity => naive::proximity(b, me),
        Strategy::ExpertHand => rich::expert_with(b, me, &rich::EXPERT_HAND),
        // Expert, and Classic should a caller ignore `Strategy::supports`.
        _ => rich::expert(b, me),
    };
    score.clamp(-super::MAX_EVAL + 1, super::MAX_EVAL - 1)
}

pub(crate) fn eval_step<B: Bits>(pos: &Breakthrough<B>, strategy: Strategy) -> Score {
    let size = pos.board().size();
    let full = 2 * size.columns as Score;
    let capture = 3 * UNIT / full;
    let runner = UNIT / (size.rows as Score - 1);
    let wall = UNIT / size.columns as Score;
    let step = match strategy {
        Strategy::Offensive1 | Strategy::Defensive1 => capture,
        Strategy::Offensive2 => capture.min(runner),
        Strategy::Defensive2 => capture.min(wall),
        Strategy::Combined => capture.min(runner).min(wall),
        s if s.is_naive() => naive::STEP,
        _ => rich::STEP,
    };
    step.max(1)
}

/// The pawn count a side starts with; fractions are taken of it.
fn full_army<B: Bits>(side: &SideFeatures<B>) -> Score {
    2 * side.cols as Score
}

/// Win / about-to-lose: a flat bonus when one of our pawns will reach the goal
/// and cannot be stopped, the same penalty when an enemy pawn will.
pub(crate) fn win_terms<B: Bits>(board: &Board<B>, me: Side) -> Score {
    match race(board) {
        Some(c) if c == me => ALMOST_WIN,
        Some(_) => -ALMOST_WIN,
        None => 0,
    }
}

/// Offensive 1: 3 x the fraction of the enemy's pawns captured, so every
/// capture is worth the same and losing own pawns costs nothing.
fn offensive1<B: Bits>(side: &SideFeatures<B>) -> Score {
    let full = full_army(side);
    let theirs = (side.enemy.count() as Score).min(full);
    3 * UNIT * (full - theirs) / full
}

/// Defensive 1: 3 x the fraction of own pawns still on the board.
fn defensive1<B: Bits>(side: &SideFeatures<B>) -> Score {
    let full = full_army(side);
    let mine = (side.own.count() as Score).min(full);
    3 * UNIT * mine / full
}

/// The runner term: 1 x how far the most advanced own pawn has come, as a
/// fraction of the distance from the home rank to the goal.
fn runner<B: Bits>(side: &SideFeatures<B>) -> Score {
    UNIT * side.front() as Score / (side.rows as Score - 1)
}

/// The wall term: 1 x the fraction of the columns filled on the rank of the
/// most advanced own pawn, which rewards advancing as a closed line.
fn wall<B: Bits>(side: &SideFeatures<B>) -> Score {
    let front = side.own & side.rank(side.front());
    UNIT * front.count() as Score / side.cols as Score
}

/// Offensive 2 ("runner"): offensive 1 plus the runner term.
fn offensive2<B: Bits>(side: &SideFeatures<B>) -> Score {
    offensive1(side) + runner(side)
}

/// Defensive 2 ("wall"): defensive 1 plus the wall term.
fn defensive2<B: Bits>(side: &SideFeatures<B>) -> Score {
    defensive1(side) + wall(side)
}

/// Combined: offensive 1 + defensive 1 + runner + wall, up to 8 units.
fn combined<B: Bits>(side: &SideFeatures<B>) -> Score {
    offensive1(side) + defensive1(side) + runner(side) + wall(side)
}
