//! Game records: who played, every move with its search figures, the result and
//! per-side statistics. Serde-serializable, so games can be saved, replayed and
//! written as JSON lines by the experiments. The record is generic over how a
//! player is described (`P`), so the rules need not know what an AI is: the AI
//! wing names its players.
//!
//! Every form of a game record lives in this tree: the side lines
//! ([`variation`]) and their tree of edits ([`line_tree`]), the lines as text
//! ([`line_text`]), plain move lists ([`movetext`]), the game as text people
//! share with its tags ([`game_text`], generic over the players through
//! [`game_text::TaggedPlayer`]), and the formats of the sites where people
//! play ([`sites`]).

pub mod game_text;
pub mod line_text;
pub mod line_tree;
pub mod movetext;
pub mod sites;
pub mod variation;

use std::fmt::Debug;
use std::time::Duration;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::clock::TimeControl;
use crate::connection_rule::BothConnected;
use crate::error::{FenError, MoveError, SharedSource};
use crate::position::Position;
use crate::{BoardSize, Move, Outcome, Score, Side, Variant, WIN, WinReason};
use variation::{LineError, SideLine};

/// What a record needs of a player's description: cloning, comparing and
/// a JSON form.
pub trait PlayerDescription: Clone + PartialEq + Debug + Serialize + DeserializeOwned {}

impl<P: Clone + PartialEq + Debug + Serialize + DeserializeOwned> PlayerDescription for P {}

/// What a search said about the move it chose: the figures a record keeps.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MoveFigures {
    /// Positions searched.
    pub nodes: u64,
    /// Time spent.
    pub time: Duration,
    /// Depth reached.
    pub depth: u32,
    /// The mover's score of the position after its search.
    pub score: Score,
    /// The move came from the opening book (no search).
    pub book: bool,
}

/// One ply of a record: the move and, for an AI move, its search figures.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MoveRecord {
    /// The move in notation, e.g. `a2-a3`.
    pub notation: String,
    /// The side that played it.
    pub side: Side,
    /// Whether it took a piece.
    pub capture: bool,
    /// Search figures; zero for a human move.
    pub nodes: u64,
    /// Whole microseconds, so records survive a JSON round trip exactly.
    pub time_us: u64,
    /// The depth the search reached; zero for a human move.
    pub depth: u32,
    /// The mover's score of the position after its search, if it searched.
    pub score: Option<Score>,
    /// An AI's move from the opening book (no search, no figures).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub book: bool,
    /// Under a time control: the mover's time left after the move, its
    /// increment added, in milliseconds (PGN's `%clk`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock_ms: Option<u64>,
}

/// One side's totals over a game's moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SideStats {
    /// Moves played.
    pub moves: u32,
    /// Positions searched, over all its moves.
    pub nodes: u64,
    /// Pieces taken.
    pub captures: u32,
    total_time_us: u64,
}

impl SideStats {
    /// Counts one of the side's moves.
    fn add(&mut self, entry: &MoveRecord) {
        self.moves = self.moves.saturating_add(1);
        self.nodes = self.nodes.saturating_add(entry.nodes);
        self.captures = self.captures.saturating_add(entry.capture as u32);
        self.total_time_us = self.total_time_us.saturating_add(entry.time_us);
    }

    /// The side's thinking time over the game, in milliseconds.
    pub fn total_time_ms(&self) -> f64 {
        self.total_time_us as f64 / 1000.0
    }

    /// The side's average thinking time a move, in milliseconds.
    pub fn average_time_ms(&self) -> f64 {
        if self.moves == 0 { 0.0 } else { self.total_time_ms() / self.moves as f64 }
    }

    /// The side's average search nodes a move.
    pub fn average_nodes(&self) -> f64 {
        if self.moves == 0 { 0.0 } else { self.nodes as f64 / self.moves as f64 }
    }
}

/// A game's result and per-side totals, kept up to date with its moves.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameStats {
    /// The winning side, if the game has been won.
    pub winner: Option<Side>,
    /// Plies played (moves by both sides).
    pub turns: u32,
    /// The position string of the last position.
    pub final_fen: String,
    /// White's totals.
    pub white: SideStats,
    /// Black's totals.
    pub black: SideStats,
}

impl GameStats {
    /// The totals of `color`.
    pub fn side(&self, color: Side) -> &SideStats {
        match color {
            Side::White => &self.white,
            Side::Black => &self.black,
        }
    }
}

/// A whole game: players, start position, moves, result and statistics.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound = "P: PlayerDescription")]
pub struct Record<P> {
    variant: Variant,
    size: BoardSize,
    /// Who played White.
    pub white: P,
    /// Who played Black.
    pub black: P,
    seed: u64,
    /// The position string the game started from.
    pub start_fen: String,
    /// Lines of Action only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    move_limit: Option<u32>,
    /// Lines of Action only, and only when it is not the usual rule: what a
    /// move joining both sides' pieces does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    both_connected: Option<BothConnected>,
    /// The time control the game was played under, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_control: Option<TimeControl>,
    /// Every ply, oldest first.
    pub moves: Vec<MoveRecord>,
    /// Moves tried instead of the game's own, beside it (absent from older records).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub side_lines: Vec<SideLine>,
    /// The result so far (a resignation included).
    pub result: Outcome,
    /// The time the side to move had spent on its turn when a side resigned,
    /// in ms (a clocked game's clocks stand as they stopped when it is
    /// opened again).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    last_turn_ms: Option<u64>,
    /// Totals derived from the moves and the result.
    pub stats: GameStats,
}

/// A ply of a record as people count it: "move 2… (ply 4)", the first
/// mover's half of move 2 being "move 2." (errors counted plies as moves).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlyName(pub usize);

impl std::fmt::Display for PlyName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let ply = self.0.max(1);
        let mark = if ply % 2 == 1 { "." } else { "…" };
        write!(f, "move {}{mark} (ply {ply})", ply.div_ceil(2))
    }
}

/// Why a saved record cannot be loaded.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum RecordError {
    /// The start position string cannot be read.
    #[error("bad start position in the record: {0}")]
    Start(#[from] FenError),
    /// A recorded move cannot be read or played.
    #[error("{place} {notation} in the record: {error}", place = PlyName(*.index))]
    Move {
        /// The ply's number, from 1.
        index: usize,
        /// The move as recorded.
        notation: String,
        /// Why it cannot be played.
        error: MoveError,
    },
    /// The recorded board size differs from the start position's.
    #[error("the record's size {recorded} does not match its start position ({actual})")]
    SizeMismatch {
        /// The size the record names.
        recorded: BoardSize,
        /// The size of its start position.
        actual: BoardSize,
    },
    /// The text is not a record's JSON (the parser's message).
    #[error("not a Breakline game record: {0}")]
    Json(#[source] SharedSource),
    /// A move's search figures cannot be true (a depth or score out of range).
    #[error("move {index} of the record has an impossible {what}")]
    Figures {
        /// The ply's number, from 1.
        index: usize,
        /// Which figure: `depth` or `score`.
        what: &'static str,
    },
    /// A side line cannot be played, or leaves the game after its end.
    #[error(transparent)]
    SideLine(#[from] LineError),
    /// A side line replaces a ply the game does not have.
    #[error("a side line replaces ply {0}, after the game's last")]
    SideLinePly(usize),
    /// The recorded move limit is out of range.
    #[error("the record's move limit {0} is out of range (1 to {MAX_MOVE_LIMIT} plies)")]
    MoveLimit(u32),
}

/// The deepest search a record may claim (far beyond any real one).
const MAX_RECORDED_DEPTH: u32 = 1_000;
/// The longest move limit a record may set.
const MAX_MOVE_LIMIT: u32 = 100_000;
/// The longest last turn a record keeps (a day; longer is a damaged record).
const MAX_TURN_MS: u64 = 86_400_000;

impl<P: PlayerDescription> Record<P> {
    /// An empty record of a game starting at `start`.
    pub fn new(start: &Position, white: P, black: P, seed: u64) -> Record<P> {
        let mut record = Record {
            variant: start.variant(),
            size: start.size(),
            white,
            black,
            seed,
            start_fen: start.fen(),
            move_limit: start.move_limit(),
            both_connected: start.both_connected().filter(|rule| *rule != BothConnected::default()),
            time_control: None,
            moves: Vec::new(),
            side_lines: Vec::new(),
            result: Outcome::Ongoing,
            last_turn_ms: None,
            stats: GameStats {
                winner: None,
                turns: 0,
                final_fen: start.fen(),
                white: SideStats::default(),
                black: SideStats::default(),
            },
        };
        record.finish(start);
        record
    }

    /// Adds a move played by `side` from `before`, with its search figures if any.
    pub fn push(&mut self, before: &Position, m: Move, search: Option<&MoveFigures>) {
        self.moves.push(MoveRecord {
            notation: before.move_name(m),
            side: before.side_to_move(),
            capture: m.capture,
            nodes: search.map_or(0, |s| s.nodes),
            time_us: search.map_or(0, |s| u64::try_from(s.time.as_micros()).unwrap_or(u64::MAX)),
            depth: search.map_or(0, |s| s.depth),
            score: search.map(|s| s.score),
            book: search.is_some_and(|s| s.book),
            clock_ms: None,
        });
        self.count_last();
    }

    /// Notes on the last move the time its side had left after it.
    pub fn stamp_clock(&mut self, left: Duration) {
        if let Some(last) = self.moves.last_mut() {
            last.clock_ms = Some(u64::try_from(left.as_millis()).unwrap_or(u64::MAX));
        }
    }

    /// Adds a move taken back earlier, with the figures it had.
    pub fn push_record(&mut self, entry: MoveRecord) {
        self.moves.push(entry);
        self.count_last();
    }

    /// Takes back the last recorded move; its statistics go with it, and so
    /// does a resignation or a fallen flag (the game goes on from the earlier
    /// position).
    pub fn pop(&mut self) -> Option<MoveRecord> {
        let entry = self.moves.pop()?;
        // A side line that replaced the move taken back goes with it.
        let plies = self.moves.len();
        self.side_lines.retain(|side| side.at < plies);
        if self.lost_off_board().is_some() {
            self.result = Outcome::Ongoing;
            self.last_turn_ms = None;
        }
        self.recount();
        Some(entry)
    }

    /// Brings result, turn count and final position up to date with `now`.
    /// A resignation or a fallen flag stands while the board itself shows no result.
    pub fn finish(&mut self, now: &Position) {
        let board = now.outcome();
        if self.lost_off_board().is_none() || board.is_over() {
            self.result = board;
        }
        self.stats.final_fen = now.fen();
        self.recount();
    }

    /// `side` gives up: the opponent wins, whatever the board shows.
    pub fn resign(&mut self, side: Side) {
        self.lose_off_board(side, WinReason::Resignation);
    }

    /// `side` loses for `reason`, one off the board ([`WinReason::off_board`]):
    /// the opponent wins, whatever the board shows. A reason the board
    /// decides leaves the result as it is.
    pub fn lose_off_board(&mut self, side: Side, reason: WinReason) {
        if reason.off_board() {
            self.result = Outcome::Win { winner: side.opponent(), reason };
            self.recount();
        }
    }

    /// `side` left the game unfinished when the side to move had spent
    /// `spent` on its turn, which the record keeps.
    pub fn abandon_after(&mut self, side: Side, spent: Duration) {
        self.lose_off_board(side, WinReason::Abandoned);
        self.last_turn_ms = (!spent.is_zero()).then(|| spent.as_millis().min(MAX_TURN_MS.into()) as u64);
    }

    /// `side` resigns when the side to move has spent `spent` on its turn,
    /// which the record keeps.
    pub fn resign_after(&mut self, side: Side, spent: Duration) {
        self.resign(side);
        self.last_turn_ms = (!spent.is_zero()).then(|| spent.as_millis().min(MAX_TURN_MS.into()) as u64);
    }

    /// The time the side to move had spent on its turn when a side resigned
    /// or left, where kept.
    pub fn last_turn(&self) -> Option<Duration> {
        let given_up =
            matches!(self.result, Outcome::Win { reason: WinReason::Resignation | WinReason::Abandoned, .. });
        self.last_turn_ms.filter(|_| given_up).map(Duration::from_millis)
    }

    /// `side`'s time ran out: the opponent wins, whatever the board shows.
    pub fn flag_fell(&mut self, side: Side) {
        self.result = Outcome::Win { winner: side.opponent(), reason: WinReason::Time };
        self.recount();
    }

    /// `side`, a program, answered with no legal move in time: the opponent
    /// wins, whatever the board shows.
    pub fn forfeit(&mut self, side: Side) {
        self.result = Outcome::Win { winner: side.opponent(), reason: WinReason::Forfeit };
        self.recount();
    }

    /// The side that resigned, if the game ended that way.
    pub fn resigned(&self) -> Option<Side> {
        match self.result {
            Outcome::Win { winner, reason: WinReason::Resignation } => Some(winner.opponent()),
            _ => None,
        }
    }

    /// The side that lost off the board: resigned, left, its flag fell, it
    /// forfeited, or the record says so without a reason.
    pub fn lost_off_board(&self) -> Option<Side> {
        match self.result {
            Outcome::Win { winner, reason } if reason.off_board() => Some(winner.opponent()),
            _ => None,
        }
    }

    /// The one place the statistics come from: the moves and the result.
    fn recount(&mut self) {
        let mut white = SideStats::default();
        let mut black = SideStats::default();
        for entry in &self.moves {
            if entry.side == Side::White { &mut white } else { &mut black }.add(entry);
        }
        self.stats.white = white;
        self.stats.black = black;
        self.count_result();
    }

    /// [`Record::recount`] after a move was added to moves already counted:
    /// only that move is read (a record is built a move at a time, and
    /// reading them all at each would cost a long game's length squared).
    fn count_last(&mut self) {
        if let Some(entry) = self.moves.last() {
            let stats = &mut self.stats;
            if entry.side == Side::White { &mut stats.white } else { &mut stats.black }.add(entry);
        }
        self.count_result();
    }

    /// The statistics that follow from the result and the number of moves.
    fn count_result(&mut self) {
        self.stats.winner = self.result.winner();
        self.stats.turns = u32::try_from(self.moves.len()).unwrap_or(u32::MAX);
    }

    /// Reads a record saved as JSON and rebuilds everything that follows from
    /// its moves (sides, captures, result, statistics, final position) by
    /// replaying them; only what cannot be derived (players, seed, each move's
    /// search figures, a resignation) is taken from the file, checked.
    pub fn from_json(text: &str) -> Result<(Record<P>, Position), RecordError> {
        let file: Record<P> = serde_json::from_str(text).map_err(|e| RecordError::Json(SharedSource::new(e)))?;
        file.rebuilt()
    }

    /// This record rebuilt from its start position and moves, and the final position.
    pub fn rebuilt(&self) -> Result<(Record<P>, Position), RecordError> {
        let start = self.start_position()?;
        let mut record = Record::new(&start, self.white.clone(), self.black.clone(), self.seed);
        record.time_control = self.time_control;
        let mut position = start;
        for (index, entry) in self.moves.iter().enumerate() {
            let before = position.clone();
            for side in self.side_lines.iter().filter(|side| side.at == index) {
                let line = side.line.replayed(&before, index + 1)?;
                record.side_lines.push(SideLine { at: index, line });
            }
            let mv = position.play_text(&entry.notation).map_err(|error| RecordError::Move {
                index: index + 1,
                notation: entry.notation.clone(),
                error,
            })?;
            if entry.depth > MAX_RECORDED_DEPTH {
                return Err(RecordError::Figures { index: index + 1, what: "depth" });
            }
            if entry.score.is_some_and(|s| !(-WIN..=WIN).contains(&s)) {
                return Err(RecordError::Figures { index: index + 1, what: "score" });
            }
            if entry.book && (entry.nodes > 0 || entry.depth > 0) {
                return Err(RecordError::Figures { index: index + 1, what: "book move with search figures" });
            }
            record.moves.push(MoveRecord {
                notation: before.move_name(mv),
                side: before.side_to_move(),
                capture: mv.capture,
                ..entry.clone()
            });
        }
        if let Some(side) = self.side_lines.iter().find(|side| side.at >= self.moves.len()) {
            return Err(RecordError::SideLinePly(side.at + 1));
        }
        // A result off the board stands where the board shows none.
        if !position.outcome().is_over() && self.lost_off_board().is_some() {
            record.result = self.result;
            record.last_turn_ms = self.last_turn_ms.filter(|&ms| ms <= MAX_TURN_MS);
        }
        record.finish(&position);
        Ok((record, position))
    }

    /// Replays the record from its start, checking every move; the result is
    /// the final position.
    pub fn replay(&self) -> Result<Position, RecordError> {
        let mut pos = self.start_position()?;
        for (index, m) in self.moves.iter().enumerate() {
            pos.play_text(&m.notation).map_err(|error| RecordError::Move {
                index: index + 1,
                notation: m.notation.clone(),
                error,
            })?;
        }
        Ok(pos)
    }

    /// The start position the record names, with its move limit.
    pub fn start_position(&self) -> Result<Position, RecordError> {
        let mut pos = Position::from_fen(self.variant, &self.start_fen)?;
        if pos.size() != self.size {
            return Err(RecordError::SizeMismatch { recorded: self.size, actual: pos.size() });
        }
        if let Some(limit) = self.move_limit {
            if !(1..=MAX_MOVE_LIMIT).contains(&limit) {
                return Err(RecordError::MoveLimit(limit));
            }
            pos.set_move_limit(limit);
        }
        if let Some(rule) = self.both_connected {
            pos.set_both_connected(rule);
        }
        Ok(pos)
    }

    /// The moves as plain text, one ply a line, in notation.
    pub fn move_list_text(&self) -> String {
        self.moves.iter().map(|m| m.notation.as_str()).collect::<Vec<_>>().join("\n")
    }
}
