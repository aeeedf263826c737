//! (being written: delegates to minimax until the real algorithm lands)

use crate::engine::eval::Evaluate;

use super::{AiConfig, Control, SearchResult};

pub fn search<G: Evaluate>(game: &mut G, config: &AiConfig, ctl: &mut Control) -> SearchResult {
    let c = AiConfig { depth: Some(config.depth.unwrap_or(2)), ..config.clone() };
    super::minimax::search(game, &c, ctl)
}
