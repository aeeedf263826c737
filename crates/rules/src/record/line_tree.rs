//! A game's moves and its side lines as one tree of [`Line`]s, a place in
//! that tree ([`LinePath`]), and the edits a person makes on the board:
//! trying a move (which follows a line that has it or starts a new one),
//! promoting a line over the one it branches from, and deleting a line.
//! The game's main line is the tree's root; a record turns into a tree and
//! back without losing its own moves' figures where they did not change.

use crate::position::Position;
use crate::record::variation::{Line, LineMove, SideLine};
use crate::record::{PlayerDescription, Record, RecordError};

/// Where a line leaves the line it branches from: instead of that line's
/// move `at` (from 0), its alternative number `alternative`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Branch {
    /// The move of the enclosing line the branch replaces, from 0.
    pub at: usize,
    /// Which of that move's alternatives, from 0.
    pub alternative: usize,
}

/// A place in a game's tree: the branches taken from the main line, then
/// `ply` moves along the innermost line (at least one inside a side line:
/// none would be the place it branches from).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct LinePath {
    /// The branches from the main line inward; none on the main line.
    pub branches: Vec<Branch>,
    /// Moves played along the innermost line.
    pub ply: usize,
}

impl LinePath {
    /// The main line after `ply` moves.
    pub fn main(ply: usize) -> LinePath {
        LinePath { branches: Vec::new(), ply }
    }

    /// Whether this place is on the game's own moves.
    pub fn on_main_line(&self) -> bool {
        self.branches.is_empty()
    }

    /// The game's ply where the outermost side line leaves it (this ply on the main line).
    pub fn leaves_game_at(&self) -> usize {
        self.branches.first().map_or(self.ply, |branch| branch.at)
    }

    /// Moves from the game's start to this place.
    pub fn depth(&self) -> usize {
        self.branches.iter().map(|branch| branch.at).sum::<usize>() + self.ply
    }

    /// One move back: the ply before on the same line, or the place the
    /// line branches from; none at the game's start.
    pub fn back(&self) -> Option<LinePath> {
        match (self.ply, self.branches.split_last()) {
            (0, None) => None,
            (1, Some((last, outer))) => Some(LinePath { branches: outer.to_vec(), ply: last.at }),
            (ply, _) => Some(LinePath { branches: self.branches.clone(), ply: ply - 1 }),
        }
    }

    fn within(&self, branch: Branch, ply: usize) -> LinePath {
        let mut branches = self.branches.clone();
        branches.push(branch);
        LinePath { branches, ply }
    }
}

impl Line {
    /// The line a path's branches lead to.
    pub fn line_at(&self, branches: &[Branch]) -> Option<&Line> {
        let mut line = self;
        for branch in branches {
            line = line.moves.get(branch.at)?.alternatives.get(branch.alternative)?;
        }
        Some(line)
    }

    fn line_at_mut(&mut self, branches: &[Branch]) -> Option<&mut Line> {
        let mut line = self;
        for branch in branches {
            line = line.moves.get_mut(branch.at)?.alternatives.get_mut(branch.alternative)?;
        }
        Some(line)
    }

    /// Whether `path` names a place in this tree.
    pub fn contains(&self, path: &LinePath) -> bool {
        let inside = path.on_main_line() || path.ply > 0;
        inside && self.line_at(&path.branches).is_some_and(|line| path.ply <= line.moves.len())
    }

    /// The moves from the start to `path`, in notation; none if it is not in the tree.
    pub fn moves_to(&self, path: &LinePath) -> Option<Vec<&str>> {
        if !self.contains(path) {
            return None;
        }
        let mut moves = Vec::with_capacity(path.depth());
        let mut line = self;
        for branch in &path.branches {
            moves.extend(line.moves[..branch.at].iter().map(|m| m.notation.as_str()));
            line = &line.moves[branch.at].alternatives[branch.alternative];
        }
        moves.extend(line.moves[..path.ply].iter().map(|m| m.notation.as_str()));
        Some(moves)
    }

    /// One move on along the line of `path`, if it goes on.
    pub fn next(&self, path: &LinePath) -> Option<LinePath> {
        let line = self.line_at(&path.branches)?;
        (path.ply < line.moves.len()).then(|| LinePath { branches: path.branches.clone(), ply: path.ply + 1 })
    }

    /// `notation` played at `path`: the place after it, along the line that
    /// has it as its next move, an alternative that starts with it, or a new
    /// line (added here). `None` at the main line's end, where a move is the
    /// game's own, and at a place not in the tree.
    pub fn follow(&mut self, path: &LinePath, notation: &str) -> Option<LinePath> {
        if !self.contains(path) {
            return None;
        }
        let main = path.on_main_line();
        let line = self.line_at_mut(&path.branches)?;
        let Some(next) = line.moves.get_mut(path.ply) else {
            if main {
                return None;
            }
            line.moves.push(LineMove::new(notation));
            return Some(LinePath { branches: path.branches.clone(), ply: path.ply + 1 });
        };
        if next.notation == notation {
            return Some(LinePath { branches: path.branches.clone(), ply: path.ply + 1 });
        }
        let starts = |alt: &Line| alt.moves.first().is_some_and(|m| m.notation == notation);
        let alternative = match next.alternatives.iter().position(starts) {
            Some(found) => found,
            None => {
                next.alternatives.push(Line::of(&[notation]));
                next.alternatives.len() - 1
            }
        };
        Some(path.within(Branch { at: path.ply, alternative }, 1))
    }

    /// The innermost line of `path` takes the place of the line it branches
    /// from (whose moves from there become its first alternative); the same
    /// position's new place. `None` on the main line or outside the tree.
    pub fn promote(&mut self, path: &LinePath) -> Option<LinePath> {
        let (last, outer) = path.branches.split_last()?;
        if !self.contains(path) {
            return None;
        }
        let parent = self.line_at_mut(outer)?;
        let mut promoted = parent.moves[last.at].alternatives.remove(last.alternative);
        let mut replaced = parent.moves.split_off(last.at);
        let siblings = std::mem::take(&mut replaced[0].alternatives);
        let first = promoted.moves.first_mut()?;
        let own = std::mem::take(&mut first.alternatives);
        first.alternatives = std::iter::once(Line { moves: replaced }).chain(siblings).chain(own).collect();
        parent.moves.append(&mut promoted.moves);
        Some(LinePath { branches: outer.to_vec(), ply: last.at + path.ply })
    }

    /// Deletes the innermost line of `path` (and the lines within it); the
    /// place it branched from. `None` on the main line or outside the tree.
    pub fn remove(&mut self, path: &LinePath) -> Option<LinePath> {
        let (last, outer) = path.branches.split_last()?;
        if !self.contains(path) {
            return None;
        }
        self.line_at_mut(outer)?.moves[last.at].alternatives.remove(last.alternative);
        Some(LinePath { branches: outer.to_vec(), ply: last.at })
    }
}

impl<P: PlayerDescription> Record<P> {
    /// The game as one tree: its moves, each with the side lines that replace it.
    pub fn line_tree(&self) -> Line {
        let mut tree = Line { moves: self.moves.iter().map(|m| LineMove::new(m.notation.clone())).collect() };
        for side in &self.side_lines {
            if let Some(entry) = tree.moves.get_mut(side.at) {
                entry.alternatives.push(side.line.clone());
            }
        }
        tree
    }

    /// This game with `tree` as its moves and side lines, checked by
    /// replaying it: the moves it shares with the game from the start keep
    /// their figures and clocks, the others are plain, and a result off the
    /// board (a resignation, a fallen flag) goes when the moves change.
    pub fn with_tree(&self, tree: &Line) -> Result<(Record<P>, Position), RecordError> {
        let shared = self.moves.iter().zip(&tree.moves).take_while(|(kept, new)| kept.notation == new.notation).count();
        let mut record = self.clone();
        while record.moves.len() > shared {
            record.pop();
        }
        let mut position = record.replay()?;
        for (index, entry) in tree.moves.iter().enumerate().skip(shared) {
            let before = position.clone();
            let m = position.play_text(&entry.notation).map_err(|error| RecordError::Move {
                index: index + 1,
                notation: entry.notation.clone(),
                error,
            })?;
            record.push(&before, m, None);
        }
        record.side_lines = tree
            .moves
            .iter()
            .enumerate()
            .flat_map(|(at, entry)| entry.alternatives.iter().map(move |line| SideLine { at, line: line.clone() }))
            .collect();
        record.finish(&position);
        record.rebuilt()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{BoardSize, Variant};

    /// A record whose players are named by plain text.
    type NamedRecord = Record<String>;

    fn game(moves: &[&str]) -> NamedRecord {
        let start = Position::start(Variant::Breakthrough, BoardSize::new(8, 8)).unwrap();
        let mut record = NamedRecord::new(&start, "White".to_string(), "Black".to_string(), 0);
        let mut position = start;
        for text in moves {
            let before = position.clone();
            let m = position.play_text(text).unwrap();
            record.push(&before, m, None);
        }
        record.finish(&position);
        record
    }

    fn notation(line: &Line) -> Vec<&str> {
        line.moves.iter().map(|m| m.notation.as_str()).collect()
    }

    #[test]
    fn a_tried_move_follows_the_game_an_existing_line_or_starts_one() {
        let mut tree = game(&["a2-a3", "a7-a6", "b2-b3"]).line_tree();
        assert_eq!(tree.follow(&LinePath::main(1), "a7-a6"), Some(LinePath::main(2)), "the game's own move");
        let tried = tree.follow(&LinePath::main(1), "h7-h6").unwrap();
        assert_eq!(tried.branches, vec![Branch { at: 1, alternative: 0 }]);
        assert_eq!((tried.ply, tried.depth(), tried.leaves_game_at()), (1, 2, 1));
        assert_eq!(tree.follow(&LinePath::main(1), "h7-h6"), Some(tried.clone()), "the same move again, no new line");
        let on = tree.follow(&tried, "h2-h3").unwrap();
        assert_eq!(tree.moves_to(&on).unwrap(), vec!["a2-a3", "h7-h6", "h2-h3"]);
        assert_eq!(tree.follow(&LinePath::main(3), "a6-a5"), None, "the game's end is the game's own");
        assert_eq!(on.back(), Some(tried.clone()));
        assert_eq!(tried.back(), Some(LinePath::main(1)), "back from a line's first move is its branch point");
        assert_eq!(tree.next(&tried), Some(on));
        assert!(!tree.contains(&LinePath { branches: tried.branches.clone(), ply: 3 }));
    }

    #[test]
    fn a_promoted_line_swaps_with_the_game_and_a_deleted_one_goes() {
        let record = game(&["a2-a3", "a7-a6", "b2-b3"]);
        let mut tree = record.line_tree();
        let line = tree.follow(&LinePath::main(1), "h7-h6").unwrap();
        let line = tree.follow(&line, "h2-h3").unwrap();
        let promoted = tree.promote(&line).unwrap();
        assert_eq!(promoted, LinePath::main(3), "the same position, now on the game");
        assert_eq!(notation(&tree), vec!["a2-a3", "h7-h6", "h2-h3"]);
        assert_eq!(notation(&tree.moves[1].alternatives[0]), vec!["a7-a6", "b2-b3"], "the old game is a side line");
        let (rebuilt, end) = record.with_tree(&tree).unwrap();
        assert_eq!(rebuilt.moves.len(), 3);
        assert_eq!(end.moves().len(), 3);
        assert_eq!(rebuilt.side_lines, vec![SideLine { at: 1, line: Line::of(&["a7-a6", "b2-b3"]) }]);
        let old = LinePath { branches: vec![Branch { at: 1, alternative: 0 }], ply: 2 };
        assert_eq!(tree.remove(&old), Some(LinePath::main(1)));
        assert!(tree.moves[1].alternatives.is_empty());
        assert_eq!(tree.remove(&LinePath::main(2)), None, "the game itself is not deleted");
    }

    #[test]
    fn a_tree_that_breaks_the_rules_is_refused() {
        let record = game(&["a2-a3"]);
        let tree = Line::of(&["a2-a3", "a2-a3"]);
        assert!(matches!(record.with_tree(&tree), Err(RecordError::Move { index: 2, .. })));
    }
}
