//! The edits a person makes to a game's side lines, on its record: a move
//! tried at a place of the game's tree (following the game or a line that
//! has it, or starting a line), a line promoted or deleted; each gives the
//! record checked by replaying it and the place to show next. The session
//! applies them (`GameSession::try_line` and its neighbours).

use crate::engine::Position;
use crate::engine::ai::player::GameRecord;
use crate::engine::rules::record::line_tree::LinePath;
use crate::engine::rules::record::variation::Line;

/// A record after an edit, with its final position and the place to show.
pub(crate) struct Edited {
    pub(crate) record: GameRecord,
    pub(crate) end: Position,
    pub(crate) place: LinePath,
}

/// `notation` tried at `at` (`None` at the game's end, where a move is the game's own).
pub(crate) fn tried(record: &GameRecord, at: &LinePath, notation: &str) -> Option<Edited> {
    let mut tree = record.line_tree();
    let place = tree.follow(at, notation)?;
    rebuilt(record, &tree, place)
}

/// The side line at `at` promoted over the line it branches from.
pub(crate) fn promoted(record: &GameRecord, at: &LinePath) -> Option<Edited> {
    let mut tree = record.line_tree();
    let place = tree.promote(at)?;
    rebuilt(record, &tree, place)
}

/// The side line at `at` deleted; the place it branched from.
pub(crate) fn deleted(record: &GameRecord, at: &LinePath) -> Option<Edited> {
    let mut tree = record.line_tree();
    let place = tree.remove(at)?;
    rebuilt(record, &tree, place)
}

/// The position at `at` in the game's tree, played from its start.
pub(crate) fn position_on(record: &GameRecord, at: &LinePath) -> Option<Position> {
    let mut position = record.start_position().ok()?;
    for notation in record.line_tree().moves_to(at)? {
        position.play_text(notation).ok()?;
    }
    Some(position)
}

fn rebuilt(record: &GameRecord, tree: &Line, place: LinePath) -> Option<Edited> {
    match record.with_tree(tree) {
        Ok((record, end)) => Some(Edited { record, end, place }),
        Err(error) => {
            bevy::log::debug!("refusing a side-line edit: {error}");
            None
        }
    }
}
