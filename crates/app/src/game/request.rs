//! The messages that drive a game: every change to it is a [`GameRequest`],
//! a chosen move among them, applied in order by the owner.

use std::sync::Arc;

use bevy::prelude::*;

use crate::engine::rules::record::line_tree::LinePath;
use crate::engine::{BoardSize, Move as EngineMove, SearchInfo, Side, Variant};
use crate::game::players::Players;
use crate::game::session::{GameSession, PositionKey, ReplaySource};

/// A game to watch: its players, on its own board or the settings'.
#[derive(Clone, Debug, PartialEq)]
pub struct NewMatchup {
    pub players: Players,
    /// A preset's game and size; none: the `GameSettings`' (fresh eyes,
    /// round 26: a preset used to set those, and Play's setup then offered
    /// the watched game instead of the person's).
    pub board: Option<(Variant, BoardSize)>,
}

impl From<Players> for Box<NewMatchup> {
    fn from(players: Players) -> Self {
        Box::new(NewMatchup { players, board: None })
    }
}

/// Every change to the game arrives as one of these and is applied by one
/// system (the owner), in order, with the stale-result checks there.
#[derive(Message, Clone, Debug)]
pub enum GameRequest {
    /// A new game with the current [`Players`], on the board of the
    /// `GameSettings` or, for a rematch, on the board of the game just played.
    NewGame { rematch: bool },
    /// A move a player chose.
    Play(MoveChosen),
    /// Back to the human's previous turn (one ply when both sides are AI).
    Undo,
    /// Play again what undo took back.
    Redo,
    /// The side to move gives up (in human-vs-AI, the human does).
    Resign,
    /// Show the position after `ply` moves; the live ply ends review.
    GoTo { ply: usize },
    /// Cut the game at the reviewed ply and play on from there.
    ContinueFromHere,
    /// A person's move on the reviewed position (or in a side line): it
    /// follows the game or a side line that has it, or starts a new side
    /// line; the game's own moves do not change.
    TryMove(MoveChosen),
    /// Show a place in the game's tree: a side line's position, or the
    /// game's own (which is `GoTo`).
    ShowLine(LinePath),
    /// The side line shown becomes the line it branches from; the game's
    /// moves from there become a side line.
    PromoteLine,
    /// The side line shown is deleted; the board shows where it branched.
    DeleteLine,
    /// Replace the game by one read from a file, with its players.
    Open(Box<OpenedGame>),
    /// Watch a recorded game move by move.
    Watch(Box<WatchedGame>),
    /// Stop watching; the game goes on from the position reached.
    StopReplay,
    /// A lesson or puzzle borrows the board; the game in progress waits.
    Visit(Box<VisitedGame>),
    /// Back from a visit to the game that waited.
    Return,
    /// A game to study in Analyse (from the Library, a file or the
    /// clipboard): while a game is in progress it waits aside, as for a
    /// lesson, and comes back when Analyse is left; with none, the game is
    /// simply opened.
    Study(Box<OpenedGame>),
    /// A new game of these players (a Watch & Lab preset) on its own board
    /// or the settings'. Beside a person's game in progress it is studied (that game
    /// waits and comes back when the screen is left); else it replaces the
    /// game, asked first, players and all: a "no" changes nothing.
    StartMatchup(Box<NewMatchup>),
    /// The game studied becomes the game in progress, to play on from it:
    /// the game that waited ends (asked first, as any replacement).
    PlayOnFromStudy,
    /// Yes to the pending [`ReplaceGame`] question.
    ConfirmReplace,
    /// No to it: the game in progress stays.
    CancelReplace,
    /// Hold AI (and replayed) moves, or let them go on; clears the error.
    SetPaused(bool),
    /// One AI (or replayed) move while paused.
    StepAi,
    /// A search failed: the AI pauses and the panel says why.
    AiFailed { side: Side, error: AiError },
    /// The side to move's time ran out in game `generation` after `plies`
    /// moves (a stale report, for a position that went away, is ignored).
    FlagFell { generation: u64, plies: usize },
    /// Who plays each side, from now on (a turn waiting for the old player starts over).
    SetPlayers(Players),
}

/// A request that would replace a game in progress, waiting for the person
/// to confirm it (see [`PlaySettings::confirm_replace`]).
#[derive(Resource, Default, Clone, Debug)]
pub struct ReplaceGame {
    pub pending: Option<GameRequest>,
}

/// Why an AI search gave no move: the search's own error, or its thread's.
pub type AiError = Arc<dyn std::error::Error + Send + Sync>;

impl GameRequest {
    /// New game and load throw the current game away (a recorded game
    /// watched beside a person's game is studied, as a matchup is).
    pub(crate) fn replaces_game(&self) -> bool {
        matches!(self, GameRequest::NewGame { .. } | GameRequest::Open(_) | GameRequest::PlayOnFromStudy)
    }
}

/// A game read from a file: the session and who plays it.
#[derive(Clone, Debug)]
pub struct OpenedGame {
    pub(crate) session: GameSession,
    pub(crate) players: Players,
    /// What the panel says once it is open.
    pub(crate) message: String,
    /// A game the person saved and opens again to play on: kept in the
    /// library when it ends, as a game played from its start is.
    pub(crate) kept_when_finished: bool,
}

/// A recorded game to watch: its moves and where it starts.
#[derive(Clone, Debug)]
pub struct WatchedGame {
    pub(crate) source: ReplaySource,
    pub(crate) start: crate::engine::Position,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MoveSource {
    Human,
    Ai,
    /// The record being watched.
    Replay,
    /// A visit's own moves for its scripted side (a puzzle's replies).
    Scripted,
}

/// A move a player chose. It is played only if it is legal, its source is the
/// player of the side to move, and it was chosen for the current game
/// (`generation`) and position (`position_hash`).
#[derive(Clone, Debug)]
pub struct MoveChosen {
    pub mv: EngineMove,
    pub source: MoveSource,
    pub generation: u64,
    pub position_hash: u64,
    /// The AI's search figures, for the game record.
    pub search: Option<SearchInfo>,
}

impl MoveChosen {
    /// A move chosen for the position `key` (the one constructor: the move
    /// carries the key of the position it was chosen for).
    pub(crate) fn for_key(
        key: PositionKey,
        mv: EngineMove,
        source: MoveSource,
        search: Option<SearchInfo>,
    ) -> MoveChosen {
        MoveChosen { mv, source, generation: key.generation, position_hash: key.hash, search }
    }

    /// A visit's own move for its scripted side (a puzzle's reply, a
    /// lesson's example), for the game's position now.
    pub(crate) fn scripted(mv: EngineMove, session: &GameSession) -> GameRequest {
        GameRequest::Play(MoveChosen::for_key(session.live_key(), mv, MoveSource::Scripted, None))
    }

    /// A person's move on the board shown: while reviewing, a move tried
    /// (a side line); else a move of the game.
    pub(crate) fn by_person(mv: EngineMove, session: &GameSession) -> GameRequest {
        let key = session.shown_key();
        let chosen = MoveChosen::for_key(key, mv, MoveSource::Human, None);
        if session.reviewing() { GameRequest::TryMove(chosen) } else { GameRequest::Play(chosen) }
    }

    /// A human's move for the current position of the game `generation`.
    pub fn human(mv: EngineMove, generation: u64, position_hash: u64) -> GameRequest {
        GameRequest::Play(MoveChosen { mv, source: MoveSource::Human, generation, position_hash, search: None })
    }
}

/// A game to visit: the session and players it opens with (people on both
/// sides, so the turn waits), and the sides its plugin plays.
#[derive(Clone, Debug)]
pub struct VisitedGame {
    pub(crate) opened: OpenedGame,
    pub(crate) scripted: Vec<Side>,
}
