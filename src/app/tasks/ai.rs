//! AI turns: the search runs on a thread of its own with a stop flag and a
//! progress channel; the frame loop only polls it. Dropping the task's
//! entity (new game, player change, undo, window closed) sets the flag, and
//! the owner uses a result only for the game and position it was computed
//! for. A watched record answers its turns the same way, from the record.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bevy::prelude::*;

use super::background::BackgroundJob;
use super::clock::TurnTimer;
use super::players::PlayerSetup;
use super::players::Players;
use super::proof_panel::ProofStatus;
use super::session::GameSession;
use super::state::{GameRequest, GameSystems, MoveChosen, MoveSource, TurnPhase};
use super::window_rest::{PROGRESS_INTERVAL, ThrottledWaker, Waker};
use crate::engine::ai::search::{self, SearchError, SearchMemory};
use crate::engine::ai::time_plan::search_on_clock;
use crate::engine::{AiConfig, Move as EngineMove, SearchHandler, SearchInfo, SearchResult, Side};

/// A search running in the background for one position of one game.
#[derive(Component)]
pub struct AiSearchTask {
    job: BackgroundJob<Result<SearchResult, SearchError>>,
    /// Set to stop the search; the search polls it every few hundred nodes.
    pub stop: Arc<AtomicBool>,
    pub generation: u64,
    position_hash: u64,
    side: Side,
    pub(crate) config: AiConfig,
    // Only the polling system reads it, through `&mut`, so the lock is free.
    progress: Mutex<Receiver<SearchInfo>>,
}

impl Drop for AiSearchTask {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// What the panel shows about the search in progress.
#[derive(Resource, Default, Clone, Debug)]
pub(crate) struct AiThinking {
    pub(crate) status: Option<ThinkingStatus>,
}

#[derive(Clone, Debug)]
pub(crate) struct ThinkingStatus {
    pub(crate) side: Side,
    pub(crate) config: AiConfig,
    started: Instant,
    /// The game and position the search is for, so views can tell whether
    /// its reports still describe the board.
    pub(crate) generation: u64,
    pub(crate) position_hash: u64,
    /// The latest progress report, if the search sent one yet.
    pub(crate) latest: Option<SearchInfo>,
}

impl ThinkingStatus {
    pub(crate) fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }
}

/// Each side's AI memory (its search table), kept from move to move as an
/// engine keeps its own through a game; a change of config starts it afresh.
#[derive(Resource, Default)]
struct AiMemory([SearchMemory; 2]);

/// Connects a background search to its task: the stop flag in, progress
/// out (waking the resting window a few times a second). The analysis
/// uses it too.
pub(crate) struct TaskHandler {
    pub(crate) stop: Arc<AtomicBool>,
    pub(crate) progress: Sender<SearchInfo>,
    pub(crate) wake: ThrottledWaker,
}

impl SearchHandler for TaskHandler {
    fn should_stop(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    fn report(&mut self, info: &SearchInfo) {
        // The receiver is gone once the task is dropped; nobody needs the report then.
        let _ = self.progress.send(info.clone());
        self.wake.wake();
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AiThinking>()
        .init_resource::<AiMemory>()
        .add_systems(OnEnter(TurnPhase::AiThinking), spawn_search)
        .add_systems(OnExit(TurnPhase::AiThinking), clear_thinking)
        .add_systems(Update, poll_search.in_set(GameSystems::Ai).run_if(in_state(TurnPhase::AiThinking)));
}

fn spawn_search(
    mut commands: Commands,
    session: Res<GameSession>,
    players: Res<Players>,
    (waker, proof, timer, memory): (Res<Waker>, Res<ProofStatus>, Res<TurnTimer>, Res<AiMemory>),
    mut thinking: ResMut<AiThinking>,
    mut requests: MessageWriter<GameRequest>,
) {
    let side = session.side_to_move();
    if let Some(chosen) = proved_move(&session, &players, &proof).or_else(|| replayed_move(&session)) {
        requests.write(GameRequest::Play(chosen));
        return;
    }
    let PlayerSetup::Ai(config) = players.get(side).clone() else {
        return;
    };
    let stop = Arc::new(AtomicBool::new(false));
    let (sender, receiver) = channel();
    // On the clock the AI plans by what it has left of this turn.
    let clock = session.clock().map(|clock| {
        let mut view = clock.view(side);
        view.left = view.left.saturating_sub(timer.spent());
        view
    });
    let job = {
        let position = session.position().clone();
        let config = config.clone();
        let wake = waker.throttled(PROGRESS_INTERVAL);
        let mut handler = TaskHandler { stop: stop.clone(), progress: sender, wake };
        let memory = memory.0[side.index()].clone();
        BackgroundJob::spawn("AI search", waker.clone(), move || match clock {
            Some(clock) => search_on_clock(&position, &config, 1, clock, &mut handler, &memory),
            None => search::search_with_memory(&position, &config, 1, &mut handler, &memory),
        })
    };
    thinking.status = Some(ThinkingStatus {
        side,
        config: config.clone(),
        started: Instant::now(),
        generation: session.generation(),
        position_hash: session.position().hash(),
        latest: None,
    });
    commands.spawn((
        Name::new(format!("AI search for {side}")),
        AiSearchTask {
            job,
            stop,
            generation: session.generation(),
            position_hash: session.position().hash(),
            side,
            config,
            progress: Mutex::new(receiver),
        },
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
    MoveChosen {
        mv,
        source,
        generation: session.generation(),
        position_hash: session.position().hash(),
        search: Some(search),
    }
}

fn poll_search(
    mut commands: Commands,
    mut tasks: Query<(Entity, &mut AiSearchTask)>,
    session: Res<GameSession>,
    mut thinking: ResMut<AiThinking>,
    mut requests: MessageWriter<GameRequest>,
) {
    for (entity, mut search) in &mut tasks {
        let current = search.generation == session.generation() && search.position_hash == session.position().hash();
        if let Ok(receiver) = search.progress.get_mut()
            && let Some(latest) = receiver.try_iter().last()
            && let Some(status) = thinking.status.as_mut()
            && current
        {
            status.latest = Some(latest);
        }
        let Some(outcome) = search.job.poll() else {
            continue;
        };
        let outcome = outcome.map_err(|e| e.to_string()).and_then(|result| result.map_err(|e| e.to_string()));
        commands.entity(entity).despawn();
        if !current {
            debug!("discarding a search made for another game or position");
            continue;
        }
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
                requests.write(GameRequest::Play(MoveChosen {
                    mv: result.best_move,
                    source: MoveSource::Ai,
                    generation: search.generation,
                    position_hash: search.position_hash,
                    search: Some(result.info),
                }));
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
