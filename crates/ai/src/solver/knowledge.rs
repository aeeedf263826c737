//! What each game's structure decides without search. Breakthrough: a pawn one
//! step from its goal wins at once, two such enemy pawns (or one the mover
//! cannot capture) win next move, one capturable enemy pawn there must be
//! captured, a pawn that can step next to the goal where no enemy can capture
//! it wins in three plies, a pawn no enemy can catch in time wins a race it
//! is ahead in, and so does a move that makes one; against an enemy that can
//! make such a step, only the moves that could stop it need looking at; and
//! the table of the fight on a side's last ranks (`last_ranks`) decides who
//! breaks through there before the other side's fastest pawn arrives.
//! Lines of Action: a mover that can join all its pieces with one move wins
//! next ply (its rules decide connection and the mover-wins rule themselves).

use super::last_ranks::{LastRanks, LastRanksError};
use crate::eval::Evaluate;
use crate::eval::loa::connects_in_one;
use breakline_rules::bits::{Bits, Wide};
use breakline_rules::board::Board;
use breakline_rules::breakthrough::Breakthrough;
use breakline_rules::connection_rule::BothConnected;
use breakline_rules::game::Game;
use breakline_rules::loa::LinesOfAction;
use breakline_rules::side_view::SideView;
use breakline_rules::{Move, Side};

/// What the structure says about the position, before any search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Insight {
    /// `winner` wins whatever the other side does, within `plies` plies.
    Decided {
        /// The side that wins.
        winner: Side,
        /// The most plies the win takes.
        plies: u32,
    },
    /// Every move but a capture on this square loses at once.
    MustCapture(u8),
    /// Every move but one that ends on one of these squares loses within
    /// `plies` plies (the enemy steps where it cannot be caught, or breaks
    /// through by pushes, then wins).
    MustDefend {
        /// Where the moves that may defend end.
        squares: Wide,
        /// The most plies any other move lasts.
        plies: u32,
    },
    /// The structure decides nothing here: search on.
    Open,
}

/// A game the solver can prove: its rules plus what its structure decides.
pub trait SolverGame: Evaluate {
    /// Whether a position can recur (then draws by repetition exist and the
    /// search must watch its own path).
    const CAN_REPEAT: bool;
    /// Evaluation points (expert strategy) that make a side about three times
    /// as likely to succeed as to fail: the scale of the initial numbers.
    const EVAL_SCALE: f64;
    /// Per-board tables the insight reads, built once per solve.
    type Tables: Sync;
    /// Builds the tables for this position's board, with the table of the
    /// last ranks' fight (Breakthrough) covering `last_ranks` ranks, or by
    /// default the deepest that fills in a moment.
    fn tables(&self, last_ranks: Option<usize>) -> Result<Self::Tables, LastRanksError>;
    /// What the structure decides about this position.
    fn insight(&self, tables: &Self::Tables) -> Insight;
    /// In a position `insight` decided for the side to move, a move that keeps
    /// the win decided (for writing out the winning line).
    fn decided_move(&self, tables: &Self::Tables) -> Option<Move>;
    /// Lifts rules that depend on the path rather than the position (the move
    /// limit), which the solver handles itself.
    fn prepare(&mut self) {}
}

/// What the Breakthrough insight reads, built once per solve.
pub struct BreakthroughTables<B> {
    cones: Cones<B>,
    /// None on boards too wide for the table.
    last_ranks: Option<LastRanks<B>>,
}

/// Per square and side: the squares from which an enemy pawn could catch in
/// time a pawn walking straight to its goal (capture it or stand in its way),
/// when the walker's side moves first and when it moves second; and the
/// squares ahead on its file.
pub struct Cones<B> {
    /// Indexed by whether the walker's side moves first, then side, then square.
    danger: [[Vec<B>; 2]; 2],
    ahead: [Vec<B>; 2],
}

/// Whether an enemy pawn `steps` ranks ahead of a pawn that walks straight
/// and wins on its `goal`-th move, `drift` files aside, can ever capture or
/// block it, when the walker's side moves first (`first`) or second. Enemy
/// pawns only come towards the walker, a rank a move, a file aside at most.
fn can_catch(steps: i32, drift: i32, goal: i32, first: bool) -> bool {
    // After the walker's t-th move (t < goal) the enemy needs `needed` moves
    // to stand on the rank just ahead of it.
    (0..goal).any(|t| {
        let needed = steps - t - 1;
        // Enemy moves made before the one that could capture the walker
        // there, and before the walker's next move (which it could block).
        let (before_capture, before_block) = if first { (t - 1, t) } else { (t, t + 1) };
        let capture = needed >= 0 && needed <= before_capture && drift <= needed + 1;
        let block = needed >= 0 && needed <= before_block && drift <= needed;
        capture || block
    })
}

impl<B: Bits> Cones<B> {
    fn new(board: &Board<B>) -> Cones<B> {
        let size = board.size();
        let squares = 0..size.squares() as u8;
        let mut danger: [[Vec<B>; 2]; 2] = Default::default();
        let mut ahead = [Vec::new(), Vec::new()];
        for color in Side::BOTH {
            for sq in squares.clone() {
                let (file, from_home) = (size.file_of(sq) as i32, size.rank_from_home(color, sq) as i32);
                let goal = size.rows as i32 - 1 - from_home;
                let (mut d, mut a) = ([B::EMPTY; 2], B::EMPTY);
                for other in squares.clone() {
                    let steps = size.rank_from_home(color, other) as i32 - from_home;
                    let drift = (size.file_of(other) as i32 - file).abs();
                    if steps <= 0 {
                        continue;
                    }
                    if drift == 0 {
                        a |= B::bit(other as usize);
                    }
                    for first in [false, true] {
                        if can_catch(steps, drift, goal, first) {
                            d[first as usize] |= B::bit(other as usize);
                        }
                    }
                }
                for first in [false, true] {
                    danger[first as usize][color.index()].push(d[first as usize]);
                }
                ahead[color.index()].push(a);
            }
        }
        Cones { danger, ahead }
    }
}

/// A side's view of a Breakthrough board, for what the structure decides.
struct Army<'a, B: Bits> {
    board: &'a Board<B>,
    view: SideView<'a, B>,
    color: Side,
}

impl<'a, B: Bits> Army<'a, B> {
    fn new(board: &'a Board<B>, color: Side) -> Army<'a, B> {
        Army { board, view: SideView::new(board, color), color }
    }

    fn own(&self) -> B {
        self.view.own()
    }

    fn enemy(&self) -> B {
        self.view.enemy()
    }

    fn rows(&self) -> usize {
        self.view.rows()
    }

    /// The rank `k` steps from this side's home rank.
    fn rank(&self, k: usize) -> B {
        self.view.rank(k)
    }

    /// Moves the nearest pawn needs to reach the goal (at least 1 with pawns on).
    fn nearest(&self) -> u32 {
        let rows = self.rows();
        (0..rows).rev().find(|&k| (self.own() & self.rank(k)).any()).map_or(u32::MAX, |k| (rows - 1 - k) as u32)
    }

    /// The pawn nearest its goal that no enemy can stop in time and no own
    /// pawn blocks, with its distance in moves, when this side moves first
    /// (`first`) or second.
    fn runner(&self, cones: &Cones<B>, first: bool) -> Option<(usize, u32)> {
        let rows = self.rows();
        let c = self.color.index();
        let danger = &cones.danger[first as usize][c];
        (0..rows).rev().find_map(|k| {
            let candidates = self.own() & self.rank(k);
            candidates
                .squares()
                .find(|&sq| (danger[sq] & self.enemy()).is_empty() && (cones.ahead[c][sq] & self.own()).is_empty())
                .map(|sq| (sq, (rows - 1 - k) as u32))
        })
    }

    /// A move (from, to) that makes a pawn no enemy can stop in time, with
    /// the moves it then needs, when the enemy's nearest pawn needs more than
    /// that (the enemy moves next, so it must be strictly slower).
    fn step_to_runner(&self, cones: &Cones<B>, enemy_nearest: u32) -> Option<(usize, usize, u32)> {
        let c = self.color.index();
        let empty = self.empty();
        // A pawn on rank k lands `rows - 2 - k` moves from the goal, which
        // must be fewer than `enemy_nearest`.
        let rows = self.rows();
        let lowest = (rows - 1).saturating_sub(enemy_nearest.min(rows as u32) as usize);
        (lowest..rows - 2).rev().find_map(|k| {
            (self.own() & self.rank(k)).squares().find_map(|from| {
                let pawn = B::bit(from);
                let landings = (self.view.forward(pawn) & empty) | (self.view.pawn_attacks(pawn) & !self.own());
                landings
                    .squares()
                    .find(|&to| {
                        let enemy = self.enemy() & !B::bit(to);
                        (cones.danger[0][c][to] & enemy).is_empty() && (cones.ahead[c][to] & self.own()).is_empty()
                    })
                    .map(|to| (from, to, (rows - 2 - k) as u32))
            })
        })
    }

    /// Squares one step from the goal where no enemy pawn can capture: enemy
    /// pawns never move back onto their home rank, so only those already on it
    /// guard them.
    fn safe_landings(&self) -> B {
        self.safe_landings_among(self.own(), self.enemy())
    }

    /// `safe_landings` with these pawns on the board.
    fn safe_landings_among(&self, own: B, enemy: B) -> B {
        let rows = self.rows();
        let guards = enemy & self.rank(rows - 1);
        self.rank(rows - 2) & !self.view.flip().pawn_attacks(guards) & !own
    }

    /// With these pawns on the board, the first pawn two steps from the goal
    /// that can step where it cannot be captured, and that step.
    fn uncapturable_push(&self, own: B, enemy: B) -> Option<(usize, usize)> {
        let safe = self.safe_landings_among(own, enemy);
        let empty = self.board.geometry().all & !(own | enemy);
        let starters = own & self.rank(self.rows() - 3);
        if (((self.view.forward(starters) & empty) | self.view.pawn_attacks(starters)) & safe).is_empty() {
            return None;
        }
        starters.squares().find_map(|from| {
            let pawn = B::bit(from);
            let landings = ((self.view.forward(pawn) & empty) | self.view.pawn_attacks(pawn)) & safe;
            landings.any().then(|| (from, landings.lowest()))
        })
    }

    /// The squares a pawn two steps from the goal can step to where it cannot
    /// be captured (it then wins next move unless the enemy wins first).
    fn safe_steps(&self) -> B {
        let starters = self.own() & self.rank(self.rows() - 3);
        let landings = self.safe_landings();
        (self.view.forward(starters) & self.empty() & landings) | (self.view.pawn_attacks(starters) & landings)
    }

    fn has_safe_step(&self) -> bool {
        self.safe_steps().any()
    }

    fn empty(&self) -> B {
        self.board.geometry().all & !self.board.occupied()
    }

    /// A breakthrough by pushes alone, this side to move: each push puts a
    /// pawn one step from the goal, where the enemy must capture it at once
    /// (from its home rank, the only squares that attack it) or lose; a push
    /// it cannot capture wins next move. The enemy cannot win meanwhile: its
    /// moves are those captures, which never bring a pawn next to its goal
    /// (the caller checks it has none there now). Returns the first push and
    /// the moves to the win, pushes and the step onto the goal; at most
    /// `pushes` pushes are tried in a row.
    fn breakthrough_by_pushes(&self, own: B, enemy: B, pushes: u32) -> Option<(usize, usize, u32)> {
        if pushes <= 1 {
            // The last push must be one the enemy cannot capture: found with
            // whole sets of squares, not square by square (the most frequent
            // call by far).
            return (pushes == 1).then(|| self.uncapturable_push(own, enemy)).flatten().map(|(from, to)| (from, to, 2));
        }
        let empty = self.board.geometry().all & !(own | enemy);
        let starters = own & self.rank(self.rows() - 3);
        starters.squares().find_map(|from| {
            let pawn = B::bit(from);
            let landings = (self.view.forward(pawn) & empty) | (self.view.pawn_attacks(pawn) & !own);
            landings.squares().find_map(|to| {
                let (own, enemy) = ((own & !pawn) | B::bit(to), enemy & !B::bit(to));
                let capturers = self.view.pawn_attacks(B::bit(to)) & enemy;
                let mut longest = 1;
                for c in capturers.squares() {
                    let (own, enemy) = (own & !B::bit(to), (enemy & !B::bit(c)) | B::bit(to));
                    let (_, _, n) = self.breakthrough_by_pushes(own, enemy, pushes - 1)?;
                    longest = longest.max(n);
                }
                Some((from, to, longest + 1))
            })
        })
    }

    /// The shortest breakthrough by two or more pushes (one push is
    /// `has_safe_step`), as the first push and the moves to the win. The
    /// fewest pushes, so that mirror images, which share a table entry, get
    /// the same verdict.
    fn fewest_pushes(&self) -> Option<(usize, usize, u32)> {
        // Each push spends a pawn two steps from the goal (the enemy captures
        // it, or it wins), so there are at most as many pushes as such pawns:
        // most positions have fewer than two and need no search.
        let starters = (self.own() & self.rank(self.rows() - 3)).count();
        (2..=PUSHES.min(starters)).find_map(|p| {
            let (from, to, _) = self.breakthrough_by_pushes(self.own(), self.enemy(), p)?;
            Some((from, to, p + 1))
        })
    }

    /// The squares this side's moves can end on.
    fn reach(&self) -> B {
        (self.view.forward(self.own()) & self.empty()) | (self.view.pawn_attacks(self.own()) & !self.own())
    }

    /// Against an enemy that can step where it cannot be caught (and nothing
    /// faster on either side): the only moves that may help capture a pawn
    /// two steps from its goal, stand on a square it would step to, or make a
    /// pawn one step from our own goal. Every other move leaves the step on.
    fn defences(&self, them: &Army<'_, B>) -> B {
        let starters = them.own() & them.rank(them.rows() - 3);
        starters | them.safe_steps() | self.rank(self.rows() - 2)
    }

    /// Own pawns that can capture on `square`.
    fn attackers(&self, square: usize) -> B {
        self.view.attackers_of(square)
    }
}

/// The most pushes in a row a breakthrough by pushes is looked for.
const PUSHES: u32 = 3;

/// The first move of a win the structure decides for the mover.
enum FirstMove {
    /// Onto the goal.
    ToGoal,
    /// A pawn two steps from the goal to a square next to it no enemy guards.
    SafeStep,
    /// This pawn straight ahead.
    Straight(usize),
    /// From one square to another.
    Step(usize, usize),
    /// A move in the enemy's last ranks that the table of their fight says
    /// keeps the breakthrough ahead of the enemy's runners.
    LastRanks,
}

/// The mover's win, if the structure decides one: its first move and the
/// most plies it takes. One function for the verdict and the move, so the
/// move always belongs to the win that was claimed.
fn mover_win<B: Bits>(
    me: &Army<'_, B>,
    them: &Army<'_, B>,
    tables: &BreakthroughTables<B>,
) -> Option<(FirstMove, u32)> {
    let cones = &tables.cones;
    let rows = me.rows();
    if (me.own() & me.rank(rows - 2)).any() {
        return Some((FirstMove::ToGoal, 1));
    }
    // An enemy pawn next to our home forces our hand: only the win in one
    // (above) beats it.
    if (them.own() & them.rank(rows - 2)).any() {
        return None;
    }
    if me.has_safe_step() {
        return Some((FirstMove::SafeStep, 3));
    }
    if let Some((from, to, n)) = me.fewest_pushes() {
        return Some((FirstMove::Step(from, to), 2 * n - 1));
    }
    // Races: the mover's k-th move comes before the other side's k-th.
    if let Some((runner, k)) = me.runner(cones, true)
        && k <= them.nearest()
    {
        return Some((FirstMove::Straight(runner), 2 * k - 1));
    }
    if let Some((from, to, k)) = me.step_to_runner(cones, them.nearest()) {
        return Some((FirstMove::Step(from, to), 2 * k + 1));
    }
    let last_ranks = tables.last_ranks.as_ref()?;
    let plies = last_ranks.attacker_wins((me.own(), me.enemy()), them.color, true, them.nearest())?;
    Some((FirstMove::LastRanks, plies))
}

fn breakthrough_insight<B: Bits>(board: &Board<B>, tables: &BreakthroughTables<B>) -> Insight {
    let me = Army::new(board, board.side());
    let them = Army::new(board, board.side().opponent());
    let rows = me.rows();
    if let Some((_, plies)) = mover_win(&me, &them, tables) {
        return Insight::Decided { winner: me.color, plies };
    }
    let threats = them.own() & them.rank(rows - 2);
    let must = match threats.count() {
        0 => None,
        1 if me.attackers(threats.lowest()).any() => Some(threats.lowest() as u8),
        _ => return Insight::Decided { winner: them.color, plies: 2 },
    };
    if let Some((_, k)) = them.runner(&tables.cones, false)
        && k < me.nearest()
    {
        return Insight::Decided { winner: them.color, plies: 2 * k };
    }
    if let Some(plies) = tables
        .last_ranks
        .as_ref()
        .and_then(|last_ranks| last_ranks.attacker_wins((them.own(), them.enemy()), me.color, false, me.nearest()))
    {
        return Insight::Decided { winner: them.color, plies };
    }
    if let Some(square) = must {
        return Insight::MustCapture(square);
    }
    let (defences, plies) = if them.has_safe_step() {
        (me.defences(&them), 4)
    } else if let Some((_, _, n)) = them.fewest_pushes() {
        (me.rank(1) | me.rank(2) | me.rank(rows - 2), 2 * n)
    } else {
        return Insight::Open;
    };
    let defences = defences & me.reach();
    if defences.is_empty() {
        return Insight::Decided { winner: them.color, plies };
    }
    Insight::MustDefend { squares: defences.squares().fold(Wide::EMPTY, |set, sq| set | Wide::bit(sq)), plies }
}

impl<B: Bits> SolverGame for Breakthrough<B> {
    const CAN_REPEAT: bool = false;
    /// Half a pawn.
    const EVAL_SCALE: f64 = 500.0;
    type Tables = BreakthroughTables<B>;

    fn tables(&self, last_ranks: Option<usize>) -> Result<BreakthroughTables<B>, LastRanksError> {
        let board = self.board();
        Ok(BreakthroughTables { cones: Cones::new(board), last_ranks: LastRanks::new(board, last_ranks)? })
    }

    #[inline]
    fn insight(&self, tables: &BreakthroughTables<B>) -> Insight {
        breakthrough_insight(self.board(), tables)
    }

    fn decided_move(&self, tables: &BreakthroughTables<B>) -> Option<Move> {
        let board = self.board();
        let (me, them) = (Army::new(board, board.side()), Army::new(board, board.side().opponent()));
        let (first, _) = mover_win(&me, &them, tables)?;
        let mut moves = breakline_rules::game::MoveList::new();
        self.generate_moves(&mut moves);
        let rows = me.rows();
        let fits: &dyn Fn(&Move) -> bool = match first {
            FirstMove::ToGoal => &|m| me.view.goal().has(m.to as usize),
            FirstMove::SafeStep => {
                &|m| (me.own() & me.rank(rows - 3)).has(m.from as usize) && me.safe_landings().has(m.to as usize)
            }
            FirstMove::Straight(pawn) => {
                &move |m| m.from as usize == pawn && me.view.forward(B::bit(pawn)).has(m.to as usize)
            }
            FirstMove::Step(from, to) => &move |m| m.from as usize == from && m.to as usize == to,
            // Along the table's strategy: a pawn of the region moves, and the
            // table still says the defender cannot hold.
            FirstMove::LastRanks => &|m| {
                let (from, to) = (B::bit(m.from as usize), B::bit(m.to as usize));
                let after = ((me.own() & !from) | to, me.enemy() & !to);
                tables.last_ranks.as_ref().is_some_and(|last_ranks| {
                    last_ranks.region(them.color).has(m.from as usize)
                        && (me.view.goal().has(m.to as usize)
                            || last_ranks.attacker_wins(after, them.color, false, them.nearest()).is_some())
                })
            },
        };
        moves.iter().copied().find(|m| fits(m))
    }
}

impl<B: Bits> SolverGame for LinesOfAction<B> {
    const CAN_REPEAT: bool = true;
    const EVAL_SCALE: f64 = 500.0;
    type Tables = ();

    /// Lines of Action has no tables; a table of last ranks is Breakthrough's.
    fn tables(&self, last_ranks: Option<usize>) -> Result<(), LastRanksError> {
        match last_ranks {
            None | Some(0) => Ok(()),
            Some(_) => Err(LastRanksError::NotBreakthrough),
        }
    }

    /// A mover that can join all its pieces with one move wins at once (its
    /// connection counts first even if the move also joins the enemy's).
    /// Under the tournament rule such a move may draw instead, so nothing is
    /// known before the moves are tried.
    #[inline]
    fn insight(&self, _: &()) -> Insight {
        if self.both_connected() == BothConnected::Draw {
            return Insight::Open;
        }
        let board = self.board();
        let mover = board.side();
        if connects_in_one(board.geometry(), board.pieces(mover), board.pieces(mover.opponent())) {
            Insight::Decided { winner: mover, plies: 1 }
        } else {
            Insight::Open
        }
    }

    fn decided_move(&self, _: &()) -> Option<Move> {
        let mut game = self.clone();
        game.legal_moves().into_iter().find(|&m| {
            game.play_unchecked(m);
            let wins = game.quick_outcome().winner() == Some(self.side_to_move());
            game.undo_unchecked(m);
            wins
        })
    }

    fn prepare(&mut self) {
        self.set_move_limit(u32::MAX);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use breakline_rules::game::{Game, MoveList};
    use breakline_rules::position::Position;
    use breakline_rules::{BoardSize, Variant};
    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};

    /// The breakthrough by pushes as first written: every pawn and square in
    /// turn down to the last push, with no shortcut.
    fn plain_pushes<B: Bits>(army: &Army<'_, B>, own: B, enemy: B, pushes: u32) -> Option<(usize, usize, u32)> {
        if pushes == 0 {
            return None;
        }
        let empty = army.board.geometry().all & !(own | enemy);
        let starters = own & army.rank(army.rows() - 3);
        starters.squares().find_map(|from| {
            let pawn = B::bit(from);
            let landings = (army.view.forward(pawn) & empty) | (army.view.pawn_attacks(pawn) & !own);
            landings.squares().find_map(|to| {
                let (own, enemy) = ((own & !pawn) | B::bit(to), enemy & !B::bit(to));
                let mut longest = 1;
                for c in (army.view.pawn_attacks(B::bit(to)) & enemy).squares() {
                    let (own, enemy) = (own & !B::bit(to), (enemy & !B::bit(c)) | B::bit(to));
                    longest = longest.max(plain_pushes(army, own, enemy, pushes - 1)?.2);
                }
                Some((from, to, longest + 1))
            })
        })
    }

    #[test]
    fn the_pushes_shortcuts_find_what_the_plain_search_finds() {
        let mut found = 0;
        for (seed, (cols, rows)) in (0..400).zip([(5, 5), (5, 6), (6, 6), (8, 8)].into_iter().cycle()) {
            let mut rng = StdRng::seed_from_u64(seed);
            let pos = Position::start(Variant::Breakthrough, BoardSize::new(cols, rows)).unwrap();
            let mut game = Breakthrough::<u64>::from_placement(&pos.placement()).unwrap();
            let mut moves = MoveList::new();
            while !game.outcome().is_over() {
                let board = game.board();
                for side in Side::BOTH {
                    let army = Army::new(board, side);
                    let plain = (2..=PUSHES).find_map(|p| {
                        let (from, to, _) = plain_pushes(&army, army.own(), army.enemy(), p)?;
                        Some((from, to, p + 1))
                    });
                    if army.has_safe_step() {
                        assert!(plain_pushes(&army, army.own(), army.enemy(), 1).is_some(), "seed {seed}");
                    } else {
                        assert_eq!(army.fewest_pushes(), plain, "seed {seed}");
                        found += plain.is_some() as u32;
                    }
                }
                moves.clear();
                game.generate_moves(&mut moves);
                game.play_unchecked(moves[rng.random_range(0..moves.len())]);
            }
        }
        assert!(found > 100, "only {found} breakthroughs by pushes met");
    }
}
