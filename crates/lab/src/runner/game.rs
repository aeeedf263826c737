//! One game between two seats, refereed under this build's rules: each AI
//! move's search is seeded from the game's seed, the ply and the side; an
//! engine program's illegal, malformed or late answer loses it the game, and
//! the game says why.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use web_time::Instant;

use super::engine::{EngineProcess, EngineTerms, GoClock};
use super::engine_error::EngineError;
use super::parallel::Finished;
use super::schedule::move_seed;
use super::seat::{Seat, Sitting};
use super::uci::UciProcess;
use breakline_ai::player::{GameRecord, Player};
use breakline_ai::search::{self, AiConfig, SearchError, SearchHandler};
use breakline_rules::clock::{Clock, FlagFell};
use breakline_rules::error::MoveError;
use breakline_rules::position::Position;
use breakline_rules::record::MoveFigures;
use breakline_rules::typed_move::{TypedMoveError, read_typed_move};
use breakline_rules::{Move, Outcome, Side, WinReason};

/// One finished (or stopped) game of a series, as `match --json` writes it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeriesGame {
    /// Its number in the series, from 0.
    pub index: usize,
    /// Whether A played Black in this game.
    pub a_is_black: bool,
    /// Who played White, as the series names the seat.
    #[serde(default)]
    pub white: String,
    /// Who played Black.
    #[serde(default)]
    pub black: String,
    /// Why the loser forfeited (illegal move, bad answer, timeout, crash).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forfeit: Option<String>,
    /// The game itself.
    pub record: GameRecord,
}

impl SeriesGame {
    /// The colour A played in this game.
    pub fn color_of_a(&self) -> Side {
        if self.a_is_black { Side::Black } else { Side::White }
    }

    /// 1 for an A win, 0.5 for a draw, 0 for a loss.
    pub fn score_of_a(&self) -> f64 {
        match self.record.result.winner() {
            Some(w) if w == self.color_of_a() => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }
}

impl Finished for SeriesGame {
    fn is_finished(&self) -> bool {
        self.record.result.is_over()
    }
}

/// Plays an AI-vs-AI game from `start` to its end and records it, the
/// configs as given. Each move's search is seeded from `seed`, the ply and the
/// side, so the same seed gives the same game. `handler` can stop the game
/// between and within searches.
pub fn play_ai_game(
    start: Position,
    white: &AiConfig,
    black: &AiConfig,
    seed: u64,
    handler: &mut dyn SearchHandler,
) -> Result<GameRecord, SearchError> {
    let record = GameRecord::new(&start, Player::Ai(white.clone()), Player::Ai(black.clone()), seed);
    let seats = [Seat::Ai(white.clone()), Seat::Ai(black.clone())];
    // AI seats start no program: the terms are never read.
    let terms = EngineTerms {
        variant: start.variant(),
        size: start.size(),
        move_limit: None,
        both_connected: start.both_connected().unwrap_or_default(),
    };
    Ok(play_seats(start, [&seats[0], &seats[1]], &terms, record, seed, None, handler)?.0)
}

/// What a seat did with its turn.
pub(super) enum Turn {
    Moved(Move, MoveFigures),
    Stopped,
    Forfeit(Forfeit),
}

/// Why a seat lost the game without its move being played.
#[derive(Debug, Error)]
pub(crate) enum Forfeit {
    /// The program could not start, answer in time or be understood.
    #[error(transparent)]
    Engine(#[from] EngineError),
    /// The program's move is not legal here.
    #[error("illegal move '{answer}': {error}")]
    Illegal { answer: String, error: MoveError },
    /// A UCI program's move (read with or without a dash) is not legal here.
    #[error("illegal move '{answer}': {error}")]
    IllegalUci { answer: String, error: TypedMoveError },
}

/// The game so far as an engine program is told it: the start and the moves.
pub(super) struct Moves {
    pub(super) start_fen: String,
    pub(super) played: Vec<String>,
}

/// Plays `seats` (White's, Black's; AI configs as they search) from `start`
/// into `record` until the game ends, `handler` stops it, a seat forfeits or
/// (under `clock`) a flag falls. Engine programs start when their side first
/// moves. Returns the record and the side that forfeited with its reason.
pub(crate) fn play_seats(
    mut pos: Position,
    seats: [&Seat; 2],
    terms: &EngineTerms,
    mut record: GameRecord,
    seed: u64,
    mut clock: Option<Clock>,
    handler: &mut dyn SearchHandler,
) -> Result<(GameRecord, Option<(Side, Forfeit)>), SearchError> {
    let mut moves = Moves { start_fen: pos.fen(), played: Vec::new() };
    let mut sittings: [Option<Sitting>; 2] = [None, None];
    let mut forfeit = None;
    let mut flag = None;
    record.time_control = clock.map(|c| c.control());
    while !pos.outcome().is_over() && !handler.should_stop() {
        let side = pos.side_to_move();
        let slot = &mut sittings[side.index()];
        if slot.is_none() {
            match seats[side.index()].sit(terms) {
                Ok(sitting) => *slot = Some(sitting),
                Err(e) => {
                    forfeit = Some((side, e.into()));
                    break;
                }
            }
        }
        let Some(sitting) = slot.as_mut() else { break };
        let before = pos.clone();
        let started = Instant::now();
        let played = turn(sitting, &mut pos, &moves, seed, clock.as_ref(), handler)?;
        // Time runs out before anything else counts: a move, or a bad or late answer.
        if !matches!(played, Turn::Stopped)
            && let Some(clock) = clock.as_mut()
            && let Err(FlagFell(loser)) = clock.charge(side, started.elapsed())
        {
            pos = before;
            flag = Some(loser);
            break;
        }
        match played {
            Turn::Moved(m, figures) => {
                moves.played.push(before.move_name(m));
                record.push(&before, m, Some(&figures));
                if let Some(clock) = &clock {
                    record.stamp_clock(clock.remaining(side));
                }
            }
            Turn::Stopped => break,
            Turn::Forfeit(reason) => {
                forfeit = Some((side, reason));
                break;
            }
        }
    }
    record.finish(&pos);
    if let Some(loser) = flag {
        record.flag_fell(loser);
    }
    if let Some((loser, _)) = &forfeit {
        record.result = Outcome::Win { winner: loser.opponent(), reason: WinReason::Forfeit };
        record.stats.winner = Some(loser.opponent());
    }
    Ok((record, forfeit))
}

/// One move by the seat to move, played on `pos`; under `clock` an AI plans
/// its time from its clock and a program is told both clocks.
fn turn(
    sitting: &mut Sitting,
    pos: &mut Position,
    moves: &Moves,
    seed: u64,
    clock: Option<&Clock>,
    handler: &mut dyn SearchHandler,
) -> Result<Turn, SearchError> {
    let mover = pos.side_to_move();
    match sitting {
        Sitting::Ai(base, memory) => {
            let config = base.with_seed(move_seed(seed, pos.moves().len(), mover));
            let request = search::SearchRequest {
                clock: clock.map(|c| c.view(mover)),
                memory: Some(memory),
                ..Default::default()
            };
            let result = search::run(pos, &config, request, handler)?;
            if handler.should_stop() {
                return Ok(Turn::Stopped);
            }
            // The search only returns legal moves; a failure here is an engine bug.
            pos.play(result.best_move).map_err(SearchError::RefusedMove)?;
            Ok(Turn::Moved(result.best_move, result.info.figures()))
        }
        program => {
            let go = clock.map(|&clock| GoClock { clock, mover });
            Ok(program_turn(program, pos, moves, go.as_ref()))
        }
    }
}

/// One move by a program seat (told both clocks under `go`), played on
/// `pos`. An AI sitting is no program: it plays through [`turn`], and here
/// it only stops.
pub(super) fn program_turn(sitting: &mut Sitting, pos: &mut Position, moves: &Moves, go: Option<&GoClock>) -> Turn {
    match sitting {
        Sitting::Ai(..) => Turn::Stopped,
        Sitting::Engine(engine) => engine_turn(engine, pos, moves, go),
        Sitting::Uci(engine) => uci_turn(engine, pos, moves, go),
    }
}

/// A UCI or UGI program's answer, checked against the rules: anything but a
/// legal move (with or without a dash) forfeits the game.
fn uci_turn(engine: &mut UciProcess, pos: &mut Position, moves: &Moves, clock: Option<&GoClock>) -> Turn {
    let (answer, info) = match engine.best_move(&moves.start_fen, &moves.played, clock) {
        Ok(answered) => answered,
        Err(e) => return Turn::Forfeit(e.into()),
    };
    let m = match read_typed_move(pos, &answer) {
        Ok(m) => m,
        Err(error) => return Turn::Forfeit(Forfeit::IllegalUci { answer, error }),
    };
    match pos.play(m) {
        Ok(()) => Turn::Moved(m, info.figures()),
        Err(error) => Turn::Forfeit(Forfeit::Illegal { answer, error }),
    }
}

/// The program's answer, checked against the rules: anything but a legal move
/// forfeits the game.
fn engine_turn(engine: &mut EngineProcess, pos: &mut Position, moves: &Moves, clock: Option<&GoClock>) -> Turn {
    match engine.best_move(&moves.start_fen, &moves.played, clock) {
        Err(e) => Turn::Forfeit(e.into()),
        Ok((answer, info)) => match pos.play_text(&answer) {
            Ok(m) => Turn::Moved(m, info.figures()),
            Err(error) => Turn::Forfeit(Forfeit::Illegal { answer, error }),
        },
    }
}
