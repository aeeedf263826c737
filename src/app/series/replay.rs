//! Watching a finished series game: its start position becomes the game on
//! the board with both sides human (so no search starts), and its moves are
//! fed one at a time through the normal move path, animated and paced like
//! an AI-vs-AI game. A new game, a player change, Stop, or a move off the
//! record (a click on the board) ends the replay.

use std::time::Duration;

use bevy::prelude::*;

use super::runner::Series;
use crate::app::session::GameSession;
use crate::app::state::{AiControl, GamePhase, GameSystems, MoveChosen, MoveSource, PlaySettings, Players, TurnPhase};
use crate::app::turn::TurnClock;
use crate::app::{PlayerSetup, review};
use crate::engine::record::{GameRecord, Player};
use crate::engine::{Move as EngineMove, Position, SearchInfo};

/// Replays finished game `index` of the current series on the main board.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct WatchSeriesGame {
    pub index: usize,
}

/// Ends the replay where it is; the position stays on the board.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct StopReplay;

/// A series game being replayed.
#[derive(Clone, Debug)]
pub struct ReplayedGame {
    pub index: usize,
    pub record: GameRecord,
    /// The game on the board that shows it.
    pub generation: u64,
    /// The record's moves, checked once at the start.
    moves: Vec<EngineMove>,
    /// Each move's recorded search figures, so the panel's statistics show them.
    searches: Vec<SearchInfo>,
}

impl ReplayedGame {
    pub fn plies(&self) -> usize {
        self.moves.len()
    }
}

/// The players set before the first replay; they come back with the next new
/// game unless they were changed in between.
#[derive(Clone, Debug)]
struct SavedPlayers {
    players: Players,
    replay_generation: u64,
}

#[derive(Resource, Default)]
pub struct Replay {
    pub current: Option<ReplayedGame>,
    /// Why the last replay ended or could not start.
    pub note: Option<String>,
    saved: Option<SavedPlayers>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Replay>().add_message::<WatchSeriesGame>().add_message::<StopReplay>().add_systems(
        Update,
        (
            (start_replay, stop_replay).chain().in_set(GameSystems::Input),
            // While an earlier position is being reviewed, the replay waits.
            play_next_move
                .in_set(GameSystems::Input)
                .after(stop_replay)
                .run_if(in_state(TurnPhase::HumanTurn))
                .run_if(review::following_game),
            follow_game.in_set(GameSystems::Turn),
        ),
    );
}

/// The record's start position and its moves, checked by playing them.
fn load(record: &GameRecord) -> Result<(Position, Vec<EngineMove>), String> {
    let mut start = Position::from_fen(record.variant, &record.start_fen).map_err(|e| e.to_string())?;
    if start.size() != record.size {
        return Err(format!("the record's size {} does not match its start position", record.size));
    }
    if let Some(limit) = record.move_limit {
        start.set_move_limit(limit);
    }
    let mut position = start.clone();
    let mut moves = Vec::with_capacity(record.moves.len());
    for (ply, recorded) in record.moves.iter().enumerate() {
        let mv = position
            .play_text(&recorded.notation)
            .map_err(|e| format!("move {} ({}) of the record: {e}", ply + 1, recorded.notation))?;
        moves.push(mv);
    }
    Ok((start, moves))
}

fn search_of(recorded: &crate::engine::record::MoveRecord, mv: EngineMove) -> SearchInfo {
    SearchInfo {
        depth: recorded.depth,
        iterations: 0,
        score: recorded.score.unwrap_or_default(),
        nodes: recorded.nodes,
        time: Duration::from_micros(recorded.time_us),
        pv: vec![mv],
        tt_hits: 0,
        root_scores: Vec::new(),
    }
}

fn human_players() -> Players {
    Players { white: PlayerSetup::Human, black: PlayerSetup::Human }
}

/// Puts the record's start position on the board as a new game.
fn start_replay(
    mut requests: MessageReader<WatchSeriesGame>,
    series: Res<Series>,
    mut replay: ResMut<Replay>,
    mut session: ResMut<GameSession>,
    mut players: ResMut<Players>,
    mut control: ResMut<AiControl>,
    mut next_phase: ResMut<NextState<GamePhase>>,
) {
    let Some(request) = requests.read().last().copied() else {
        return;
    };
    let Some(game) = series.game(request.index) else {
        replay.note = Some(format!("Game {} of the series has not finished.", request.index + 1));
        return;
    };
    let (start, moves) = match load(&game.record) {
        Ok(loaded) => loaded,
        Err(error) => {
            replay.note = Some(format!("Game {} cannot be replayed: {error}", request.index + 1));
            return;
        }
    };
    let searches = game.record.moves.iter().zip(&moves).map(|(r, mv)| search_of(r, *mv)).collect();
    let generation = session.generation + 1;
    // Watching one replay after another keeps the players from before the first.
    let before = match replay.saved.take() {
        Some(saved) if saved.replay_generation == session.generation => saved.players,
        _ => players.clone(),
    };
    replay.saved = Some(SavedPlayers { players: before, replay_generation: generation });
    replay.current = Some(ReplayedGame { index: game.index, record: game.record.clone(), generation, moves, searches });
    replay.note = None;
    players.set_if_neq(human_players());
    let record = GameRecord::new(&start, Player::Human, Player::Human, 0);
    *session = GameSession { position: start, generation, record };
    control.step_requested = false;
    control.error = None;
    // Entering Setup clears the old game's pieces and any search, as for a new game.
    next_phase.set(GamePhase::Setup);
}

fn stop_replay(mut requests: MessageReader<StopReplay>, session: Res<GameSession>, mut replay: ResMut<Replay>) {
    if requests.read().count() > 0
        && let Some(game) = replay.current.take()
    {
        let ply = session.position.moves().len();
        replay.note = Some(format!("Replay of game {} stopped after ply {ply}.", game.index + 1));
    }
}

/// Sends the next recorded move once the turn's delay has passed (or on Step
/// while paused), as an AI-vs-AI game would.
fn play_next_move(
    session: Res<GameSession>,
    players: Res<Players>,
    settings: Res<PlaySettings>,
    clock: Res<TurnClock>,
    time: Res<Time>,
    mut control: ResMut<AiControl>,
    replay: Res<Replay>,
    mut chosen: MessageWriter<MoveChosen>,
) {
    let Some(game) = replay.current.as_ref() else {
        return;
    };
    let ply = session.position.moves().len();
    if game.generation != session.generation || *players != human_players() || ply >= game.moves.len() {
        return;
    }
    if control.paused {
        if !control.step_requested {
            return;
        }
        control.step_requested = false;
    } else if time.elapsed_secs() - clock.deciding_since < settings.ai_delay_secs {
        return;
    }
    chosen.write(MoveChosen {
        mv: game.moves[ply],
        source: MoveSource::Human,
        generation: session.generation,
        position_hash: session.position.hash(),
        search: Some(game.searches[ply].clone()),
    });
}

/// Ends the replay when the game on the board stops following the record,
/// and gives the saved players back when a new game replaces the replay.
fn follow_game(session: Res<GameSession>, mut players: ResMut<Players>, mut replay: ResMut<Replay>) {
    if let Some(saved) = replay.saved.as_ref()
        && saved.replay_generation != session.generation
    {
        // Players edited during the replay are the person's choice: keep them.
        if *players == human_players() {
            let mut restored = saved.players.clone();
            restored.fit_variant(session.variant());
            players.set_if_neq(restored);
        }
        replay.saved = None;
    }
    let Some(game) = replay.current.as_ref() else {
        return;
    };
    let played = session.position.moves();
    let ply = played.len();
    let note = if game.generation != session.generation {
        Some(format!("Replay of game {} ended: a new game started.", game.index + 1))
    } else if *players != human_players() {
        Some(format!("Replay of game {} ended at ply {ply}: the players changed.", game.index + 1))
    } else if ply > game.moves.len() || (ply > 0 && played[ply - 1] != game.moves[ply - 1]) {
        Some(format!("Replay of game {} left the record at ply {ply}; the game goes on from there.", game.index + 1))
    } else if ply == game.moves.len() {
        Some(format!("Replay of game {} finished ({ply} plies).", game.index + 1))
    } else {
        None
    };
    if note.is_some() {
        replay.note = note;
        replay.current = None;
    }
}
