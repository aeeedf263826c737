//! The alpha-beta window: the scores between which a search still cares about
//! a node's exact value, with the operations the searches make on it.

use std::ops::Neg;

use crate::eval::{Score, WIN};

/// Above every score a search can produce: the bound of a full window.
pub(crate) const INFINITY: Score = WIN + 1;

/// The open interval (alpha, beta): a value at or below alpha is only an
/// upper bound of the true one (the node fails low), a value at or above beta
/// only a lower bound (it fails high).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Window {
    pub(crate) alpha: Score,
    pub(crate) beta: Score,
}

impl Window {
    /// Every score: the window of a search that wants the exact value.
    pub(crate) const FULL: Window = Window { alpha: -INFINITY, beta: INFINITY };

    /// `delta` either side of `score` (an aspiration window).
    pub(crate) fn around(score: Score, delta: Score) -> Window {
        Window { alpha: score - delta, beta: score + delta }
    }

    /// Everything above `alpha`: a root move need only beat the best so far.
    pub(crate) fn above(alpha: Score) -> Window {
        Window { alpha, beta: INFINITY }
    }

    /// The null window at alpha: does a move do better than alpha?
    #[inline]
    pub(crate) fn null_at_alpha(self) -> Window {
        Window { alpha: self.alpha, beta: self.alpha + 1 }
    }

    /// The null window at beta: does a position reach beta?
    #[inline]
    pub(crate) fn null_at_beta(self) -> Window {
        Window { alpha: self.beta - 1, beta: self.beta }
    }

    /// Whether `score` lies strictly inside: an exact value.
    #[inline]
    pub(crate) fn contains(self, score: Score) -> bool {
        self.alpha < score && score < self.beta
    }

    /// Whether `score` reaches beta: the node is good enough to cut off.
    #[inline]
    pub(crate) fn fails_high(self, score: Score) -> bool {
        score >= self.beta
    }

    /// Whether `score` stays at or below alpha: no better than what is already had.
    #[inline]
    pub(crate) fn fails_low(self, score: Score) -> bool {
        score <= self.alpha
    }

    /// Narrows the window from below to `score` if it is higher: a move has
    /// reached it, so the others must beat it.
    #[inline]
    pub(crate) fn raise_alpha(&mut self, score: Score) {
        self.alpha = self.alpha.max(score);
    }

    /// Widens the window by `delta` below (after a fail low), no further than full.
    pub(crate) fn widen_down(&mut self, delta: Score) {
        self.alpha = (self.alpha - delta).max(-INFINITY);
    }

    /// Widens the window by `delta` above (after a fail high), no further than full.
    pub(crate) fn widen_up(&mut self, delta: Score) {
        self.beta = (self.beta + delta).min(INFINITY);
    }
}

/// The window seen from the other side: the child's (-beta, -alpha).
impl Neg for Window {
    type Output = Window;

    #[inline]
    fn neg(self) -> Window {
        Window { alpha: -self.beta, beta: -self.alpha }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_window_negates_narrows_and_tells_fails() {
        let w = Window { alpha: -3, beta: 7 };
        assert_eq!(-w, Window { alpha: -7, beta: 3 });
        assert_eq!(-(-w), w);
        assert!(w.contains(0) && !w.contains(-3) && !w.contains(7));
        assert!(w.fails_low(-3) && !w.fails_low(-2) && w.fails_high(7) && !w.fails_high(6));
        assert_eq!(w.null_at_alpha(), Window { alpha: -3, beta: -2 });
        assert_eq!(w.null_at_beta(), Window { alpha: 6, beta: 7 });
        let mut n = w;
        n.raise_alpha(2);
        n.raise_alpha(-10);
        assert_eq!(n.alpha, 2);
        n.widen_down(2 * INFINITY);
        n.widen_up(2 * INFINITY);
        assert_eq!(n, Window::FULL);
        assert_eq!(Window::around(10, 4), Window { alpha: 6, beta: 14 });
        assert_eq!(Window::above(5), Window { alpha: 5, beta: INFINITY });
    }
}
