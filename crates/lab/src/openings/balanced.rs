//! A balanced opening set: random openings kept only where a short search
//! of a player scores them near even, the same set for a seed on any machine
//! and any number of threads.

use std::collections::HashSet;
use std::sync::atomic::AtomicBool;

use thiserror::Error;

use crate::runner::{Finished, random_opening, run_parallel};
use breakline_ai::eval::is_proven;
use breakline_ai::search::{self, AiConfig, NodeLimit, SearchError, SearchRequest};
use breakline_rules::hashing::stream;
use breakline_rules::position::Position;
use breakline_rules::{BoardSize, Variant};

/// Candidates drawn for each opening asked for before the run gives up:
/// a bound too tight for the player's scores should fail, not run forever.
const TRIES_PER_OPENING: usize = 200;

/// What a balanced set is made of.
#[derive(Clone, Debug)]
pub struct BalanceSpec {
    /// The game and its board.
    pub variant: Variant,
    /// The board's size.
    pub size: BoardSize,
    /// Random plies from the start in every candidate.
    pub plies: u32,
    /// The player whose search scores a candidate (its limits give way to `nodes`).
    pub player: AiConfig,
    /// Nodes its search spends on a candidate: the same scores on any machine.
    pub nodes: u64,
    /// The largest score, either way, of an opening kept.
    pub within: i32,
    /// Openings wanted.
    pub count: usize,
    /// The run's seed: candidate `i` comes from (seed, i).
    pub seed: u64,
}

/// An opening kept, with its score for the side to move.
#[derive(Clone, Debug)]
pub struct BalancedOpening {
    /// The position after the random plies.
    pub position: Position,
    /// The short search's score, from the side to move's view.
    pub score: i32,
    /// Which candidate it was, from 0.
    pub candidate: usize,
}

/// Why no balanced set came out.
#[derive(Debug, Error)]
pub enum BalancedOpeningsError {
    /// The player could not search.
    #[error(transparent)]
    Search(#[from] SearchError),
    /// Too few candidates scored within the bound.
    #[error(
        "only {found} of {wanted} openings scored within {within} in {tried} tries: widen --within or search fewer nodes"
    )]
    TooFew {
        /// Openings found.
        found: usize,
        /// Openings asked for.
        wanted: usize,
        /// The bound.
        within: i32,
        /// Candidates searched.
        tried: usize,
    },
}

/// One candidate searched: its opening if kept.
struct Candidate(Option<BalancedOpening>);

impl Finished for Candidate {
    fn is_finished(&self) -> bool {
        true
    }
}

/// The first `spec.count` candidates in order that are new and score within
/// the bound, searched in batches on `threads` threads; with the number of
/// candidates tried.
pub fn balanced_openings(
    spec: &BalanceSpec,
    threads: usize,
) -> Result<(Vec<BalancedOpening>, usize), BalancedOpeningsError> {
    let mut player =
        spec.player.with_limits(&[spec.player.algorithm().unbounded_limit()]).map_err(SearchError::from)?;
    // A book move comes with no score of its own: every candidate is searched.
    player.set_book(false);
    let start = Position::start(spec.variant, spec.size).map_err(SearchError::from)?;
    let stop = AtomicBool::new(false);
    let limit = spec.count.saturating_mul(TRIES_PER_OPENING);
    let (mut kept, mut seen, mut tried) = (Vec::new(), HashSet::new(), 0);
    while kept.len() < spec.count && tried < limit {
        let batch = (spec.count - kept.len()).max(threads * 4).min(limit - tried);
        let first = tried;
        let job = |i: usize| score_candidate(spec, &player, &start, first + i).map(Candidate);
        for Candidate(found) in run_parallel(batch, threads, &stop, job, |_| {})? {
            if let Some(opening) = found
                && kept.len() < spec.count
                && seen.insert(opening.position.hash())
            {
                kept.push(opening);
            }
        }
        tried += batch;
    }
    if kept.len() < spec.count {
        return Err(BalancedOpeningsError::TooFew {
            found: kept.len(),
            wanted: spec.count,
            within: spec.within,
            tried,
        });
    }
    let used = kept.last().map_or(tried, |last| last.candidate + 1);
    Ok((kept, used))
}

/// Candidate `index`: its random opening and, when the search scores it
/// within the bound, the opening kept.
fn score_candidate(
    spec: &BalanceSpec,
    player: &AiConfig,
    start: &Position,
    index: usize,
) -> Result<Option<BalancedOpening>, SearchError> {
    let seed = stream(spec.seed, index as u64);
    let position = random_opening(start.clone(), spec.plies, seed);
    if position.outcome().is_over() || position.legal_moves().is_empty() {
        return Ok(None);
    }
    let found = search::run(&position, &player.with_seed(seed), SearchRequest::default(), &mut NodeLimit(spec.nodes))?;
    let score = found.info.score;
    let balanced = !is_proven(score) && score.abs() <= spec.within;
    Ok(balanced.then_some(BalancedOpening { position, score, candidate: index }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(seed: u64) -> BalanceSpec {
        let variant = Variant::Breakthrough;
        BalanceSpec {
            variant,
            size: BoardSize::new(6, 6),
            plies: 3,
            player: AiConfig::parse("alphabeta:expert", variant).unwrap(),
            nodes: 300,
            within: 20,
            count: 6,
            seed,
        }
    }

    fn fens(openings: &[BalancedOpening]) -> Vec<String> {
        openings.iter().map(|o| o.position.fen()).collect()
    }

    #[test]
    fn a_seed_gives_the_same_set_on_any_number_of_threads_and_every_opening_is_within() {
        let (one, tried) = balanced_openings(&spec(7), 1).unwrap();
        let (three, _) = balanced_openings(&spec(7), 3).unwrap();
        assert_eq!(fens(&one), fens(&three));
        assert_eq!(one.len(), 6);
        assert!(one.iter().all(|o| o.score.abs() <= 20), "{:?}", one.iter().map(|o| o.score).collect::<Vec<_>>());
        assert!(tried >= 6);
        assert_ne!(fens(&one), fens(&balanced_openings(&spec(8), 1).unwrap().0), "another seed, another set");
    }

    #[test]
    fn an_opening_inside_the_book_is_searched_not_taken_from_it() {
        // Two plies of Lines of Action are inside the master's book, whose moves carry no score.
        let variant = Variant::LinesOfAction;
        let player = AiConfig::parse("master:threads=1", variant).unwrap();
        let spec = BalanceSpec {
            variant,
            size: BoardSize::new(8, 8),
            plies: 1,
            player,
            nodes: 2000,
            within: 1000,
            count: 3,
            seed: 2,
        };
        let (openings, _) = balanced_openings(&spec, 1).unwrap();
        assert!(openings.iter().any(|o| o.score != 0), "{:?}", openings.iter().map(|o| o.score).collect::<Vec<_>>());
    }

    #[test]
    fn a_bound_no_opening_meets_fails_in_one_line() {
        let mut tight = spec(7);
        // No score's size is below zero.
        tight.within = -1;
        tight.count = 2;
        let error = balanced_openings(&tight, 2).unwrap_err();
        assert!(error.to_string().starts_with("only 0 of 2 openings"), "{error}");
    }
}
