//! Searches for the `bench` command: one search with every progress report kept,
//! so a table can show nodes and time per completed depth.

use super::{AiConfig, SearchError, SearchHandler, SearchInfo, SearchResult, search};
use breakline_rules::position::Position;

/// Keeps a copy of every report.
#[derive(Default)]
struct Recorder {
    reports: Vec<SearchInfo>,
}

impl SearchHandler for Recorder {
    fn report(&mut self, info: &SearchInfo) {
        self.reports.push(info.clone());
    }
}

/// A finished search and its reports, oldest first (one per completed depth for
/// the alpha-beta players, periodic for MCTS; none for minimax and alpha-beta).
pub struct Benchmark {
    /// The search's result.
    pub result: SearchResult,
    /// Its progress reports.
    pub reports: Vec<SearchInfo>,
}

/// Searches `position` with `config`, keeping every progress report.
pub fn timed_search(position: &Position, config: &AiConfig) -> Result<Benchmark, SearchError> {
    let mut recorder = Recorder::default();
    let result = search(position, config, &mut recorder)?;
    Ok(Benchmark { result, reports: recorder.reports })
}
