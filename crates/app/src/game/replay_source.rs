//! A recorded game watched move by move (a series game, a game opened to
//! watch): its moves and their searches, played through the normal turn
//! cycle as if a player made them.

use crate::engine::ai::player::{GameRecord, Player};
use crate::engine::rules::record::{MoveRecord, RecordError};
use crate::engine::{Move as EngineMove, Position, SearchInfo};

/// A recorded game watched move by move: the moves come from the record
/// through the normal turn cycle, as if a player made them.
#[derive(Clone, Debug)]
pub struct ReplaySource {
    /// Who really played, e.g. "alphabeta:offensive2:depth=3 vs ... , game 8 of 99".
    pub title: String,
    /// The series game it shows, if it came from a series.
    pub(crate) series_index: Option<usize>,
    /// Who played the record (the watched game's record names them too).
    white: Player,
    black: Player,
    moves: Vec<EngineMove>,
    searches: Vec<SearchInfo>,
    /// The whole record, for a save or a copy made partway through.
    record: GameRecord,
}

impl ReplaySource {
    /// The record's start position and a source for its moves, checked by playing them.
    pub(crate) fn from_record(
        record: &GameRecord,
        title: String,
        series_index: Option<usize>,
    ) -> Result<(ReplaySource, Position), RecordError> {
        let (record, end) = record.rebuilt()?;
        let start = end.rewound();
        let moves = end.moves().to_vec();
        let searches = record.moves.iter().zip(&moves).map(|(r, mv)| recorded_search(r, *mv)).collect();
        let (white, black) = (record.white.clone(), record.black.clone());
        Ok((ReplaySource { title, series_index, white, black, moves, searches, record }, start))
    }

    pub(crate) fn plies(&self) -> usize {
        self.moves.len()
    }

    /// Who played the record, White's first.
    pub(crate) fn players(&self) -> (&Player, &Player) {
        (&self.white, &self.black)
    }

    /// The whole record watched.
    pub(crate) fn record(&self) -> &GameRecord {
        &self.record
    }

    /// The recorded move of `ply` (from 0), with what its search said then.
    pub(crate) fn at(&self, ply: usize) -> Option<(EngineMove, SearchInfo)> {
        Some((*self.moves.get(ply)?, self.searches.get(ply)?.clone()))
    }
}

/// A recorded move's figures as the search report the panel shows.
fn recorded_search(recorded: &MoveRecord, mv: EngineMove) -> SearchInfo {
    SearchInfo {
        depth: recorded.depth,
        iterations: 0,
        score: recorded.score.unwrap_or_default(),
        nodes: recorded.nodes,
        time: std::time::Duration::from_micros(recorded.time_us),
        pv: vec![mv],
        tt_hits: 0,
        root_scores: Vec::new(),
        book: recorded.book,
        ..Default::default()
    }
}
