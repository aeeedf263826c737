//! Tie-break noise: a seeded amount below the strategy's smallest step, fixed
//! per position (keyed by its hash) so a search sees one consistent value for
//! each position and minimax and alpha-beta still agree.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::eval::{Evaluate, Score};
use breakline_rules::hashing::mix;

use super::AiConfig;

#[derive(Clone, Copy, Debug)]
pub(crate) struct Noise {
    key: u64,
    /// Noise values lie in `0..amplitude`; 0 means off.
    amplitude: u64,
}

impl Noise {
    pub(crate) fn new<G: Evaluate>(config: &AiConfig, game: &G) -> Noise {
        let step = game.eval_step(config.strategy()).max(1) as f64;
        // Strictly below one step, so noise alone never outweighs a real difference.
        let amplitude = ((config.noise() * step).floor() as u64).min(step as u64 - 1);
        let mut rng = StdRng::seed_from_u64(config.seed());
        Noise { key: rng.next_u64(), amplitude: if config.noise() > 0.0 { amplitude.max(1) } else { 0 } }
    }

    /// The noise for the position with this hash.
    #[inline]
    pub(crate) fn at(&self, hash: u64) -> Score {
        if self.amplitude == 0 {
            return 0;
        }
        (mix(hash ^ self.key) % self.amplitude) as Score
    }
}
