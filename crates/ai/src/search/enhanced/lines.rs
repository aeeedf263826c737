//! MultiPV at the root: the best few root moves with their lines, and the
//! score a later move must beat to join them (the root window's alpha).

use crate::eval::Score;
use breakline_rules::Move;

use super::super::PvLine;

/// The best `wanted` root lines found so far, best first: one at least (the
/// first move searched). With one wanted this is the iteration's best move
/// and line as a plain search keeps them.
pub(super) struct TopLines {
    wanted: usize,
    lines: Vec<PvLine>,
}

impl TopLines {
    /// The first move's line kept; `wanted` is taken as one at least.
    pub(super) fn new(wanted: usize, first: PvLine) -> TopLines {
        let wanted = wanted.max(1);
        let mut lines = Vec::with_capacity(wanted + 1);
        lines.push(first);
        TopLines { wanted, lines }
    }

    /// Keeps the line of a root move scored `score` if it joins the best:
    /// every move does until `wanted` lines are kept, then only one that
    /// beats the last kept, which it pushes out. A move that only ties stays
    /// out, and among the kept an earlier one stays ahead of a tie: the
    /// first move searched keeps the lead unless beaten. `line` (the move
    /// and the line below it) is only built for a move that joins.
    pub(super) fn offer(&mut self, score: Score, line: impl FnOnce() -> Vec<Move>) {
        if self.lines.len() == self.wanted && self.lines.last().is_some_and(|last| score <= last.score) {
            return;
        }
        let at = self.lines.partition_point(|kept| kept.score >= score);
        self.lines.insert(at, PvLine { score, pv: line() });
        self.lines.truncate(self.wanted);
    }

    /// The score a later move must beat to join, once every wanted line is
    /// kept: the last kept line's (with one wanted, the best so far).
    pub(super) fn bar(&self) -> Option<Score> {
        if self.lines.len() == self.wanted { self.lines.last().map(|last| last.score) } else { None }
    }

    /// The best line (there is one: the first stays until a better one comes).
    pub(super) fn best(&self) -> &PvLine {
        &self.lines[0]
    }

    pub(super) fn into_lines(self) -> Vec<PvLine> {
        self.lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(n: u8) -> Vec<Move> {
        vec![Move::new(n, n + 1, false)]
    }

    fn first(wanted: usize, score: Score) -> TopLines {
        TopLines::new(wanted, PvLine { score, pv: line(0) })
    }

    fn scores(top: &TopLines) -> Vec<Score> {
        top.lines.iter().map(|l| l.score).collect()
    }

    #[test]
    fn the_best_lines_are_kept_best_first_and_the_bar_is_the_last() {
        let mut top = first(3, 5);
        top.offer(9, || line(1));
        assert_eq!(top.bar(), None, "two of three kept: every move joins");
        top.offer(1, || line(2));
        assert_eq!((scores(&top), top.bar()), (vec![9, 5, 1], Some(1)));
        top.offer(1, || panic!("a tie with the bar does not join"));
        top.offer(5, || line(3));
        assert_eq!(scores(&top), [9, 5, 5]);
        assert_eq!(top.lines[1].pv, line(0), "the earlier of a tie stays ahead");
        assert_eq!(top.best().pv, line(1));
    }

    #[test]
    fn with_one_wanted_the_best_is_the_first_unless_beaten() {
        let mut top = first(1, 3);
        top.offer(3, || line(1));
        top.offer(2, || line(2));
        assert_eq!((top.best().pv.clone(), top.bar()), (line(0), Some(3)));
        top.offer(4, || line(3));
        assert_eq!(top.into_lines(), vec![PvLine { score: 4, pv: line(3) }]);
    }
}
