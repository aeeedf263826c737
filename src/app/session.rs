//! The game being played: the engine position, its record (every move with
//! its search figures and per-side statistics) and the game generation that
//! tells stale AI results apart from current ones.

use bevy::prelude::*;

use super::PlayerSetup;
use super::state::{AiControl, GamePhase, GameSettings, GameSystems, NewGame, Players};
use crate::engine::record::{GameRecord, MoveRecord, Player};
use crate::engine::{
    BoardSize, Color as Side, Move as EngineMove, MoveError, Outcome, Position, SearchInfo, Variant, WinReason,
};

#[derive(Resource, Clone, Debug)]
pub struct GameSession {
    pub position: Position,
    /// Counts games started; every search remembers the one it was started for.
    pub generation: u64,
    pub record: GameRecord,
}

impl GameSession {
    /// A new game of `variant` on `size`; the size must be valid for the variant
    /// (falls back to the default size otherwise).
    pub fn new(variant: Variant, size: BoardSize, generation: u64) -> GameSession {
        let position = Position::start(variant, size)
            .or_else(|_| Position::start(variant, variant.default_size()))
            .expect("every variant's default size is supported");
        let record = GameRecord::new(&position, Player::Human, Player::Human, 0);
        GameSession { position, generation, record }
    }

    /// The position's outcome, or the opponent's win after a resignation
    /// (which only the record knows: the board does not show it).
    pub fn outcome(&self) -> Outcome {
        match self.record.result {
            result @ Outcome::Win { reason: WinReason::Resignation, .. } => result,
            _ => self.position.outcome(),
        }
    }

    /// The side that gave up, if one did.
    pub fn resigned(&self) -> Option<Side> {
        match self.outcome() {
            Outcome::Win { winner, reason: WinReason::Resignation } => Some(winner.opponent()),
            _ => None,
        }
    }

    /// `side` gives up: the opponent wins. Taking back a move (which
    /// refreshes the result from the board) withdraws it.
    pub fn resign(&mut self, side: Side) {
        self.record.result = Outcome::Win { winner: side.opponent(), reason: WinReason::Resignation };
        self.record.stats.winner = Some(side.opponent());
    }

    pub fn variant(&self) -> Variant {
        self.position.variant()
    }

    pub fn size(&self) -> BoardSize {
        self.position.size()
    }

    /// Plays `mv` for the side to move; on an illegal move nothing changes.
    pub fn play(&mut self, mv: EngineMove, search: Option<&SearchInfo>) -> Result<(), MoveError> {
        let before = self.position.clone();
        self.position.play(mv)?;
        self.record.push(&before, mv, search);
        self.record.finish(&self.position);
        Ok(())
    }

    pub fn last_move(&self) -> Option<EngineMove> {
        self.position.moves().last().copied()
    }

    /// The number of the current full move (both sides' moves make one).
    pub fn turn_number(&self) -> usize {
        self.position.moves().len() / 2 + 1
    }

    /// The last move `side` played, with its search figures.
    pub fn last_record_of(&self, side: Side) -> Option<&MoveRecord> {
        self.record.moves.iter().rev().find(|m| m.side == side)
    }
}

pub(super) fn plugin(app: &mut App) {
    if !app.world().contains_resource::<GameSession>() {
        let settings = *app.world_mut().get_resource_or_init::<GameSettings>();
        app.insert_resource(GameSession::new(settings.variant, settings.size, 0));
    }
    app.add_systems(Update, (start_new_game, record_players).chain().in_set(GameSystems::Input));
}

/// Replaces the session and restarts the phases; entering `Setup` despawns
/// the old game's entities and any running search (its stop flag is set).
fn start_new_game(
    mut requests: MessageReader<NewGame>,
    settings: Res<GameSettings>,
    mut players: ResMut<Players>,
    mut session: ResMut<GameSession>,
    mut control: ResMut<AiControl>,
    mut next: ResMut<NextState<GamePhase>>,
) {
    let Some(request) = requests.read().last().copied() else {
        return;
    };
    let (variant, size) =
        if request.rematch { (session.variant(), session.size()) } else { (settings.variant, settings.size) };
    players.fit_variant(variant);
    let generation = session.generation + 1;
    *session = GameSession::new(variant, size, generation);
    control.step_requested = false;
    control.error = None;
    next.set(GamePhase::Setup);
}

/// Keeps the record's players in step with who plays now.
fn record_players(players: Res<Players>, mut session: ResMut<GameSession>) {
    let (white, black) = (record_player(&players.white), record_player(&players.black));
    if session.record.white != white || session.record.black != black {
        session.record.white = white;
        session.record.black = black;
    }
}

fn record_player(player: &PlayerSetup) -> Player {
    match player {
        PlayerSetup::Human => Player::Human,
        PlayerSetup::Ai(config) => Player::Ai(config.clone()),
    }
}
