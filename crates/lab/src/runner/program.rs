//! An engine program at one side of a game played outside a match (a person
//! against it, in the game): started once for the game, asked for one move
//! at a time, and its answer checked by the rules as the match runner checks
//! it, so an illegal, malformed or late answer is a forfeit with its reason.

use thiserror::Error;

use super::engine::{EngineTerms, GoClock};
use super::engine_error::EngineError;
use super::game::{Moves, Turn, program_turn};
use super::seat::{Seat, Sitting};
use breakline_rules::Move;
use breakline_rules::clock::Clock;
use breakline_rules::error::MoveError;
use breakline_rules::position::Position;
use breakline_rules::record::MoveFigures;

/// A program taken for one game: the game's start and rule are fixed; each
/// move is asked for with the moves since.
pub struct ProgramPlayer {
    sitting: Sitting,
    start: Position,
}

/// Why a program gave no move.
#[derive(Debug, Error)]
pub enum ProgramError {
    /// The seat names this build's AI, not a program.
    #[error("{0} is this build's AI, not another program")]
    NotAProgram(String),
    /// The program could not be started.
    #[error(transparent)]
    Start(#[from] EngineError),
    /// The game's moves do not replay from its start.
    #[error("the game's move {index} does not replay: {error}")]
    Replay {
        /// The ply, from 1.
        index: usize,
        /// Why the rules refuse it.
        error: MoveError,
    },
    /// The program's answer loses it the game.
    #[error("forfeit: {0}")]
    Forfeit(String),
}

impl ProgramPlayer {
    /// Starts `seat`'s program for a game from `start` (its variant, size
    /// and Lines of Action rule); an AI seat is refused.
    pub fn start(seat: &Seat, start: &Position) -> Result<ProgramPlayer, ProgramError> {
        if let Seat::Ai(config) = seat {
            return Err(ProgramError::NotAProgram(config.to_string()));
        }
        let terms = EngineTerms {
            variant: start.variant(),
            size: start.size(),
            move_limit: None,
            both_connected: start.both_connected().unwrap_or_default(),
        };
        Ok(ProgramPlayer { sitting: seat.sit(&terms)?, start: start.clone() })
    }

    /// The program's move after `played` from the game's start, with its
    /// figures; under `clock` it is told both sides' times.
    pub fn play(&mut self, played: &[Move], clock: Option<&Clock>) -> Result<(Move, MoveFigures), ProgramError> {
        let mut pos = self.start.clone();
        let mut moves = Moves { start_fen: pos.fen(), played: Vec::with_capacity(played.len()) };
        for (i, &m) in played.iter().enumerate() {
            moves.played.push(pos.move_name(m));
            pos.play(m).map_err(|error| ProgramError::Replay { index: i + 1, error })?;
        }
        let go = clock.map(|&clock| GoClock { clock, mover: pos.side_to_move() });
        match program_turn(&mut self.sitting, &mut pos, &moves, go.as_ref()) {
            Turn::Moved(m, figures) => Ok((m, figures)),
            Turn::Forfeit(reason) => Err(ProgramError::Forfeit(reason.to_string())),
            // A program's turn is never stopped from outside: it answers or forfeits.
            Turn::Stopped => Err(ProgramError::Forfeit("no answer".to_string())),
        }
    }
}
