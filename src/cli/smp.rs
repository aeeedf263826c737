//! `breakline bench --smp 1,2,4`: the master's Lazy SMP, time to a fixed
//! depth at each thread count, on the same positions (random openings from a
//! fixed seed), as a geometric mean per game: the figure to set beside the
//! cores a machine has. Each search has its table ready, as in a game,
//! where the player makes it before the first move and keeps it: a fresh
//! table's pages would cost more than a shallow search (and a lone
//! searcher's table grows as it goes, which one shared with helpers cannot).

use thiserror::Error;

use crate::engine::ai::search::{self, AiConfig, ConfigError, Limit, SearchError, SearchMemory};
use crate::engine::lab::runner::random_opening;
use crate::engine::rules::SizeError;
use crate::engine::rules::notation::compact_count;
use crate::engine::{BoardSize, Position, Variant};

/// Why the time-to-depth bench could not run.
#[derive(Debug, Error)]
pub(crate) enum SmpError {
    #[error(transparent)]
    Size(#[from] SizeError),
    #[error(transparent)]
    Search(#[from] SearchError),
    #[error("--smp: {0}")]
    Config(#[from] ConfigError),
}

/// The depth each game is searched to: about a second on one thread of a
/// 2020s desktop core, where a game's search spends its time. A shallower
/// one (14 and 11 before round six's nets and Lines of Action's deeper
/// reductions, a fifth of a second now) is mostly the threads' start and the
/// shallow iterations that both threads repeat (docs/lab/round-6.md).
const DEPTHS: [(Variant, u32); 2] = [(Variant::Breakthrough, 17), (Variant::LinesOfAction, 15)];

/// Random plies before each measured position, and the openings' seed.
const OPENING_PLIES: u32 = 8;
const OPENING_SEED: u64 = 1;

/// Prints each game's row: the geometric-mean time to depth for each thread
/// count, and the speed-up over the first.
pub(crate) fn run(threads: &[u32], positions: usize) -> Result<(), SmpError> {
    println!(
        "lazy SMP, master, time to depth (geometric mean over {positions} positions, {OPENING_PLIES}-ply random openings, seed {OPENING_SEED}):"
    );
    for (variant, depth) in DEPTHS {
        let starts = openings(variant, positions)?;
        let mut row = format!("  {:<15} depth {depth:>2}:", variant.id());
        let mut one_thread = None;
        for &count in threads {
            let (millis, nodes) = time_to_depth(&starts, depth, count)?;
            let speedup = one_thread.map_or(String::new(), |base: f64| format!(" ({:.2}x)", base / millis));
            one_thread.get_or_insert(millis);
            row += &format!("  {count} thr {millis:>7.0} ms {:>7} nodes{speedup}", compact_count(nodes as u64));
        }
        println!("{row}");
    }
    Ok(())
}

/// `count` positions of `variant` on 8x8 after random openings.
fn openings(variant: Variant, count: usize) -> Result<Vec<Position>, SmpError> {
    let start = Position::start(variant, BoardSize::new(8, 8))?;
    Ok((0..count as u64).map(|i| random_opening(start.clone(), OPENING_PLIES, OPENING_SEED + i)).collect())
}

/// The geometric mean of the milliseconds to `depth` with `threads`, and the
/// arithmetic mean of the nodes.
fn time_to_depth(positions: &[Position], depth: u32, threads: u32) -> Result<(f64, f64), SmpError> {
    let (mut log_sum, mut nodes) = (0.0, 0.0);
    for pos in positions {
        // The depth alone: the master's 2 s a move would cut the slowest
        // searches short, and the fewer threads the more of them.
        let mut config = AiConfig::parse("master", pos.variant())?.with_limits(&[Limit::Depth(depth)])?;
        config.set_threads(threads)?;
        // A book move would answer without a search.
        config.set_book(false);
        let memory = SearchMemory::new();
        memory.prepare(pos.variant(), pos.size(), &config);
        let request = search::SearchRequest { memory: Some(&memory), ..Default::default() };
        let result = search::run(pos, &config, request, &mut ())?;
        log_sum += (result.info.time.as_secs_f64() * 1000.0).max(0.001).ln();
        nodes += result.info.nodes as f64;
    }
    let n = positions.len() as f64;
    Ok(((log_sum / n).exp(), nodes / n))
}
