//! Training data from self-play: a player searches every move to a fixed
//! node count (the same games on any machine), each game opening with random
//! plies drawn from (seed, game index); the positions it reaches are kept
//! with the search's score and, once the game ends, its result.

use std::collections::HashSet;
use std::hash::{DefaultHasher, Hash, Hasher};

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use super::data::Sample;
use crate::runner::random_opening;
use breakline_ai::eval::is_proven;
use breakline_ai::search::{self, AiConfig, NodeLimit, SearchError, SearchMemory, SearchRequest};
use breakline_rules::position::Position;
use breakline_rules::{BoardSize, Outcome, Variant};

/// A game longer than this many plies is stopped and counted a draw.
const MAX_PLIES: u32 = 400;

/// What a data generation run plays.
#[derive(Clone, Debug)]
pub struct DatagenSpec {
    /// The game and board.
    pub variant: Variant,
    /// The board's size.
    pub size: BoardSize,
    /// The player of both sides (its limits are replaced by `nodes`).
    pub player: AiConfig,
    /// Nodes searched a move.
    pub nodes: u64,
    /// The most random plies opening a game (each game draws 0 to this many
    /// more than the minimum `random_plies / 2`).
    pub random_plies: u32,
    /// The run's seed: game `i`'s opening comes from (seed, i).
    pub seed: u64,
}

/// The positions a run has kept, so that a position met again is dropped:
/// the lines after the random openings recur from game to game, the more the
/// longer the run, and a repeat teaches the net nothing new but weighs its
/// position twice (measured in docs/lab/round-6.md: 2% of a 300-game
/// Breakthrough run, three in ten of a 140,000-game one).
#[derive(Debug, Default)]
pub struct SeenPositions {
    keys: HashSet<u64>,
}

impl SeenPositions {
    /// Whether `sample`'s position (its pieces and side to move, not its
    /// score or result) is new to the run; it is remembered from then on.
    pub fn first_time(&mut self, sample: &Sample) -> bool {
        let mut pieces = sample.pieces.clone();
        pieces.iter_mut().for_each(|squares| squares.sort_unstable());
        let mut hasher = DefaultHasher::new();
        (pieces, sample.side.index()).hash(&mut hasher);
        self.keys.insert(hasher.finish())
    }
}

/// Plays game `index` of `spec` and returns its positions, or why the player
/// could not search.
pub fn play_game(spec: &DatagenSpec, index: usize) -> Result<Vec<Sample>, SearchError> {
    let game_seed = spec.seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ index as u64;
    let mut rng = StdRng::seed_from_u64(game_seed);
    let low = spec.random_plies / 2;
    let plies = low + rng.random_range(0..=spec.random_plies - low);
    let mut pos = random_opening(Position::start(spec.variant, spec.size)?, plies, game_seed);
    let player = spec.player.with_limits(&[spec.player.algorithm().unbounded_limit()])?.with_seed(game_seed);
    let memory = SearchMemory::new();
    let mut kept: Vec<Sample> = Vec::new();
    let winner = loop {
        match pos.outcome() {
            Outcome::Win { winner, .. } => break Some(winner),
            Outcome::Draw { .. } => break None,
            Outcome::Ongoing if pos.moves().len() as u32 >= MAX_PLIES => break None,
            Outcome::Ongoing => {}
        }
        let request = SearchRequest { memory: Some(&memory), ..Default::default() };
        let found = search::run(&pos, &player, request, &mut NodeLimit(spec.nodes))?;
        let score = found.info.score;
        if is_proven(score) {
            // The search sees the end: the game's result is settled.
            let mover = pos.side_to_move();
            break Some(if score > 0 { mover } else { mover.opponent() });
        }
        if !found.best_move.capture {
            kept.push(sample(&pos, score));
        }
        pos.play(found.best_move).map_err(SearchError::RefusedMove)?;
    };
    for s in &mut kept {
        s.result = match winner {
            Some(w) if w == s.side => 1,
            Some(_) => -1,
            None => 0,
        };
    }
    Ok(kept)
}

/// The position on the board with its score, the result still unknown.
fn sample(pos: &Position, score: i32) -> Sample {
    let mut pieces: [Vec<u16>; 2] = [Vec::new(), Vec::new()];
    for (square, side) in pos.pieces() {
        pieces[side.index()].push(u16::from(square));
    }
    Sample { pieces, side: pos.side_to_move(), score, result: 0 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use breakline_rules::Side;

    fn sample(white: &[u16], black: &[u16], side: Side, score: i32) -> Sample {
        Sample { pieces: [white.to_vec(), black.to_vec()], side, score, result: 0 }
    }

    #[test]
    fn a_position_met_again_is_not_new_whatever_its_score_or_order() {
        let mut seen = SeenPositions::default();
        assert!(seen.first_time(&sample(&[1, 2], &[60], Side::White, 5)));
        assert!(!seen.first_time(&sample(&[2, 1], &[60], Side::White, -40)), "the same position");
        assert!(seen.first_time(&sample(&[1, 2], &[60], Side::Black, 5)), "the other side to move");
        assert!(seen.first_time(&sample(&[1], &[2, 60], Side::White, 5)), "a piece of the other side");
    }
}
