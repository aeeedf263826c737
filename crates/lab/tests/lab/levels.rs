//! The level ladder: every level plays legal games in both variants; the
//! blunders of the weak levels are reproducible, plausible and never throw
//! away a proved win; the shipped ratings table parses, covers both games,
//! rises with the levels and sits level 1 at 800.

use breakline_ai::search::AiConfig;
use breakline_ai::search::{Level, search};
use breakline_lab::levels::{ANCHOR, LevelTable};
use breakline_lab::runner::play_ai_game;
use breakline_rules::Variant;
use breakline_rules::position::Position;

#[test]
fn every_level_plays_a_legal_game_in_both_games() {
    for variant in [Variant::Breakthrough, Variant::LinesOfAction] {
        for pair in Level::ALL.windows(2) {
            // Master thinks 2 s a move: the ladder's top is checked at 20 ms.
            let fast = |level: Level| {
                let config = level.config();
                if config.time_ms().is_some() {
                    AiConfig::parse(&format!("{}:time=20", level.id()), variant).unwrap()
                } else {
                    config
                }
            };
            let start = Position::start(variant, variant.default_size()).unwrap();
            let record = play_ai_game(start, &fast(pair[0]), &fast(pair[1]), 7, &mut ()).expect("plays");
            assert!(record.result.is_over(), "{variant:?} {:?} vs {:?} ended", pair[0], pair[1]);
            assert!(record.replay().is_ok(), "every move legal");
        }
    }
}

#[test]
fn blunders_are_seeded_legal_and_as_frequent_as_asked() {
    let variant = Variant::Breakthrough;
    let mut pos = Position::start(variant, variant.default_size()).unwrap();
    for text in ["a2-a3", "h7-h6", "b2-b3", "g7-g6"] {
        pos.play_text(text).unwrap();
    }
    let steady = AiConfig::parse("alphabeta:expert:depth=2", variant).unwrap();
    let best = search(&pos, &steady, &mut ()).unwrap().best_move;
    let mut changed = 0;
    for seed in 0..40 {
        let blundering =
            AiConfig::parse(&format!("alphabeta:expert:depth=2:blunder=0.5:seed={seed}"), variant).unwrap();
        let a = search(&pos, &blundering, &mut ()).unwrap().best_move;
        let b = search(&pos, &blundering, &mut ()).unwrap().best_move;
        assert_eq!(a, b, "the same seed blunders the same way");
        assert!(pos.legal_moves().contains(&a));
        changed += usize::from(a != best);
    }
    // About half the seeds blunder here (a binomial 40 x 0.5 lies in 8..=32 but for 1 in 10^4).
    assert!((8..=32).contains(&changed), "{changed} of 40 seeds blundered");
}

#[test]
fn a_blunderer_still_takes_a_proved_win() {
    let variant = Variant::Breakthrough;
    // White's pawn on b7 wins at once by moving to the last row.
    let pos = Position::from_fen(variant, "8/1w6/8/7b/8/8/8/8 w").expect("a position");
    for seed in 0..20 {
        let config = AiConfig::parse(&format!("beginner:seed={seed}"), variant).unwrap();
        let result = search(&pos, &config, &mut ()).unwrap();
        let mut after = pos.clone();
        after.play(result.best_move).unwrap();
        assert_eq!(after.outcome().winner(), Some(breakline_rules::Side::White), "seed {seed}");
    }
}

#[test]
fn the_shipped_table_covers_both_games_and_rises_with_the_levels() {
    let table = LevelTable::parse(include_str!("../../../../assets/levels.json")).expect("the shipped table parses");
    for variant in [Variant::Breakthrough, Variant::LinesOfAction] {
        let ratings: Vec<f64> =
            Level::ALL.iter().map(|&l| table.rating(variant, l).expect("every level rated").rating).collect();
        assert!((ratings[0] - ANCHOR).abs() < 1e-6, "{variant:?}: level 1 at the anchor");
        assert!(ratings.windows(2).filter(|w| w[1] > w[0]).count() >= 6, "{variant:?}: {ratings:?}");
        assert_eq!(table.nearest(variant, ANCHOR), Some(Level::ALL[0]));
        assert_eq!(table.nearest(variant, 5000.0), Some(Level::MASTER));
        assert!(table.label(variant, Level::EASY).starts_with("Level 4 · Easy (about "));
    }
    assert!(LevelTable::parse("{\"ladders\": [{}]}").is_err());
    assert!(LevelTable::parse("not json").unwrap_err().to_string().starts_with("not a level table"));
}
