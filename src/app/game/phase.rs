//! Game phases, the settings the player edits, and the messages that drive a
//! game: a new game request and a chosen move.

use bevy::prelude::*;

use super::players::Players;
use crate::engine::rules::clock::TimeControl;
use crate::engine::{BoardSize, Move as EngineMove, SearchInfo, Side, Variant};

/// Where the game is. `Setup` lasts one frame: entering it clears the old
/// game's entities, leaving it for `Playing` spawns the new ones.
#[derive(States, Default, Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum GamePhase {
    #[default]
    Setup,
    Playing,
    Over,
}

/// What the window shows: the board game, or a Flow Free puzzle. The board
/// game's systems run only in [`Mode::Board`]; in [`Mode::Flow`] its game
/// waits, untouched, for the player to come back.
#[derive(States, Default, Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Mode {
    #[default]
    Board,
    Flow,
}

/// Whose turn it is and what it waits for, while a game is being played.
#[derive(SubStates, Default, Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[source(GamePhase = GamePhase::Playing)]
pub enum TurnPhase {
    /// Checks for the end of the game and picks the next player's turn.
    #[default]
    Deciding,
    HumanTurn,
    AiThinking,
    /// The last move slides into place; the next turn starts when it ends.
    Animating,
}

/// Variant, size and clock for the next new game (the current game keeps its own).
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct GameSettings {
    pub variant: Variant,
    pub size: BoardSize,
    /// None: no clock.
    pub time_control: Option<TimeControl>,
}

impl Default for GameSettings {
    fn default() -> Self {
        let variant = Variant::Breakthrough;
        GameSettings { variant, size: variant.default_size(), time_control: None }
    }
}

/// Animation and pacing; these apply immediately.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct PlaySettings {
    pub animate: bool,
    /// Seconds a move's slide takes.
    pub move_secs: f32,
    /// Pause before an AI move when both sides are AI, so games can be watched.
    pub ai_delay_secs: f32,
    /// Ask before a game in progress is replaced (new game, preset, load, watch).
    pub confirm_replace: bool,
}

impl Default for PlaySettings {
    fn default() -> Self {
        PlaySettings { animate: true, move_secs: 0.3, ai_delay_secs: 0.4, confirm_replace: true }
    }
}

/// Every change to the game arrives as one of these and is applied by one
/// system ([`super::owner`]), in order, with the stale-result checks there.
#[derive(Message, Clone, Debug)]
pub enum GameRequest {
    /// A new game with the current [`Players`], on the board of the
    /// [`GameSettings`] or, for a rematch, on the board of the game just played.
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
    /// Replace the game by one read from a file, with its players.
    Open(Box<OpenedGame>),
    /// Watch a recorded game move by move.
    Watch(Box<WatchedGame>),
    /// Stop watching; the game goes on from the position reached.
    StopReplay,
    /// A lesson or puzzle borrows the board; the game in progress waits.
    Visit(Box<super::owner::VisitedGame>),
    /// Back from a visit to the game that waited.
    Return,
    /// Yes to the pending [`ReplaceGame`] question.
    ConfirmReplace,
    /// No to it: the game in progress stays.
    CancelReplace,
    /// Hold AI (and replayed) moves, or let them go on; clears the error.
    SetPaused(bool),
    /// One AI (or replayed) move while paused.
    StepAi,
    /// A search failed: the AI pauses and the panel says why.
    AiFailed { side: Side, error: String },
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

impl GameRequest {
    /// New game, load and watch throw the current game away.
    pub(crate) fn replaces_game(&self) -> bool {
        matches!(self, GameRequest::NewGame { .. } | GameRequest::Open(_) | GameRequest::Watch(_))
    }
}

/// A game read from a file: the session and who plays it.
#[derive(Clone, Debug)]
pub struct OpenedGame {
    pub(crate) session: super::session::GameSession,
    pub(crate) players: Players,
    /// What the panel says once it is open.
    pub(crate) message: String,
}

/// A recorded game to watch: its moves and where it starts.
#[derive(Clone, Debug)]
pub struct WatchedGame {
    pub(crate) source: super::session::ReplaySource,
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
    /// A human's move for the current position of the game `generation`.
    pub fn human(mv: EngineMove, generation: u64, position_hash: u64) -> GameRequest {
        GameRequest::Play(MoveChosen { mv, source: MoveSource::Human, generation, position_hash, search: None })
    }
}

/// The order of the game's systems within a frame: input and AI results
/// become chosen moves, which are played, then shown.
#[derive(SystemSet, Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) enum GameSystems {
    Input,
    Ai,
    Apply,
    /// The one path from the position to the piece entities.
    Show,
    Board,
    Animate,
    Turn,
}

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Mode>()
        .init_state::<GamePhase>()
        .add_sub_state::<TurnPhase>()
        .init_resource::<GameSettings>()
        .init_resource::<Players>()
        .init_resource::<PlaySettings>()
        .init_resource::<ReplaceGame>()
        .add_message::<GameRequest>()
        .configure_sets(
            Update,
            (
                GameSystems::Input,
                GameSystems::Ai,
                GameSystems::Apply,
                GameSystems::Show,
                GameSystems::Board,
                GameSystems::Animate,
                GameSystems::Turn,
            )
                .chain()
                .distributive_run_if(in_state(Mode::Board)),
        );
}
