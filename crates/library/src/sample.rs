//! Games to fill a library with for benchmarks and tests: seeded random
//! playouts (every move drawn uniformly), written as the text people share.

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use breakline_ai::player::{GameRecord, Player};
use breakline_rules::position::Position;
use breakline_rules::record::game_text::{self, GameTextError, Headers};
use breakline_rules::{BoardSize, Variant};

/// A game stops after this many plies (Lines of Action may wander).
const MAX_PLIES: usize = 300;

/// Game `index` of the seeded set: random moves from the start to the end
/// (or [`MAX_PLIES`]), a person against a person, dated a day apart from 2026-01-01.
pub fn random_game(variant: Variant, size: BoardSize, seed: u64, index: u64) -> Result<String, GameTextError> {
    let mut rng = StdRng::seed_from_u64(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ index);
    let mut position = Position::start(variant, size)?;
    let mut record = GameRecord::new(&position, Player::Human, Player::Human, seed);
    while !position.outcome().is_over() && record.moves.len() < MAX_PLIES {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.random_range(0..moves.len())];
        let before = position.clone();
        if position.play(m).is_err() {
            break;
        }
        record.push(&before, m, None);
    }
    record.finish(&position);
    let day = jiff::civil::date(2026, 1, 1) + jiff::Span::new().days((index % 3650) as i64);
    let headers = Headers { date: Some(day.strftime("%Y.%m.%d").to_string()), ..Headers::default() };
    game_text::write(&record, &headers)
}

/// `count` such games, a blank line between them.
pub fn random_games(variant: Variant, size: BoardSize, seed: u64, count: u64) -> Result<String, GameTextError> {
    let mut out = String::new();
    for index in 0..count {
        out.push_str(&random_game(variant, size, seed, index)?);
        out.push('\n');
    }
    Ok(out)
}
