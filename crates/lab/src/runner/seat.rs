//! Who sits at one side of the board in a match: this build's AI with a
//! config, or another program over the engine protocol, UCI or UGI. A seat is what a
//! match names; [`Sitting`] is the seat taken for one game (a program started).

use std::time::Duration;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::engine::{EngineProcess, EngineSpec, EngineTerms};
use super::engine_error::EngineError;
use super::uci::{UciProcess, UciProtocol, UciSpec};
use breakline_ai::player::Player;
use breakline_ai::search::{
    AiConfig, ConfigError, Limit, SearchMemory, algorithms_in_words, levels_in_words, nearest_player,
};
use breakline_rules::Variant;
use breakline_rules::spelling::did_you_mean;

/// A player of a match: `CONFIG` (this build's AI), `engine:PATH[:ai=CONFIG]`,
/// or `uci:PATH[:...]` / `ugi:PATH[:...]` (see [`UciSpec::parse`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Seat {
    /// This build's AI.
    Ai(AiConfig),
    /// Another program speaking the engine protocol.
    Engine(EngineSpec),
    /// Another program speaking UCI or UGI (boxed: its spec is the largest).
    Uci(Box<UciSpec>),
}

/// Why a seat's text names no player.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SeatError {
    /// A bad `engine:` player.
    #[error(transparent)]
    Engine(#[from] EngineError),
    /// A bad AI config.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// Text that names no kind of player: every kind is named, and the
    /// nearest name if it is a slip of one.
    #[error(
        "unknown player '{name}'{near}: a player is an algorithm ({algorithms}), a level ({levels}) or a program \
         (uci:PATH, ugi:PATH, engine:PATH)",
        near = did_you_mean(.nearest.as_deref()),
        algorithms = algorithms_in_words(),
        levels = levels_in_words()
    )]
    UnknownPlayer {
        /// The player's first part, as read (lowercase).
        name: String,
        /// The algorithm, level or program prefix (`uci:`) it is likely a slip of.
        nearest: Option<String>,
    },
}

/// The prefixes of program seats, for the error that names every kind of player.
const PROGRAM_PREFIXES: [&str; 3] = ["uci", "ugi", "engine"];

/// The seat error for an AI config's: an unknown AI player is an unknown
/// player of any kind, which may be a slip of a program seat's prefix.
fn seat_error(error: ConfigError) -> SeatError {
    let ConfigError::UnknownPlayer { name, .. } = error else {
        return SeatError::Config(error);
    };
    let nearest = nearest_player(&name, &PROGRAM_PREFIXES)
        .map(|near| if PROGRAM_PREFIXES.contains(&near.as_str()) { format!("{near}:") } else { near });
    SeatError::UnknownPlayer { name, nearest }
}

impl Seat {
    /// Reads `CONFIG` or `engine:PATH[:ai=CONFIG]`.
    pub fn parse(text: &str, variant: Variant) -> Result<Seat, SeatError> {
        let text = text.trim();
        Ok(if let Some(rest) = text.strip_prefix("engine:") {
            Seat::Engine(EngineSpec::parse(rest)?)
        } else if let Some(rest) = text.strip_prefix("uci:") {
            Seat::Uci(Box::new(UciSpec::parse(rest, UciProtocol::Uci)?))
        } else if let Some(rest) = text.strip_prefix("ugi:") {
            Seat::Uci(Box::new(UciSpec::parse(rest, UciProtocol::Ugi)?))
        } else {
            Seat::Ai(AiConfig::parse(text, variant).map_err(seat_error)?)
        })
    }

    /// The same seat with `timeout` for an engine program's answers.
    pub fn with_timeout(self, timeout: Duration) -> Seat {
        match self {
            Seat::Engine(mut spec) => {
                spec.timeout = timeout;
                Seat::Engine(spec)
            }
            Seat::Uci(mut spec) => {
                spec.timeout = timeout;
                Seat::Uci(spec)
            }
            ai => ai,
        }
    }

    /// Starts an engine program once and lets it go, so that a program that
    /// cannot play at all is an error before a match rather than a forfeit in it.
    pub(crate) fn check(&self, terms: &EngineTerms) -> Result<(), EngineStartError> {
        match self {
            Seat::Ai(_) => Ok(()),
            Seat::Engine(_) | Seat::Uci(_) => {
                self.sit(terms).map(drop).map_err(|error| EngineStartError { seat: self.to_string(), error })
            }
        }
    }

    /// The name a person reads: a level's ("Master"), a config in words, or
    /// a program's file name ("fairy-stockfish").
    pub fn display_name(&self, variant: Variant) -> String {
        self.record_player(variant).display_name()
    }

    /// How long it thinks a move when no clock runs, in words ("2 s a move",
    /// "depth 3"); a program told no AI by its own default.
    pub fn limits_in_words(&self, variant: Variant) -> String {
        match self {
            Seat::Uci(spec) => spec.limit_in_words(),
            _ => match self.config(variant) {
                Some(config) => config.limits().map(Limit::in_words).collect::<Vec<_>>().join(", "),
                None => "the program's own limit".to_string(),
            },
        }
    }

    /// Its time a move when no clock runs; none for a depth, node or
    /// playout limit, or a program whose limit is its own.
    pub fn move_time(&self, variant: Variant) -> Option<Duration> {
        match self {
            Seat::Uci(spec) => spec.move_time(),
            _ => self.config(variant).and_then(|config| config.time_ms()).map(Duration::from_millis),
        }
    }

    /// The AI config it plays by: this build's, or an engine program told one.
    fn config(&self, variant: Variant) -> Option<AiConfig> {
        match self.record_player(variant) {
            Player::Ai(config) => Some(config),
            _ => None,
        }
    }

    /// How a game record names it: this build's AI, or an engine told its
    /// AI (`ai=`) by that config; any other program by its seat (a UCI
    /// program is never named as one of this build's levels).
    pub(crate) fn record_player(&self, variant: Variant) -> Player {
        match self {
            Seat::Ai(config) => Player::Ai(config.clone()),
            Seat::Engine(spec) => match spec.ai.as_deref().map(|text| AiConfig::parse(text, variant)) {
                Some(Ok(config)) => Player::Ai(config),
                _ => Player::Program(self.to_string()),
            },
            Seat::Uci(_) => Player::Program(self.to_string()),
        }
    }

    /// Takes the seat for one game: the AI as given, or the program started
    /// and set up for the game.
    pub(crate) fn sit(&self, terms: &EngineTerms) -> Result<Sitting, EngineError> {
        Ok(match self {
            Seat::Ai(config) => Sitting::Ai(config.clone(), SearchMemory::new()),
            Seat::Engine(spec) => Sitting::Engine(Box::new(EngineProcess::start(spec, terms)?)),
            Seat::Uci(spec) => Sitting::Uci(Box::new(UciProcess::start(spec, terms)?)),
        })
    }
}

impl std::fmt::Display for Seat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Seat::Ai(config) => write!(f, "{config}"),
            Seat::Engine(spec) => write!(f, "{spec}"),
            Seat::Uci(spec) => write!(f, "{spec}"),
        }
    }
}

/// An engine program of a match that cannot play at all.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{seat}: {error}")]
pub struct EngineStartError {
    /// The seat, as the match names it.
    pub seat: String,
    /// What went wrong.
    pub error: EngineError,
}

/// A seat taken for one game: an AI keeps its search memory from move to move.
pub(crate) enum Sitting {
    Ai(AiConfig, SearchMemory),
    Engine(Box<EngineProcess>),
    Uci(Box<UciProcess>),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unknown_player_names_every_kind_and_the_nearest_one() {
        let err = |text: &str| Seat::parse(text, Variant::Breakthrough).unwrap_err().to_string();
        let kinds = "a player is an algorithm (minimax, alphabeta, enhanced, mcts), a level (beginner, novice, \
                     improver, easy, medium, hard, expert, master, or level1 to level8) or a program (uci:PATH, \
                     ugi:PATH, engine:PATH)";
        assert_eq!(
            err("ucii:/usr/games/fairy-stockfish"),
            format!("unknown player 'ucii' (did you mean uci:?): {kinds}")
        );
        assert_eq!(err("level9"), format!("unknown player 'level9' (did you mean level8?): {kinds}"));
        assert_eq!(err("Hadr"), format!("unknown player 'hadr' (did you mean hard?): {kinds}"));
        assert_eq!(err("bogus:expert"), format!("unknown player 'bogus': {kinds}"));
        // Other config errors stay what they were.
        assert_eq!(err("level6:time=100").split(" (it").next(), Some("level 6 (hard) does not take 'time'"));
    }

    #[test]
    fn a_seat_is_named_and_paced_as_a_person_compares_two() {
        let seat = |text: &str| Seat::parse(text, Variant::Breakthrough).unwrap();
        let named = |text: &str| {
            let seat = seat(text);
            (seat.display_name(Variant::Breakthrough), seat.limits_in_words(Variant::Breakthrough))
        };
        assert_eq!(named("master"), ("Master".to_string(), "2 s a move".to_string()));
        assert_eq!(named("medium"), ("Medium".to_string(), "depth 3".to_string()));
        let fairy = "uci:/usr/games/fairy-stockfish:movetime=200";
        assert_eq!(named(fairy), ("fairy-stockfish".to_string(), "0.2 s a move".to_string()));
        assert_eq!(named("uci:/x/prog").1, "1 s a move", "a program told no limit gets the match's default");
        assert_eq!(named("uci:/x/prog:depth=12").1, "depth 12");
        assert_eq!(named("engine:/x/breakline:ai=expert"), ("Expert".to_string(), "0.2 s a move".to_string()));
        assert_eq!(named("engine:/x/other").1, "the program's own limit");
        let time = |text: &str| seat(text).move_time(Variant::Breakthrough).map(|t| t.as_millis());
        assert_eq!((time("master"), time(fairy), time("medium")), (Some(2000), Some(200), None));
    }
}
