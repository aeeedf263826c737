//! AI turns: the search runs on a thread of its own with a stop flag and a
//! progress channel; the frame loop only polls it. Dropping the task's
//! entity (new game, player change, undo, window closed) sets the flag, and
//! the owner uses a result only for the game and position it was computed
//! for. A watched record answers its turns the same way, from the record.

use std::sync::atomic::AtomicBool;
use std::sync::mpsc::{Receiver, channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use web_time::Instant;

use bevy::prelude::*;

use crate::engine::ai::search::SearchMemory;
use crate::engine::{Move as EngineMove, SearchInfo, SearchResult, Side};
use crate::game::clock::TurnTimer;
use crate::game::owner::apply_requests;
use crate::game::phase::{GameSystems, TurnPhase, WaitEnded};
use crate::game::players::PlayerSetup;
use crate::game::players::Players;
use crate::game::request::{AiError, GameRequest, MoveChosen, MoveSource};
use crate::game::session::GameSession;
use crate::game::thinking::{AiThinking, ThinkingStatus};
use crate::game::wake::Waker;
use crate::tasks::job::BackgroundJob;
use crate::tasks::program::{self, ProgramSeats, ProgramTurn};
use crate::tasks::proof::ProofStatus;
use crate::tasks::search_job::{self, SearchSpec};
use crate::tasks::stale::ForPosition;

/// A search running in the background for one position of one game.
#[derive(Component)]
pub struct AiSearchTask {
    /// The search (or another program's turn); dropping it stops the
    /// search (it polls the job's stop flag every few hundred nodes).
    job: BackgroundJob<Result<SearchResult, AiError>>,
    side: Side,
    // Only the polling system reads it, through `&mut`, so the lock is free.
    progress: Mutex<Receiver<SearchInfo>>,
}

impl AiSearchTask {
    /// The flag the search polls; set when the task is dropped.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.job.stop_flag()
    }
}

/// Each side's AI memory (its search table), kept from move to move as an
/// engine keeps its own through a game; a change of config starts it afresh.
#[derive(Resource, Default)]
struct AiMemory([SearchMemory; 2]);

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<AiMemory>()
        .init_resource::<ProgramSeats>()
        .add_systems(OnEnter(TurnPhase::AiThinking), spawn_search)
        .add_systems(OnExit(TurnPhase::AiThinking), clear_thinking)
        .add_systems(
            Update,
            (
                poll_search.in_set(GameSystems::Ai).run_if(in_state(TurnPhase::AiThinking)),
                restart_lost_turn
                    .in_set(GameSystems::Apply)
                    .before(apply_requests)
                    .run_if(in_state(TurnPhase::AiThinking)),
            ),
        );
}

fn spawn_search(
    mut commands: Commands,
    session: Res<GameSession>,
    players: Res<Players>,
    (waker, proof, timer, memory): (Res<Waker>, Res<ProofStatus>, Res<TurnTimer>, Res<AiMemory>),
    (mut thinking, mut programs): (ResMut<AiThinking>, ResMut<ProgramSeats>),
    mut requests: MessageWriter<GameRequest>,
) {
    let side = session.side_to_move();
    if let Some(chosen) = proved_move(&session, &players, &proof).or_else(|| replayed_move(&session)) {
        requests.write(GameRequest::Play(chosen));
        return;
    }
    let (sender, receiver) = channel();
    // On the clock a player plans by what it has left of this turn.
    let clock = session.clock().map(|mut clock| {
        clock.set_remaining(side, clock.remaining(side).saturating_sub(timer.spent()));
        clock
    });
    let job = match players.get(side) {
        PlayerSetup::Human => return,
        PlayerSetup::Ai(config) => {
            let spec = SearchSpec {
                position: session.position().clone(),
                config: config.clone(),
                lines: 1,
                clock: clock.map(|c| c.view(side)),
                memory: Some(memory.0[side.index()].clone()),
            };
            search_job::spawn("AI search", &waker, spec, Some(sender))
        }
        // Another program reports no progress: its sender is dropped here.
        PlayerSetup::Program(seat) => {
            let start = session.position().rewound();
            let moves = session.position().moves().to_vec();
            let turn = ProgramTurn { start, moves, clock, generation: session.generation() };
            program::spawn_turn(&mut programs, side, seat, turn, &waker)
        }
    };
    thinking.status = Some(ThinkingStatus {
        side,
        player: players.get(side).label(),
        started: Instant::now(),
        generation: session.generation(),
        position_hash: session.position().hash(),
        latest: None,
    });
    commands.spawn((
        Name::new(format!("AI search for {side}")),
        AiSearchTask { job, side, progress: Mutex::new(receiver) },
        ForPosition::shown(&session),
        DespawnOnExit(TurnPhase::AiThinking),
    ));
}

/// A proved win needs no search: the AI plays the proof's move.
fn proved_move(session: &GameSession, players: &Players, proof: &ProofStatus) -> Option<MoveChosen> {
    let side = session.side_to_move();
    if !players.get(side).is_ai() {
        return None;
    }
    let mv = proof.proved_move(session)?;
    info!("AI move for {side}: {} from the proof", session.position().move_name(mv));
    let search = SearchInfo {
        depth: 0,
        iterations: 0,
        score: crate::engine::ai::eval::WIN - proof.line.len() as i32,
        nodes: 0,
        time: Duration::ZERO,
        pv: proof.line.clone(),
        tt_hits: 0,
        root_scores: Vec::new(),
        book: false,
        ..Default::default()
    };
    Some(chosen(session, mv, MoveSource::Ai, search))
}

/// A watched game's next move, with what its search said then.
fn replayed_move(session: &GameSession) -> Option<MoveChosen> {
    let (mv, search) = session.replay_next()?;
    Some(chosen(session, mv, MoveSource::Replay, search))
}

fn chosen(session: &GameSession, mv: EngineMove, source: MoveSource, search: SearchInfo) -> MoveChosen {
    MoveChosen::for_key(session.live_key(), mv, source, Some(search))
}

fn poll_search(
    mut commands: Commands,
    mut tasks: Query<(Entity, &mut AiSearchTask, &ForPosition)>,
    mut thinking: ResMut<AiThinking>,
    mut requests: MessageWriter<GameRequest>,
) {
    // A task whose position went away is dropped before it is polled
    // (`ForPosition`), so every task here searches the board's position.
    for (entity, mut search, position) in &mut tasks {
        if let Ok(receiver) = search.progress.get_mut()
            && let Some(latest) = receiver.try_iter().last()
            && let Some(status) = thinking.status.as_mut()
        {
            status.latest = Some(latest);
        }
        let Some(outcome) = search.job.poll() else {
            continue;
        };
        let outcome: Result<SearchResult, AiError> = match outcome {
            Ok(result) => result,
            Err(error) => Err(Arc::new(error)),
        };
        commands.entity(entity).despawn();
        match outcome {
            Ok(result) => {
                // The figures the README compares with `breakline engine`.
                let info = &result.info;
                let seconds = info.time.as_secs_f64().max(1e-9);
                let wall = thinking.status.as_ref().map_or(0.0, |s| s.elapsed().as_secs_f64() * 1000.0);
                info!(
                    "AI move for {}: depth {} · {} nodes in {:.0} ms ({:.0} nodes/s) · {wall:.0} ms from start to board",
                    search.side,
                    info.depth,
                    info.nodes,
                    seconds * 1000.0,
                    info.nodes as f64 / seconds
                );
                let chosen = MoveChosen::for_key(position.key, result.best_move, MoveSource::Ai, Some(result.info));
                requests.write(GameRequest::Play(chosen));
            }
            Err(error) => {
                warn!("AI search failed: {error}");
                requests.write(GameRequest::AiFailed { side: search.side, error });
            }
        }
    }
}

fn clear_thinking(mut thinking: ResMut<AiThinking>) {
    thinking.status = None;
}

/// An AI turn without a search (its move was refused) starts over rather
/// than waiting forever.
fn restart_lost_turn(
    tasks: Query<(), With<AiSearchTask>>,
    requests: MessageReader<GameRequest>,
    mut ended: MessageWriter<WaitEnded>,
) {
    if tasks.is_empty() && requests.is_empty() {
        warn!("the AI's move was not played; searching again");
        ended.write(WaitEnded::SearchLost);
    }
}
