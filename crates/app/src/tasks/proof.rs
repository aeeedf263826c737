//! Solve in the game: the Solve button (and the S key) proves the position on
//! the board with the engine's df-pn solver on a thread of its own, within a
//! budget, and shows "White wins in N (proved)" with the winning line as
//! arrows, or says that no proof was found within the budget. Moves along the
//! winning line keep the proof (the rest of the line still wins); any other
//! move, an undo or a new game makes it stale and stops a running proof. AI
//! players play the proved move when the proof says their side wins.

use std::time::Duration;

use bevy::prelude::*;

use crate::board::layout::BoardLayout;
use crate::engine::ai::solver::{self, Solution, SolveConfig, SolveError, Verdict};
use crate::engine::{Move as EngineMove, Position};
use crate::game::phase::GameSystems;
use crate::game::session::{GameSession, PositionKey};
use crate::game::wake::Waker;
use crate::tasks::job::BackgroundJob;
use crate::tasks::stale::ForPosition;
use crate::theme::palette;

/// How long a proof in the game may take, and its table.
pub(crate) const PROOF_TIME: Duration = Duration::from_secs(10);
const PROOF_MIB: usize = 128;

/// Prove the position on the board.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct SolveRequest;

/// Stop the proof under way.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct CancelSolve;

/// What the panel shows about the last proof of the position on the board.
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct ProofStatus {
    pub running: bool,
    /// The verdict in words, once known.
    pub text: Option<String>,
    /// The winning line from the position on the board, for the arrows.
    pub line: Vec<EngineMove>,
    /// The proved winner, when there is one.
    pub(crate) winner: Option<crate::engine::Side>,
    /// The position it is for (the one shown when it was asked).
    for_position: Option<PositionKey>,
}

/// A running proof; dropping it stops the solver.
#[derive(Component)]
struct ProofTask {
    job: BackgroundJob<Result<Solution, SolveError>>,
}

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<SolveRequest>()
        .add_message::<CancelSolve>()
        .init_resource::<ProofStatus>()
        .add_systems(Update, (forget_stale, cancel, start, poll).chain().in_set(GameSystems::Turn));
}

#[derive(Default, Reflect, GizmoConfigGroup)]
struct ProofGizmos;

pub(crate) fn view_plugin(app: &mut App) {
    let line = GizmoLineConfig { width: 5.0, ..default() };
    app.insert_gizmo_config(ProofGizmos, GizmoConfig { line, ..default() })
        .add_systems(Update, draw_line.after(GameSystems::Turn));
}

impl ProofStatus {
    /// The proved move for the live position of `session`, if its side wins.
    pub(crate) fn proved_move(&self, session: &GameSession) -> Option<EngineMove> {
        let winner = self.winner?;
        (!self.running && self.for_position == Some(session.live_key()) && winner == session.side_to_move())
            .then(|| self.line.first().copied())
            .flatten()
    }

    /// Follows the board along the winning line: true if the position on the
    /// board is the proved one after the line's first `k` moves.
    fn follow(&mut self, session: &GameSession) -> bool {
        let Some(proved) = self.for_position else {
            return false;
        };
        if proved.generation != session.generation() || self.running || self.winner.is_none() {
            return false;
        }
        let position = session.shown_position();
        let played = position.moves();
        for k in 1..=self.line.len().min(played.len()) {
            if played[played.len() - k..] == self.line[..k] {
                let mut before = position.clone();
                for _ in 0..k {
                    before.undo();
                }
                if before.hash() == proved.hash {
                    self.line.drain(..k);
                    self.for_position = Some(session.shown_key());
                    return !self.line.is_empty();
                }
            }
        }
        false
    }
}

/// The answer belongs to one position on the board (a running proof too,
/// which the tasks' stale rule drops).
fn forget_stale(session: Res<GameSession>, mut status: ResMut<ProofStatus>) {
    if status.for_position.is_some() && status.for_position != Some(session.shown_key()) && !status.follow(&session) {
        *status = ProofStatus::default();
    }
}

fn start(
    mut commands: Commands,
    mut requests: MessageReader<SolveRequest>,
    session: Res<GameSession>,
    waker: Res<Waker>,
    mut status: ResMut<ProofStatus>,
) {
    if requests.read().count() == 0 || status.running {
        return;
    }
    let position: Position = session.shown_position();
    if position.outcome().is_over() {
        status.text = Some("The game is over: nothing to prove.".to_string());
        return;
    }
    let config = SolveConfig { time: Some(PROOF_TIME), memory_mib: PROOF_MIB, ..SolveConfig::default() };
    let job =
        BackgroundJob::spawn("proof", waker.clone(), move |mut stop| solver::solve(&position, &config, &mut stop));
    commands.spawn((Name::new("Proof"), ProofTask { job }, ForPosition::shown(&session)));
    *status = ProofStatus { running: true, for_position: Some(session.shown_key()), ..ProofStatus::default() };
}

/// A stopped proof is dropped (which stops the solver) and says so.
fn cancel(
    mut commands: Commands,
    mut cancels: MessageReader<CancelSolve>,
    tasks: Query<Entity, With<ProofTask>>,
    mut status: ResMut<ProofStatus>,
) {
    if cancels.read().count() == 0 {
        return;
    }
    for entity in &tasks {
        commands.entity(entity).despawn();
    }
    // Kept for its position, as any answer is (fresh eyes, round 16: with
    // none, "Stopped" stayed through the next games).
    if status.running {
        let for_position = status.for_position;
        *status = ProofStatus { text: Some("Stopped: no proof.".to_string()), for_position, ..ProofStatus::default() };
    }
}

fn poll(mut commands: Commands, mut tasks: Query<(Entity, &mut ProofTask)>, mut status: ResMut<ProofStatus>) {
    for (entity, mut task) in &mut tasks {
        let Some(result) = task.job.poll() else {
            continue;
        };
        commands.entity(entity).despawn();
        status.running = false;
        match result {
            Ok(Ok(solution)) => {
                status.text = Some(describe(&solution));
                if let Verdict::Win(winner) = solution.verdict {
                    status.line = solution.line;
                    status.winner = Some(winner);
                }
            }
            Ok(Err(error)) => status.text = Some(format!("No proof: {error}")),
            Err(error) => status.text = Some(format!("No proof: {error}")),
        }
    }
}

/// "White wins in 9 (proved)" or why there is no proof: short enough for
/// the Solve row at 800x600 (fresh eyes, round 23: "White wins (proved), …"
/// was cut there).
fn describe(solution: &Solution) -> String {
    match solution.verdict {
        Verdict::Win(winner) => {
            let side = winner.title();
            match solution.distance.or(solution.bound) {
                Some(plies) => {
                    let exact = if solution.distance.is_some() { "" } else { "at most " };
                    format!("{side} wins in {exact}{} (proved)", plies.div_ceil(2))
                }
                None => format!("{side} wins (proved)"),
            }
        }
        Verdict::Unknown if solution.neither_wins => {
            "Neither side can force a win (a draw is likely, not proved).".to_string()
        }
        // Short enough for the Solve row at 800x600 (a node count was cut off there).
        Verdict::Unknown => format!("No proof in {} s", PROOF_TIME.as_secs()),
    }
}

/// The winning line's first six moves as arrows, each fainter than the one before.
fn draw_line(mut gizmos: Gizmos<ProofGizmos>, status: Res<ProofStatus>, layout: Res<BoardLayout>) {
    for (index, mv) in status.line.iter().take(6).enumerate() {
        let (from, to) = (layout.square_center(mv.from), layout.square_center(mv.to));
        let fade = 1.0 - index as f32 * 0.13;
        let color = palette::PROOF.alpha(fade).color();
        gizmos.arrow_2d(from, to, color).with_tip_length(layout.square * 0.25);
    }
}
