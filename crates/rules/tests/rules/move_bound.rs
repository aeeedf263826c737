//! The move list's capacity: the bound proven in `game.rs` for every supported
//! size, its one-line lemma checked exhaustively, positions of every density
//! within it, and the placements with the most moves a seeded search found
//! (one of them past the old capacity of 256) pinned.

use breakline_rules::bits::{Bits, Wide};
use breakline_rules::breakthrough::Breakthrough;
use breakline_rules::game::{Game, MoveList};
use breakline_rules::game::{MAX_MOVES, move_bound};
use breakline_rules::loa::LinesOfAction;
use breakline_rules::placement::Placement;
use breakline_rules::position::Position;
use breakline_rules::{BoardSize, Side, Variant};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use crate::rules_property::Reference;

fn supported_sizes(variant: Variant) -> Vec<BoardSize> {
    let (cmin, cmax) = variant.column_range();
    let (rmin, rmax) = variant.row_range();
    (cmin..=cmax)
        .flat_map(|c| (rmin..=rmax).map(move |r| BoardSize::new(c, r)))
        .filter(|&size| variant.check_size(size).is_ok())
        .collect()
}

#[test]
fn the_capacity_is_the_largest_bound_of_any_supported_size() {
    let largest = Variant::ALL
        .into_iter()
        .flat_map(|v| supported_sizes(v).into_iter().map(move |size| move_bound(v, size)))
        .max();
    assert_eq!(largest, Some(MAX_MOVES));
    assert_eq!(MAX_MOVES, 368);
    assert_eq!(move_bound(Variant::LinesOfAction, BoardSize::new(8, 8)), 154);
    assert_eq!(move_bound(Variant::Breakthrough, BoardSize::new(12, 12)), 216);
}

/// The moves along one Lines of Action line of `cells` (0 empty, 1 the
/// mover's, 2 the enemy's), read straight from the rules.
fn line_moves(cells: &[u8]) -> usize {
    let pieces = cells.iter().filter(|&&c| c != 0).count() as i32;
    let mut moves = 0;
    for from in (0..cells.len() as i32).filter(|&i| cells[i as usize] == 1) {
        for dir in [-1, 1] {
            let to = from + dir * pieces;
            if !(0..cells.len() as i32).contains(&to) || cells[to as usize] == 1 {
                continue;
            }
            let jumps_enemy = (1..pieces).any(|s| cells[(from + dir * s) as usize] == 2);
            moves += !jumps_enemy as usize;
        }
    }
    moves
}

#[test]
fn one_line_carries_at_most_two_thirds_of_its_length_in_moves() {
    // Every placement of one line (3^len of them): the lemma the bound sums,
    // and it is reached, so no better bound can be had line by line.
    for len in 1..=12 {
        let most = (0..3u32.pow(len as u32))
            .map(|code| {
                let cells: Vec<u8> = (0..len).map(|i| (code / 3u32.pow(i as u32) % 3) as u8).collect();
                line_moves(&cells)
            })
            .max();
        assert_eq!(most, Some(2 * len / 3), "a line of {len}");
    }
}

/// Lists and counts the moves of `p` with bit width `B`, checks they agree
/// and respect the bound, and returns the count (`None` if `p` is refused).
fn moves_of<G: Game>(p: &Placement, variant: Variant) -> Option<usize> {
    let game = G::from_placement(p).ok()?;
    let mut list = MoveList::new();
    game.generate_moves(&mut list);
    assert_eq!(list.len(), game.count_moves(), "{}", p.to_fen());
    assert!(list.len() <= move_bound(variant, p.size), "{} has {} moves", p.to_fen(), list.len());
    Some(list.len())
}

/// The same at every width that holds the board.
fn moves_at_every_width(p: &Placement, variant: Variant) -> Option<usize> {
    fn widths<B1: Bits, B2: Bits>(p: &Placement, variant: Variant) -> Option<usize> {
        match variant {
            Variant::Breakthrough => {
                let n = moves_of::<Breakthrough<B1>>(p, variant);
                assert_eq!(n, moves_of::<Breakthrough<B2>>(p, variant));
                n
            }
            Variant::LinesOfAction => {
                let n = moves_of::<LinesOfAction<B1>>(p, variant);
                assert_eq!(n, moves_of::<LinesOfAction<B2>>(p, variant));
                n
            }
        }
    }
    match p.size.squares() {
        0..=64 => widths::<u64, Wide>(p, variant),
        65..=128 => widths::<u128, Wide>(p, variant),
        _ => widths::<Wide, Wide>(p, variant),
    }
}

fn random_placement(rng: &mut StdRng, size: BoardSize) -> Placement {
    let side = if rng.random_range(0..2) == 0 { Side::White } else { Side::Black };
    let mut p = Placement::empty(size, side);
    let (pieces, own) = (rng.random_range(0.0..1.0), rng.random_range(0.0..1.0));
    for cell in &mut p.cells {
        if rng.random_range(0.0..1.0) < pieces {
            *cell = Some(if rng.random_range(0.0..1.0) < own { side } else { side.opponent() });
        }
    }
    p
}

#[test]
fn placements_of_every_density_on_every_size_stay_within_the_bound() {
    let mut rng = StdRng::seed_from_u64(11);
    for variant in Variant::ALL {
        for size in supported_sizes(variant) {
            for _ in 0..25 {
                moves_at_every_width(&random_placement(&mut rng, size), variant);
            }
        }
    }
}

/// A seeded hill climb towards more moves for the side to move, from `p`,
/// every step checked; returns the best placement it reached.
fn climb(variant: Variant, mut p: Placement, steps: usize, seed: u64) -> (Placement, usize) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut best = moves_at_every_width(&p, variant).unwrap_or(0);
    for _ in 0..steps {
        let mut q = p.clone();
        let i = rng.random_range(0..q.cells.len());
        q.cells[i] = [None, Some(Side::White), Some(Side::Black)][rng.random_range(0..3)];
        let n = moves_at_every_width(&q, variant).unwrap_or(0);
        if n >= best {
            (p, best) = (q, n);
        }
    }
    (p, best)
}

#[test]
fn a_seeded_search_for_many_moves_stays_within_the_bound() {
    let steps = if cfg!(debug_assertions) { 1500 } else { 20000 };
    for (variant, n, seed) in
        [(Variant::LinesOfAction, 12, 1), (Variant::LinesOfAction, 8, 2), (Variant::Breakthrough, 12, 3)]
    {
        let size = BoardSize::new(n, n);
        let start = random_placement(&mut StdRng::seed_from_u64(seed), size);
        let (_, most) = climb(variant, start, steps, seed);
        assert!(most > move_bound(variant, size) / 3, "{variant} {size}: the climb found only {most}");
    }
}

#[test]
fn the_most_moves_found_are_listed_exactly() {
    // Found by longer runs of the climb above (seeds and restarts), White to
    // move in each. The first is already over (Black's lone piece is one
    // group), but generation must still hold its 261 moves.
    let loa = Variant::LinesOfAction;
    let cases = [
        (
            loa,
            "2w2w3www/w3w1w5/1w1w5www/1w1w1ww1w1w1/3www4w1/3w1wwww3/ww1w4w1ww/w1wwww1w4/2w2w1ww3/1w4ww1w2/www1w4w1w/6ww1w1b w",
            261,
        ),
        (
            loa,
            "b3ww4w1/1ww4ww3/2w2w4ww/3wwww5/w1w4w1www/w2w2w2w2/3wwww5/3w1www1w2/1w5ww1w1/1w1ww1w1w2w/1ww1w4w2/1w5w2wb w",
            256,
        ),
        (loa, "2bw1w2/w1w1w3/w5ww/1w1ww3/2www3/bww2www/3www2/1ww5 w", 104),
        (
            Variant::Breakthrough,
            "12/wwwwwwwwwwww/12/wwwwwwwwwwww/12/wwwwwwwwwwww/12/wwwwwwwwwwww/12/wwwwwwwwwwww/12/wwwwwwwwwwww w",
            204,
        ),
    ];
    for (variant, fen, moves) in cases {
        let p = Placement::parse(fen).unwrap();
        assert_eq!(moves_at_every_width(&p, variant), Some(moves), "{fen}");
        let pos = Position::from_placement(variant, p).unwrap();
        if !pos.outcome().is_over() {
            // Where the game is on, the command line sees every one of them.
            assert_eq!(pos.legal_moves().len(), moves);
            assert_eq!(pos.perft(1), moves as u64);
            assert_eq!(Reference::of(&pos).perft(1), moves as u64);
        }
    }
}
