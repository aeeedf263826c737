//! The evaluation graph's data: after each AI move, the mover's own opinion
//! of the position, turned to White's point of view. Each side's scores are
//! scaled by the largest plain score that side gave in the game (players with
//! different evaluations speak in different units: ±20, ±1000), so both of
//! its lines live on one bounded axis from -1 to 1, and proven wins and losses
//! sit at ±[`PROVEN`], outside every plain score. Rebuilt only when a move is
//! added or a new game starts; the panel draws it, and a click on a point
//! opens review there.

use bevy::prelude::*;

use super::session::GameSession;
use super::state::GameRequest;
use super::state::GameSystems;
use crate::engine::ai::eval::is_proven;
use crate::engine::rules::record::MoveRecord;
use crate::engine::{Score, Side};

/// One scored move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EvalPoint {
    /// Moves played from the start once this move was made (1 for the first move).
    pub ply: usize,
    pub side: Side,
    /// The mover's score as the record keeps it.
    pub score: Score,
    /// White's point of view, on the mover's own scale: plain scores in
    /// [-1, 1], proven results at ±[`PROVEN`].
    pub value: f64,
}

/// Where proven wins and losses are drawn, beyond every plain score.
pub const PROVEN: f64 = 1.2;

#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct EvalGraph {
    /// In move order; human moves (no score) leave no point.
    pub points: Vec<EvalPoint>,
    /// Each side's largest plain score (its unit on the graph), White first.
    pub scale: [f64; 2],
    /// Moves played so far (the x axis's extent).
    pub plies: usize,
    /// The game the data was built for.
    generation: u64,
}

impl EvalGraph {
    fn from_moves(moves: &[MoveRecord]) -> EvalGraph {
        let scored = || moves.iter().enumerate().filter_map(|(i, m)| m.score.map(|s| (i + 1, m.side, s)));
        let extent = |side: Side| {
            let largest = scored()
                .filter(|&(_, s, score)| s == side && !is_proven(score))
                .map(|(_, _, score)| (score as f64).abs())
                .fold(0.0, f64::max);
            largest.max(1.0)
        };
        let scale = [extent(Side::White), extent(Side::Black)];
        let points = scored()
            .map(|(ply, side, score)| {
                let mover_view =
                    if is_proven(score) { PROVEN.copysign(score as f64) } else { score as f64 / scale[side.index()] };
                let value = match side {
                    Side::White => mover_view,
                    Side::Black => -mover_view,
                };
                EvalPoint { ply, side, score, value }
            })
            .collect();
        EvalGraph { points, scale, plies: moves.len(), generation: 0 }
    }

    /// The point nearest to `ply`, if one is within half a move of it.
    pub(crate) fn point_near(&self, ply: f64) -> Option<&EvalPoint> {
        self.points
            .iter()
            .filter(|p| (p.ply as f64 - ply).abs() <= 0.5)
            .min_by(|a, b| (a.ply as f64 - ply).abs().total_cmp(&(b.ply as f64 - ply).abs()))
    }
}

/// The ply of the point last clicked on the graph. The panel leaves it here
/// rather than writing [`GameRequest::GoTo`] itself: other panel sections write
/// that message, and one system may hold only one writer of it.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq)]
pub struct GraphClick {
    pub ply: Option<usize>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<EvalGraph>()
        .init_resource::<GraphClick>()
        .add_systems(Update, (forward_click.before(GameSystems::Input), follow_record.after(GameSystems::Apply)));
}

fn forward_click(mut click: ResMut<GraphClick>, mut requests: MessageWriter<GameRequest>) {
    if let Some(ply) = click.ply.take() {
        requests.write(GameRequest::GoTo { ply });
    }
}

fn follow_record(session: Res<GameSession>, mut graph: ResMut<EvalGraph>) {
    if !session.is_changed() {
        return;
    }
    let moves = &session.record().moves;
    if graph.generation == session.generation() && graph.plies == moves.len() {
        return;
    }
    let mut rebuilt = EvalGraph::from_moves(moves);
    rebuilt.generation = session.generation();
    graph.set_if_neq(rebuilt);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ai::eval::WIN;

    fn record(side: Side, score: Option<Score>) -> MoveRecord {
        MoveRecord { notation: String::new(), side, capture: false, nodes: 0, time_us: 0, depth: 0, score, book: false }
    }

    #[test]
    fn black_scores_are_negated_and_proven_ones_clamped() {
        let moves = [
            record(Side::White, Some(40)),
            record(Side::Black, None),
            record(Side::White, Some(-80)),
            record(Side::Black, Some(WIN - 3)),
        ];
        let graph = EvalGraph::from_moves(&moves);
        let plies: Vec<usize> = graph.points.iter().map(|p| p.ply).collect();
        assert_eq!(plies, vec![1, 3, 4]);
        assert_eq!(graph.scale, [80.0, 1.0]);
        assert_eq!(graph.points[0].value, 0.5);
        assert_eq!(graph.points[1].value, -1.0);
        assert_eq!(graph.points[2].value, -PROVEN, "Black's proven win is White's proven loss");
        assert_eq!(graph.point_near(3.3).map(|p| p.ply), Some(3));
        assert_eq!(graph.point_near(2.0), None);
    }
}
