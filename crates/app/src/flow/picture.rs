//! What the Flow board shows, as data: each cell's tint, the pipe links
//! between neighbouring cells, the joints, and the head of the path being
//! drawn; from the drawing, or from the solver's grid while it plays. Also
//! the colour palette (Flow Free's usual colours, by the puzzle's letters).

use bevy::prelude::*;

use crate::engine::flow::{Colour, Puzzle};
use crate::flow::game::FlowGame;

/// The board's look, one entry per cell.
#[derive(Clone, Debug, PartialEq, Default)]
pub(crate) struct Picture {
    pub(crate) tint: Vec<Option<Colour>>,
    /// A pipe from the cell to its right-hand neighbour.
    pub(crate) right: Vec<Option<Colour>>,
    /// A pipe from the cell to the one below.
    pub(crate) down: Vec<Option<Colour>>,
    /// A pipe passes through or ends in the cell.
    pub(crate) joint: Vec<Option<Colour>>,
    /// The end of the path being drawn.
    pub(crate) head: Option<(usize, Colour)>,
}

impl Picture {
    pub(crate) fn of(game: &FlowGame) -> Picture {
        let puzzle = game.puzzle();
        let n = puzzle.cell_count();
        let w = puzzle.width();
        let mut picture = Picture {
            tint: vec![None; n],
            right: vec![None; n],
            down: vec![None; n],
            joint: vec![None; n],
            head: None,
        };
        let link = |picture: &mut Picture, a: usize, b: usize, colour: Colour| {
            let (low, high) = (a.min(b), a.max(b));
            if high == low + 1 && high % w != 0 {
                picture.right[low] = Some(colour);
            } else if high == low + w {
                picture.down[low] = Some(colour);
            } else {
                return;
            }
            picture.joint[a] = Some(colour);
            picture.joint[b] = Some(colour);
        };
        if let Some(replay) = &game.replay {
            // The solver's grid: neighbours of one colour are joined.
            picture.tint = replay.cells.clone();
            for cell in 0..n.min(replay.cells.len()) {
                let Some(colour) = replay.cells[cell] else {
                    continue;
                };
                picture.joint[cell] = Some(colour);
                for next in [cell + 1, cell + w] {
                    if next < n && (next != cell + 1 || next % w != 0) && replay.cells[next] == Some(colour) {
                        link(&mut picture, cell, next, colour);
                    }
                }
            }
            return picture;
        }
        picture.tint = game.drawing.cells();
        for (colour, path) in game.drawing.paths().iter().enumerate() {
            for pair in path.windows(2) {
                link(&mut picture, pair[0], pair[1], colour as Colour);
            }
        }
        if let Some(colour) = game.drawing.drawing() {
            let head = game.drawing.paths()[colour as usize].last().copied();
            picture.head = head.map(|cell| (cell, colour));
        }
        picture
    }
}

/// Red, green, blue, yellow, orange, cyan, magenta, maroon, purple, white,
/// grey, lime, beige, navy, teal, pink.
const PALETTE: [(u8, u8, u8); 16] = [
    (235, 35, 35),
    (20, 150, 40),
    (40, 80, 255),
    (235, 225, 20),
    (250, 140, 10),
    (20, 230, 230),
    (230, 30, 220),
    (150, 40, 40),
    (130, 30, 160),
    (240, 240, 240),
    (150, 150, 150),
    (120, 240, 30),
    (200, 180, 130),
    (20, 30, 140),
    (10, 130, 130),
    (250, 130, 190),
];

/// The palette entry a puzzle letter stands for, where it has one.
fn by_letter(name: char) -> Option<usize> {
    Some(match name {
        'R' => 0,
        'G' => 1,
        'B' => 2,
        'Y' => 3,
        'O' | '0' => 4,
        'C' => 5,
        'M' => 6,
        'P' => 8,
        'W' => 9,
        'A' => 10,
        _ => return None,
    })
}

/// One distinguishable colour per puzzle colour: by its letter when the
/// letter names one, else the next unused (cycling past sixteen).
pub(crate) fn palette(puzzle: &Puzzle) -> Vec<Color> {
    let mut used = [false; PALETTE.len()];
    let mut chosen: Vec<Option<usize>> = puzzle
        .names()
        .iter()
        .map(|&name| by_letter(name).filter(|&i| !std::mem::replace(&mut used[i], true)))
        .collect();
    let mut spare = (0..PALETTE.len()).filter(|&i| !used[i]).cycle();
    for (i, slot) in chosen.iter_mut().enumerate() {
        if slot.is_none() {
            *slot = Some(spare.next().unwrap_or(i % PALETTE.len()));
        }
    }
    chosen
        .into_iter()
        .map(|i| {
            let (r, g, b) = PALETTE[i.unwrap_or(0)];
            Color::srgb_u8(r, g, b)
        })
        .collect()
}
