//! Seeded random games on many sizes of both variants, each position checked
//! against a deliberately simple reading of the rules on a plain grid: the same
//! moves, the same outcome, and an incremental hash equal to a recomputed one.
//! The same reference counts perft for the other tables' cross-checks.

use std::collections::{BTreeSet, HashMap};

use breakline_rules::placement::Placement;
use breakline_rules::position::Position;
use breakline_rules::{BoardSize, DrawReason, Move, Outcome, Side, Variant, WinReason};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// The grid and history the reference rules work from.
pub struct Reference {
    variant: Variant,
    size: BoardSize,
    cells: Vec<Option<Side>>,
    side: Side,
    seen: HashMap<(Vec<Option<Side>>, Side), u32>,
    plies: u32,
    move_limit: u32,
    /// Moves played, with what each captured, for `undo`.
    played: Vec<(u8, u8, Option<Side>)>,
}

impl Reference {
    fn new(variant: Variant, p: &Placement, move_limit: u32) -> Reference {
        let mut r = Reference {
            variant,
            size: p.size,
            cells: p.cells.clone(),
            side: p.side,
            seen: HashMap::new(),
            plies: 0,
            move_limit,
            played: Vec::new(),
        };
        r.seen.insert((r.cells.clone(), r.side), 1);
        r
    }

    fn at(&self, f: i32, r: i32) -> Option<Option<Side>> {
        let (c, rows) = (self.size.columns as i32, self.size.rows as i32);
        (f >= 0 && f < c && r >= 0 && r < rows).then(|| self.cells[(r * c + f) as usize])
    }

    fn idx(&self, f: i32, r: i32) -> u8 {
        (r * self.size.columns as i32 + f) as u8
    }

    fn own_squares(&self, color: Side) -> Vec<(i32, i32)> {
        let c = self.size.columns as i32;
        (0..self.cells.len() as i32)
            .filter(|&i| self.cells[i as usize] == Some(color))
            .map(|i| (i % c, i / c))
            .collect()
    }

    fn pseudo_moves(&self) -> BTreeSet<(u8, u8, bool)> {
        let us = self.side;
        let mut out = BTreeSet::new();
        for (f, r) in self.own_squares(us) {
            match self.variant {
                Variant::Breakthrough => {
                    let dr = if us == Side::White { 1 } else { -1 };
                    if self.at(f, r + dr) == Some(None) {
                        out.insert((self.idx(f, r), self.idx(f, r + dr), false));
                    }
                    for df in [-1, 1] {
                        match self.at(f + df, r + dr) {
                            Some(None) => out.insert((self.idx(f, r), self.idx(f + df, r + dr), false)),
                            Some(Some(c)) if c != us => out.insert((self.idx(f, r), self.idx(f + df, r + dr), true)),
                            _ => false,
                        };
                    }
                }
                Variant::LinesOfAction => {
                    for (df, dr) in [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)] {
                        // Count the whole line, both ways, the piece itself included.
                        let mut n = 1;
                        for s in [1, -1] {
                            let mut k = 1;
                            while let Some(cell) = self.at(f + s * k * df, r + s * k * dr) {
                                n += cell.is_some() as i32;
                                k += 1;
                            }
                        }
                        let (tf, tr) = (f + n * df, r + n * dr);
                        let Some(target) = self.at(tf, tr) else { continue };
                        if target == Some(us) {
                            continue;
                        }
                        let blocked = (1..n).any(|k| self.at(f + k * df, r + k * dr) == Some(Some(us.opponent())));
                        if !blocked {
                            out.insert((self.idx(f, r), self.idx(tf, tr), target.is_some()));
                        }
                    }
                }
            }
        }
        out
    }

    fn connected(&self, color: Side) -> bool {
        let squares = self.own_squares(color);
        let Some(&first) = squares.first() else { return false };
        let mut group = vec![first];
        let mut i = 0;
        while i < group.len() {
            let (f, r) = group[i];
            for &(g, s) in &squares {
                if (g - f).abs() <= 1 && (s - r).abs() <= 1 && !group.contains(&(g, s)) {
                    group.push((g, s));
                }
            }
            i += 1;
        }
        group.len() == squares.len()
    }

    fn outcome(&self) -> Outcome {
        let win = |winner, reason| Outcome::Win { winner, reason };
        match self.variant {
            Variant::Breakthrough => {
                let top = self.size.rows as i32 - 1;
                if self.own_squares(Side::White).iter().any(|&(_, r)| r == top) {
                    return win(Side::White, WinReason::ReachedGoal);
                }
                if self.own_squares(Side::Black).iter().any(|&(_, r)| r == 0) {
                    return win(Side::Black, WinReason::ReachedGoal);
                }
                for c in Side::BOTH {
                    if self.own_squares(c).is_empty() {
                        return win(c.opponent(), WinReason::CapturedAll);
                    }
                }
            }
            Variant::LinesOfAction => {
                let (w, b) = (self.connected(Side::White), self.connected(Side::Black));
                if w && b {
                    return win(self.side.opponent(), WinReason::Connected);
                }
                if w || b {
                    return win(if w { Side::White } else { Side::Black }, WinReason::Connected);
                }
                if self.seen[&(self.cells.clone(), self.side)] >= 3 {
                    return Outcome::Draw { reason: DrawReason::Repetition };
                }
                if self.plies >= self.move_limit {
                    return Outcome::Draw { reason: DrawReason::MoveLimit };
                }
            }
        }
        if self.pseudo_moves().is_empty() {
            return win(self.side.opponent(), WinReason::NoMoves);
        }
        Outcome::Ongoing
    }

    fn play(&mut self, (from, to, _): (u8, u8, bool)) {
        self.played.push((from, to, self.cells[to as usize]));
        self.cells[to as usize] = self.cells[from as usize].take();
        self.side = self.side.opponent();
        self.plies += 1;
        *self.seen.entry((self.cells.clone(), self.side)).or_insert(0) += 1;
    }

    fn undo(&mut self) {
        let (from, to, captured) = self.played.pop().expect("a move to take back");
        *self.seen.get_mut(&(self.cells.clone(), self.side)).expect("seen when played") -= 1;
        self.cells[from as usize] = self.cells[to as usize].take();
        self.cells[to as usize] = captured;
        self.side = self.side.opponent();
        self.plies -= 1;
    }

    /// The reference set up like `pos`: its start, its moves and its move limit.
    pub fn of(pos: &Position) -> Reference {
        let limit = pos.move_limit().unwrap_or(u32::MAX);
        let mut r = Reference::new(pos.variant(), pos.start_placement(), limit);
        for m in pos.moves() {
            r.play((m.from, m.to, m.capture));
        }
        r
    }

    /// Perft by the reference rules: a finished position is never expanded.
    pub fn perft(&mut self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.outcome().is_over() {
            return 0;
        }
        let mut nodes = 0;
        for m in self.pseudo_moves() {
            self.play(m);
            nodes += self.perft(depth - 1);
            self.undo();
        }
        nodes
    }
}

fn as_set(moves: &[Move]) -> BTreeSet<(u8, u8, bool)> {
    moves.iter().map(|m| (m.from, m.to, m.capture)).collect()
}

/// Plays `games` seeded random games, checking every position; returns how
/// each ended and after how many plies.
fn random_games(variant: Variant, size: BoardSize, games: u64, move_limit: u32) -> Vec<(Outcome, usize)> {
    let mut endings = Vec::new();
    for seed in 0..games {
        let mut rng = StdRng::seed_from_u64(seed * 7919 + size.squares() as u64);
        let mut pos = Position::start(variant, size).unwrap();
        pos.set_move_limit(move_limit);
        let mut reference = Reference::new(variant, pos.start_placement(), move_limit);
        loop {
            let ctx = format!("{variant} {size} seed {seed} after {:?}", pos.moves().len());
            assert_eq!(pos.hash(), pos.recomputed_hash(), "{ctx}: hash");
            let outcome = reference.outcome();
            assert_eq!(pos.outcome(), outcome, "{ctx}: outcome");
            let legal = pos.legal_moves();
            let expected = if outcome.is_over() { BTreeSet::new() } else { reference.pseudo_moves() };
            assert_eq!(as_set(&legal), expected, "{ctx}: moves of {}", pos.fen());
            assert_eq!(legal.len(), expected.len(), "{ctx}: duplicate moves");
            if legal.is_empty() {
                break;
            }
            // Prefer quiet moves now and then so LOA games last and can repeat.
            let m = legal[rng.random_range(0..legal.len())];
            pos.play(m).unwrap();
            reference.play((m.from, m.to, m.capture));
        }
        endings.push((pos.outcome(), pos.moves().len()));
        // Taking every move back restores the start exactly.
        let end_fen = pos.fen();
        let played = pos.moves().to_vec();
        while pos.undo().is_some() {}
        assert_eq!(pos.placement(), *pos.start_placement(), "{variant} {size} seed {seed}: undo");
        assert_eq!(pos.hash(), pos.recomputed_hash());
        for m in played {
            pos.play(m).unwrap();
        }
        assert_eq!(pos.fen(), end_fen);
    }
    endings
}

#[test]
fn breakthrough_random_games_follow_the_rules() {
    for (c, r) in [(8, 8), (3, 5), (5, 10), (10, 5), (7, 7), (9, 11), (12, 12), (11, 12)] {
        random_games(Variant::Breakthrough, BoardSize::new(c, r), 30, 0);
    }
}

#[test]
fn lines_of_action_random_games_follow_the_rules() {
    for n in [6, 7, 8, 9, 11, 12] {
        random_games(Variant::LinesOfAction, BoardSize::new(n, n), 12, 200);
    }
}

#[test]
fn lines_of_action_short_move_limit_draws() {
    let endings = random_games(Variant::LinesOfAction, BoardSize::new(8, 8), 20, 12);
    let limit_draws = endings.iter().filter(|(o, _)| *o == Outcome::Draw { reason: DrawReason::MoveLimit }).count();
    // Random games rarely connect in 12 plies: most reach the limit, exactly there.
    assert!(limit_draws >= 15, "only {limit_draws} of 20 games reached the move limit: {endings:?}");
    for (outcome, plies) in endings {
        let at_limit = outcome == Outcome::Draw { reason: DrawReason::MoveLimit };
        assert_eq!(at_limit, plies == 12, "{outcome:?} after {plies} plies");
        assert!(plies <= 12);
    }
}
