//! Another program's turns: the program named by a side's seat is started
//! once for the game (on its first turn, off the frame loop), kept between
//! its moves, and asked for each move with the whole game so far; its answer
//! is checked by the rules as the match runner checks it. A new game, or
//! another seat at that side, lets the old process go (it is told to quit).

use std::sync::{Arc, Mutex};
use web_time::Instant;

use bevy::prelude::*;

use crate::engine::lab::runner::{ProgramPlayer, Seat};
use crate::engine::rules::clock::Clock;
use crate::engine::{Move as EngineMove, Position, SearchInfo, SearchResult, Side};
use crate::game::request::AiError;
use crate::game::wake::Waker;
use crate::tasks::job::{BackgroundJob, JobError};

/// One side's program: the seat and game it was started for, and the
/// process once started (the job that starts it puts it here).
struct Sitting {
    seat: String,
    generation: u64,
    player: Arc<Mutex<Option<ProgramPlayer>>>,
}

/// Each side's program, kept from move to move within a game.
#[derive(Resource, Default)]
pub(crate) struct ProgramSeats([Option<Sitting>; 2]);

impl ProgramSeats {
    /// The side's program for `seat` in game `generation`: the one kept, or
    /// a fresh one (the old one quits once its last move is answered).
    fn sitting(&mut self, side: Side, seat: &str, generation: u64) -> Arc<Mutex<Option<ProgramPlayer>>> {
        let slot = &mut self.0[side.index()];
        let kept = slot.as_ref().filter(|s| s.seat == seat && s.generation == generation);
        if let Some(sitting) = kept {
            return Arc::clone(&sitting.player);
        }
        let player = Arc::new(Mutex::new(None));
        *slot = Some(Sitting { seat: seat.to_string(), generation, player: Arc::clone(&player) });
        player
    }
}

/// What a program's turn is asked with: the game's start and moves, and
/// both clocks as they stand now (None without a clock).
pub(crate) struct ProgramTurn {
    pub(crate) start: Position,
    pub(crate) moves: Vec<EngineMove>,
    pub(crate) clock: Option<Clock>,
    pub(crate) generation: u64,
}

/// Asks `side`'s program for its move off the frame loop.
pub(crate) fn spawn_turn(
    seats: &mut ProgramSeats,
    side: Side,
    seat_text: &str,
    turn: ProgramTurn,
    waker: &Waker,
) -> BackgroundJob<Result<SearchResult, AiError>> {
    let sitting = seats.sitting(side, seat_text, turn.generation);
    let seat_text = seat_text.to_string();
    BackgroundJob::spawn("program move", waker.clone(), move |_stop| {
        let started = Instant::now();
        let variant = turn.start.variant();
        let seat = Seat::parse(&seat_text, variant).map_err(|error| -> AiError { Arc::new(error) })?;
        let mut held = sitting.lock().map_err(|_| -> AiError { Arc::new(JobError::Poisoned) })?;
        if held.is_none() {
            *held = Some(ProgramPlayer::start(&seat, &turn.start).map_err(|error| -> AiError { Arc::new(error) })?);
        }
        let player = held.as_mut().ok_or_else(|| -> AiError { Arc::new(JobError::Stopped) })?;
        let (best_move, figures) =
            player.play(&turn.moves, turn.clock.as_ref()).map_err(|error| -> AiError { Arc::new(error) })?;
        let info = SearchInfo {
            depth: figures.depth,
            nodes: figures.nodes,
            score: figures.score,
            time: started.elapsed(),
            pv: vec![best_move],
            ..Default::default()
        };
        Ok(SearchResult { best_move, info })
    })
}
