//! Where the game is: its phases (setup, playing, over), the turn within a
//! game, and the order of the game's
//! systems within a frame.

use bevy::prelude::*;

use crate::game::players::Players;
use crate::game::request::{GameRequest, ReplaceGame};
use crate::game::screen::Mode;
use crate::game::settings::{GameSettings, PlaySettings};

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

/// A turn's wait ended with nothing for the owner's requests to play: the
/// last move finished sliding, or an AI turn lost its search. Only the owner
/// changes [`TurnPhase`]; the board and the AI task ask it with this.
#[derive(Message, Clone, Copy, PartialEq, Eq, Debug)]
pub enum WaitEnded {
    /// The last move slid into place (sent while [`TurnPhase::Animating`]).
    SlideDone,
    /// The AI's turn has no search and no move coming (sent while
    /// [`TurnPhase::AiThinking`]): it starts over.
    SearchLost,
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

pub(crate) fn plugin(app: &mut App) {
    app.init_state::<GamePhase>()
        .add_sub_state::<TurnPhase>()
        .init_resource::<GameSettings>()
        .init_resource::<Players>()
        .init_resource::<PlaySettings>()
        .init_resource::<ReplaceGame>()
        .add_message::<GameRequest>()
        .add_message::<WaitEnded>()
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
