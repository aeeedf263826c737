//! The thinking overlay's data: the principal variation and the root moves'
//! scores of the search's latest report, while they describe the board.

use bevy::prelude::*;

use crate::engine::ai::eval::is_proven;
use crate::engine::{Move as EngineMove, Score, SearchInfo, Side};
use crate::game::phase::GameSystems;
use crate::game::session::GameSession;
use crate::game::thinking::AiThinking;

/// Whether the board shows the thinking overlay (a panel checkbox).
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub(crate) struct OverlaySettings {
    pub(crate) show_thinking: bool,
}

impl Default for OverlaySettings {
    fn default() -> Self {
        OverlaySettings { show_thinking: true }
    }
}

/// The overlay's data; `None` when no search is reporting on this position.
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct ThinkingOverlay {
    pub line: Option<ThinkingLine>,
}

/// What one progress report says about the position it was searched for.
#[derive(Clone, Debug, PartialEq)]
pub struct ThinkingLine {
    pub position_hash: u64,
    /// The side to move, who plays the PV's first move.
    pub side: Side,
    pub pv: Vec<EngineMove>,
    /// One entry per destination of a root move, best first.
    pub destinations: Vec<RootDestination>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RootDestination {
    pub square: u8,
    /// The best score of the root moves to this square (the searcher's view).
    score: Score,
    /// 0 for the best root move's score through 1 for the worst.
    pub shortfall: f32,
}

impl ThinkingLine {
    pub(crate) fn new(position_hash: u64, side: Side, info: &SearchInfo) -> ThinkingLine {
        ThinkingLine { position_hash, side, pv: info.pv.clone(), destinations: destinations(&info.root_scores) }
    }
}

/// The best score per destination square, each placed between the best and
/// the worst root score. Proven results sit just beyond the plain scores, so
/// one forced loss does not squash every other move into the same colour.
fn destinations(root_scores: &[(EngineMove, Score)]) -> Vec<RootDestination> {
    let mut best_per_square: Vec<(u8, Score)> = Vec::new();
    for &(mv, score) in root_scores {
        match best_per_square.iter_mut().find(|(square, _)| *square == mv.to) {
            Some(entry) => entry.1 = entry.1.max(score),
            None => best_per_square.push((mv.to, score)),
        }
    }
    best_per_square.sort_by_key(|&(square, score)| (std::cmp::Reverse(score), square));
    let plain_extent =
        root_scores.iter().filter(|(_, s)| !is_proven(*s)).map(|(_, s)| (*s as f64).abs()).fold(0.0, f64::max);
    let beyond = plain_extent + (plain_extent * 0.25).max(1.0);
    let shown = |score: Score| if is_proven(score) { beyond.copysign(score as f64) } else { score as f64 };
    let best = best_per_square.iter().map(|&(_, s)| shown(s)).fold(f64::NEG_INFINITY, f64::max);
    let worst = best_per_square.iter().map(|&(_, s)| shown(s)).fold(f64::INFINITY, f64::min);
    let spread = best - worst;
    best_per_square
        .into_iter()
        .map(|(square, score)| {
            let shortfall = if spread > 0.0 { ((best - shown(score)) / spread) as f32 } else { 0.0 };
            RootDestination { square, score, shortfall }
        })
        .collect()
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<OverlaySettings>()
        .init_resource::<ThinkingOverlay>()
        .add_systems(Update, follow_search.after(GameSystems::Apply).before(GameSystems::Board));
}

/// Takes the latest report while it belongs to the board's position; a move
/// played, the search ending or reviewing an earlier position clears it.
pub(crate) fn follow_search(
    thinking: Res<AiThinking>,
    session: Res<GameSession>,
    mut overlay: ResMut<ThinkingOverlay>,
) {
    if !thinking.is_changed() && !session.is_changed() {
        return;
    }
    let hash = session.position().hash();
    let line = thinking
        .status
        .as_ref()
        .filter(|_| !session.reviewing())
        .filter(|status| status.generation == session.generation() && status.position_hash == hash)
        .and_then(|status| status.latest.as_ref().map(|info| ThinkingLine::new(hash, status.side, info)));
    overlay.set_if_neq(ThinkingOverlay { line });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ai::eval::WIN;

    #[test]
    fn destinations_keep_the_best_move_per_square_and_order_shortfalls() {
        let mv = |from, to| EngineMove::new(from, to, false);
        let scores = [(mv(0, 9), 40), (mv(1, 9), 10), (mv(2, 10), 0), (mv(3, 11), -WIN + 3)];
        let found = destinations(&scores);
        let squares: Vec<u8> = found.iter().map(|d| d.square).collect();
        assert_eq!(squares, vec![9, 10, 11]);
        assert_eq!(found[0].score, 40);
        assert_eq!(found[0].shortfall, 0.0);
        assert!(found[1].shortfall > 0.0 && found[1].shortfall < 1.0);
        assert_eq!(found[2].shortfall, 1.0);
    }
}
