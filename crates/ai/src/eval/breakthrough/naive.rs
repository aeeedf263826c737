//! The naive Breakthrough players of the iterative-deepening article (Zhu
//! Yufan, CS2109S, 2022): one-idea evaluations its strong player was tested
//! against, each written as the article's code reads, from one side's view.
//!
//! The article's code scores its own side ("B", moving down the rows) with row
//! indices; here "rank from home" plays the part of its row index, so every
//! term is the same for White and Black. Scores are raw units times [`STEP`].

use breakline_rules::Side;
use breakline_rules::bits::Bits;
use breakline_rules::board::Board;
use breakline_rules::hashing::{black_to_move_key, mix, piece_key};

use super::Score;
use super::features::SideFeatures;

/// Points per raw unit, leaving the tie-break noise room below one unit.
pub const STEP: Score = 10;

/// The article's random player draws from -10..=10.
const RANDOM_SPAN: u64 = 21;

/// The article's `winning_score` (and `losing_score`, negated).
const VICTORY: i32 = 100;

/// Piece count: own pawns minus the enemy's (`piece_evaluation`).
pub(crate) fn pieces<B: Bits>(board: &Board<B>, me: Side) -> Score {
    let s = SideFeatures::new(board, me);
    STEP * (s.own.count() as i32 - s.enemy.count() as i32)
}

/// Mobility: own moves minus the enemy's, each counted as if it were that
/// side's turn (`mobility_evaluation`).
pub(crate) fn mobility<B: Bits>(board: &Board<B>, me: Side) -> Score {
    let s = SideFeatures::new(board, me);
    STEP * (s.mobility() as i32 - s.flip().mobility() as i32)
}

/// Greedy: the summed advancement of own pawns minus the enemy's
/// (`greedy_evaluation`).
pub(crate) fn greedy<B: Bits>(board: &Board<B>, me: Side) -> Score {
    let s = SideFeatures::new(board, me);
    STEP * (s.by_rank(|k| k as i32) - s.flip().by_rank(|k| k as i32))
}

/// Reckless: how far the most advanced own pawn has come (`reckless_evaluation`).
pub(crate) fn reckless<B: Bits>(board: &Board<B>, me: Side) -> Score {
    STEP * SideFeatures::new(board, me).front() as i32
}

/// Defensive: how far the closest enemy pawn still is from our home rank; the
/// number of ranks when the enemy has no pawn (`defensive_evaluation`).
pub(crate) fn defensive<B: Bits>(board: &Board<B>, me: Side) -> Score {
    let them = SideFeatures::new(board, me).flip();
    let distance = if them.own.any() { them.rows - 1 - them.front() } else { them.rows };
    STEP * distance as i32
}

/// Own mobility: the moves own pawns have, whatever the enemy's
/// (`mobility_evaluation_v2`).
pub(crate) fn own_mobility<B: Bits>(board: &Board<B>, me: Side) -> Score {
    STEP * SideFeatures::new(board, me).mobility() as i32
}

/// Defensive recklessness: as the article's code reads, the larger of the two
/// sides' advancement (own most advanced pawn, or the enemy's), so it rewards
/// the enemy's advance as much as its own (`defensive_recklessness_evaluation`).
pub(crate) fn defensive_reckless<B: Bits>(board: &Board<B>, me: Side) -> Score {
    let s = SideFeatures::new(board, me);
    STEP * s.front().max(s.flip().front()) as i32
}

/// Proximity to victory: +100 when we have won (a pawn on the goal rank or no
/// enemy pawn left), -100 when the enemy has, 0 otherwise
/// (`proximity_to_victory_evaluation`). A search only scores unfinished
/// positions, where this is 0, so the player sees nothing but wins and losses.
pub(crate) fn proximity<B: Bits>(board: &Board<B>, me: Side) -> Score {
    let s = SideFeatures::new(board, me);
    let won = |side: &SideFeatures<B>| (side.own & side.rank(side.rows - 1)).any() || side.enemy.is_empty();
    let score = if won(&s) {
        VICTORY
    } else if won(&s.flip()) {
        -VICTORY
    } else {
        0
    };
    STEP * score
}

/// Random: a value in -10..=10 drawn from the position as `me` sees it and
/// `seed`, so one seed always gives one score to one position and the same
/// score to the colour-swapped position (`random_evaluation`).
pub(crate) fn random<B: Bits>(board: &Board<B>, me: Side, seed: u64) -> Score {
    let s = SideFeatures::new(board, me);
    let relative = |square: usize| s.rel_rank(square) * s.cols as usize + square % s.cols as usize;
    let mut key = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    for square in s.own.squares() {
        key ^= piece_key(Side::White, relative(square));
    }
    for square in s.enemy.squares() {
        key ^= piece_key(Side::Black, relative(square));
    }
    if board.side() != me {
        key ^= black_to_move_key();
    }
    STEP * ((mix(key) % RANDOM_SPAN) as i32 - 10)
}
