//! Matchup presets: the classic Breakthrough strategy experiments (depth-3
//! searches, the first named strategy plays White) and two master-vs-master
//! games to watch.

use super::players::PlayerSetup;
use crate::engine::ai::search::Level;
use crate::engine::{AiConfig, Algorithm, BoardSize, Strategy, Variant};

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

/// Preset `number`, 1..=9.
pub fn matchup(number: usize) -> Option<Matchup> {
    use Strategy::*;
    let depth3 = |algorithm, s| AiConfig::fixed_depth(algorithm, s, 3).expect("depth 3 is in range");
    let ab = |s| PlayerSetup::Ai(depth3(Algorithm::AlphaBeta, s));
    let bt = Variant::Breakthrough;
    let classic = |title, white, black| (title, bt, BoardSize::new(8, 8), white, black);
    let master = || PlayerSetup::Ai(Level::MASTER.config());
    let (title, variant, size, white, black) = match number {
        1 => classic(
            "Minimax offensive 1 vs alpha-beta offensive 1",
            PlayerSetup::Ai(depth3(Algorithm::Minimax, Offensive1)),
            ab(Offensive1),
        ),
        2 => classic("Offensive 2 vs defensive 1", ab(Offensive2), ab(Defensive1)),
        3 => classic("Defensive 2 vs offensive 1", ab(Defensive2), ab(Offensive1)),
        4 => classic("Offensive 2 vs offensive 1", ab(Offensive2), ab(Offensive1)),
        5 => classic("Defensive 2 vs defensive 1", ab(Defensive2), ab(Defensive1)),
        6 => classic("Offensive 2 vs defensive 2", ab(Offensive2), ab(Defensive2)),
        7 => ("Offensive 2 vs defensive 2 on 5x10", bt, BoardSize::new(5, 10), ab(Offensive2), ab(Defensive2)),
        8 => ("Watch master vs master: Breakthrough", bt, BoardSize::new(8, 8), master(), master()),
        9 => {
            let loa = Variant::LinesOfAction;
            ("Watch master vs master: Lines of Action", loa, BoardSize::new(8, 8), master(), master())
        }
        _ => return None,
    };
    Some(Matchup { number, title, variant, size, white, black })
}
