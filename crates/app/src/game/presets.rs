//! Matchup presets: the classic Breakthrough strategy experiments (depth-3
//! searches, the first named strategy plays White) and two master-vs-master
//! games to watch.

use crate::engine::ai::search::Level;
use crate::engine::lab::studies::classic_matchups;
use crate::engine::{BoardSize, Variant};
use crate::game::players::PlayerSetup;

#[derive(Clone, Debug, PartialEq)]
pub struct Matchup {
    number: usize,
    pub(crate) title: &'static str,
    pub variant: Variant,
    pub size: BoardSize,
    pub white: PlayerSetup,
    pub black: PlayerSetup,
}

pub const COUNT: usize = 9;

/// Preset `number`, 1..=9: the classic assignment's seven matchups
/// (`engine::lab::studies`), then master against master in each game.
pub fn matchup(number: usize) -> Option<Matchup> {
    let eight = BoardSize::new(8, 8);
    let master = || PlayerSetup::Ai(Level::MASTER.config());
    let (title, variant, size, white, black) = match number {
        1..=7 => {
            let classic = classic_matchups().into_iter().nth(number - 1)?;
            let (white, black) = (PlayerSetup::Ai(classic.white), PlayerSetup::Ai(classic.black));
            (classic.title, Variant::Breakthrough, classic.size, white, black)
        }
        8 => ("Watch master vs master: Breakthrough", Variant::Breakthrough, eight, master(), master()),
        9 => ("Watch master vs master: Lines of Action", Variant::LinesOfAction, eight, master(), master()),
        _ => return None,
    };
    Some(Matchup { number, title, variant, size, white, black })
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
