//! Matchup presets: the classic Breakthrough strategy experiments (depth-3
//! searches, the first named strategy plays White) and two master-vs-master
//! games to watch. Each is named for people; the course's name for it goes
//! in the tooltip ([`Matchup::tooltip`]).

use crate::engine::ai::search::Level;
use crate::engine::lab::studies::classic_matchups;
use crate::engine::{BoardSize, Variant};
use crate::game::players::PlayerSetup;

#[derive(Clone, Debug, PartialEq)]
pub struct Matchup {
    number: usize,
    /// What a person reads on the button.
    pub name: &'static str,
    /// The course's name for the experiment (its jargon), for the tooltip.
    pub course: &'static str,
    pub variant: Variant,
    pub size: BoardSize,
    pub white: PlayerSetup,
    pub black: PlayerSetup,
}

pub const COUNT: usize = 9;

/// The seven classic matchups in plain words, in `classic_matchups`' order:
/// "offensive" and "defensive" are the course's attacking and defending
/// evaluations, the 2s the refined ones.
const PLAIN_NAMES: [&str; 7] = [
    "The same attacker, searching everything or pruning",
    "Clever attacker against simple defender",
    "Clever defender against simple attacker",
    "Clever attacker against simple attacker",
    "Clever defender against simple defender",
    "Clever attacker against clever defender",
    "Clever attacker against clever defender, long board",
];

/// Preset `number`, 1..=9: the classic assignment's seven matchups
/// (`engine::lab::studies`), then master against master in each game.
pub fn matchup(number: usize) -> Option<Matchup> {
    let eight = BoardSize::new(8, 8);
    let master = || PlayerSetup::Ai(Level::MASTER.config());
    let (name, course, variant, size, white, black) = match number {
        1..=7 => {
            let classic = classic_matchups().into_iter().nth(number - 1)?;
            let (white, black) = (PlayerSetup::Ai(classic.white), PlayerSetup::Ai(classic.black));
            (PLAIN_NAMES[number - 1], classic.title, Variant::Breakthrough, classic.size, white, black)
        }
        8 => ("Two masters: Breakthrough", "", Variant::Breakthrough, eight, master(), master()),
        9 => ("Two masters: Lines of Action", "", Variant::LinesOfAction, eight, master(), master()),
        _ => return None,
    };
    Some(Matchup { number, name, course, variant, size, white, black })
}

impl Matchup {
    /// The button's tooltip: the course's name, when it has one, then the
    /// exact players.
    pub fn tooltip(&self) -> String {
        let course = if self.course.is_empty() { String::new() } else { format!("Course: {}\n", self.course) };
        format!("{course}White: {}\nBlack: {}", self.white.label(), self.black.label())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_are_valid_games() {
        for number in 1..=COUNT {
            let m = matchup(number).expect("preset exists");
            m.variant.check_size(m.size).unwrap();
            for player in [&m.white, &m.black] {
                let PlayerSetup::Ai(config) = player else { panic!("presets are AI vs AI") };
                assert!(config.strategy().supports(m.variant), "preset {number}");
            }
        }
        assert_eq!(matchup(7).unwrap().size, BoardSize::new(5, 10));
        assert!(matchup(0).is_none() && matchup(COUNT + 1).is_none());
    }
}
