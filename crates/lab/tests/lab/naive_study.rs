//! The naive players' study (the course's first article): the strong player
//! against every naive one on both boards, summed up from its side.

use std::sync::atomic::AtomicBool;

use breakline_ai::eval::Strategy;
use breakline_lab::naive_study::{NaiveRow, NaiveStudy};
use breakline_rules::BoardSize;

#[test]
fn the_study_pits_the_strong_player_against_every_naive_one_on_both_boards() {
    let study = NaiveStudy::article();
    let pairings = study.pairings().unwrap();
    assert_eq!(pairings.len(), 18);
    for size in [BoardSize::new(6, 6), BoardSize::new(8, 8)] {
        let naive: Vec<_> = pairings.iter().filter(|p| p.spec.schedule.size == size).map(|p| p.naive).collect();
        assert_eq!(naive, Strategy::NAIVE);
    }
    for p in &pairings {
        assert_eq!(p.spec.a.to_string(), "enhanced:balanced:time=3000");
        assert_eq!(p.spec.b.to_string(), format!("alphabeta:{}:depth=3", p.naive));
        assert!(p.spec.schedule.swap && p.spec.games == 2);
    }
}

#[test]
fn a_short_study_game_is_summed_up_from_the_strong_players_side() {
    let study = NaiveStudy { strong_time_ms: 10, sizes: vec![BoardSize::new(6, 6)], games: 2, ..NaiveStudy::article() };
    let pairing = study.pairings().unwrap().into_iter().find(|p| p.naive == Strategy::Greedy).unwrap();
    let games = pairing.spec.run(1, &AtomicBool::new(false), |_| {}).unwrap();
    let row = NaiveRow::of(&pairing, &games);
    assert_eq!(row.games, 2);
    assert_eq!(row.strong_wins + row.naive_wins + row.draws, 2);
    assert_eq!(games.iter().filter(|g| g.a_is_black).count(), 1);
    let strong_moves: u32 = games.iter().map(|g| g.record.stats.side(g.color_of_a()).moves).sum();
    assert_eq!(row.open_moves + row.proven_moves, strong_moves);
    assert!(row.open_moves > 0 && row.ms_per_open_move > 0.0 && row.ms_per_move > 0.0);
    assert!(row.max_depth >= 1 && row.mean_depth >= 1.0 && row.mean_depth <= row.max_depth as f64);
    match row.moves_to_win {
        Some(mean) => assert!(mean >= 1.0 && mean <= row.most_moves_to_win.unwrap() as f64),
        None => assert_eq!(row.strong_wins, 0),
    }
}
