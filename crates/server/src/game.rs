//! A game the server referees: the rules engine checks every move, each move
//! carries its ply (the number of moves before it) so a repeated or early
//! message is harmless, and the players resign, abort before the second
//! move, offer draws where the game has draws (Lines of Action; Breakthrough
//! has none), and ask for takebacks. Every change is an event with the next
//! version. Pure: the caller passes the time and stores the game.

use breakline_rules::error::MoveError;
use breakline_rules::position::Position;
use breakline_rules::{Move, Outcome, Side, SizeError, WinReason};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::clock::{ClockReading, ClockState, GameClock};
use crate::events::{EventLog, GameEvent, Numbered, Since};
use crate::ids::{GameId, PlayerId};
use crate::rating::RatingChange;
use crate::result::GameResult;
use crate::spec::GameSpec;

/// Why a player's request in a game was refused; the game is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GameError {
    /// The asker does not play in this game.
    #[error("you do not play in this game")]
    NotAPlayer,
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// A move for the current ply by the side not to move.
    #[error("it is not your turn")]
    NotYourTurn,
    /// A move for an earlier ply that differs from the one played there.
    #[error("ply {ply} was already played (the game is at ply {current})")]
    StalePly {
        /// The ply the move carried.
        ply: u32,
        /// Moves played.
        current: u32,
    },
    /// A move for a ply not reached yet.
    #[error("ply {ply} is not reached yet (the game is at ply {current})")]
    FuturePly {
        /// The ply the move carried.
        ply: u32,
        /// Moves played.
        current: u32,
    },
    /// The rules refuse the move or its text.
    #[error("{0}")]
    Illegal(#[from] MoveError),
    /// A draw offer in a game without draws.
    #[error("this game has no draws")]
    NoDraws,
    /// Answering an offer or request nobody made (or one's own).
    #[error("there is nothing to answer")]
    NothingToAnswer,
    /// An abort after the second move.
    #[error("a game can be aborted only before its second move")]
    TooLateToAbort,
    /// A takeback with no move of the asker's to take back.
    #[error("there is no move of yours to take back")]
    NothingToTakeBack,
    /// A flag claim the server's clock does not agree with.
    #[error("the opponent's time has not run out")]
    NotFlagged,
}

/// Why a stored game could not be set up again.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RestoreError {
    /// Its board.
    #[error(transparent)]
    Size(#[from] SizeError),
    /// One of its moves.
    #[error("move {ply}: {error}")]
    Move {
        /// The move's ply.
        ply: u32,
        /// Why it does not play.
        error: MoveError,
    },
}

/// What the store keeps of a game (and [`ServerGame::stored`] gives back).
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct StoredGame {
    /// Its id.
    pub id: GameId,
    /// Its setup.
    pub spec: GameSpec,
    /// White and Black.
    pub players: [PlayerId; 2],
    /// Their names.
    pub names: [String; 2],
    /// The moves played, in notation.
    pub moves: Vec<String>,
    /// The clocks at the last change.
    pub clock: ClockState,
    /// Where it stands.
    pub result: GameResult,
    /// The version of its last event.
    pub version: u64,
}

/// A game's whole state, for a resync.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct GameState {
    /// Its id.
    pub game: GameId,
    /// Its setup.
    pub spec: GameSpec,
    /// White's and Black's names.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// The moves played.
    pub moves: Vec<String>,
    /// The side to move (none once over).
    pub to_move: Option<Side>,
    /// The clocks now.
    pub clocks: ClockReading,
    /// Where it stands.
    pub result: GameResult,
    /// A standing draw offer's side.
    pub draw_offer: Option<Side>,
    /// A standing takeback request's side.
    pub takeback_request: Option<Side>,
    /// The version this state is at.
    pub version: u64,
}

/// What a move message did.
#[derive(Clone, PartialEq, Debug)]
pub enum Played {
    /// The move was already played at its ply: nothing changed.
    Duplicate,
    /// It was played: these events happened (the move, and the end if it ended the game).
    Events(Vec<Numbered>),
    /// It came after its side's time ran out: not played, the game lost on time.
    Flagged(Vec<Numbered>),
}

/// A game in play or finished.
#[derive(Clone, Debug)]
pub struct ServerGame {
    id: GameId,
    spec: GameSpec,
    players: [PlayerId; 2],
    names: [String; 2],
    position: Position,
    first: Side,
    moves: Vec<String>,
    clock: GameClock,
    result: GameResult,
    draw_offer: Option<Side>,
    takeback_request: Option<Side>,
    log: EventLog,
}

impl ServerGame {
    /// A new game at `now`; its first event, `Started`, is version 1.
    pub fn new(
        id: GameId,
        spec: GameSpec,
        players: [PlayerId; 2],
        names: [String; 2],
        now: u64,
    ) -> Result<ServerGame, SizeError> {
        let position = Position::start(spec.variant, spec.size)?;
        let clock = GameClock::new(spec.time, now);
        let log = EventLog::at(0);
        let mut game = ServerGame {
            id,
            spec,
            players,
            names,
            first: position.side_to_move(),
            position,
            moves: Vec::new(),
            clock,
            result: GameResult::Ongoing,
            draw_offer: None,
            takeback_request: None,
            log,
        };
        let [white, black] = game.names.clone();
        game.log.push(GameEvent::Started { white, black, spec });
        Ok(game)
    }

    /// A stored game set up again at `now`, its clock resumed by the restart rule.
    pub fn restore(stored: StoredGame, now: u64) -> Result<ServerGame, RestoreError> {
        let mut position = Position::start(stored.spec.variant, stored.spec.size)?;
        let first = position.side_to_move();
        for (ply, text) in stored.moves.iter().enumerate() {
            position.play_text(text).map_err(|error| RestoreError::Move { ply: ply as u32, error })?;
        }
        let mut clock = GameClock::from_state(stored.spec.time, stored.clock);
        if !stored.result.is_over() {
            clock.resume(now);
        }
        Ok(ServerGame {
            id: stored.id,
            spec: stored.spec,
            players: stored.players,
            names: stored.names,
            position,
            first,
            moves: stored.moves,
            clock,
            result: stored.result,
            draw_offer: None,
            takeback_request: None,
            log: EventLog::at(stored.version),
        })
    }

    /// What the store keeps of it.
    pub fn stored(&self) -> StoredGame {
        StoredGame {
            id: self.id,
            spec: self.spec,
            players: self.players,
            names: self.names.clone(),
            moves: self.moves.clone(),
            clock: self.clock.state(),
            result: self.result,
            version: self.log.version(),
        }
    }

    /// Gives a new game the id the store gave it.
    pub fn set_id(&mut self, id: GameId) {
        self.id = id;
    }

    /// Its id.
    pub fn id(&self) -> GameId {
        self.id
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Its setup.
    pub fn spec(&self) -> &GameSpec {
        &self.spec
    }

    /// White and Black.
    pub fn players(&self) -> [PlayerId; 2] {
        self.players
    }

    /// Where it stands.
    pub fn result(&self) -> GameResult {
        self.result
    }

    /// Moves played.
    pub fn plies(&self) -> u32 {
        self.moves.len() as u32
    }

    /// The version of its last event.
    pub fn version(&self) -> u64 {
        self.log.version()
    }

    /// The side to move, none once over.
    pub fn to_move(&self) -> Option<Side> {
        (!self.result.is_over()).then(|| self.position.side_to_move())
    }

    /// The side `player` plays.
    pub fn side_of(&self, player: PlayerId) -> Option<Side> {
        Side::BOTH.into_iter().find(|s| self.players[s.index()] == player)
    }

    /// The events after version `seen`, or a resync.
    pub fn since(&self, seen: u64) -> Since {
        self.log.since(seen)
    }

    /// The whole state at `now`.
    pub fn state(&self, now: u64) -> GameState {
        let [white, black] = self.names.clone();
        GameState {
            game: self.id,
            spec: self.spec,
            white,
            black,
            moves: self.moves.clone(),
            to_move: self.to_move(),
            clocks: self.reading(now),
            result: self.result,
            draw_offer: self.draw_offer,
            takeback_request: self.takeback_request,
            version: self.log.version(),
        }
    }

    fn reading(&self, now: u64) -> ClockReading {
        self.clock.reading(self.to_move(), self.plies(), now)
    }

    /// The asker's side in a game still going on.
    fn playing_side(&self, player: PlayerId) -> Result<Side, GameError> {
        let side = self.side_of(player).ok_or(GameError::NotAPlayer)?;
        if self.result.is_over() {
            return Err(GameError::GameOver);
        }
        Ok(side)
    }

    /// `player` plays `text` as the move at `ply`, claiming `lag_ms` of lag, at `now`.
    pub fn play(&mut self, player: PlayerId, ply: u32, text: &str, lag_ms: u64, now: u64) -> Result<Played, GameError> {
        let side = self.side_of(player).ok_or(GameError::NotAPlayer)?;
        let current = self.plies();
        if ply < current {
            return self.repeated(side, ply, text);
        }
        if self.result.is_over() {
            return Err(GameError::GameOver);
        }
        if ply > current {
            return Err(GameError::FuturePly { ply, current });
        }
        if self.position.side_to_move() != side {
            return Err(GameError::NotYourTurn);
        }
        let m = self.position.parse_move(text)?;
        let mut trial = self.position.clone();
        trial.play(m)?;
        if let Err(flag) = self.clock.charge(side, current, now, lag_ms) {
            let outcome = Outcome::Win { winner: flag.0.opponent(), reason: WinReason::Time };
            return Ok(Played::Flagged(vec![self.end(GameResult::Finished { outcome })]));
        }
        self.position = trial;
        Ok(Played::Events(self.after_move(side, ply, m, now)))
    }

    /// A move for a ply already played: a repeat if it is the move the same side played there.
    fn repeated(&self, side: Side, ply: u32, text: &str) -> Result<Played, GameError> {
        let same = self.position.parse_move(text).ok().map(|m| self.position.size().move_name(m));
        let mover = if ply.is_multiple_of(2) { self.first } else { self.first.opponent() };
        match same {
            Some(name) if name == self.moves[ply as usize] && mover == side => Ok(Played::Duplicate),
            _ => Err(GameError::StalePly { ply, current: self.plies() }),
        }
    }

    /// The events of `side`'s move `m` at `ply`, just played: the move, a
    /// standing offer of the opponent's declined, the end if it ended the game.
    fn after_move(&mut self, side: Side, ply: u32, m: Move, now: u64) -> Vec<Numbered> {
        let name = self.position.size().move_name(m);
        self.moves.push(name.clone());
        self.takeback_request = None;
        let clocks = self.reading(now);
        let mut events = vec![self.log.push(GameEvent::Moved { ply, mv: name, clocks })];
        if let Some(offer) = self.draw_offer.take().filter(|&s| s != side) {
            events.push(self.log.push(GameEvent::DrawDeclined { by: offer.opponent() }));
        }
        let outcome = self.position.outcome();
        if outcome.is_over() {
            events.push(self.end(GameResult::Finished { outcome }));
        }
        events
    }

    /// Ends the game with `result`.
    fn end(&mut self, result: GameResult) -> Numbered {
        self.result = result;
        self.draw_offer = None;
        self.takeback_request = None;
        self.log.push(GameEvent::Ended { result })
    }

    /// The event of a rated game's rating changes, once it has ended.
    pub fn rated(&mut self, white: RatingChange, black: RatingChange) -> Numbered {
        self.log.push(GameEvent::Rated { white, black })
    }

    /// `player` resigns.
    pub fn resign(&mut self, player: PlayerId) -> Result<Vec<Numbered>, GameError> {
        let side = self.playing_side(player)?;
        let outcome = Outcome::Win { winner: side.opponent(), reason: WinReason::Resignation };
        Ok(vec![self.end(GameResult::Finished { outcome })])
    }

    /// `player` calls the game off before the second move.
    pub fn abort(&mut self, player: PlayerId) -> Result<Vec<Numbered>, GameError> {
        self.playing_side(player)?;
        if self.plies() >= 2 {
            return Err(GameError::TooLateToAbort);
        }
        Ok(vec![self.end(GameResult::Aborted)])
    }

    /// `player` offers a draw, or accepts the opponent's standing offer.
    pub fn offer_draw(&mut self, player: PlayerId) -> Result<Vec<Numbered>, GameError> {
        let side = self.playing_side(player)?;
        if !self.spec.variant.can_draw() {
            return Err(GameError::NoDraws);
        }
        if self.draw_offer == Some(side.opponent()) {
            return Ok(vec![self.end(GameResult::DrawnByAgreement)]);
        }
        self.draw_offer = Some(side);
        Ok(vec![self.log.push(GameEvent::DrawOffered { by: side })])
    }

    /// `player` declines the opponent's standing draw offer.
    pub fn decline_draw(&mut self, player: PlayerId) -> Result<Vec<Numbered>, GameError> {
        let side = self.playing_side(player)?;
        if self.draw_offer != Some(side.opponent()) {
            return Err(GameError::NothingToAnswer);
        }
        self.draw_offer = None;
        Ok(vec![self.log.push(GameEvent::DrawDeclined { by: side })])
    }

    /// `player` asks to take back their last move, or accepts the opponent's request.
    pub fn request_takeback(&mut self, player: PlayerId, now: u64) -> Result<Vec<Numbered>, GameError> {
        let side = self.playing_side(player)?;
        if self.takeback_request == Some(side.opponent()) {
            return Ok(vec![self.take_back(side.opponent(), now)]);
        }
        if self.plies_to_take_back(side) == 0 {
            return Err(GameError::NothingToTakeBack);
        }
        self.takeback_request = Some(side);
        Ok(vec![self.log.push(GameEvent::TakebackRequested { by: side })])
    }

    /// `player` declines the opponent's standing takeback request.
    pub fn decline_takeback(&mut self, player: PlayerId) -> Result<Vec<Numbered>, GameError> {
        let side = self.playing_side(player)?;
        if self.takeback_request != Some(side.opponent()) {
            return Err(GameError::NothingToAnswer);
        }
        self.takeback_request = None;
        Ok(vec![self.log.push(GameEvent::TakebackDeclined { by: side })])
    }

    /// How many moves go back for `side` to play its last move again: one if
    /// the opponent is to move, two if `side` is; none if `side` has not moved.
    fn plies_to_take_back(&self, side: Side) -> u32 {
        let back = if self.position.side_to_move() == side { 2 } else { 1 };
        if self.plies() >= back { back } else { 0 }
    }

    fn take_back(&mut self, asker: Side, now: u64) -> Numbered {
        for _ in 0..self.plies_to_take_back(asker) {
            self.position.undo();
            self.moves.pop();
        }
        self.takeback_request = None;
        self.draw_offer = None;
        self.clock.restart_turn(now);
        let clocks = self.reading(now);
        self.log.push(GameEvent::TookBack { plies: self.plies(), clocks })
    }

    /// `player` claims the opponent's flag; the server's own reading decides.
    pub fn claim_flag(&mut self, player: PlayerId, now: u64) -> Result<Vec<Numbered>, GameError> {
        let side = self.playing_side(player)?;
        let opponent = side.opponent();
        let on_move = self.position.side_to_move() == opponent;
        if !on_move || !self.clock.has_flagged(opponent, self.plies(), now) {
            return Err(GameError::NotFlagged);
        }
        let outcome = Outcome::Win { winner: side, reason: WinReason::Time };
        Ok(vec![self.end(GameResult::Finished { outcome })])
    }

    /// Whether the server's own flag falls at `now` (see [`ServerGame::flag_fall`]).
    pub fn out_of_time(&self, now: u64, grace_ms: u64) -> bool {
        let Some(to_move) = self.to_move() else { return false };
        let late = now.saturating_sub(grace_ms);
        self.clock.has_flagged(to_move, self.plies(), late) || self.clock.first_moves_overdue(self.plies(), late)
    }

    /// The server's own flag: a game whose side to move ran out of time
    /// `grace_ms` ago or more (a move in flight may still be on time) is lost
    /// on time; a live game whose first or second move is overdue is aborted.
    pub fn flag_fall(&mut self, now: u64, grace_ms: u64) -> Option<Vec<Numbered>> {
        let to_move = self.to_move()?;
        if !self.out_of_time(now, grace_ms) {
            return None;
        }
        if self.plies() < 2 && self.clock.first_moves_overdue(self.plies(), now.saturating_sub(grace_ms)) {
            return Some(vec![self.end(GameResult::Aborted)]);
        }
        let outcome = Outcome::Win { winner: to_move.opponent(), reason: WinReason::Time };
        Some(vec![self.end(GameResult::Finished { outcome })])
    }
}
