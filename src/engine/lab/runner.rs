//! Playing AI games: the seeds every game and move derive from, the random
//! openings of a series, and an AI-vs-AI game played to its end.

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use crate::engine::ai::player::{GameRecord, Player};
use crate::engine::ai::search::{self, AiConfig, SearchError, SearchHandler};
use crate::engine::rules::hashing::stream;
use crate::engine::{Color, Position};

/// A different but reproducible seed for every move of every game.
pub fn move_seed(game_seed: u64, ply: usize, side: Color) -> u64 {
    stream(game_seed, (ply as u64) << 1 | side.index() as u64)
}

/// `plies` random moves from `start` (fewer if the game would end), drawn by a
/// generator seeded with `seed`: the varied openings of a series.
pub fn random_opening(start: Position, plies: u32, seed: u64) -> Position {
    let mut pos = start;
    let mut rng = StdRng::seed_from_u64(seed);
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.random_range(0..moves.len())];
        if pos.play(m).is_err() {
            break;
        }
        // Random plies must not end the game: take back a move that does.
        if pos.outcome().is_over() {
            pos.undo();
            break;
        }
    }
    pos
}

/// Plays an AI-vs-AI game from `start` to its end and records it. Each move's
/// search is seeded from `seed`, the ply and the side, so the same seed gives
/// the same game. `handler` can stop the game between and within searches.
pub fn play_ai_game(
    start: Position,
    white: &AiConfig,
    black: &AiConfig,
    seed: u64,
    handler: &mut dyn SearchHandler,
) -> Result<GameRecord, SearchError> {
    let mut pos = start;
    let mut record = GameRecord::new(&pos, Player::Ai(white.clone()), Player::Ai(black.clone()), seed);
    while !pos.outcome().is_over() && !handler.should_stop() {
        let side = pos.side_to_move();
        let base = if side == Color::White { white } else { black };
        let config = base.with_seed(move_seed(seed, pos.moves().len(), side));
        let result = search::search(&pos, &config, handler)?;
        if handler.should_stop() {
            break;
        }
        let before = pos.clone();
        // The search only returns legal moves; a failure here is an engine bug.
        pos.play(result.best_move).map_err(SearchError::RefusedMove)?;
        record.push(&before, result.best_move, Some(&result.info.figures()));
    }
    record.finish(&pos);
    Ok(record)
}
