//! Generating puzzles from seeded self-play games (the lab's runner): at the
//! end of each game, a position where the winner is to move and its win is
//! proved with one answer by the spec's uniqueness rule.

use breakline_ai::search::{AiConfig, SearchError};
use breakline_ai::solver::SolveConfig;
use breakline_lab::runner::{play_ai_game, random_opening};
use breakline_rules::hashing::stream;
use breakline_rules::position::Position;
use breakline_rules::{BoardSize, Move, Variant};

use crate::proving::Uniqueness;
use crate::puzzle::Puzzle;

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
