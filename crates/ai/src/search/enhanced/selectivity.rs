//! The margins of the selective search, stated once. They are in each
//! variant's own units: a fraction of the score 1/K at which the fitted
//! curve `sigmoid(K x score)` gives the side 73% (`eval::logistic_k`), so a
//! margin means the same winning chance in both games (1/K is about 0.7 of
//! a pawn in Breakthrough). Strategies outside the expert's units
//! (the course heuristics) get no margins and are searched without the
//! pruning that needs them.

use crate::eval::{Score, Strategy, logistic_k};
use breakline_rules::Variant;

/// Reverse futility pruning up to this many plies from the horizon.
pub(super) const REVERSE_FUTILITY_DEPTH: u32 = 6;
/// Futility pruning of quiet moves up to this many plies from the horizon.
pub(super) const FUTILITY_DEPTH: u32 = 4;

/// The margins in one variant's units.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Margins {
    /// 1/K: the score of a 73% winning chance.
    unit: f64,
}

impl Margins {
    /// The margins for `strategy` on `variant`, if its scores are in the
    /// units the curve was fitted to.
    pub(crate) fn of(strategy: Strategy, variant: Variant) -> Option<Margins> {
        let fitted = matches!(strategy, Strategy::Expert | Strategy::ExpertHand | Strategy::Nnue);
        fitted.then(|| Margins { unit: 1.0 / logistic_k(variant) })
    }

    fn units(&self, share: f64) -> Score {
        (share * self.unit) as Score
    }

    /// How far above beta the static evaluation must stand, `depth` plies
    /// from the horizon, for the node to be taken as failing high: half a
    /// unit a ply, less where the mover's position is improving.
    #[inline]
    pub(super) fn reverse_futility(&self, depth: u32, improving: bool) -> Score {
        self.units(0.5 * (f64::from(depth) - if improving { 0.5 } else { 0.0 }))
    }

    /// How far below alpha the static evaluation may stand, `depth` plies
    /// from the horizon, before quiet moves are no longer tried: 0.4 of a
    /// unit and 0.6 more a ply.
    #[inline]
    pub(super) fn futility(&self, depth: u32) -> Score {
        self.units(0.4 + 0.6 * f64::from(depth))
    }

    /// How far below alpha the static evaluation may stand below the
    /// horizon before no capture is tried: two units, more than a piece is
    /// worth in either game.
    #[inline]
    pub(super) fn delta(&self) -> Score {
        self.units(2.0)
    }
}
