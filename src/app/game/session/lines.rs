//! Side lines on the board: while reviewing, a move tried on the board
//! follows the game, or a side line that has it, or starts a new one, and
//! the game's own moves stay as they were; a side line can be shown, stepped
//! through, promoted to be the game's main line, or deleted.

use bevy::prelude::*;

use super::{GameSession, PlayRefused, Shown, Step, position_at};
use crate::engine::rules::line_tree::LinePath;
use crate::engine::rules::variation::Line;
use crate::engine::{Move as EngineMove, Position};

impl GameSession {
    /// Plays `mv` on the reviewed position as a side line (or along the
    /// game or a line that has it); the game's moves do not change.
    pub(crate) fn try_line(&mut self, mv: EngineMove) -> Result<Shown, PlayRefused> {
        if !self.reviewing() {
            return Err(PlayRefused::Stale);
        }
        let shown = self.shown_position();
        let mut after = shown.clone();
        after.play(mv).map_err(PlayRefused::Illegal)?;
        let mut tree = self.record.line_tree();
        let path = tree.follow(&self.shown_path(), &shown.move_name(mv)).ok_or(PlayRefused::Stale)?;
        self.take_tree(&tree, false)?;
        self.place(path, after);
        Ok(Shown::Moved(Some(Step::Forward(mv))))
    }

    /// Shows the place `path` of the game's tree (the main line's ends review).
    pub(crate) fn show_line(&mut self, path: &LinePath) -> Shown {
        if path.on_main_line() {
            return self.go_to(path.ply);
        }
        let Some(position) = self.position_on(&self.record.line_tree(), path) else {
            debug!("ignoring a side line the game does not have");
            return Shown::Same;
        };
        let before = self.shown_position();
        self.place(path.clone(), position);
        Shown::Moved(step_between(&before, &self.shown_position()))
    }

    /// The shown side line becomes the line it branches from (the game's
    /// main line when it leaves the game), under a new generation; false
    /// when no side line is shown.
    pub(crate) fn promote_line(&mut self) -> bool {
        let Some((path, position)) = self.line.clone() else { return false };
        let mut tree = self.record.line_tree();
        let Some(promoted) = tree.promote(&path) else { return false };
        if self.take_tree(&tree, true).is_err() {
            return false;
        }
        self.redo.clear();
        self.generation += 1;
        self.place(promoted, position);
        true
    }

    /// Deletes the shown side line and shows where it branched from.
    pub(crate) fn delete_line(&mut self) -> Shown {
        let Some((path, before)) = self.line.clone() else { return Shown::Same };
        let mut tree = self.record.line_tree();
        let Some(parent) = tree.remove(&path) else { return Shown::Same };
        let Some(position) = self.position_on(&tree, &parent) else { return Shown::Same };
        if self.take_tree(&tree, false).is_err() {
            return Shown::Same;
        }
        self.place(parent, position);
        Shown::Moved(step_between(&before, &self.shown_position()))
    }

    /// The place one move back (`forward` false) or on from the shown one,
    /// along the shown line; none at either end.
    pub fn step_along(&self, forward: bool) -> Option<LinePath> {
        let path = self.shown_path();
        if forward { self.record.line_tree().next(&path) } else { path.back() }
    }

    /// The game's record (and, when `main` may change, its position) from `tree`.
    fn take_tree(&mut self, tree: &Line, main: bool) -> Result<(), PlayRefused> {
        let (record, position) = self.record.with_tree(tree).map_err(|error| {
            debug!("refusing a side-line edit: {error}");
            PlayRefused::Stale
        })?;
        if main {
            self.position = position;
        }
        self.record = record;
        Ok(())
    }

    /// The board shows `path`, whose position is `position`.
    fn place(&mut self, path: LinePath, position: Position) {
        if path.on_main_line() {
            self.line = None;
            self.review = (path.ply < self.plies()).then_some(path.ply);
        } else {
            self.review = Some(path.leaves_game_at());
            self.line = Some((path, position));
        }
    }

    /// The position at `path` of `tree`, played from the game's start.
    fn position_on(&self, tree: &Line, path: &LinePath) -> Option<Position> {
        let mut position = position_at(&self.position, 0);
        for notation in tree.moves_to(path)? {
            position.play_text(notation).ok()?;
        }
        Some(position)
    }
}

/// The one move between two positions shown in turn, if one move separates them.
pub(super) fn step_between(before: &Position, after: &Position) -> Option<Step> {
    let (old, new) = (before.moves(), after.moves());
    if new.len() == old.len() + 1 && new.starts_with(old) {
        new.last().copied().map(Step::Forward)
    } else if old.len() == new.len() + 1 && old.starts_with(new) {
        old.last().copied().map(Step::Back)
    } else {
        None
    }
}
