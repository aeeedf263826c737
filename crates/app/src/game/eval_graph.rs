//! The evaluation graph's data: after each AI move, White's winning chance
//! as the search that chose the move saw it (its score through the variant's
//! fitted logistic curve, [`win_chance`]), one line on one axis from 0 to 1
//! whichever player spoke; proven results sit at exactly 0 or 1 and book
//! moves are marked. Rebuilt only when a move is added or a new game starts;
//! the panel draws it and the evaluation bar reads it, and a click on a point
//! opens review there. Searches that play no move (the analysis, a hint)
//! add their judgement of the position they searched. Only the evaluations
//! the curve was fitted to ([`calibrated`]) have chances: the scores of the
//! others (the course's strategies, the naive ones) are their own units, and
//! the graph shows them raw, labelled, with no bar.

use bevy::prelude::*;

use crate::engine::ai::eval::{is_proven, win_chance};
use crate::engine::rules::record::MoveRecord;
use crate::engine::{AiConfig, Algorithm, Score, Side, Strategy, Variant};
use crate::game::phase::GameSystems;
use crate::game::players::{PlayerSetup, Players};
use crate::game::request::GameRequest;
use crate::game::session::GameSession;

/// One scored move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EvalPoint {
    /// Moves played from the start once this move was made (1 for the first move).
    pub ply: usize,
    pub side: Side,
    /// The mover's score as the record keeps it.
    pub score: Score,
    /// White's winning chance, 0 to 1 (exactly 0 or 1 when proven).
    pub white_chance: f64,
    /// A proven result rather than an estimate.
    pub proven: bool,
    /// The score comes from an evaluation calibrated to winning chances;
    /// otherwise `white_chance` means nothing and only the raw score counts.
    pub calibrated: bool,
    /// Played from the opening book (its score is the book's).
    pub book: bool,
}

#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct EvalGraph {
    /// In move order; human moves (no score) leave no point.
    pub points: Vec<EvalPoint>,
    /// Moves played so far (the x axis's extent).
    pub plies: usize,
    /// Positions judged by a search that played no move (the analysis, a
    /// hint): at most one a ply, the latest; `side` is the side to move.
    pub judged: Vec<EvalPoint>,
    /// The game the data was built for.
    generation: u64,
    /// Whether each side's (White's, Black's) evaluation is calibrated.
    sides_calibrated: [bool; 2],
}

/// Whether a strategy's scores are calibrated to winning chances: the
/// expert evaluation's curve is fitted to game results (`eval::chances`), and
/// the nets are trained on that curve's scale (`lab::train`), and MCTS
/// reports its playouts' win rate on that scale whatever judges its leaves;
/// every other strategy counts in units of its own.
pub fn calibrated(config: &AiConfig) -> bool {
    config.algorithm() == Algorithm::Mcts || matches!(config.strategy(), Strategy::Expert | Strategy::Nnue)
}

/// Whether `side`'s scores are chances: an AI's by its strategy; a person's
/// moves carry no score, and a loaded game's scores are taken as chances. A
/// replay's moves were scored by the players its record names, not by those
/// set now (fresh eyes, round 25: a series game of the course's raw-scoring
/// players, watched with the expert set, showed 99% at move 2).
fn side_calibrated(session: &GameSession, players: &Players, side: Side) -> bool {
    if session.replay().is_some() {
        let record = session.record();
        let player = if side == Side::White { &record.white } else { &record.black };
        return match player {
            crate::engine::ai::player::Player::Ai(config) => calibrated(config),
            _ => true,
        };
    }
    match players.get(side) {
        PlayerSetup::Ai(config) => calibrated(config),
        _ => true,
    }
}

/// A score from `side`'s point of view as a point at `ply`.
fn point(variant: Variant, ply: usize, side: Side, score: Score, book: bool, calibrated: bool) -> EvalPoint {
    let chance = win_chance(variant, score);
    let white_chance = if side == Side::White { chance } else { 1.0 - chance };
    EvalPoint { ply, side, score, white_chance, proven: is_proven(score), book, calibrated }
}

impl EvalPoint {
    /// The score from White's side.
    pub fn white_score(&self) -> Score {
        if self.side == Side::White { self.score } else { -self.score }
    }
}

impl EvalGraph {
    fn from_moves(moves: &[MoveRecord], variant: Variant, sides_calibrated: [bool; 2]) -> EvalGraph {
        let points = moves
            .iter()
            .enumerate()
            .filter_map(|(i, m)| {
                let calibrated = sides_calibrated[m.side.index()];
                m.score.map(|score| point(variant, i + 1, m.side, score, m.book, calibrated))
            })
            .collect();
        EvalGraph { points, plies: moves.len(), judged: Vec::new(), generation: 0, sides_calibrated }
    }

    /// Whether any point's score is raw (not a chance): the graph then
    /// shows White's raw scores instead of chances.
    pub fn raw(&self) -> bool {
        self.points.iter().chain(&self.judged).any(|p| !p.calibrated)
    }

    /// The position after `ply` moves of game `generation` is worth `score`
    /// to `side`, the side to move, as a search that played nothing says.
    pub(crate) fn judge(&mut self, generation: u64, ply: usize, side: Side, score: Score, variant: Variant) {
        if generation != self.generation {
            return;
        }
        self.judged.retain(|p| p.ply != ply);
        // The analysis and hints search with the expert evaluation.
        self.judged.push(point(variant, ply, side, score, false, true));
    }

    /// What the board's position after `ply` moves was last judged to be
    /// worth: a judgement of that very position, else the last move's point
    /// at or before it.
    pub fn latest_at(&self, ply: usize) -> Option<&EvalPoint> {
        self.judged.iter().find(|p| p.ply == ply).or_else(|| self.points.iter().rev().find(|p| p.ply <= ply))
    }

    /// What the bar beside the board shows at `ply`: the latest chance, none
    /// where the graph shows raw scores (fresh eyes, round 27: beside a
    /// minimax game's raw scores the bar showed its MCTS opponent's 54%, as
    /// the graph's note said it would stay empty).
    pub(crate) fn bar_at(&self, ply: usize) -> Option<&EvalPoint> {
        self.latest_at(ply).filter(|p| p.calibrated && !self.raw())
    }

    /// The points the line joins: each ply's judgement where there is one,
    /// else its move's point, in ply order.
    pub(crate) fn line(&self) -> Vec<EvalPoint> {
        let judged_at = |ply| self.judged.iter().find(|p| p.ply == ply);
        let moved = self.points.iter().filter(|p| judged_at(p.ply).is_none());
        let mut line: Vec<EvalPoint> = moved.chain(&self.judged).copied().collect();
        line.sort_by_key(|p| p.ply);
        line
    }

    /// The point nearest to `ply`, if one is within half a move of it.
    pub(crate) fn point_near(&self, ply: f64) -> Option<&EvalPoint> {
        self.points
            .iter()
            .chain(&self.judged)
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

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<EvalGraph>()
        .init_resource::<GraphClick>()
        .add_systems(Update, (forward_click.before(GameSystems::Input), follow_record.after(GameSystems::Apply)));
}

fn forward_click(mut click: ResMut<GraphClick>, mut requests: MessageWriter<GameRequest>) {
    if let Some(ply) = click.ply.take() {
        requests.write(GameRequest::GoTo { ply });
    }
}

fn follow_record(session: Res<GameSession>, players: Res<Players>, mut graph: ResMut<EvalGraph>) {
    if !session.is_changed() && !players.is_changed() {
        return;
    }
    let moves = &session.record().moves;
    let sides = Side::BOTH.map(|side| side_calibrated(&session, &players, side));
    if graph.generation == session.generation() && graph.plies == moves.len() && graph.sides_calibrated == sides {
        return;
    }
    let mut rebuilt = EvalGraph::from_moves(moves, session.variant(), sides);
    rebuilt.generation = session.generation();
    // Judgements of positions still in the game stay (undo drops the later ones).
    if graph.generation == rebuilt.generation {
        rebuilt.judged = graph.judged.iter().filter(|p| p.ply <= moves.len()).copied().collect();
    }
    graph.set_if_neq(rebuilt);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ai::eval::WIN;

    fn record(side: Side, score: Option<Score>) -> MoveRecord {
        MoveRecord {
            notation: String::new(),
            side,
            capture: false,
            nodes: 0,
            time_us: 0,
            depth: 0,
            score,
            book: false,
            clock_ms: None,
        }
    }

    #[test]
    fn the_bar_stays_empty_beside_raw_scores() {
        let moves = [record(Side::White, Some(120)), record(Side::Black, Some(40))];
        let mixed = EvalGraph::from_moves(&moves, Variant::Breakthrough, [false, true]);
        assert!(mixed.latest_at(2).is_some_and(|p| p.calibrated), "Black's point is a chance");
        assert!(mixed.bar_at(2).is_none(), "but the graph is raw, and the bar with it");
        let chances = EvalGraph::from_moves(&moves, Variant::Breakthrough, [true, true]);
        assert_eq!(chances.bar_at(2).map(|p| p.ply), Some(2));
    }

    #[test]
    fn white_chances_on_one_line_and_proofs_at_the_ends() {
        let moves = [
            record(Side::White, Some(0)),
            record(Side::Black, None),
            record(Side::White, Some(-300)),
            record(Side::Black, Some(WIN - 3)),
        ];
        let graph = EvalGraph::from_moves(&moves, Variant::Breakthrough, [true; 2]);
        let plies: Vec<usize> = graph.points.iter().map(|p| p.ply).collect();
        assert_eq!(plies, vec![1, 3, 4]);
        assert_eq!(graph.points[0].white_chance, 0.5, "an even score is an even chance, not -1");
        let white_down = graph.points[1].white_chance;
        assert!(white_down > 0.0 && white_down < 0.5, "{white_down}");
        assert_eq!(graph.points[2].white_chance, 0.0, "Black's proven win is White's certain loss");
        assert!(graph.points[2].proven && !graph.points[1].proven);
        assert_eq!(graph.latest_at(2).map(|p| p.ply), Some(1));
        assert_eq!(graph.latest_at(0), None);
        assert_eq!(graph.point_near(3.3).map(|p| p.ply), Some(3));
        assert_eq!(graph.point_near(2.0), None);
    }

    #[test]
    fn a_judgement_of_the_position_itself_comes_before_the_last_moves_point() {
        let moves = [record(Side::White, Some(0)), record(Side::Black, None)];
        let mut graph = EvalGraph::from_moves(&moves, Variant::Breakthrough, [true; 2]);
        graph.judge(0, 2, Side::White, WIN - 1, Variant::Breakthrough);
        assert_eq!(graph.latest_at(2).map(|p| p.white_chance), Some(1.0));
        assert_eq!(graph.latest_at(1).map(|p| p.white_chance), Some(0.5));
        graph.judge(0, 2, Side::White, -(WIN - 1), Variant::Breakthrough);
        assert_eq!(graph.judged.len(), 1, "the latest judgement of a ply replaces the last");
        let line: Vec<(usize, f64)> = graph.line().iter().map(|p| (p.ply, p.white_chance)).collect();
        assert_eq!(line, vec![(1, 0.5), (2, 0.0)]);
        assert_eq!(graph.latest_at(2).map(|p| p.white_chance), Some(0.0));
        graph.judge(7, 2, Side::White, 0, Variant::Breakthrough);
        assert_eq!(graph.latest_at(2).map(|p| p.white_chance), Some(0.0), "another game's judgement is ignored");
    }
}
