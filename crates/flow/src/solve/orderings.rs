//! The CS 440 report's backtracking over cell colours, with its three
//! orderings. A cell takes a colour when the report's consistency rules still
//! hold for it and its coloured neighbours: none has more neighbours of its
//! colour than it needs (a source one, any other cell two), and none is left
//! too few empty neighbours to reach that many. Nothing looks further ahead.

use arrayvec::ArrayVec;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};

use super::{Halt, Limits, Method, Observer, colours_connected};
use crate::puzzle::{Colour, MAX_COLOURS, Puzzle};

const EMPTY: Colour = Colour::MAX;

type Order = ArrayVec<Colour, MAX_COLOURS>;

pub(super) fn solve<O: Observer>(
    puzzle: &Puzzle,
    method: Method,
    seed: u64,
    limits: &mut Limits<'_, O>,
) -> Result<Option<Vec<Colour>>, Halt> {
    let mut search = Search::new(puzzle, method, seed);
    Ok(search.run(0, limits)?.then_some(search.cells))
}

struct Search<'p> {
    puzzle: &'p Puzzle,
    method: Method,
    cells: Vec<Colour>,
    /// Neighbours of its colour each cell must end with: 1 for a source, 2 else.
    need: Vec<u8>,
    beside: Vec<ArrayVec<u16, 4>>,
    /// The cells to fill: in reading order (dumb), or the pool still empty
    /// (dumbest, which takes from it at random).
    free: Vec<usize>,
    rng: StdRng,
}

impl<'p> Search<'p> {
    fn new(puzzle: &'p Puzzle, method: Method, seed: u64) -> Self {
        let n = puzzle.cell_count();
        let cells: Vec<Colour> = (0..n).map(|c| puzzle.source(c).unwrap_or(EMPTY)).collect();
        Search {
            puzzle,
            method,
            need: (0..n).map(|c| if puzzle.source(c).is_some() { 1 } else { 2 }).collect(),
            beside: (0..n).map(|c| puzzle.neighbours(c).map(|x| x as u16).collect()).collect(),
            free: (0..n).filter(|&c| cells[c] == EMPTY).collect(),
            cells,
            rng: StdRng::seed_from_u64(seed),
        }
    }

    /// Fills the remaining cells; `depth` counts the cells filled so far.
    fn run<O: Observer>(&mut self, depth: usize, limits: &mut Limits<'_, O>) -> Result<bool, Halt> {
        let (cell, pooled) = match self.method {
            Method::Dumb => match self.free.get(depth) {
                Some(&cell) => (cell, None),
                None => return Ok(self.complete()),
            },
            Method::Dumbest => {
                if self.free.is_empty() {
                    return Ok(self.complete());
                }
                let i = self.rng.random_range(0..self.free.len());
                (self.free.swap_remove(i), Some(i))
            }
            _ => match self.most_constrained() {
                Some(cell) => (cell, None),
                None => return Ok(self.complete()),
            },
        };
        let order = self.colour_order(cell);
        let mut found = Ok(false);
        for colour in order {
            if let Err(halt) = limits.attempt() {
                found = Err(halt);
                break;
            }
            self.cells[cell] = colour;
            if !self.consistent(cell) {
                continue;
            }
            limits.observer.assigned(cell, colour);
            found = self.run(depth + 1, limits);
            if !matches!(found, Ok(false)) {
                break;
            }
            limits.observer.unassigned(cell);
        }
        if !matches!(found, Ok(true)) {
            self.cells[cell] = EMPTY;
        }
        if let Some(i) = pooled {
            // Put the cell back where it was, so the pool is as before.
            self.free.push(cell);
            let last = self.free.len() - 1;
            self.free.swap(i, last);
        }
        found
    }

    /// A full grid passes the local rules by construction; one more check
    /// turns down a colour that is a path plus a detached loop.
    fn complete(&self) -> bool {
        colours_connected(self.puzzle, &self.cells)
    }

    /// Whether a coloured cell can still end with exactly its needed number of
    /// same-coloured neighbours.
    fn satisfiable(&self, cell: usize) -> bool {
        let colour = self.cells[cell];
        let (mut same, mut open) = (0, 0);
        for &n in &self.beside[cell] {
            let c = self.cells[n as usize];
            same += (c == colour) as u8;
            open += (c == EMPTY) as u8;
        }
        same <= self.need[cell] && same + open >= self.need[cell]
    }

    /// The report's steps 1 and 2: the cell itself, then its coloured neighbours.
    fn consistent(&self, cell: usize) -> bool {
        self.satisfiable(cell)
            && self.beside[cell].iter().all(|&n| self.cells[n as usize] == EMPTY || self.satisfiable(n as usize))
    }

    /// The report's C1 (an empty cell that is the last empty neighbour of a
    /// coloured cell), else C2 (the empty cell with most coloured neighbours);
    /// ties go to the first in reading order. Among C1's cells, one whose
    /// coloured neighbour still lacks a same-coloured neighbour comes first:
    /// that neighbour's path must go on through it, so its colour is all but
    /// forced (the report leaves the choice among C1's cells open).
    fn most_constrained(&self) -> Option<usize> {
        let mut best: Option<(usize, usize)> = None;
        let mut c1: Option<usize> = None;
        for cell in 0..self.cells.len() {
            let empty = self.beside[cell].iter().filter(|&&n| self.cells[n as usize] == EMPTY);
            if self.cells[cell] != EMPTY {
                let mut empty = empty;
                if let (Some(&only), None) = (empty.next(), empty.next()) {
                    if !self.satisfied(cell) {
                        return Some(only as usize);
                    }
                    c1 = c1.or(Some(only as usize));
                }
            } else {
                let coloured = self.beside[cell].len() - empty.count();
                if best.is_none_or(|(_, most)| coloured > most) {
                    best = Some((cell, coloured));
                }
            }
        }
        c1.or(best.map(|(cell, _)| cell))
    }

    /// A coloured cell that already has all the same-coloured neighbours it needs.
    fn satisfied(&self, cell: usize) -> bool {
        let colour = self.cells[cell];
        self.beside[cell].iter().filter(|&&n| self.cells[n as usize] == colour).count() as u8 >= self.need[cell]
    }

    fn colour_order(&mut self, cell: usize) -> Order {
        let all = 0..self.puzzle.colour_count() as Colour;
        match self.method {
            Method::Dumb => all.collect(),
            Method::Dumbest => {
                let mut order: Order = all.collect();
                order.shuffle(&mut self.rng);
                order
            }
            _ => {
                // Colours one step away (first those whose cell still needs
                // its path continued), then two steps away, then the rest.
                let mut order = Order::new();
                let mut add = |c: Colour| {
                    if c != EMPTY && !order.contains(&c) {
                        order.push(c);
                    }
                };
                for &n in &self.beside[cell] {
                    if self.cells[n as usize] != EMPTY && !self.satisfied(n as usize) {
                        add(self.cells[n as usize]);
                    }
                }
                for &n in &self.beside[cell] {
                    add(self.cells[n as usize]);
                }
                for &n in &self.beside[cell] {
                    for &m in &self.beside[n as usize] {
                        if m as usize != cell {
                            add(self.cells[m as usize]);
                        }
                    }
                }
                all.for_each(add);
                order
            }
        }
    }
}
