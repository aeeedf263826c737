//! The board symmetries the solver folds together are symmetries of the
//! rules: in seeded random games of both variants, every position's image has
//! exactly the images of its moves, and the same outcome.

use std::collections::BTreeSet;

use breakline_rules::placement::Placement;
use breakline_rules::position::Position;
use breakline_rules::symmetry::{SquareMap, Transform};
use breakline_rules::{BoardSize, Variant};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

fn image(p: &Placement, map: &SquareMap) -> Placement {
    let mut cells = vec![None; p.cells.len()];
    for (sq, cell) in p.cells.iter().enumerate() {
        cells[map.map(sq)] = *cell;
    }
    Placement { size: p.size, cells, side: p.side }
}

fn move_set(pos: &Position, map: Option<&SquareMap>) -> BTreeSet<(usize, usize, bool)> {
    let at = |sq: u8| map.map_or(sq as usize, |m| m.map(sq as usize));
    pos.legal_moves().iter().map(|m| (at(m.from), at(m.to), m.capture)).collect()
}

fn check_games(variant: Variant, size: BoardSize, games: u64) -> usize {
    let maps: Vec<SquareMap> = variant.symmetries(size).into_iter().map(|t| SquareMap::new(t, size)).collect();
    let mut checked = 0;
    for seed in 0..games {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut pos = Position::start(variant, size).unwrap();
        for _ in 0..60 {
            for map in &maps {
                let img = Position::from_placement(variant, image(&pos.placement(), map)).unwrap();
                assert_eq!(move_set(&img, None), move_set(&pos, Some(map)), "{variant} {size}: {}", pos.fen());
                assert_eq!(img.outcome(), pos.outcome(), "{variant} {size}: {}", pos.fen());
                checked += 1;
            }
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play(moves[rng.random_range(0..moves.len())]).unwrap();
        }
    }
    checked
}

#[test]
fn mirrored_breakthrough_positions_have_mirrored_moves() {
    for (c, r) in [(5, 5), (6, 5), (5, 6), (8, 8)] {
        assert!(check_games(Variant::Breakthrough, BoardSize::new(c, r), 20) > 200);
    }
}

#[test]
fn lines_of_action_is_the_same_under_every_turn_and_mirror() {
    assert_eq!(Variant::LinesOfAction.symmetries(BoardSize::new(6, 6)).len(), 7);
    for (c, r) in [(6, 6), (7, 7), (8, 8)] {
        assert!(check_games(Variant::LinesOfAction, BoardSize::new(c, r), 4) > 100);
    }
}

#[test]
fn only_transforms_that_fit_the_board_are_offered() {
    assert_eq!(Variant::Breakthrough.symmetries(BoardSize::new(6, 5)), vec![Transform::MirrorFiles]);
    let oblong = Variant::LinesOfAction.symmetries(BoardSize::new(7, 6));
    assert_eq!(oblong, vec![Transform::MirrorFiles, Transform::MirrorRanks, Transform::HalfTurn]);
    // Each transform is a permutation of the squares.
    let size = BoardSize::new(6, 6);
    for t in Transform::ALL {
        let image: BTreeSet<u8> = (0..36).map(|sq| t.map(size, sq)).collect();
        assert_eq!(image.len(), 36, "{t:?}");
    }
}
