//! Breakline's levels as bot accounts: `bot-beginner` to `bot-master`, one
//! for each level of the ladder, made when the server starts. A challenge to
//! a bot is accepted at once; on its turn the bot searches as its level does
//! (one thread, on the blocking pool, on the game's clock in a live game)
//! and its move goes through the same checks as anyone's. Bots answer no
//! draw offer or takeback request.

use breakline_ai::search::{self, Level, SearchError, SearchRequest};
use breakline_rules::clock::ClockView;
use breakline_rules::position::Position;

use crate::account::BOT_PREFIX;
use crate::ids::{GameId, PlayerId};

/// A bot's account name: `bot-` and its level's name.
pub fn bot_name(level: Level) -> String {
    format!("{BOT_PREFIX}{}", level.id())
}

/// A bot's turn in a game: what it searches.
#[derive(Clone, Debug)]
pub struct BotTurn {
    /// The game.
    pub game: GameId,
    /// The move's ply.
    pub ply: u32,
    /// The bot's account.
    pub bot: PlayerId,
    /// Its level.
    pub level: Level,
    /// The position to move from.
    pub position: Position,
    /// Its clock in a live game.
    pub clock: Option<ClockView>,
}

/// The bot's move, in notation.
pub fn choose(turn: &BotTurn) -> Result<String, SearchError> {
    let mut config = turn.level.config();
    // Levels that search in parallel search on one thread here: a server's
    // cores are its players'. A level whose algorithm has no threads refuses
    // the setting, and searches on one anyway.
    let _ = config.set_threads(1);
    let request = SearchRequest { clock: turn.clock, ..SearchRequest::default() };
    let result = search::run(&turn.position, &config, request, &mut ())?;
    Ok(turn.position.move_name(result.best_move))
}
