//! Who plays each side: a person, an AI config or another program, for one
//! side and for both.

use bevy::prelude::*;

use crate::engine::ai::player::{GameRecord, Player};
use crate::engine::ai::search::Level;
use crate::engine::{AiConfig, Side, Strategy, Variant};

/// Who plays one side.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayerSetup {
    Human,
    Ai(AiConfig),
    /// Another program over UCI, UGI or the engine protocol, as its seat
    /// names it (`uci:/usr/games/fairy-stockfish:movetime=200`): it takes
    /// its turns as an AI does, from a process started for the game.
    Program(String),
}

impl PlayerSetup {
    /// Whether a machine plays this side (this build's AI or another
    /// program): its turns are searched, not waited for.
    pub(crate) fn is_ai(&self) -> bool {
        !matches!(self, PlayerSetup::Human)
    }

    /// The name a person reads: "You" against an AI ("Human" when both
    /// sides are people), a preset's name, or the config in words.
    pub(crate) fn display_name(&self, opponent: &PlayerSetup) -> String {
        match (self, opponent) {
            (PlayerSetup::Human, PlayerSetup::Human) => "Human".to_string(),
            (PlayerSetup::Human, _) => "You".to_string(),
            (PlayerSetup::Ai(config), _) => config.display_name(),
            (program @ PlayerSetup::Program(_), _) => Player::from(program).display_name(),
        }
    }

    /// "Human" or the AI's config text.
    pub(crate) fn label(&self) -> String {
        match self {
            PlayerSetup::Human => "Human".to_string(),
            PlayerSetup::Ai(config) => format!("AI {config}"),
            PlayerSetup::Program(seat) => format!("Program {seat}"),
        }
    }
}

// A saved game or settings file names its players as the engine's `Player`;
// the two types say the same thing, so they convert both ways here, once.
impl From<&Player> for PlayerSetup {
    fn from(player: &Player) -> Self {
        match player {
            Player::Human => PlayerSetup::Human,
            Player::Ai(config) => PlayerSetup::Ai(config.clone()),
            Player::Program(seat) => PlayerSetup::Program(seat.clone()),
        }
    }
}

impl From<&PlayerSetup> for Player {
    fn from(setup: &PlayerSetup) -> Self {
        match setup {
            PlayerSetup::Human => Player::Human,
            PlayerSetup::Ai(config) => Player::Ai(config.clone()),
            PlayerSetup::Program(seat) => Player::Program(seat.clone()),
        }
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
        Players { white: PlayerSetup::Human, black: PlayerSetup::Ai(Level::MEDIUM.config()) }
    }
}

impl Players {
    /// The players a record names.
    pub(crate) fn from_record(record: &GameRecord) -> Players {
        Players { white: PlayerSetup::from(&record.white), black: PlayerSetup::from(&record.black) }
    }

    pub(crate) fn get(&self, side: Side) -> &PlayerSetup {
        match side {
            Side::White => &self.white,
            Side::Black => &self.black,
        }
    }

    pub(crate) fn get_mut(&mut self, side: Side) -> &mut PlayerSetup {
        match side {
            Side::White => &mut self.white,
            Side::Black => &mut self.black,
        }
    }

    /// "You vs Master", for the header.
    pub(crate) fn matchup(&self) -> String {
        format!("{} vs {}", self.white.display_name(&self.black), self.black.display_name(&self.white))
    }

    /// The exact configs, for a tooltip.
    pub(crate) fn matchup_in_full(&self) -> String {
        format!("White: {}\nBlack: {}", self.white.label(), self.black.label())
    }

    /// The side of the one person playing an AI, if that is the game.
    pub fn person(&self) -> Option<Side> {
        match (self.white.is_ai(), self.black.is_ai()) {
            (false, true) => Some(Side::White),
            (true, false) => Some(Side::Black),
            _ => None,
        }
    }

    /// Who gives up when resigning: against an AI the person, whoever is
    /// to move; else the side to move.
    pub(crate) fn resigning(&self, to_move: Side) -> Side {
        self.person().unwrap_or(to_move)
    }

    pub(crate) fn both_ai(&self) -> bool {
        self.white.is_ai() && self.black.is_ai()
    }

    /// Replaces strategies the variant cannot use by [`Strategy::STRONGEST`].
    pub(crate) fn fit_variant(&mut self, variant: Variant) {
        for side in Side::BOTH {
            if let PlayerSetup::Ai(config) = self.get_mut(side) {
                fit_config(config, variant);
            }
        }
    }
}

fn fit_config(config: &mut AiConfig, variant: Variant) {
    if config.check_variant(variant).is_err() {
        config.set_strategy(Strategy::STRONGEST);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_header_names_players_as_a_person_would() {
        let master = PlayerSetup::Ai(Level::MASTER.config());
        let hard = PlayerSetup::Ai(Level::HARD.config());
        let you_vs_master = Players { white: PlayerSetup::Human, black: master.clone() };
        assert_eq!(you_vs_master.matchup(), "You vs Master");
        assert_eq!(Players { white: master.clone(), black: hard }.matchup(), "Master vs Hard");
        assert_eq!(Players { white: PlayerSetup::Human, black: PlayerSetup::Human }.matchup(), "Human vs Human");
        let tooltip = you_vs_master.matchup_in_full();
        assert!(tooltip.starts_with("White: Human\nBlack: AI enhanced:nnue:time=2000"), "{tooltip}");
    }
}
