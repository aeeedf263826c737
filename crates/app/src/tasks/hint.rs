//! Hints: the best move for the side to move by a strong search (the master
//! settings with a one-second budget, whoever plays), computed on a thread of
//! its own and shown as an arrow until the position changes; its score goes
//! on the evaluation graph and bar.

use bevy::prelude::*;

use crate::board::layout::BoardLayout;
use crate::engine::Move as EngineMove;
use crate::engine::ai::search::{Level, Limit};
use crate::game::eval_graph::EvalGraph;
use crate::game::phase::GameSystems;
use crate::game::session::{GameSession, PositionKey};
use crate::game::wake::Waker;
use crate::tasks::job::BackgroundJob;
use crate::tasks::search_job::{self, SearchOutcome, SearchSpec};
use crate::tasks::stale::ForPosition;
use crate::theme::palette;

/// Long enough for a strong move, short enough to feel like an answer.
pub(crate) const HINT_MS: u64 = 1000;

/// Asks for a hint for the current position.
#[derive(Message, Clone, Copy, Debug, Default)]
pub(crate) struct HintRequest;

/// The hint for the game's latest position when it was asked.
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub(crate) struct Hint {
    pub(crate) mv: Option<EngineMove>,
    pub(crate) thinking: bool,
    for_position: Option<PositionKey>,
}

impl Hint {
    /// A hint already known (a puzzle's next move) for the position now.
    pub(crate) fn showing(mv: EngineMove, session: &GameSession) -> Hint {
        Hint { mv: Some(mv), thinking: false, for_position: Some(session.live_key()) }
    }
}

/// A hint search; dropping it stops the search.
#[derive(Component)]
struct HintTask {
    job: BackgroundJob<SearchOutcome>,
}

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<HintRequest>()
        .init_resource::<Hint>()
        .add_systems(Update, (forget_stale_hint, start_hint, poll_hint).chain().in_set(GameSystems::Turn));
}

/// Hint arrows are drawn thicker than other gizmos.
#[derive(Default, Reflect, GizmoConfigGroup)]
struct HintGizmos;

pub(crate) fn view_plugin(app: &mut App) {
    let line = GizmoLineConfig { width: 6.0, ..default() };
    app.insert_gizmo_config(HintGizmos, GizmoConfig { line, ..default() })
        .add_systems(Update, draw_hint.after(GameSystems::Turn));
}

fn is_for(hint: &Hint, session: &GameSession) -> bool {
    hint.for_position == Some(session.live_key())
}

/// A move, an undo or a new game makes the hint stale (and its search, which
/// the tasks' stale rule drops), and so does the game's end by a resignation
/// or a flag, which leaves the board as it was (fresh eyes, round 22: the
/// last hint stayed beside the result).
fn forget_stale_hint(session: Res<GameSession>, mut hint: ResMut<Hint>) {
    let stale = !is_for(&hint, &session) || session.outcome().is_over();
    if (hint.mv.is_some() || hint.thinking) && stale {
        *hint = Hint::default();
    }
}

fn start_hint(
    mut commands: Commands,
    mut requests: MessageReader<HintRequest>,
    session: Res<GameSession>,
    waker: Res<Waker>,
    mut hint: ResMut<Hint>,
) {
    if requests.read().count() == 0 || hint.thinking || session.reviewing() || session.outcome().is_over() {
        return;
    }
    if hint.mv.is_some() && is_for(&hint, &session) {
        return;
    }
    let config = Level::MASTER.config().with_limits(&[Limit::TimeMs(HINT_MS)]).expect("master thinks by time");
    let spec = SearchSpec { position: session.position().clone(), config, lines: 1, clock: None, memory: None };
    let job = search_job::spawn("hint search", &waker, spec, None);
    commands.spawn((Name::new("Hint search"), HintTask { job }, ForPosition::live(&session)));
    *hint = Hint { mv: None, thinking: true, for_position: Some(session.live_key()) };
}

fn poll_hint(
    mut commands: Commands,
    mut tasks: Query<(Entity, &mut HintTask)>,
    session: Res<GameSession>,
    mut hint: ResMut<Hint>,
    mut graph: ResMut<EvalGraph>,
) {
    for (entity, mut task) in &mut tasks {
        let Some(result) = task.job.poll() else {
            continue;
        };
        commands.entity(entity).despawn();
        if !is_for(&hint, &session) {
            continue;
        }
        hint.thinking = false;
        match result {
            Ok(Ok(result)) => {
                hint.mv = Some(result.best_move);
                // The hint's judgement of the position goes on the graph and the bar.
                let (side, variant) = (session.side_to_move(), session.variant());
                if !result.info.book {
                    graph.judge(session.generation(), session.plies(), side, result.info.score, variant);
                }
            }
            Ok(Err(error)) => warn!("hint search failed: {error}"),
            Err(error) => warn!("hint search failed: {error}"),
        }
    }
}

/// An arrow from the piece to its square, over the board.
fn draw_hint(mut gizmos: Gizmos<HintGizmos>, hint: Res<Hint>, session: Res<GameSession>, layout: Res<BoardLayout>) {
    // Not over a finished game (a resignation left it on the board).
    let Some(mv) = hint.mv.filter(|_| !session.reviewing() && !session.outcome().is_over()) else {
        return;
    };
    let (from, to) = (layout.square_center(mv.from), layout.square_center(mv.to));
    let color = palette::HINT.alpha(0.9).color();
    gizmos.arrow_2d(from, to, color).with_tip_length(layout.square * 0.3);
    gizmos.circle_2d(Isometry2d::from_translation(from), layout.square * 0.42, color);
}
