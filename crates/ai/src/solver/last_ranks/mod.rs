//! Tables of the fight on a side's last ranks in Breakthrough, solved by the
//! fight's own small game, once per board size and depth in a process.
//!
//! The region is the `ranks` ranks nearest a defender's home. Its own pawns
//! never come back into it (pawns only move forward), and what happens
//! outside cannot touch it: the attacker's pawns outside only come in if the
//! attacker chooses, and the defender's pawns outside move away. So the
//! attacker can play the fight with the pawns it has in the region, and the
//! defender's answers are moves in the region, a pawn leaving it, or a move
//! elsewhere: in the table, a step of its fastest runner towards the goal.
//! The table holds, for each arrangement of the region and each side to move,
//! the fewest moves the defender's fastest runner may need for the attacker to
//! still break through first. Comparing that with the runner on the board
//! decides the position, without search. Entries are solved when first asked
//! for (and all they lead to with them), so a proof pays only for the
//! arrangements it meets, and untouched parts of the table take no memory.
//! A whole table can also be solved at once on many threads (`fill`) and
//! saved to a file (`file`), so that many processes, a proof's jobs, share
//! one filling.

mod file;
mod fill;

pub use file::{LastRanksFileError, TableDamage};

use std::collections::HashMap;
use std::sync::atomic::{AtomicU8, Ordering::Relaxed};
use std::sync::{Arc, Mutex, OnceLock};

use breakline_rules::bits::Bits;
use breakline_rules::board::Board;
use breakline_rules::{BoardSize, Side};

/// The most arrangements a table asked for may have (two bytes each, taken
/// from the system only where touched).
const MAX_ARRANGEMENTS: usize = 500_000_000;

/// The most arrangements a table chosen by default may have: filled in
/// seconds at most as a proof meets them (3 ranks on 5 or 6 files, 4 on 4).
/// Deeper tables cut proofs far more but can take minutes to fill.
const QUICK_ARRANGEMENTS: usize = 40_000_000;

/// The deepest region the default looks at.
const DEFAULT_MAX_RANKS: usize = 4;

/// A table of the last ranks that cannot be had on this board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LastRanksError {
    /// Only Breakthrough has such a table.
    #[error("only Breakthrough has a table of the last ranks")]
    NotBreakthrough,
    /// One rank holds no fight: an attacker on the home rank has won.
    #[error("a table of the last ranks covers 2 ranks or more (0 turns it off), not {0}")]
    TooShallow(usize),
    /// The region must leave two ranks between it and the far side.
    #[error("a table of {ranks} last ranks needs a board of {} rows or more; this one has {rows}", ranks + 2)]
    TooDeep {
        /// Ranks asked for.
        ranks: usize,
        /// The board's rows.
        rows: usize,
    },
    /// Too many arrangements to hold.
    #[error("a table of {ranks} last ranks on {files} files would hold more than {MAX_ARRANGEMENTS} arrangements")]
    TooLarge {
        /// Ranks asked for.
        ranks: usize,
        /// The board's files.
        files: usize,
    },
}

/// The solved fight on a region `width` files by `ranks` ranks, for boards of
/// `rows` rows. Thresholds are runner distances: the attacker wins when the
/// defender's fastest runner needs at least this many moves; `never()` means
/// it does not win even against no runner at all.
struct Fight {
    width: usize,
    ranks: usize,
    rows: usize,
    /// Attacker to move, by arrangement (0 while not yet solved). Threads
    /// that solve the same entry at once store the same value.
    attack: Box<[AtomicU8]>,
    /// Defender to move, by arrangement (0 while not yet solved).
    defend: Box<[AtomicU8]>,
    /// By square of the region: what a defender pawn there adds to the
    /// arrangement's index.
    defender_term: Vec<usize>,
    /// The same for an attacker pawn (none on the home rank).
    attacker_term: Vec<usize>,
}

/// `count` unsolved entries, asked of the system as zeroed memory: it maps
/// fresh zero pages, so the table costs nothing until its pages are touched.
fn unsolved(count: usize) -> Box<[AtomicU8]> {
    let memory = Box::<[AtomicU8]>::new_zeroed_slice(count);
    // SAFETY: an atomic integer's every bit pattern, zero included, is a
    // valid value, so zeroed memory is initialised entries.
    unsafe { memory.assume_init() }
}

/// An arrangement of the region: defender and attacker pawns as bits
/// `rank * width + file`, rank 0 the defender's home, and its index in the
/// table (kept up to date move by move).
#[derive(Clone, Copy)]
struct Region {
    defender: u64,
    attacker: u64,
    index: usize,
}

impl Fight {
    /// The number of arrangements: the home rank holds defenders or nothing
    /// (an attacker there has already won), the other ranks anything.
    fn arrangements(width: usize, ranks: usize) -> Option<usize> {
        let rest = 3usize.checked_pow(u32::try_from(width * (ranks - 1)).ok()?)?;
        (1usize << width).checked_mul(rest)
    }

    /// The default region: the deepest whose table fills in a moment, with
    /// two ranks at least between it and the far side (a pawn leaving it is
    /// then not yet at its goal); its ranks and arrangements.
    fn default_ranks(size: BoardSize) -> Option<(usize, usize)> {
        let (width, rows) = (size.columns as usize, size.rows as usize);
        (2..=DEFAULT_MAX_RANKS.min(rows.saturating_sub(2)))
            .rev()
            .find_map(|k| Fight::arrangements(width, k).filter(|&n| n <= QUICK_ARRANGEMENTS).map(|n| (k, n)))
    }

    /// Checks a region asked for; its arrangements.
    fn check_ranks(size: BoardSize, ranks: usize) -> Result<usize, LastRanksError> {
        let (files, rows) = (size.columns as usize, size.rows as usize);
        if ranks < 2 {
            return Err(LastRanksError::TooShallow(ranks));
        }
        if ranks + 2 > rows {
            return Err(LastRanksError::TooDeep { ranks, rows });
        }
        match Fight::arrangements(files, ranks) {
            Some(n) if n <= MAX_ARRANGEMENTS => Ok(n),
            _ => Err(LastRanksError::TooLarge { ranks, files }),
        }
    }

    /// An unsolved table of `n` arrangements (as `arrangements` counts them).
    fn new(width: usize, ranks: usize, rows: usize, n: usize) -> Fight {
        // The home rank's squares are bits; the others base-3 digits
        // (empty, defender, attacker) above them.
        let digit = |sq: usize| 3usize.pow((sq - width) as u32) << width;
        let squares = 0..width * ranks;
        let defender_term = squares.clone().map(|sq| if sq < width { 1 << sq } else { digit(sq) }).collect();
        let attacker_term = squares.map(|sq| if sq < width { 0 } else { 2 * digit(sq) }).collect();
        Fight { width, ranks, rows, attack: unsolved(n), defend: unsolved(n), defender_term, attacker_term }
    }

    /// The threshold of an arrangement, solving it if it is not yet.
    fn threshold(&self, index: usize, attacker_to_move: bool) -> u8 {
        let known = if attacker_to_move { &self.attack[index] } else { &self.defend[index] };
        match known.load(Relaxed) {
            0 if attacker_to_move => self.attacker_to_move(self.decode(index)),
            0 => self.defender_to_move(self.decode(index)),
            t => t,
        }
    }

    /// No runner at all (a pass in the region is still allowed).
    fn no_runner(&self) -> u8 {
        self.rows as u8
    }

    fn never(&self) -> u8 {
        self.rows as u8 + 1
    }

    /// The moves a defender pawn that leaves the region still needs.
    fn leaver(&self) -> u8 {
        (self.rows - 1 - self.ranks) as u8
    }

    /// The index of an arrangement, from scratch.
    fn index(&self, defender: u64, attacker: u64) -> usize {
        bits(defender).map(|sq| self.defender_term[sq]).sum::<usize>()
            + bits(attacker).map(|sq| self.attacker_term[sq]).sum::<usize>()
    }

    /// The arrangement after a pawn of the attacker (`attacker_moves`) or the
    /// defender goes from `from` to `to`, capturing what stands there.
    fn after(&self, region: Region, from: usize, to: usize, attacker_moves: bool) -> Region {
        let (from_bit, to_bit) = (1u64 << from, 1u64 << to);
        let (own, own_term, enemy, enemy_term) = match attacker_moves {
            true => (region.attacker, &self.attacker_term, region.defender, &self.defender_term),
            false => (region.defender, &self.defender_term, region.attacker, &self.attacker_term),
        };
        let captured = if enemy & to_bit != 0 { enemy_term[to] } else { 0 };
        let index = region.index - own_term[from] + own_term[to] - captured;
        let (own, enemy) = (own & !from_bit | to_bit, enemy & !to_bit);
        let next = match attacker_moves {
            true => Region { defender: enemy, attacker: own, index },
            false => Region { defender: own, attacker: enemy, index },
        };
        debug_assert_eq!(next.index, self.index(next.defender, next.attacker));
        next
    }

    fn decode(&self, index: usize) -> Region {
        let w = self.width;
        let mut region = Region { defender: (index & ((1 << w) - 1)) as u64, attacker: 0, index };
        let mut rest = index >> w;
        for sq in w..w * self.ranks {
            match rest % 3 {
                1 => region.defender |= 1 << sq,
                2 => region.attacker |= 1 << sq,
                _ => {}
            }
            rest /= 3;
        }
        region
    }

    /// The squares a pawn on `sq` reaches one rank towards `rank` (straight,
    /// then the diagonals), within the files.
    fn ahead(&self, sq: usize, rank: usize) -> [Option<usize>; 3] {
        let (w, file) = (self.width, sq % self.width);
        let to = rank * w + file;
        [Some(to), (file > 0).then(|| to - 1), (file + 1 < w).then(|| to + 1)]
    }

    /// The runner threshold with the attacker to move: its best move's.
    fn attacker_to_move(&self, region: Region) -> u8 {
        let index = region.index;
        let known = self.attack[index].load(Relaxed);
        if known != 0 {
            return known;
        }
        let mut best = self.never();
        let occupied = region.defender | region.attacker;
        'pawns: for sq in bits(region.attacker) {
            let rank = sq / self.width;
            for (i, to) in self.ahead(sq, rank - 1).into_iter().enumerate() {
                let Some(to) = to else { continue };
                let blocked = if i == 0 { occupied >> to & 1 == 1 } else { region.attacker >> to & 1 == 1 };
                if blocked {
                    continue;
                }
                if rank == 1 {
                    best = 1;
                    break 'pawns;
                }
                best = best.min(self.defender_to_move(self.after(region, sq, to, true)));
            }
        }
        self.attack[index].store(best, Relaxed);
        best
    }

    /// The runner threshold with the defender to move: its best answer's.
    fn defender_to_move(&self, region: Region) -> u8 {
        let index = region.index;
        let known = self.defend[index].load(Relaxed);
        if known != 0 {
            return known;
        }
        let (never, no_runner) = (self.never(), self.no_runner());
        // A move elsewhere: the runner steps, or a pass when there is none.
        let stay = self.attacker_to_move(region);
        let mut worst = if stay < no_runner - 1 {
            stay + 1
        } else if stay <= no_runner {
            no_runner
        } else {
            never
        };
        let occupied = region.defender | region.attacker;
        for sq in bits(region.defender) {
            if worst == never {
                break;
            }
            let rank = sq / self.width;
            if rank + 1 == self.ranks {
                // Leaving: the pawn becomes a runner `leaver()` moves away.
                let index = region.index - self.defender_term[sq];
                let after = Region { defender: region.defender & !(1 << sq), index, ..region };
                let t = self.attacker_to_move(after);
                worst = worst.max(if t <= self.leaver() { t } else { never });
                continue;
            }
            for (i, to) in self.ahead(sq, rank + 1).into_iter().enumerate() {
                let Some(to) = to else { continue };
                let blocked = if i == 0 { occupied >> to & 1 == 1 } else { region.defender >> to & 1 == 1 };
                if !blocked {
                    worst = worst.max(self.attacker_to_move(self.after(region, sq, to, false)));
                }
            }
        }
        self.defend[index].store(worst, Relaxed);
        worst
    }
}

/// The set bits of `set`, lowest first.
fn bits(mut set: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let i = set.trailing_zeros() as usize;
            set &= set - 1;
            i
        })
    })
}

/// The tables made so far, by files, rows and ranks.
type Fights = Mutex<HashMap<(usize, usize, usize), Arc<Fight>>>;

/// The process's tables: one per board size and region.
fn fights() -> std::sync::MutexGuard<'static, HashMap<(usize, usize, usize), Arc<Fight>>> {
    static FIGHTS: OnceLock<Fights> = OnceLock::new();
    FIGHTS.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner())
}

/// The fight's table for a board size and region, one per process.
fn fight_for(size: BoardSize, ranks: usize, arrangements: usize) -> Arc<Fight> {
    let (files, rows) = (size.columns as usize, size.rows as usize);
    let fight = || Arc::new(Fight::new(files, ranks, rows, arrangements));
    fights().entry((files, rows, ranks)).or_insert_with(fight).clone()
}

/// The process's table of the last ranks for one board size and depth, as
/// a whole: to fill in full, save, or load from a file (which then serves
/// every later solve of that size in the process).
pub struct LastRanksTable {
    size: BoardSize,
    fight: Arc<Fight>,
}

impl LastRanksTable {
    /// The process's table of `ranks` last ranks on a Breakthrough board of
    /// `size` (a supported size), filled as far as solves have filled it.
    pub fn new(size: BoardSize, ranks: usize) -> Result<LastRanksTable, LastRanksError> {
        let arrangements = Fight::check_ranks(size, ranks)?;
        Ok(LastRanksTable { size, fight: fight_for(size, ranks, arrangements) })
    }

    /// The board size the table is for.
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The ranks its region covers.
    pub fn ranks(&self) -> usize {
        self.fight.ranks
    }

    /// Its arrangements (each with two entries: either side to move).
    pub fn arrangements(&self) -> usize {
        self.fight.attack.len()
    }

    /// Makes this table the process's for its size and depth, in place of
    /// any it had (whose holders keep theirs).
    fn install(self) -> LastRanksTable {
        let key = (self.fight.width, self.fight.rows, self.fight.ranks);
        fights().insert(key, self.fight.clone());
        self
    }
}

/// The fight's table placed on a board: for each side as defender, its region
/// and the square-by-square terms of an arrangement's index.
pub struct LastRanks<B> {
    fight: Arc<Fight>,
    /// By defender: the region's squares.
    region: [B; 2],
    /// By defender, then square: the index term of a defender pawn there.
    defender_term: [Vec<usize>; 2],
    /// By defender, then square: the index term of an attacker pawn there,
    /// and its steps to the goal.
    attacker_term: [Vec<(usize, u32)>; 2],
}

impl<B: Bits> LastRanks<B> {
    /// The table for this board: of `ranks` last ranks, or by default the
    /// deepest that fills in a moment; none for `Some(0)` or boards where
    /// even 2 ranks would be too many.
    pub fn new(board: &Board<B>, ranks: Option<usize>) -> Result<Option<LastRanks<B>>, LastRanksError> {
        let size = board.size();
        let (ranks, arrangements) = match ranks {
            Some(0) => return Ok(None),
            Some(k) => (k, Fight::check_ranks(size, k)?),
            None => match Fight::default_ranks(size) {
                Some(default) => default,
                None => return Ok(None),
            },
        };
        Ok(Some(LastRanks::place(board, fight_for(size, ranks, arrangements))))
    }

    fn place(board: &Board<B>, fight: Arc<Fight>) -> LastRanks<B> {
        let size = board.size();
        let (w, k) = (fight.width, fight.ranks);
        let mut last = LastRanks {
            fight: fight.clone(),
            region: [B::EMPTY; 2],
            defender_term: [vec![0; size.squares()], vec![0; size.squares()]],
            attacker_term: [vec![(0, 0); size.squares()], vec![(0, 0); size.squares()]],
        };
        for defender in Side::BOTH {
            let d = defender.index();
            for sq in 0..size.squares() {
                let (file, rank) = (size.file_of(sq as u8) as usize, size.rank_from_home(defender, sq as u8) as usize);
                if rank >= k {
                    continue;
                }
                last.region[d] |= B::bit(sq);
                last.defender_term[d][sq] = fight.defender_term[rank * w + file];
                if rank > 0 {
                    last.attacker_term[d][sq] = (fight.attacker_term[rank * w + file], rank as u32);
                }
            }
        }
        last
    }

    /// The squares of `defending`'s region.
    pub fn region(&self, defending: Side) -> B {
        self.region[defending.index()]
    }

    /// Whether `attacker` breaks through on the enemy's last ranks before the
    /// enemy's fastest runner arrives, with these pawns on the board, the
    /// attacker to move or not, and the defender's nearest pawn `nearest`
    /// moves from its goal; if so, the most plies it takes.
    pub fn attacker_wins(
        &self,
        (attacker, defender): (B, B),
        defending: Side,
        attacker_to_move: bool,
        nearest: u32,
    ) -> Option<u32> {
        let d = defending.index();
        let region = self.region[d];
        let mut index = 0;
        for sq in (defender & region).squares() {
            index += self.defender_term[d][sq];
        }
        // Each attacker move in the region brings a pawn a step nearer.
        let mut steps = 0;
        for sq in (attacker & region).squares() {
            let (term, s) = self.attacker_term[d][sq];
            index += term;
            steps += s;
        }
        // Pawns in the region are further from their goal than any outside,
        // so the nearest pawn is a runner only if it is outside.
        let runner = if nearest <= self.fight.leaver() as u32 { nearest as u8 } else { self.fight.no_runner() };
        // No attacker there: no entry says the attacker wins. A runner one step
        // from its goal: only a move onto the goal wins, which the other
        // patterns see first. Either way the look-up (a cache miss) is spared.
        if steps == 0 || runner <= 1 {
            return None;
        }
        let threshold = self.fight.threshold(index, attacker_to_move);
        (threshold <= runner).then_some(2 * steps - attacker_to_move as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use breakline_rules::Outcome;
    use breakline_rules::Variant;
    use breakline_rules::breakthrough::Breakthrough;
    use breakline_rules::game::{Game, MoveList};
    use breakline_rules::position::Position;
    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};

    /// Whether `side` forces a win within `plies` plies, by exhaustive search.
    fn wins_within(g: &mut Breakthrough<u64>, side: Side, plies: u32, memo: &mut HashMap<(u64, u32), bool>) -> bool {
        if let Outcome::Win { winner, .. } = g.quick_outcome() {
            return winner == side;
        }
        if plies == 0 {
            return false;
        }
        if let Some(&w) = memo.get(&(g.hash(), plies)) {
            return w;
        }
        let mut moves = MoveList::new();
        g.generate_moves(&mut moves);
        let attacking = g.side_to_move() == side;
        let mut check = |m| {
            g.play_unchecked(m);
            let w = wins_within(g, side, plies - 1, memo);
            g.undo_unchecked(m);
            w
        };
        let w = if attacking { moves.iter().copied().any(&mut check) } else { moves.iter().copied().all(&mut check) };
        memo.insert((g.hash(), plies), w);
        w
    }

    /// Along random games, every win of up to 10 plies the table claims is
    /// found by exhaustive search within the plies it claims, and the table
    /// claims wins that take more than a few plies (what the other patterns
    /// miss).
    #[test]
    fn every_win_the_table_claims_is_forced_within_its_plies() {
        let (mut claimed, mut long) = (0, 0);
        for (seed, (cols, rows)) in (0..80).zip([(4, 5), (5, 5), (4, 6), (5, 6)].into_iter().cycle()) {
            let mut rng = StdRng::seed_from_u64(seed);
            let pos = Position::start(Variant::Breakthrough, BoardSize::new(cols, rows)).unwrap();
            let mut game = Breakthrough::<u64>::from_placement(&pos.placement()).unwrap();
            // The default tables: 3 ranks, 4 on 4x6.
            let table = LastRanks::new(game.board(), None).unwrap().expect("small boards have a table");
            assert_eq!(table.fight.ranks, if (cols, rows) == (4, 6) { 4 } else { 3 });
            let mut moves = MoveList::new();
            while !game.outcome().is_over() {
                let board = game.board().clone();
                for attacker in Side::BOTH {
                    let defender = attacker.opponent();
                    let pawns = (board.pieces(attacker), board.pieces(defender));
                    let nearest = board
                        .pieces(defender)
                        .squares()
                        .map(|sq| rows as u32 - 1 - board.size().rank_from_home(defender, sq as u8) as u32)
                        .min()
                        .unwrap_or(u32::MAX);
                    let to_move = board.side() == attacker;
                    // Longer claims take exhaustive search too long for a test.
                    let Some(plies) = table.attacker_wins(pawns, defender, to_move, nearest).filter(|&p| p <= 10)
                    else {
                        continue;
                    };
                    claimed += 1;
                    long += (plies >= 5) as u32;
                    let won = wins_within(&mut game, attacker, plies, &mut HashMap::new());
                    assert!(won, "seed {seed}: {} {attacker} {plies}", game.placement().to_fen());
                }
                moves.clear();
                game.generate_moves(&mut moves);
                game.play_unchecked(moves[rng.random_range(0..moves.len())]);
            }
        }
        assert!(claimed > 200 && long > 50, "the table claimed {claimed} wins, {long} of 5 plies or more");
    }
}
