//! What a shard file is a share of: the full spec of the run (never the
//! shard's part of it), so that every shard of one run carries the same
//! fingerprint and the merge can print the report from the spec alone.

use serde::{Deserialize, Serialize};

use super::fingerprint::Fingerprint;
use crate::runner::{RoundRobin, SeriesSpec};
use crate::tune::TuneSpec;

/// The run a shard belongs to.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum ShardSpec {
    /// `breakline match`: one series, and the SPRT bounds its report ends with.
    Match {
        /// The series.
        series: SeriesSpec,
        /// The sequential test's (elo0, elo1), if any.
        sprt: Option<[f64; 2]>,
    },
    /// `breakline tournament`: every pair's series, job index = pair x games
    /// per pair + game.
    Tournament {
        /// The round robin.
        round_robin: RoundRobin,
    },
    /// `breakline tune`: the self-play sample games.
    Tune {
        /// The tuning run.
        tune: TuneSpec,
    },
    /// `breakline experiments`: several series, each record naming its
    /// series by that series' own fingerprint.
    Studies {
        /// The command's settings, as it writes them.
        settings: serde_json::Value,
    },
}

impl ShardSpec {
    /// The fingerprint every record of this run carries.
    pub fn fingerprint(&self) -> Fingerprint {
        Fingerprint::of(self)
    }

    /// The games as (series, games per series, paired) for [`super::share`]
    /// and the merge's count; `None` for the studies, whose series are
    /// counted one by one.
    pub fn layout(&self) -> Option<(usize, usize, bool)> {
        match self {
            ShardSpec::Match { series, .. } => Some((1, series.games, series.schedule.swap)),
            ShardSpec::Tournament { round_robin } => {
                Some((round_robin.pairs().len(), round_robin.games_per_pair, round_robin.schedule.swap))
            }
            // Tune's series never swaps colours: every game is its own opening.
            ShardSpec::Tune { tune } => Some((1, tune.games, false)),
            ShardSpec::Studies { .. } => None,
        }
    }

    /// What the run is, in a word.
    pub fn kind(&self) -> &'static str {
        match self {
            ShardSpec::Match { .. } => "match",
            ShardSpec::Tournament { .. } => "tournament",
            ShardSpec::Tune { .. } => "tune",
            ShardSpec::Studies { .. } => "experiments",
        }
    }
}
