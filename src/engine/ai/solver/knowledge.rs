//! What each game's structure decides without search. Breakthrough: a pawn one
//! step from its goal wins at once, two such enemy pawns (or one the mover
//! cannot capture) win next move, one capturable enemy pawn there must be
//! captured, a pawn that can step next to the goal where no enemy can capture
//! it wins in three plies, and a pawn no enemy can ever reach wins a race it
//! is ahead in.
//! Lines of Action: its rules already decide connection (and the mover-wins
//! rule) in `quick_outcome`, so it adds nothing but the draw rules' handling.

use crate::engine::ai::eval::Evaluate;
use crate::engine::rules::bits::Bits;
use crate::engine::rules::board::Board;
use crate::engine::rules::breakthrough::Breakthrough;
use crate::engine::rules::game::Game;
use crate::engine::rules::loa::LinesOfAction;
use crate::engine::rules::types::{Color, Move};

/// What the structure says about the position, before any search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Insight {
    /// `winner` wins whatever the other side does, within `plies` plies.
    Decided {
        /// The side that wins.
        winner: Color,
        /// The most plies the win takes.
        plies: u32,
    },
    /// Every move but a capture on this square loses at once.
    MustCapture(u8),
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
    type Tables;
    /// Builds the tables for this position's board.
    fn tables(&self) -> Self::Tables;
    /// What the structure decides about this position.
    fn insight(&self, tables: &Self::Tables) -> Insight;
    /// In a position `insight` decided for the side to move, a move that keeps
    /// the win decided (for writing out the winning line).
    fn decided_move(&self, tables: &Self::Tables) -> Option<Move>;
    /// Lifts rules that depend on the path rather than the position (the move
    /// limit), which the solver handles itself.
    fn prepare(&mut self) {}
}

/// Per square and side: the squares from which an enemy pawn could ever block
/// or capture a pawn walking straight to its goal, and the squares ahead on its file.
pub struct Cones<B> {
    danger: [Vec<B>; 2],
    ahead: [Vec<B>; 2],
}

impl<B: Bits> Cones<B> {
    fn new(board: &Board<B>) -> Cones<B> {
        let size = board.size();
        let (cols, rows) = (size.columns as i32, size.rows as i32);
        let mut danger = [Vec::new(), Vec::new()];
        let mut ahead = [Vec::new(), Vec::new()];
        for color in Color::BOTH {
            let forward = if color == Color::White { 1 } else { -1 };
            for sq in 0..size.squares() as i32 {
                let (f, r) = (sq % cols, sq / cols);
                let (mut d, mut a) = (B::EMPTY, B::EMPTY);
                for rank in 0..rows {
                    let steps = (rank - r) * forward;
                    if steps <= 0 {
                        continue;
                    }
                    a |= B::bit((rank * cols + f) as usize);
                    // An enemy `steps` ranks ahead drifts at most one file per
                    // step towards us, and needs to reach a neighbouring file
                    // by the time it meets our path: |file - f| <= steps.
                    for file in (f - steps).max(0)..=(f + steps).min(cols - 1) {
                        d |= B::bit((rank * cols + file) as usize);
                    }
                }
                danger[color.index()].push(d);
                ahead[color.index()].push(a);
            }
        }
        Cones { danger, ahead }
    }
}

/// A side's view of a Breakthrough board.
struct Army<'a, B: Bits> {
    board: &'a Board<B>,
    color: Color,
}

impl<B: Bits> Army<'_, B> {
    fn own(&self) -> B {
        self.board.pieces(self.color)
    }

    fn enemy(&self) -> B {
        self.board.pieces(self.color.opponent())
    }

    fn rows(&self) -> usize {
        self.board.geometry().ranks.len()
    }

    /// The rank `k` steps from this side's home rank.
    fn rank(&self, k: usize) -> B {
        let ranks = &self.board.geometry().ranks;
        match self.color {
            Color::White => ranks[k],
            Color::Black => ranks[ranks.len() - 1 - k],
        }
    }

    /// Moves the nearest pawn needs to reach the goal (at least 1 with pawns on).
    fn nearest(&self) -> u32 {
        let rows = self.rows();
        (0..rows).rev().find(|&k| (self.own() & self.rank(k)).any()).map_or(u32::MAX, |k| (rows - 1 - k) as u32)
    }

    /// The pawn nearest its goal that no enemy can ever stop and no own pawn
    /// blocks, with its distance in moves.
    fn runner(&self, cones: &Cones<B>) -> Option<(usize, u32)> {
        let rows = self.rows();
        let c = self.color.index();
        (0..rows).rev().find_map(|k| {
            let candidates = self.own() & self.rank(k);
            candidates
                .squares()
                .find(|&sq| {
                    (cones.danger[c][sq] & self.enemy()).is_empty() && (cones.ahead[c][sq] & self.own()).is_empty()
                })
                .map(|sq| (sq, (rows - 1 - k) as u32))
        })
    }

    /// `set` moved one rank towards this side's goal.
    fn forward(&self, set: B) -> B {
        let g = self.board.geometry();
        match self.color {
            Color::White => set.shl(g.columns) & g.all,
            Color::Black => set.shr(g.columns),
        }
    }

    /// The squares pawns of this side on `set` could capture on.
    fn diagonals(&self, set: B) -> B {
        let g = self.board.geometry();
        self.forward((set & g.not_first_file).shr(1) | (set & g.not_last_file).shl(1))
    }

    /// Squares one step from the goal where no enemy pawn can capture: enemy
    /// pawns never move back onto their home rank, so only those already on it
    /// guard them.
    fn safe_landings(&self) -> B {
        let rows = self.rows();
        let guards = self.enemy() & self.rank(rows - 1);
        let enemy = Army { board: self.board, color: self.color.opponent() };
        self.rank(rows - 2) & !enemy.diagonals(guards) & !self.own()
    }

    /// Whether a pawn two steps from the goal can step where it cannot be
    /// captured (it then wins next move unless the enemy wins first).
    fn has_safe_step(&self) -> bool {
        let starters = self.own() & self.rank(self.rows() - 3);
        let landings = self.safe_landings();
        let empty = self.board.geometry().all & !self.board.occupied();
        (self.forward(starters) & empty & landings).any() || (self.diagonals(starters) & landings).any()
    }

    /// Own pawns that can capture on `square`.
    fn attackers(&self, square: usize) -> B {
        let g = self.board.geometry();
        let target = B::bit(square);
        let cols = g.columns;
        // Pawns diagonally behind `square` from this side's view.
        let behind = match self.color {
            Color::White => target.shr(cols),
            Color::Black => target.shl(cols) & g.all,
        };
        let sides = (behind & g.not_first_file).shr(1) | (behind.shl(1) & g.not_first_file);
        self.own() & sides
    }
}

fn breakthrough_insight<B: Bits>(board: &Board<B>, cones: &Cones<B>) -> Insight {
    let me = Army { board, color: board.side() };
    let them = Army { board, color: board.side().opponent() };
    let rows = me.rows();
    if (me.own() & me.rank(rows - 2)).any() {
        return Insight::Decided { winner: me.color, plies: 1 };
    }
    let threats = them.own() & them.rank(rows - 2);
    let must = match threats.count() {
        0 => None,
        1 if me.attackers(threats.lowest()).any() => Some(threats.lowest() as u8),
        _ => return Insight::Decided { winner: them.color, plies: 2 },
    };
    if must.is_none() && me.has_safe_step() {
        return Insight::Decided { winner: me.color, plies: 3 };
    }
    // Races: the mover's k-th move comes before the other side's k-th.
    if let Some((_, k)) = me.runner(cones)
        && k <= them.nearest()
    {
        return Insight::Decided { winner: me.color, plies: 2 * k - 1 };
    }
    if let Some((_, k)) = them.runner(cones)
        && k < me.nearest()
    {
        return Insight::Decided { winner: them.color, plies: 2 * k };
    }
    must.map_or(Insight::Open, Insight::MustCapture)
}

impl<B: Bits> SolverGame for Breakthrough<B> {
    const CAN_REPEAT: bool = false;
    /// Half a pawn.
    const EVAL_SCALE: f64 = 500.0;
    type Tables = Cones<B>;

    fn tables(&self) -> Cones<B> {
        Cones::new(self.board())
    }

    #[inline]
    fn insight(&self, cones: &Cones<B>) -> Insight {
        breakthrough_insight(self.board(), cones)
    }

    fn decided_move(&self, cones: &Cones<B>) -> Option<Move> {
        let board = self.board();
        let me = Army { board, color: board.side() };
        let rows = me.rows();
        let mut moves = crate::engine::rules::game::MoveList::new();
        self.generate_moves(&mut moves);
        let goal = me.rank(rows - 1);
        if let Some(&m) = moves.iter().find(|m| goal.has(m.to as usize)) {
            return Some(m);
        }
        let starters = me.own() & me.rank(rows - 3);
        let landings = me.safe_landings();
        if let Some(&m) = moves.iter().find(|m| starters.has(m.from as usize) && landings.has(m.to as usize)) {
            return Some(m);
        }
        let (runner, _) = me.runner(cones)?;
        let straight = match me.color {
            Color::White => runner + board.geometry().columns as usize,
            Color::Black => runner - board.geometry().columns as usize,
        };
        moves.iter().copied().find(|m| m.from as usize == runner && m.to as usize == straight)
    }
}

impl<B: Bits> SolverGame for LinesOfAction<B> {
    const CAN_REPEAT: bool = true;
    const EVAL_SCALE: f64 = 500.0;
    type Tables = ();

    fn tables(&self) {}

    #[inline]
    fn insight(&self, _: &()) -> Insight {
        Insight::Open
    }

    fn decided_move(&self, _: &()) -> Option<Move> {
        None
    }

    fn prepare(&mut self) {
        self.set_move_limit(u32::MAX);
    }
}
