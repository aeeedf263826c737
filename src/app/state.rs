//! Game phases, the settings the player edits, and the messages that drive a
//! game: a new game request and a chosen move.

use bevy::prelude::*;

use super::PlayerSetup;
use crate::engine::search::Difficulty;
use crate::engine::{AiConfig, BoardSize, Color as Side, Move as EngineMove, SearchInfo, Strategy, Variant};

/// Where the game is. `Setup` lasts one frame: entering it clears the old
/// game's entities, leaving it for `Playing` spawns the new ones.
#[derive(States, Default, Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum GamePhase {
    #[default]
    Setup,
    Playing,
    Over,
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

/// Variant and size for the next new game (the current game keeps its own).
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct GameSettings {
    pub variant: Variant,
    pub size: BoardSize,
}

impl Default for GameSettings {
    fn default() -> Self {
        let variant = Variant::Breakthrough;
        GameSettings { variant, size: variant.default_size() }
    }
}

/// Who plays each side. Changes apply at once: a side switched to Human (or
/// to another AI) stops the search it was running.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct Players {
    pub white: PlayerSetup,
    pub black: PlayerSetup,
}

impl Default for Players {
    fn default() -> Self {
        Players { white: PlayerSetup::Human, black: PlayerSetup::Ai(Difficulty::Medium.config(Variant::Breakthrough)) }
    }
}

impl Players {
    pub fn get(&self, side: Side) -> &PlayerSetup {
        match side {
            Side::White => &self.white,
            Side::Black => &self.black,
        }
    }

    pub fn get_mut(&mut self, side: Side) -> &mut PlayerSetup {
        match side {
            Side::White => &mut self.white,
            Side::Black => &mut self.black,
        }
    }

    pub fn both_ai(&self) -> bool {
        self.white.is_ai() && self.black.is_ai()
    }

    pub fn any_ai(&self) -> bool {
        self.white.is_ai() || self.black.is_ai()
    }

    /// Replaces strategies the variant cannot use by its strongest one.
    pub fn fit_variant(&mut self, variant: Variant) {
        for side in Side::BOTH {
            if let PlayerSetup::Ai(config) = self.get_mut(side) {
                fit_config(config, variant);
            }
        }
    }
}

pub fn fit_config(config: &mut AiConfig, variant: Variant) {
    if !config.strategy.supports(variant) {
        config.strategy = Strategy::strongest(variant);
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
}

impl Default for PlaySettings {
    fn default() -> Self {
        PlaySettings { animate: true, move_secs: 0.3, ai_delay_secs: 0.4 }
    }
}

/// Pausing and stepping AI turns.
#[derive(Resource, Default, Clone, Debug)]
pub struct AiControl {
    pub paused: bool,
    /// One AI move while paused.
    pub step_requested: bool,
    /// The last search that failed, shown in the panel (the AI pauses).
    pub error: Option<String>,
}

/// Starts a new game with the current [`Players`], on the board of the
/// [`GameSettings`] or, for a rematch, on the board of the game just played.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct NewGame {
    pub rematch: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MoveSource {
    Human,
    Ai,
}

/// A move a player chose. It is played only if it is legal, its source is the
/// player of the side to move, and it was chosen for the current game
/// (`generation`) and position (`position_hash`).
#[derive(Message, Clone, Debug)]
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
    pub fn human(mv: EngineMove, generation: u64, position_hash: u64) -> MoveChosen {
        MoveChosen { mv, source: MoveSource::Human, generation, position_hash, search: None }
    }
}

/// A move that was just played, for the board entities and animations.
#[derive(Message, Clone, Copy, Debug)]
pub struct MovePlayed {
    pub mv: EngineMove,
    pub side: Side,
}

/// The order of the game's systems within a frame: input and AI results
/// become chosen moves, which are played, then shown.
#[derive(SystemSet, Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum GameSystems {
    Input,
    Ai,
    Apply,
    Board,
    Animate,
    Turn,
}

pub(super) fn plugin(app: &mut App) {
    app.init_state::<GamePhase>()
        .add_sub_state::<TurnPhase>()
        .init_resource::<GameSettings>()
        .init_resource::<Players>()
        .init_resource::<PlaySettings>()
        .init_resource::<AiControl>()
        .add_message::<NewGame>()
        .add_message::<MoveChosen>()
        .add_message::<MovePlayed>()
        .configure_sets(
            Update,
            (
                GameSystems::Input,
                GameSystems::Ai,
                GameSystems::Apply,
                GameSystems::Board,
                GameSystems::Animate,
                GameSystems::Turn,
            )
                .chain(),
        )
        .add_systems(Update, finish_setup.run_if(in_state(GamePhase::Setup)));
}

fn finish_setup(mut next: ResMut<NextState<GamePhase>>) {
    next.set(GamePhase::Playing);
}
