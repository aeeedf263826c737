//! The classic studies, stated once: the seven Breakthrough matchups of the
//! classic assignment, its five 99-game offence-defence series and the Lines
//! of Action levels. The game's presets and series presets and
//! `breakline experiments` all read them here.

use breakline_ai::eval::Strategy;
use breakline_ai::search::AiConfig;
use breakline_ai::search::Algorithm;
use breakline_rules::BoardSize;

/// The depth every classic study searches to, but the LOA levels'.
pub const STUDY_DEPTH: u32 = 3;

/// Games in each offence-defence series.
pub const SERIES_GAMES: usize = 99;

/// An alpha-beta player of `strategy` searching to `depth`.
pub fn alpha_beta(strategy: Strategy, depth: u32) -> AiConfig {
    AiConfig::fixed_depth(Algorithm::AlphaBeta, strategy, depth).expect("the studies' depths are in range")
}

/// One matchup of the classic assignment: Breakthrough, White first.
#[derive(Clone, Debug, PartialEq)]
pub struct ClassicMatchup {
    /// The matchup in words, as the game's preset list shows it.
    pub title: &'static str,
    /// The board.
    pub size: BoardSize,
    /// White's player (the first named).
    pub white: AiConfig,
    /// Black's player.
    pub black: AiConfig,
}

/// The seven matchups of the classic assignment, in its order.
pub fn classic_matchups() -> [ClassicMatchup; 7] {
    use Strategy::*;
    let ab = |strategy| alpha_beta(strategy, STUDY_DEPTH);
    let minimax = AiConfig::fixed_depth(Algorithm::Minimax, Offensive1, STUDY_DEPTH).expect("depth 3 is in range");
    let (eight, tall) = (BoardSize::new(8, 8), BoardSize::new(5, 10));
    let matchup = |title, size, white, black| ClassicMatchup { title, size, white, black };
    [
        matchup("Minimax offensive 1 vs alpha-beta offensive 1", eight, minimax, ab(Offensive1)),
        matchup("Offensive 2 vs defensive 1", eight, ab(Offensive2), ab(Defensive1)),
        matchup("Defensive 2 vs offensive 1", eight, ab(Defensive2), ab(Offensive1)),
        matchup("Offensive 2 vs offensive 1", eight, ab(Offensive2), ab(Offensive1)),
        matchup("Defensive 2 vs defensive 1", eight, ab(Defensive2), ab(Defensive1)),
        matchup("Offensive 2 vs defensive 2", eight, ab(Offensive2), ab(Defensive2)),
        matchup("Offensive 2 vs defensive 2 on 5x10", tall, ab(Offensive2), ab(Defensive2)),
    ]
}

/// The five offence-defence series (alpha-beta at depth 3 on 8x8, tie-break
/// noise on, the first strategy plays White), with the original's result.
pub fn offence_defence_series() -> [(Strategy, Strategy, &'static str); 5] {
    use Strategy::*;
    let offence = "97-99 of 99 for offence";
    [
        (Offensive1, Defensive1, offence),
        (Offensive2, Defensive1, offence),
        (Offensive1, Defensive2, offence),
        (Offensive2, Defensive2, offence),
        (Combined, Combined, "51-48"),
    ]
}

/// The Lines of Action levels: easy (classic evaluation, depth 2) and
/// medium (depth 3).
pub fn loa_levels() -> (AiConfig, AiConfig) {
    (alpha_beta(Strategy::Classic, 2), alpha_beta(Strategy::Classic, STUDY_DEPTH))
}
