//! Drawing paths by hand, as in Flow Free: a drag starts at a source or on a
//! path, follows the pointer one neighbouring cell at a time, truncates its
//! own path when it goes back over it, cuts any other colour's path it
//! crosses (restored if the drag backs off again before it ends), stops at
//! the other source of its colour and never enters another colour's source.
//! The grid is solved when [`validate`] accepts it.

use super::puzzle::{Colour, Puzzle};
use super::validate::{Violation, validate};

/// The paths drawn on one puzzle, and the drag in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drawing {
    puzzle: Puzzle,
    /// Committed paths by colour, each from one of its sources (empty when
    /// nothing is drawn).
    paths: Vec<Vec<usize>>,
    drag: Option<Drag>,
    moves: u32,
    last_moved: Option<Colour>,
}

/// The drag in progress: the colour drawn and its path so far.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Drag {
    colour: Colour,
    path: Vec<usize>,
}

impl Drawing {
    /// `puzzle` with nothing drawn and no move counted.
    pub fn new(puzzle: Puzzle) -> Drawing {
        let paths = vec![Vec::new(); puzzle.colour_count()];
        Drawing { puzzle, paths, drag: None, moves: 0, last_moved: None }
    }

    /// The puzzle being drawn on.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// Drags that changed the board, the consecutive ones of one colour
    /// counted once (Flow Free's count: a perfect game takes one a colour).
    pub fn moves(&self) -> u32 {
        self.moves
    }

    /// The colour being drawn, while a drag is in progress.
    pub fn drawing(&self) -> Option<Colour> {
        self.drag.as_ref().map(|d| d.colour)
    }

    /// Clears every path and the move count.
    pub fn reset(&mut self) {
        *self = Drawing::new(self.puzzle.clone());
    }

    /// The pointer goes down on `cell`: a source starts its colour afresh,
    /// a cell of a path takes that path up from there. Anything else starts
    /// nothing (false).
    pub fn press(&mut self, cell: usize) -> bool {
        self.release();
        if cell >= self.puzzle.cell_count() {
            return false;
        }
        let path = if let Some(colour) = self.puzzle.source(cell) {
            Some((colour, vec![cell]))
        } else {
            self.paths.iter().enumerate().find_map(|(colour, path)| {
                path.iter().position(|&c| c == cell).map(|i| (colour as Colour, path[..=i].to_vec()))
            })
        };
        match path {
            Some((colour, path)) => {
                self.drag = Some(Drag { colour, path });
                true
            }
            None => false,
        }
    }

    /// The pointer is over `cell` during a drag: back to it if it is on the
    /// drawn path, else towards it one neighbour at a time, as far as the
    /// rules allow. Returns whether the path changed.
    pub fn drag_to(&mut self, cell: usize) -> bool {
        let width = self.puzzle.width();
        let Some(drag) = self.drag.as_mut() else {
            return false;
        };
        if cell >= self.puzzle.cell_count() {
            return false;
        }
        if let Some(i) = drag.path.iter().position(|&c| c == cell) {
            let changed = i + 1 != drag.path.len();
            drag.path.truncate(i + 1);
            return changed;
        }
        let mut changed = false;
        loop {
            let head = *drag.path.last().expect("a drag's path holds its start");
            if head == cell {
                return changed;
            }
            let (hr, hc) = ((head / width) as isize, (head % width) as isize);
            let (tr, tc) = ((cell / width) as isize, (cell % width) as isize);
            // Along the longer way first, so a diagonal sweep stays near the line.
            let next = if (tr - hr).abs() >= (tc - hc).abs() {
                (hr + (tr - hr).signum()) as usize * width + hc as usize
            } else {
                hr as usize * width + (hc + (tc - hc).signum()) as usize
            };
            if !step(&self.puzzle, drag, next) {
                return changed;
            }
            changed = true;
        }
    }

    /// The pointer goes up: the drag's path and its cuts become the board.
    pub fn release(&mut self) {
        let Some(drag) = self.drag.take() else {
            return;
        };
        let before = self.paths.clone();
        let colour = drag.colour;
        for (other, path) in self.paths.iter_mut().enumerate() {
            if other != colour as usize {
                *path = cut(path, &drag.path);
            }
        }
        self.paths[colour as usize] = if drag.path.len() > 1 { drag.path } else { Vec::new() };
        if self.paths != before && self.last_moved != Some(colour) {
            self.moves += 1;
            self.last_moved = Some(colour);
        }
    }

    /// The paths as shown: the drag's own, the others cut where it crosses them.
    pub fn paths(&self) -> Vec<Vec<usize>> {
        let mut paths = self.paths.clone();
        if let Some(drag) = &self.drag {
            for (other, path) in paths.iter_mut().enumerate() {
                *path = if other == drag.colour as usize { drag.path.clone() } else { cut(path, &drag.path) };
            }
        }
        paths
    }

    /// Each cell's colour: its source's, or the path's through it.
    pub fn cells(&self) -> Vec<Option<Colour>> {
        let mut cells: Vec<Option<Colour>> = (0..self.puzzle.cell_count()).map(|c| self.puzzle.source(c)).collect();
        for (colour, path) in self.paths().iter().enumerate() {
            for &cell in path {
                cells[cell] = Some(colour as Colour);
            }
        }
        cells
    }

    /// Colours whose path joins their two sources.
    pub fn connected(&self) -> usize {
        let paths = self.paths();
        (0..self.puzzle.colour_count()).filter(|&c| complete(&self.puzzle, c as Colour, &paths[c])).count()
    }

    /// Cells covered by a source or a path.
    pub fn filled(&self) -> usize {
        self.cells().iter().filter(|c| c.is_some()).count()
    }

    /// Why the board is not solved yet, or `Ok` when it is.
    fn check(&self) -> Result<(), Violation> {
        let cells: Vec<Colour> = self.cells().iter().map(|c| c.unwrap_or(Colour::MAX)).collect();
        validate(&self.puzzle, &cells)
    }

    /// Whether the drawn paths satisfy every rule of a solved grid.
    pub fn is_solved(&self) -> bool {
        self.check().is_ok()
    }

    /// Draws a solver's grid as paths, each from its first source (the
    /// grid must satisfy the rules). The move count stays.
    pub fn set_solution(&mut self, cells: &[Colour]) -> Result<(), Violation> {
        validate(&self.puzzle, cells)?;
        self.drag = None;
        for colour in 0..self.puzzle.colour_count() as Colour {
            let [start, end] = self.puzzle.ends(colour);
            let mut path = vec![start];
            let mut previous = None;
            let mut head = start;
            while head != end {
                let Some(next) = self.puzzle.neighbours(head).find(|&n| cells[n] == colour && Some(n) != previous)
                else {
                    break;
                };
                path.push(next);
                (previous, head) = (Some(head), next);
            }
            self.paths[colour as usize] = path;
        }
        Ok(())
    }
}

/// One step of a drag to the neighbour `next` of its head; false if refused.
fn step(puzzle: &Puzzle, drag: &mut Drag, next: usize) -> bool {
    if let Some(i) = drag.path.iter().position(|&c| c == next) {
        drag.path.truncate(i + 1);
        return true;
    }
    if complete(puzzle, drag.colour, &drag.path) {
        return false;
    }
    match puzzle.source(next) {
        Some(colour) if colour != drag.colour => false,
        _ => {
            drag.path.push(next);
            true
        }
    }
}

/// True when `path` runs from one source of `colour` to the other.
fn complete(puzzle: &Puzzle, colour: Colour, path: &[usize]) -> bool {
    let [a, b] = puzzle.ends(colour);
    path.len() >= 2 && matches!((path[0], path[path.len() - 1]), (x, y) if (x == a && y == b) || (x == b && y == a))
}

/// `path` up to the first cell `by` takes (empty if only its source is left).
fn cut(path: &[usize], by: &[usize]) -> Vec<usize> {
    let keep = path.iter().position(|c| by.contains(c)).unwrap_or(path.len());
    if keep > 1 { path[..keep].to_vec() } else { Vec::new() }
}

#[cfg(test)]
mod tests;
