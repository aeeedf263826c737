//! Our method: grow each colour's path from both of its sources, one cell at
//! a time, instead of colouring cells in some order. A forced step (an end
//! with one way on, or an empty cell that only one path end can still reach)
//! is taken first and costs no branching; otherwise the topmost path end
//! grows, and its moves that hug walls and paths are tried first. Every step
//! is checked for:
//! - dead ends: an empty cell left with fewer than two ways in or out;
//! - stranded regions: an empty region that no unfinished colour can both
//!   enter and leave (both its ends must touch it);
//! - stranded colours: an unfinished colour whose two ends share no region;
//! - parity: on a chessboard colouring a path's cells alternate, so the
//!   colours that can run in a region must be able to make up its balance of
//!   dark and light cells.
//!
//! A path never touches itself (the report's rules 3 and 4), so a colour is
//! always one simple path and no loop can form.

use arrayvec::ArrayVec;

use super::{Halt, Limits, Observer};
use crate::puzzle::{Colour, Puzzle};

const EMPTY: Colour = Colour::MAX;
const NO_REGION: u16 = u16::MAX;
const NOT_LIVE: u8 = u8::MAX;

pub(super) fn solve<O: Observer>(puzzle: &Puzzle, limits: &mut Limits<'_, O>) -> Result<Option<Vec<Colour>>, Halt> {
    let mut search = Search::new(puzzle);
    if !search.viable() {
        return Ok(None);
    }
    Ok(search.run(limits)?.then_some(search.cells))
}

/// How many solutions the puzzle has, counting no further than `limit`.
pub(super) fn count<O: Observer>(puzzle: &Puzzle, limit: usize, limits: &mut Limits<'_, O>) -> Result<usize, Halt> {
    let mut search = Search::new(puzzle);
    search.wanted = limit;
    if search.viable() {
        search.run(limits)?;
    }
    Ok(search.found)
}

struct Search {
    width: usize,
    cells: Vec<Colour>,
    beside: Vec<ArrayVec<u16, 4>>,
    /// Per colour: the two growing ends of its path (its sources at first),
    /// and whether they have met.
    ends: Vec<[usize; 2]>,
    done: Vec<bool>,
    /// Each cell's square on a chessboard colouring: (row + column) % 2.
    parity: Vec<u8>,
    /// For a live path end (an end of an unfinished colour): which of its
    /// colour's two ends it is; `NOT_LIVE` for any other cell.
    live: Vec<u8>,
    /// Solutions to find before the search ends (1 to solve, more to count),
    /// and found so far.
    wanted: usize,
    found: usize,
    /// A step `viable` found forced: colour, which end, into which cell.
    forced: Option<(Colour, usize, usize)>,
    /// Scratch for the region check, kept to avoid allocating per step.
    region: Vec<u16>,
    stack: Vec<usize>,
    served: Vec<u32>,
    imbalance: Vec<i32>,
}

impl Search {
    fn new(puzzle: &Puzzle) -> Self {
        let n = puzzle.cell_count();
        let cells: Vec<Colour> = (0..n).map(|c| puzzle.source(c).unwrap_or(EMPTY)).collect();
        let beside: Vec<ArrayVec<u16, 4>> = (0..n).map(|c| puzzle.neighbours(c).map(|x| x as u16).collect()).collect();
        let ends: Vec<[usize; 2]> = (0..puzzle.colour_count() as Colour).map(|c| puzzle.ends(c)).collect();
        let done: Vec<bool> = ends.iter().map(|&[a, b]| beside[a].contains(&(b as u16))).collect();
        Search {
            width: puzzle.width(),
            forced: None,
            wanted: 1,
            found: 0,
            live: (0..n)
                .map(|cell| match cells[cell] {
                    EMPTY => NOT_LIVE,
                    c if done[c as usize] => NOT_LIVE,
                    c => (ends[c as usize][1] == cell) as u8,
                })
                .collect(),
            parity: (0..n).map(|c| ((c / puzzle.width() + c % puzzle.width()) % 2) as u8).collect(),
            region: vec![NO_REGION; n],
            stack: Vec::with_capacity(n),
            served: Vec::with_capacity(n),
            imbalance: Vec::with_capacity(n),
            cells,
            beside,
            ends,
            done,
        }
    }

    fn run<O: Observer>(&mut self, limits: &mut Limits<'_, O>) -> Result<bool, Halt> {
        // `viable` ran on this very board just before (the callers keep to
        // that), and left any forced step.
        let choice = match self.forced {
            Some((colour, end, cell)) => {
                if !self.moves(colour, end).contains(&cell) {
                    return Ok(false);
                }
                Some((colour, end, [cell].into_iter().collect()))
            }
            None => self.most_constrained_end(),
        };
        let Some((colour, end, moves)) = choice else {
            if self.cells.contains(&EMPTY) {
                return Ok(false);
            }
            self.found += 1;
            return Ok(self.found >= self.wanted);
        };
        let c = colour as usize;
        let from = self.ends[c][end];
        let other = self.ends[c][1 - end];
        for cell in moves {
            limits.attempt()?;
            self.cells[cell] = colour;
            self.ends[c][end] = cell;
            self.done[c] = self.beside[cell].contains(&(other as u16));
            self.live[from] = NOT_LIVE;
            if self.done[c] {
                self.live[other] = NOT_LIVE;
            } else {
                self.live[cell] = end as u8;
            }
            limits.observer.assigned(cell, colour);
            if self.no_dead_end_beside(cell) && self.no_dead_end_beside(from) && self.viable() && self.run(limits)? {
                return Ok(true);
            }
            self.cells[cell] = EMPTY;
            self.live[cell] = NOT_LIVE;
            self.live[from] = end as u8;
            self.live[other] = 1 - end as u8;
            self.ends[c][end] = from;
            self.done[c] = false;
            limits.observer.unassigned(cell);
        }
        Ok(false)
    }

    /// The end to grow next and its moves in the order to try; `None` when
    /// every colour is finished. An end with one move or none comes first (a
    /// forced move, or a dead branch). Otherwise the topmost end, the one with
    /// fewer moves on a tie: the board fills from the top like a sweep, so a
    /// wrong turn soon leaves a region behind the sweep that nothing can fill,
    /// instead of surfacing far deeper down. Either end of a colour must grow,
    /// so branching on one is complete.
    fn most_constrained_end(&self) -> Option<(Colour, usize, ArrayVec<usize, 4>)> {
        let mut best: Option<(Colour, usize, ArrayVec<usize, 4>)> = None;
        let mut best_key = (usize::MAX, usize::MAX, usize::MAX);
        for colour in 0..self.ends.len() {
            if self.done[colour] {
                continue;
            }
            for end in 0..2 {
                let moves = self.moves(colour as Colour, end);
                if moves.len() <= 1 {
                    return Some((colour as Colour, end, moves));
                }
                let cell = self.ends[colour][end];
                let key = (cell / self.width, moves.len(), cell);
                if key < best_key {
                    best_key = key;
                    best = Some((colour as Colour, end, moves));
                }
            }
        }
        best
    }

    /// Empty cells beside one end that do not touch the path itself (other
    /// than that end, or the other end, which the step then meets), the ones
    /// with fewest empty neighbours first.
    fn moves(&self, colour: Colour, end: usize) -> ArrayVec<usize, 4> {
        let [head, target] = self.ends[colour as usize];
        let (head, target) = if end == 0 { (head, target) } else { (target, head) };
        let mut moves: ArrayVec<(usize, usize), 4> = ArrayVec::new();
        for &n in &self.beside[head] {
            let n = n as usize;
            if self.cells[n] != EMPTY {
                continue;
            }
            let mut open = 0;
            let mut touches_self = false;
            for &m in &self.beside[n] {
                let m = m as usize;
                open += (self.cells[m] == EMPTY) as usize;
                touches_self |= m != head && m != target && self.cells[m] == colour;
            }
            if !touches_self {
                moves.push((open, n));
            }
        }
        moves.sort_unstable();
        moves.into_iter().map(|(_, n)| n).collect()
    }

    /// A quick look before the full check: every empty cell beside `centre`
    /// still has two ways in or out (empty cells, or live path ends).
    fn no_dead_end_beside(&self, centre: usize) -> bool {
        self.beside[centre].iter().all(|&e| {
            let e = e as usize;
            self.cells[e] != EMPTY
                || self.beside[e]
                    .iter()
                    .filter(|&&x| self.cells[x as usize] == EMPTY || self.live[x as usize] != NOT_LIVE)
                    .count()
                    >= 2
        })
    }

    /// No region and no colour stranded (see the module's notes).
    ///
    /// On the way it looks at each empty cell: one with fewer than two ways in
    /// or out (empty cells or live path ends beside it) is a dead end; one with
    /// exactly two, one of them a path's end, must be that path's next cell,
    /// which it leaves in `forced`.
    fn viable(&mut self) -> bool {
        self.forced = None;
        self.region.fill(NO_REGION);
        self.served.clear();
        self.imbalance.clear();
        for start in 0..self.cells.len() {
            if self.cells[start] != EMPTY || self.region[start] != NO_REGION {
                continue;
            }
            let id = self.served.len() as u16;
            let (mut firsts, mut seconds, mut imbalance) = (0u32, 0u32, 0i32);
            self.region[start] = id;
            self.stack.push(start);
            while let Some(cell) = self.stack.pop() {
                imbalance += if self.parity(cell) == 1 { 1 } else { -1 };
                let (mut ways, mut end_beside) = (0, None);
                for &n in &self.beside[cell] {
                    let n = n as usize;
                    let c = self.cells[n];
                    if c == EMPTY {
                        ways += 1;
                        if self.region[n] == NO_REGION {
                            self.region[n] = id;
                            self.stack.push(n);
                        }
                    } else if self.live[n] != NOT_LIVE {
                        let end = self.live[n];
                        firsts |= ((end == 0) as u32) << c;
                        seconds |= ((end == 1) as u32) << c;
                        ways += 1;
                        end_beside = Some((c, end as usize));
                    }
                }
                if ways < 2 {
                    self.stack.clear();
                    return false;
                }
                if let (2, Some((colour, end)), None) = (ways, end_beside, self.forced) {
                    self.forced = Some((colour, end, cell));
                }
            }
            if firsts & seconds == 0 {
                return false;
            }
            self.served.push(firsts & seconds);
            self.imbalance.push(imbalance);
        }
        // A colour runs inside one region; one that only one region serves
        // must run there.
        let (mut once, mut more) = (0u32, 0u32);
        for &served in &self.served {
            more |= once & served;
            once |= served;
        }
        let only_once = once & !more;
        if (0..self.done.len()).any(|c| !self.done[c] && once & (1 << c) == 0) {
            return false;
        }
        // Parity: the grid is a chessboard, and a path's cells alternate
        // squares, so each colour in a region sets its balance of dark over
        // light cells by its ends' squares alone (see `balance`).
        self.served.iter().zip(&self.imbalance).all(|(&served, &imbalance)| {
            let (mut low, mut high) = (0, 0);
            for c in 0..self.done.len() {
                if served & (1 << c) != 0 {
                    let b = self.balance(c);
                    if only_once & (1 << c) != 0 {
                        low += b;
                        high += b;
                    } else {
                        low += b.min(0);
                        high += b.max(0);
                    }
                }
            }
            (low..=high).contains(&imbalance)
        })
    }

    fn parity(&self, cell: usize) -> u8 {
        self.parity[cell]
    }

    /// Dark (parity 1) minus light cells on the open part of a colour's path:
    /// it alternates from a square unlike the first end's to one unlike the
    /// second's, so ends on unlike squares balance, two light ends give one
    /// dark cell more, two dark ends one light cell more.
    fn balance(&self, colour: usize) -> i32 {
        let [a, b] = self.ends[colour];
        match (self.parity(a), self.parity(b)) {
            (0, 0) => 1,
            (1, 1) => -1,
            _ => 0,
        }
    }
}
