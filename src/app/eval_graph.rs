//! The evaluation graph's data: after each AI move, the mover's own score
//! of the position, turned to White's point of view, with proven wins and
//! losses drawn at a limit just above every plain score. Rebuilt only when a
//! move is added or a new game starts; the panel draws it, and a click on a
//! point opens review there.

use bevy::prelude::*;

use super::review::ReviewGoTo;
use super::session::GameSession;
use super::state::GameSystems;
use crate::engine::eval::is_proven;
use crate::engine::record::MoveRecord;
use crate::engine::{Color as Side, Score};

/// One scored move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EvalPoint {
    /// Moves played from the start once this move was made (1 for the first move).
    pub ply: usize,
    pub side: Side,
    /// The mover's score as the record keeps it.
    pub score: Score,
    /// White's point of view; proven results sit at ±[`EvalGraph::limit`].
    pub value: f64,
}

#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct EvalGraph {
    /// In move order; human moves (no score) leave no point.
    pub points: Vec<EvalPoint>,
    /// Where proven results are drawn: a quarter above the largest plain score.
    pub limit: f64,
    /// Moves played so far (the x axis's extent).
    pub plies: usize,
    /// The game the data was built for.
    generation: u64,
}

impl EvalGraph {
    pub fn from_moves(moves: &[MoveRecord]) -> EvalGraph {
        let scored = || moves.iter().enumerate().filter_map(|(i, m)| m.score.map(|s| (i + 1, m.side, s)));
        let plain_extent =
            scored().filter(|&(_, _, s)| !is_proven(s)).map(|(_, _, s)| (s as f64).abs()).fold(0.0, f64::max);
        let limit = (plain_extent * 1.25).max(1.0);
        let points = scored()
            .map(|(ply, side, score)| {
                let mover_view = if is_proven(score) { limit.copysign(score as f64) } else { score as f64 };
                let value = match side {
                    Side::White => mover_view,
                    Side::Black => -mover_view,
                };
                EvalPoint { ply, side, score, value }
            })
            .collect();
        EvalGraph { points, limit, plies: moves.len(), generation: 0 }
    }

    /// The point nearest to `ply`, if one is within half a move of it.
    pub fn point_near(&self, ply: f64) -> Option<&EvalPoint> {
        self.points
            .iter()
            .filter(|p| (p.ply as f64 - ply).abs() <= 0.5)
            .min_by(|a, b| (a.ply as f64 - ply).abs().total_cmp(&(b.ply as f64 - ply).abs()))
    }
}

/// The ply of the point last clicked on the graph. The panel leaves it here
/// rather than writing [`ReviewGoTo`] itself: other panel sections write
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

fn forward_click(mut click: ResMut<GraphClick>, mut go_to: MessageWriter<ReviewGoTo>) {
    if let Some(ply) = click.ply.take() {
        go_to.write(ReviewGoTo { ply });
    }
}

fn follow_record(session: Res<GameSession>, mut graph: ResMut<EvalGraph>) {
    if !session.is_changed() {
        return;
    }
    let moves = &session.record.moves;
    if graph.generation == session.generation && graph.plies == moves.len() {
        return;
    }
    let mut rebuilt = EvalGraph::from_moves(moves);
    rebuilt.generation = session.generation;
    graph.set_if_neq(rebuilt);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::eval::WIN;

    fn record(side: Side, score: Option<Score>) -> MoveRecord {
        MoveRecord { notation: String::new(), side, capture: false, nodes: 0, time_us: 0, depth: 0, score }
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
        assert_eq!(graph.limit, 100.0);
        assert_eq!(graph.points[0].value, 40.0);
        assert_eq!(graph.points[1].value, -80.0);
        assert_eq!(graph.points[2].value, -100.0);
        assert_eq!(graph.point_near(3.3).map(|p| p.ply), Some(3));
        assert_eq!(graph.point_near(2.0), None);
    }
}
