//! The protocol's `solve`: a proof by the df-pn solver within the line's
//! limits (or a default time, as the protocol answers one line at a time).

use std::time::Duration;

use breakline_ai::search::limits::THREADS;
use breakline_ai::solver::{self, SolveConfig, SolveError, Verdict};
use breakline_rules::position::Position;

use crate::{SolveLimits, Solved};

/// The protocol's budget when a `solve` line names none.
const PROTOCOL_DEFAULT_TIME: Duration = Duration::from_secs(10);

/// The protocol's `solve [movetime MS] [nodes N] [memory MIB] [threads N]`
/// verdict (the line protocol writes `solved win white 17 nodes N pv ...` or
/// `solved unknown nodes N`).
pub(crate) fn reply(pos: &Position, limits: SolveLimits) -> Result<Solved, SolveError> {
    let mut config = SolveConfig { memory_mib: 64, ..SolveConfig::default() };
    config.time = limits.movetime.map(|ms| Duration::from_millis(ms.max(1)));
    config.nodes = limits.nodes;
    if let Some(mib) = limits.memory {
        config.memory_mib = mib.clamp(1, 65536) as usize;
    }
    if let Some(n) = limits.threads {
        config.threads = n.clamp(u64::from(*THREADS.start()), u64::from(*THREADS.end())) as usize;
    }
    // The protocol answers one line at a time: never wait without a bound.
    if config.time.is_none() && config.nodes.is_none() {
        config.time = Some(PROTOCOL_DEFAULT_TIME);
    }
    let s = solver::solve(pos, &config, &mut ())?;
    Ok(match s.verdict {
        Verdict::Win(winner) => {
            let plies = s.distance.or(s.bound).unwrap_or(s.line.len() as u32);
            let pv = s.line.iter().map(|&m| pos.move_name(m)).collect();
            Solved::Win { winner, plies, nodes: s.nodes, pv }
        }
        Verdict::Unknown => Solved::Unknown { nodes: s.nodes },
    })
}
