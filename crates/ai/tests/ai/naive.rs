//! The naive players of the iterative-deepening article: each one's score as
//! the article defines it, colour symmetry (the random one under every seed),
//! the random one reproducible from its seed, and the players by name.

use breakline_ai::eval::breakthrough::naive::STEP;
use breakline_ai::eval::{Evaluate, Score, Strategy};
use breakline_ai::search::AiConfig;
use breakline_ai::search::{self, Algorithm};
use breakline_rules::breakthrough::Breakthrough;
use breakline_rules::game::Game;
use breakline_rules::placement::Placement;
use breakline_rules::position::Position;
use breakline_rules::{BoardSize, Side, Variant};

use crate::eval::{mirror, random_placements};

fn game(fen: &str) -> Breakthrough<u64> {
    Breakthrough::from_placement(&Placement::parse(fen).expect("valid position string")).expect("valid position")
}

fn score(fen: &str, strategy: Strategy, me: Side) -> Score {
    game(fen).evaluate(strategy, me)
}

const START: &str = "bbbbbbbb/bbbbbbbb/8/8/8/8/wwwwwwww/wwwwwwww w";
/// White has pushed a2-a4 and b2-b3 and lost h1 (15 pawns); Black has lost a8
/// and h8 and pushed c7-c5 (13 pawns).
const UNEVEN: &str = "2bbbbb1/bb1bbbbb/8/2b5/w7/1w6/2wwwwww/wwwwwww1 w";

#[test]
fn each_naive_player_scores_as_the_article_defines_it() {
    let (w, b) = (Side::White, Side::Black);
    // Start: equal material and mobility, the front rank 1 step from home, the
    // enemy's closest pawn 6 steps from home, 8 + 7 + 7 own moves.
    let at_start = [
        (Strategy::Pieces, 0),
        (Strategy::Mobility, 0),
        (Strategy::Greedy, 0),
        (Strategy::Reckless, 1),
        (Strategy::Defensive, 6),
        (Strategy::OwnMobility, 22),
        (Strategy::DefensiveReckless, 1),
        (Strategy::Proximity, 0),
    ];
    for (s, raw) in at_start {
        assert_eq!(score(START, s, w), STEP * raw, "{s} at the start");
        assert_eq!(score(START, s, b), STEP * raw, "{s} at the start for Black");
    }
    assert_eq!(score(UNEVEN, Strategy::Pieces, w), STEP * 2);
    assert_eq!(score(UNEVEN, Strategy::Pieces, b), -STEP * 2);
    // Advancement: White 6 x 1 + 2 (b3) + 3 (a4) = 11, Black 7 x 1 + 3 (c5) = 10.
    assert_eq!(score(UNEVEN, Strategy::Greedy, w), STEP);
    assert_eq!(score(UNEVEN, Strategy::Greedy, b), -STEP);
    assert_eq!(score(UNEVEN, Strategy::Reckless, w), STEP * 3);
    assert_eq!(score(UNEVEN, Strategy::Reckless, b), STEP * 3);
    assert_eq!(score(UNEVEN, Strategy::Defensive, w), STEP * 4, "c5 is 4 steps from White's home");
    assert_eq!(score(UNEVEN, Strategy::Defensive, b), STEP * 4, "a4 is 4 steps from Black's home");
    assert_eq!(score(UNEVEN, Strategy::DefensiveReckless, w), STEP * 3);
    let pushed = "2bbbbb1/bb1bbbbb/8/w1b5/8/1w6/2wwwwww/wwwwwww1 b";
    assert_eq!(score(pushed, Strategy::DefensiveReckless, b), STEP * 4, "the enemy's a5 counts too");
    assert_eq!(score(pushed, Strategy::Reckless, b), STEP * 3);
    // A White pawn on the goal rank is a win for White, a loss for Black.
    let won = "w1bbbbbb/bbbbbbbb/8/8/8/8/1wwwwwww/wwwwwwww b";
    assert_eq!(score(won, Strategy::Proximity, w), STEP * 100);
    assert_eq!(score(won, Strategy::Proximity, b), -STEP * 100);
}

#[test]
fn mobility_counts_each_sides_moves_as_if_it_were_its_turn() {
    // a2 faces a3 head-on: each has only its diagonal step (b3, b2).
    let g = game("8/8/8/8/8/b7/w7/8 w");
    assert_eq!(g.evaluate(Strategy::OwnMobility, Side::White), STEP);
    assert_eq!(g.evaluate(Strategy::Mobility, Side::White), 0);
    // Add c2: three more White moves (c3, b3, d3).
    let g = game("8/8/8/8/8/b7/w1w5/8 w");
    assert_eq!(g.evaluate(Strategy::OwnMobility, Side::White), 4 * STEP);
    assert_eq!(g.evaluate(Strategy::Mobility, Side::White), 3 * STEP);
    assert_eq!(g.evaluate(Strategy::Mobility, Side::Black), -3 * STEP);
}

#[test]
fn every_naive_player_is_symmetric_under_colour_swap_for_every_seed() {
    let size = BoardSize::new(6, 6);
    let mut positions = random_placements(Variant::Breakthrough, size, 4);
    positions.extend(random_placements(Variant::Breakthrough, BoardSize::new(5, 7), 2));
    for s in Strategy::NAIVE {
        for seed in [0, 1, 99, u64::MAX] {
            for p in &positions {
                let (g, m) = (Breakthrough::<u64>::from_placement(p).unwrap(), mirror(p));
                let gm = Breakthrough::<u64>::from_placement(&m).unwrap();
                for me in Side::BOTH {
                    let a = g.evaluate_seeded(s, me, seed);
                    assert_eq!(a, gm.evaluate_seeded(s, me.opponent(), seed), "{s} seed {seed}: {}", p.to_fen());
                }
            }
        }
    }
}

#[test]
fn the_random_player_is_reproducible_from_its_seed() {
    let positions = random_placements(Variant::Breakthrough, BoardSize::new(8, 8), 3);
    let scores = |seed: u64| -> Vec<Score> {
        positions
            .iter()
            .map(|p| {
                Breakthrough::<u64>::from_placement(p).unwrap().evaluate_seeded(Strategy::Random, Side::White, seed)
            })
            .collect()
    };
    let (a, again, other) = (scores(7), scores(7), scores(8));
    assert_eq!(a, again);
    assert_ne!(a, other);
    assert!(a.iter().all(|v| (-10 * STEP..=10 * STEP).contains(v) && v % STEP == 0));
    let distinct: std::collections::HashSet<_> = a.iter().collect();
    assert_eq!(distinct.len(), 21, "every value of -10..=10 turns up");
    // Only the random player depends on the seed.
    let g = game(UNEVEN);
    for s in Strategy::NAIVE.into_iter().filter(|&s| s != Strategy::Random) {
        assert_eq!(g.evaluate_seeded(s, Side::White, 3), g.evaluate(s, Side::White), "{s}");
    }
    // And a search with it: the same seed picks the same move, other seeds others.
    let start = Position::start(Variant::Breakthrough, BoardSize::new(6, 6)).unwrap();
    let best = |seed: u64| {
        let config = AiConfig::fixed_depth(Algorithm::AlphaBeta, Strategy::Random, 3).unwrap().with_seed(seed);
        search::search(&start, &config, &mut ()).unwrap().best_move
    };
    assert_eq!(best(5), best(5));
    let moves: std::collections::HashSet<_> = (0..12).map(best).collect();
    assert!(moves.len() >= 3, "only {} different first moves over 12 seeds", moves.len());
}

#[test]
fn naive_players_parse_by_name_and_play_breakthrough_only() {
    for s in Strategy::NAIVE {
        assert!(s.is_naive());
        assert_eq!(s.id().parse::<Strategy>(), Ok(s));
        assert_eq!(s.to_string().to_uppercase().parse::<Strategy>(), Ok(s));
        assert!(s.supports(Variant::Breakthrough) && !s.supports(Variant::LinesOfAction), "{s}");
        assert!(s.description(Variant::Breakthrough).starts_with("Naive"), "{s}");
        let config = AiConfig::parse(&format!("alphabeta:{s}:depth=3"), Variant::Breakthrough).unwrap();
        assert_eq!(config.strategy(), s);
        assert!(AiConfig::parse(&format!("alphabeta:{s}"), Variant::LinesOfAction).is_err());
    }
    assert_eq!("defensive-recklessness".parse::<Strategy>(), Ok(Strategy::DefensiveReckless));
    assert_eq!("own-mobility".parse::<Strategy>(), Ok(Strategy::OwnMobility));
    assert!(!Strategy::Balanced.is_naive() && !Strategy::Expert.is_naive());
    assert_eq!(Strategy::for_variant(Variant::Breakthrough).iter().filter(|s| s.is_naive()).count(), 9);
}
