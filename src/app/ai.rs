//! AI turns: the search runs on the async compute pool with a stop flag and
//! a progress channel; the frame loop only polls it. Dropping the task's
//! entity (new game, player change, window closed) sets the flag, and a
//! result is used only for the game and position it was computed for.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::tasks::futures::check_ready;
use bevy::tasks::{AsyncComputeTaskPool, Task};

use super::PlayerSetup;
use super::session::GameSession;
use super::state::{AiControl, GameSystems, MoveChosen, MoveSource, Players, TurnPhase};
use crate::engine::search::{self, SearchError};
use crate::engine::{AiConfig, Color as Side, SearchHandler, SearchInfo, SearchResult};

/// A search running in the background for one position of one game.
#[derive(Component)]
pub struct AiSearchTask {
    task: Task<Result<SearchResult, SearchError>>,
    /// Set to stop the search; the search polls it every few hundred nodes.
    pub stop: Arc<AtomicBool>,
    pub generation: u64,
    pub position_hash: u64,
    pub side: Side,
    pub config: AiConfig,
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
pub struct AiThinking {
    pub status: Option<ThinkingStatus>,
}

#[derive(Clone, Debug)]
pub struct ThinkingStatus {
    pub side: Side,
    pub config: AiConfig,
    pub started: Instant,
    /// The game and position the search is for, so views can tell whether
    /// its reports still describe the board.
    pub generation: u64,
    pub position_hash: u64,
    /// The latest progress report, if the search sent one yet.
    pub latest: Option<SearchInfo>,
}

impl ThinkingStatus {
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }
}

/// Connects a search to its task: the stop flag and the progress channel.
struct TaskHandler {
    stop: Arc<AtomicBool>,
    progress: Sender<SearchInfo>,
}

impl SearchHandler for TaskHandler {
    fn should_stop(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    fn report(&mut self, info: &SearchInfo) {
        // The receiver is gone once the task is dropped; nobody needs the report then.
        let _ = self.progress.send(info.clone());
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AiThinking>()
        .add_systems(OnEnter(TurnPhase::AiThinking), spawn_search)
        .add_systems(OnExit(TurnPhase::AiThinking), clear_thinking)
        .add_systems(
            Update,
            (poll_search, restart_lost_turn).chain().in_set(GameSystems::Ai).run_if(in_state(TurnPhase::AiThinking)),
        );
}

fn spawn_search(
    mut commands: Commands,
    session: Res<GameSession>,
    players: Res<Players>,
    mut thinking: ResMut<AiThinking>,
) {
    let side = session.position.side_to_move();
    let PlayerSetup::Ai(config) = players.get(side).clone() else {
        return;
    };
    let stop = Arc::new(AtomicBool::new(false));
    let (sender, receiver) = channel();
    let task = AsyncComputeTaskPool::get().spawn({
        let position = session.position.clone();
        let config = config.clone();
        let mut handler = TaskHandler { stop: stop.clone(), progress: sender };
        async move {
            super::background::lower_current_thread_priority();
            search::search(&position, &config, &mut handler)
        }
    });
    thinking.status = Some(ThinkingStatus {
        side,
        config: config.clone(),
        started: Instant::now(),
        generation: session.generation,
        position_hash: session.position.hash(),
        latest: None,
    });
    commands.spawn((
        Name::new(format!("AI search for {side}")),
        AiSearchTask {
            task,
            stop,
            generation: session.generation,
            position_hash: session.position.hash(),
            side,
            config,
            progress: Mutex::new(receiver),
        },
        DespawnOnExit(TurnPhase::AiThinking),
    ));
}

fn poll_search(
    mut commands: Commands,
    mut tasks: Query<(Entity, &mut AiSearchTask)>,
    session: Res<GameSession>,
    mut thinking: ResMut<AiThinking>,
    mut control: ResMut<AiControl>,
    mut chosen: MessageWriter<MoveChosen>,
    mut next_turn: ResMut<NextState<TurnPhase>>,
) {
    for (entity, mut search) in &mut tasks {
        let current = search.generation == session.generation && search.position_hash == session.position.hash();
        if let Ok(receiver) = search.progress.get_mut()
            && let Some(latest) = receiver.try_iter().last()
            && let Some(status) = thinking.status.as_mut()
            && current
        {
            status.latest = Some(latest);
        }
        let Some(outcome) = check_ready(&mut search.task) else {
            continue;
        };
        commands.entity(entity).despawn();
        if !current {
            debug!("discarding a search made for another game or position");
            continue;
        }
        match outcome {
            Ok(result) => {
                chosen.write(MoveChosen {
                    mv: result.best_move,
                    source: MoveSource::Ai,
                    generation: search.generation,
                    position_hash: search.position_hash,
                    search: Some(result.info),
                });
            }
            Err(error) => {
                warn!("AI search failed: {error}");
                control.error = Some(format!("{} AI: {error}", super::side_title(search.side)));
                control.paused = true;
                next_turn.set(TurnPhase::Deciding);
            }
        }
    }
}

/// An AI turn without a search (its move was refused) starts over rather
/// than waiting forever.
fn restart_lost_turn(
    tasks: Query<(), With<AiSearchTask>>,
    chosen: MessageReader<MoveChosen>,
    mut next_turn: ResMut<NextState<TurnPhase>>,
) {
    if tasks.is_empty() && chosen.is_empty() {
        warn!("the AI's move was not played; searching again");
        next_turn.set(TurnPhase::Deciding);
    }
}

fn clear_thinking(mut thinking: ResMut<AiThinking>) {
    thinking.status = None;
}
