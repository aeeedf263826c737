//! What a game is set up as: the game, the board, live on a clock or by
//! correspondence (days a move), rated or casual; the colour a player asks
//! for; and the speed its rating is kept under.

use breakline_rules::clock::TimeControl;
use breakline_rules::{BoardSize, Side, SizeError, Variant};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The fewest and most days a correspondence move may take.
pub const CORRESPONDENCE_DAYS: std::ops::RangeInclusive<u32> = 1..=14;

/// How the time is kept.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TimeMode {
    /// A live game on a chess clock: base and increment, `"180+2"` in seconds.
    Live {
        /// The time control.
        control: TimeControl,
    },
    /// A correspondence game: each move within `days` days.
    Correspondence {
        /// Days a move.
        days: u32,
    },
}

/// The speed a rating is kept under, as lichess divides them: a live game's
/// estimated length (base + 40 increments) or correspondence.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Speed {
    /// Under 3 minutes.
    Bullet,
    /// Under 8 minutes.
    Blitz,
    /// Under 25 minutes.
    Rapid,
    /// Longer live games.
    Classical,
    /// Days a move.
    Correspondence,
}

impl Speed {
    /// The speed's name in the store and in messages.
    pub fn id(self) -> &'static str {
        match self {
            Speed::Bullet => "bullet",
            Speed::Blitz => "blitz",
            Speed::Rapid => "rapid",
            Speed::Classical => "classical",
            Speed::Correspondence => "correspondence",
        }
    }
}

/// The colour a player asks for.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ColourChoice {
    /// Plays White.
    White,
    /// Plays Black.
    Black,
    /// Either, by a coin the server tosses.
    #[default]
    Random,
}

impl ColourChoice {
    /// The side the asker plays, `coin` deciding a random choice.
    pub fn side(self, coin: bool) -> Side {
        match self {
            ColourChoice::White => Side::White,
            ColourChoice::Black => Side::Black,
            ColourChoice::Random if coin => Side::White,
            ColourChoice::Random => Side::Black,
        }
    }
}

/// A game's setup.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct GameSpec {
    /// Breakthrough or Lines of Action.
    pub variant: Variant,
    /// The board, `"8x8"`.
    #[serde(with = "size_text")]
    pub size: BoardSize,
    /// Live or correspondence.
    pub time: TimeMode,
    /// Whether the result changes the players' ratings.
    pub rated: bool,
}

/// Why a game's setup was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SpecError {
    /// The variant is not played on that board.
    #[error(transparent)]
    Size(#[from] SizeError),
    /// Days a move outside the range.
    #[error("days a move must be from 1 to 14, not {0}")]
    Days(u32),
}

impl GameSpec {
    /// Checks the board against the variant and the days a move.
    pub fn check(&self) -> Result<(), SpecError> {
        self.variant.check_size(self.size)?;
        match self.time {
            TimeMode::Correspondence { days } if !CORRESPONDENCE_DAYS.contains(&days) => Err(SpecError::Days(days)),
            _ => Ok(()),
        }
    }

    /// The speed its rating is kept under.
    pub fn speed(&self) -> Speed {
        match self.time {
            TimeMode::Correspondence { .. } => Speed::Correspondence,
            TimeMode::Live { control } => {
                let estimate = control.base().as_secs() + 40 * control.increment().as_secs();
                match estimate {
                    0..180 => Speed::Bullet,
                    180..480 => Speed::Blitz,
                    480..1500 => Speed::Rapid,
                    _ => Speed::Classical,
                }
            }
        }
    }
}

/// A board size as the text people write, `"8x8"`.
mod size_text {
    use breakline_rules::BoardSize;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(size: &BoardSize, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(size)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<BoardSize, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spec_reads_as_json_and_has_a_speed() {
        let json = r#"{"variant":"breakthrough","size":"5x5","time":{"kind":"live","control":"180+2"},"rated":true}"#;
        let spec: GameSpec = serde_json::from_str(json).unwrap();
        assert_eq!(spec.size, BoardSize::new(5, 5));
        assert_eq!(spec.speed(), Speed::Blitz);
        assert_eq!(serde_json::to_string(&spec).unwrap(), json);
        assert!(spec.check().is_ok());
        let bad = GameSpec { size: BoardSize::new(2, 2), ..spec };
        assert!(bad.check().is_err());
        let days = GameSpec { time: TimeMode::Correspondence { days: 30 }, ..spec };
        assert_eq!(days.check(), Err(SpecError::Days(30)));
    }
}
