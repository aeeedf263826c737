//! Puzzles proved by the solver: positions from seeded self-play games where
//! the side to move has a forced win that the df-pn solver proves, with its
//! shortest length, and one answer by a [`Uniqueness`] rule: in Breakthrough
//! the only winning first move (every other move is proved to lose), in Lines
//! of Action the only one that wins as fast (every other move is shown by an
//! exact bounded search not to win within the puzzle's length; there a move
//! that does not win is seldom proved to lose, as the solver never claims a
//! draw by repetition). Puzzles are graded by the length of the win. Each
//! keeps the proof's line (the winner's shortest win against the longest
//! defence), and [`Puzzle::check`] replays it by the rules.

use std::sync::LazyLock;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use breakline_ai::search::{AiConfig, SearchError};
use breakline_ai::solver::{
    LineError, Solution, SolveConfig, Verdict, check_line, shortest_within, solve, wins_within,
};
use breakline_lab::runner::{play_ai_game, random_opening};
use breakline_rules::error::{FenError, MoveError};
use breakline_rules::hashing::stream;
use breakline_rules::position::Position;
use breakline_rules::{BoardSize, Move, Side, Variant};

/// What makes a puzzle's first move the answer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Uniqueness {
    /// It is the only move that wins: every other first move is proved to
    /// lose. Breakthrough's rule (a game there always has a winner).
    #[default]
    OnlyWinningMove,
    /// It is the only move that wins as fast: every other first move is shown
    /// not to win within the puzzle's length. Lines of Action's rule.
    OnlyFastestWin,
}

/// A uniqueness rule's name that is not one.
#[derive(Debug, Error)]
#[error("unknown uniqueness rule '{0}' (expected only-winning-move or only-fastest-win)")]
pub struct UniquenessError(String);

impl Uniqueness {
    /// The rule a variant's puzzles are made with unless told: the strict one
    /// where a non-winning move is proved to lose.
    pub fn for_variant(variant: Variant) -> Uniqueness {
        match variant {
            Variant::Breakthrough => Uniqueness::OnlyWinningMove,
            Variant::LinesOfAction => Uniqueness::OnlyFastestWin,
        }
    }

    /// Its name, as a set file and the command line write it.
    pub fn id(self) -> &'static str {
        match self {
            Uniqueness::OnlyWinningMove => "only-winning-move",
            Uniqueness::OnlyFastestWin => "only-fastest-win",
        }
    }

    /// The shortest proved win of `position` for the side to move, of at
    /// most `most` plies, if its first move is the answer by this rule (see
    /// [`prove_unique`] and [`prove_fastest`]).
    pub fn prove(self, position: &Position, most: u32, budget: &SolveConfig) -> Option<Vec<Move>> {
        match self {
            Uniqueness::OnlyWinningMove => prove_unique(position, budget).filter(|line| line.len() <= most as usize),
            Uniqueness::OnlyFastestWin => prove_fastest(position, most, budget),
        }
    }

    /// Serde skips the default (strict) rule, so the sets made before the
    /// rule was written down read and write the same.
    fn is_strict(&self) -> bool {
        *self == Uniqueness::OnlyWinningMove
    }
}

impl std::fmt::Display for Uniqueness {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id())
    }
}

impl std::str::FromStr for Uniqueness {
    type Err = UniquenessError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        [Uniqueness::OnlyWinningMove, Uniqueness::OnlyFastestWin]
            .into_iter()
            .find(|u| u.id() == s)
            .ok_or_else(|| UniquenessError(s.to_string()))
    }
}

/// One puzzle: the side to move wins, and one first move is the answer (by
/// its uniqueness rule).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Puzzle {
    /// The game.
    pub variant: Variant,
    /// Its board.
    pub size: BoardSize,
    /// The position (side to move included).
    pub fen: String,
    /// The proof's line in the project's notation: the winning first move,
    /// then the longest defence against the shortest win, to the end.
    pub line: Vec<String>,
    /// Where it came from: self-play game and ply.
    pub source: String,
    /// Why its first move is the answer (absent in a file: the strict rule).
    #[serde(default, skip_serializing_if = "Uniqueness::is_strict")]
    pub uniqueness: Uniqueness,
}

/// Why a puzzle does not hold.
#[derive(Debug, Error)]
pub enum PuzzleError {
    /// Its position string is not a position.
    #[error(transparent)]
    Fen(#[from] FenError),
    /// A move of its line is not a move here.
    #[error("move {index} '{text}': {source}")]
    Move {
        /// Its place in the line, from 1.
        index: usize,
        /// As written.
        text: String,
        /// Why.
        source: MoveError,
    },
    /// The line does not end in the side to move's win.
    #[error(transparent)]
    Line(#[from] LineError),
    /// The solver does not prove it again: no win of that length, or
    /// another first move that wins (as fast, by the fastest-win rule).
    #[error("the solver does not prove it: no win of its length with its first move the only answer ({0})")]
    NotProved(Uniqueness),
    /// The size it names is not its position's.
    #[error("the puzzle says {said} but its position is {fen}")]
    SizeMismatch {
        /// The size the puzzle names.
        said: BoardSize,
        /// Its position's.
        fen: BoardSize,
    },
    /// The line is empty or of even length (the winner moves last).
    #[error("a line of {0} plies cannot be the mover's win")]
    Length(usize),
}

impl Puzzle {
    /// The position to solve.
    pub fn position(&self) -> Result<Position, PuzzleError> {
        let position = Position::from_fen(self.variant, &self.fen)?;
        if position.size() != self.size {
            return Err(PuzzleError::SizeMismatch { said: self.size, fen: position.size() });
        }
        Ok(position)
    }

    /// The side that plays and wins.
    pub fn winner(&self) -> Result<Side, PuzzleError> {
        Ok(self.position()?.side_to_move())
    }

    /// Moves of the winner in the line: "win in N".
    pub fn win_in(&self) -> usize {
        self.line.len().div_ceil(2)
    }

    /// The line as moves, each checked on the position it is played from.
    pub fn moves(&self) -> Result<Vec<Move>, PuzzleError> {
        let mut pos = self.position()?;
        let mut moves = Vec::new();
        for (i, text) in self.line.iter().enumerate() {
            let m =
                pos.play_text(text).map_err(|source| PuzzleError::Move { index: i + 1, text: text.clone(), source })?;
            moves.push(m);
        }
        Ok(moves)
    }

    /// Proves the puzzle again: the mover's win of the line's length, with
    /// the line's first move the only answer by the puzzle's rule.
    pub fn prove(&self, budget: &SolveConfig) -> Result<(), PuzzleError> {
        let moves = self.moves()?;
        let most = moves.len() as u32;
        let proved =
            self.uniqueness.prove(&self.position()?, most, budget).ok_or(PuzzleError::NotProved(self.uniqueness))?;
        if proved.len() != moves.len() || proved.first() != moves.first() {
            return Err(PuzzleError::NotProved(self.uniqueness));
        }
        Ok(())
    }

    /// Replays the line by the rules: it must end in the mover's win, the
    /// winner making the last move.
    pub fn check(&self) -> Result<(), PuzzleError> {
        if self.line.len().is_multiple_of(2) {
            return Err(PuzzleError::Length(self.line.len()));
        }
        let position = self.position()?;
        Ok(check_line(&position, position.side_to_move(), &self.moves()?)?)
    }
}

/// What to generate: the games, the player that plays them and the budget
/// of each proof.
#[derive(Clone, Debug)]
pub struct PuzzleSpec {
    /// The game and board.
    pub variant: Variant,
    /// Its board.
    pub size: BoardSize,
    /// The self-play player (with noise, so games differ).
    pub player: AiConfig,
    /// What makes the first move the answer.
    pub uniqueness: Uniqueness,
    /// Random plies that open each game.
    pub opening_plies: u32,
    /// Shortest and longest win kept, in plies (odd: the winner moves last).
    pub plies: std::ops::RangeInclusive<u32>,
    /// Each proof's budget.
    pub solve: SolveConfig,
    /// Every game and search derives from it.
    pub seed: u64,
}

impl PuzzleSpec {
    /// Plays self-play game `index` and returns the puzzles found along it
    /// (at most one a game, the earliest, so a set has variety).
    pub fn from_game(&self, index: u64) -> Result<Option<Puzzle>, SearchError> {
        let seed = stream(self.seed, index);
        let start = Position::start(self.variant, self.size)?;
        let start = random_opening(start, self.opening_plies, seed);
        let record = play_ai_game(start.clone(), &self.player, &self.player, seed, &mut ())?;
        let mut pos = start;
        let mut positions = vec![pos.clone()];
        for entry in &record.moves {
            if pos.play_text(&entry.notation).is_err() {
                break;
            }
            positions.push(pos.clone());
        }
        // The game's winner moved last: a win of N plies starts N plies
        // before the end, with the winner to move. Each game starts with a
        // different length, so a set has every length the spec keeps.
        let last = positions.len().saturating_sub(1);
        let lengths: Vec<u32> = self.plies.clone().filter(|p| p % 2 == 1).collect();
        let Some(first) = lengths.len().checked_sub(1).map(|n| (index as usize) % (n + 1)) else { return Ok(None) };
        for &plies in lengths[first..].iter().chain(&lengths[..first]) {
            let Some(ply) = last.checked_sub(plies as usize) else { continue };
            let position = &positions[ply];
            if let Some(line) = self.judge(position, plies) {
                let line = line.iter().scan(position.clone(), |p, &m| {
                    let name = p.move_name(m);
                    p.play(m).ok().map(|()| name)
                });
                let source = format!("self-play game {index} (seed {}), ply {ply}", self.seed);
                return Ok(Some(Puzzle {
                    variant: self.variant,
                    size: self.size,
                    fen: position.fen(),
                    line: line.collect(),
                    source,
                    uniqueness: self.uniqueness,
                }));
            }
        }
        Ok(None)
    }

    /// The line of `position` if it is a puzzle of a length the spec keeps.
    /// The game's winner won from here in `plies`: the fastest-win rule,
    /// which searches to a bound, asks for a win within that many; the
    /// strict rule proves whatever win there is.
    fn judge(&self, position: &Position, plies: u32) -> Option<Vec<Move>> {
        let most = match self.uniqueness {
            Uniqueness::OnlyWinningMove => *self.plies.end(),
            Uniqueness::OnlyFastestWin => plies,
        };
        self.uniqueness.prove(position, most, &self.solve).filter(|line| self.plies.contains(&(line.len() as u32)))
    }
}

/// The line of a proved win for the side to move, at its shortest, if every
/// other first move is proved to lose (within a tenth of `budget` each:
/// another winning move is proved fast).
pub fn prove_unique(position: &Position, budget: &SolveConfig) -> Option<Vec<Move>> {
    let mover = position.side_to_move();
    let found = shortest_win(position, budget)?;
    let first = *found.first()?;
    let nodes = budget.nodes.map(|n| n / 10);
    let refute = SolveConfig { distance: false, nodes, memory_mib: 16, ..budget.clone() };
    let only = position.legal_moves().into_iter().filter(|&m| m != first).all(|m| {
        let mut child = position.clone();
        child.play(m).is_ok()
            && (child.outcome().winner() == Some(mover.opponent())
                || solve(&child, &refute, &mut ()).is_ok_and(|s| s.verdict == Verdict::Win(mover.opponent())))
    });
    only.then_some(found)
}

/// The line of the side to move's shortest win, of at most `most` plies, if
/// no other first move wins within as many plies: the win is found by exact
/// bounded df-pn, and each other move is asked "does the mover win within
/// the plies left?" the same way (a tenth of `budget` each, in a small
/// table; one that runs out counts against the puzzle).
pub fn prove_fastest(position: &Position, most: u32, budget: &SolveConfig) -> Option<Vec<Move>> {
    let mover = position.side_to_move();
    let found = shortest_within(position, most, budget).ok()??;
    let first = *found.first()?;
    // The others must not win in the plies left after their own first move.
    let left = found.len() as u32 - 1;
    let nodes = budget.nodes.map(|n| n / 10);
    let bounded = SolveConfig { distance: false, nodes, memory_mib: 2, ..budget.clone() };
    let only = position.legal_moves().into_iter().filter(|&m| m != first).all(|m| {
        let mut child = position.clone();
        if child.play(m).is_err() {
            return false;
        }
        match child.outcome().winner() {
            Some(winner) => winner != mover,
            None if child.outcome().is_over() || left == 0 => true,
            None => wins_within(&child, mover, left, &bounded).is_ok_and(|wins| wins == Some(false)),
        }
    });
    only.then_some(found)
}

/// The line of the side to move's proved win, at its proved shortest.
fn shortest_win(position: &Position, budget: &SolveConfig) -> Option<Vec<Move>> {
    let found = solve(position, budget, &mut ()).ok()?;
    proved_length(&found, position.side_to_move())?;
    Some(found.line)
}

/// The exact length of `mover`'s proved win, if the solve proved one and
/// found its shortest distance.
fn proved_length(found: &Solution, mover: Side) -> Option<u32> {
    (found.verdict == Verdict::Win(mover)).then_some(found.distance?).filter(|&d| d as usize == found.line.len())
}

/// A set of puzzles as a file holds it, with how it was made.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PuzzleSet {
    /// The command that made it.
    pub made_by: String,
    /// The puzzles, in the order found.
    pub puzzles: Vec<Puzzle>,
}

impl PuzzleSet {
    /// The set shipped for `variant` on 8x8, if there is one (read once; the
    /// tests replay every puzzle and prove them again, Lines of Action's a
    /// seeded sample).
    pub fn shipped(variant: Variant) -> Option<&'static PuzzleSet> {
        static BREAKTHROUGH: LazyLock<Option<PuzzleSet>> =
            LazyLock::new(|| serde_json::from_str(include_str!("../../../assets/puzzles/breakthrough-8x8.json")).ok());
        static LINES_OF_ACTION: LazyLock<Option<PuzzleSet>> = LazyLock::new(|| {
            serde_json::from_str(include_str!("../../../assets/puzzles/lines-of-action-8x8.json")).ok()
        });
        match variant {
            Variant::Breakthrough => BREAKTHROUGH.as_ref(),
            Variant::LinesOfAction => LINES_OF_ACTION.as_ref(),
        }
    }
}

impl Puzzle {
    /// The puzzle's rating as an opponent of the person's puzzle rating: a
    /// win in one at 700, each move more 200 harder (the longest shipped,
    /// win in 6, at 1700).
    pub fn rating(&self) -> f64 {
        500.0 + 200.0 * self.win_in() as f64
    }
}

/// Generates `count` puzzles from self-play games 0, 1, 2, … on `threads`
/// threads: the same spec gives the same puzzles however many threads, as
/// games are judged in batches and the puzzles kept in game order.
/// `on_batch` hears the games judged and puzzles found so far.
pub fn generate(
    spec: &PuzzleSpec,
    count: usize,
    threads: usize,
    mut on_batch: impl FnMut(u64, usize),
) -> Result<Vec<Puzzle>, SearchError> {
    let batch = (threads.max(1) * 4) as u64;
    let mut found: Vec<(u64, Puzzle)> = Vec::new();
    let mut next = 0u64;
    while found.len() < count {
        let indices: Vec<u64> = (next..next + batch).collect();
        let results = std::sync::Mutex::new(Vec::new());
        let cursor = std::sync::atomic::AtomicUsize::new(0);
        std::thread::scope(|scope| {
            for _ in 0..threads.max(1) {
                scope.spawn(|| {
                    loop {
                        let i = cursor.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(&index) = indices.get(i) else { break };
                        let puzzle = spec.from_game(index);
                        if let Ok(mut results) = results.lock() {
                            results.push((index, puzzle));
                        }
                    }
                });
            }
        });
        let mut results = results.into_inner().unwrap_or_default();
        results.sort_by_key(|(index, _)| *index);
        for (index, puzzle) in results {
            if let Some(puzzle) = puzzle? {
                found.push((index, puzzle));
            }
        }
        next += batch;
        on_batch(next, found.len());
    }
    Ok(found.into_iter().take(count).map(|(_, p)| p).collect())
}
