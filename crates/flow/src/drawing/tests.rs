//! The drawing rules, one by one, on small hand-made grids.

use super::*;
use crate::library::SHIPPED;
use crate::{Budget, Method, Outcome, solve};

fn drawing(text: &str) -> Drawing {
    Drawing::new(Puzzle::parse(text).expect("a valid puzzle"))
}

/// Presses on the first cell, drags over the others in turn, releases.
fn draw(d: &mut Drawing, cells: &[usize]) {
    assert!(d.press(cells[0]), "a drag starts at {}", cells[0]);
    for &cell in &cells[1..] {
        d.drag_to(cell);
    }
    d.release();
}

// A . A
// B . .
// . . B
const THREE: &str = "A.A\nB..\n..B";

#[test]
fn a_drag_starts_only_at_a_source_or_on_a_path() {
    let mut d = drawing(THREE);
    assert!(!d.press(1), "an empty cell starts nothing");
    assert_eq!(d.drawing(), None);
    assert!(d.press(3));
    assert_eq!(d.drawing(), Some(1));
    d.drag_to(4);
    d.release();
    assert!(d.press(4), "a path's cell takes the path up");
    assert_eq!(d.paths()[1], vec![3, 4]);
}

#[test]
fn a_path_follows_the_pointer_and_joins_its_sources() {
    let mut d = drawing(THREE);
    draw(&mut d, &[0, 1, 2]);
    assert_eq!(d.paths()[0], vec![0, 1, 2]);
    assert_eq!(d.connected(), 1);
    assert_eq!(d.filled(), 5);
}

#[test]
fn a_far_pointer_is_followed_one_neighbour_at_a_time() {
    let mut d = drawing(THREE);
    assert!(d.press(3));
    assert!(d.drag_to(5));
    assert_eq!(d.paths()[1], vec![3, 4, 5]);
    d.drag_to(8);
    assert_eq!(d.paths()[1], vec![3, 4, 5, 8], "down from 5 to B's other source");
}

#[test]
fn dragging_back_over_the_path_truncates_it() {
    let mut d = drawing(THREE);
    assert!(d.press(3));
    for cell in [4, 5, 8] {
        d.drag_to(cell);
    }
    assert!(d.drag_to(4));
    assert_eq!(d.paths()[1], vec![3, 4]);
    d.drag_to(3);
    d.release();
    assert!(d.paths()[1].is_empty(), "a path back to its source is no path");
}

#[test]
fn a_path_cannot_enter_another_colours_source() {
    let mut d = drawing(THREE);
    assert!(d.press(0));
    assert!(!d.drag_to(3), "B's source blocks A");
    assert_eq!(d.paths()[0], vec![0]);
}

#[test]
fn a_complete_path_goes_no_further() {
    let mut d = drawing(THREE);
    assert!(d.press(0));
    d.drag_to(1);
    d.drag_to(2);
    assert!(!d.drag_to(5), "A is joined; it stops at its source");
    assert_eq!(d.paths()[0], vec![0, 1, 2]);
}

#[test]
fn a_new_path_cuts_an_old_one_and_backing_off_restores_it() {
    let mut d = drawing(THREE);
    draw(&mut d, &[3, 4, 5]);
    assert!(d.press(0));
    d.drag_to(1);
    d.drag_to(4);
    assert!(d.paths()[1].is_empty(), "cut where A entered it, next to its source");
    assert_eq!(d.cells()[5], None, "the cut part is gone");
    d.drag_to(1);
    assert_eq!(d.paths()[1], vec![3, 4, 5], "backing off restores it");
    d.drag_to(4);
    d.release();
    assert_eq!(d.paths()[1], Vec::<usize>::new(), "released, the cut stays");
    assert_eq!(d.paths()[0], vec![0, 1, 4]);
}

#[test]
fn pressing_a_source_starts_its_colour_afresh_and_a_middle_cell_cuts_there() {
    let mut d = drawing(THREE);
    draw(&mut d, &[3, 4, 5, 8]);
    assert!(d.press(4));
    assert_eq!(d.paths()[1], vec![3, 4]);
    d.release();
    assert!(d.press(8), "the other source");
    d.release();
    assert!(d.paths()[1].is_empty());
}

#[test]
fn moves_count_drags_that_change_the_board_one_per_colour_in_a_row() {
    let mut d = drawing(THREE);
    draw(&mut d, &[0, 1]);
    draw(&mut d, &[1, 2]);
    assert_eq!(d.moves(), 1, "the same colour twice is one move");
    draw(&mut d, &[3, 6]);
    assert_eq!(d.moves(), 2);
    assert!(!d.press(7) && d.moves() == 2, "a press on nothing is no move");
    draw(&mut d, &[0]);
    assert_eq!(d.moves(), 3, "clearing A is a move");
    d.reset();
    assert_eq!((d.moves(), d.filled()), (0, 4));
}

#[test]
fn a_full_valid_grid_is_solved() {
    let mut d = drawing("AB\n..\nAB");
    draw(&mut d, &[0, 2, 4]);
    assert!(!d.is_solved());
    draw(&mut d, &[1, 3, 5]);
    assert_eq!(d.filled(), 6);
    assert!(d.is_solved(), "{:?}", d.check());
}

#[test]
fn a_full_grid_whose_path_touches_itself_is_not_solved() {
    let mut d = drawing("A.\n..\n.A");
    draw(&mut d, &[0, 1, 3, 2, 4, 5]);
    assert_eq!((d.filled(), d.connected()), (6, 1), "full and joined");
    assert!(matches!(d.check(), Err(Violation::Degree { .. })), "but the source touches its own path twice");
}

#[test]
fn a_solvers_grid_draws_as_paths_that_solve_the_puzzle() {
    for shipped in &SHIPPED[..3] {
        let puzzle = shipped.puzzle().expect("shipped puzzles parse");
        let report = solve(&puzzle, Method::Paths, &Budget::default(), 1);
        let Outcome::Solved(cells) = report.outcome else { panic!("{} is solvable", shipped.name) };
        let mut d = Drawing::new(puzzle);
        d.set_solution(&cells).expect("the solver's grid is valid");
        assert!(d.is_solved(), "{}", shipped.name);
        assert_eq!(d.cells(), cells.iter().map(|&c| Some(c)).collect::<Vec<_>>());
        assert_eq!(d.connected(), d.puzzle().colour_count());
    }
}
