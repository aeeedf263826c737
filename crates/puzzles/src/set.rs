//! A set of puzzles as a file holds it, and the sets shipped with the game.

use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

use breakline_rules::Variant;

use crate::puzzle::Puzzle;

/// A set of puzzles as a file holds it, with how it was made.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PuzzleSet {
    /// The command that made it.
    pub made_by: String,
    /// The puzzles, in the order found.
    pub puzzles: Vec<Puzzle>,
}

impl PuzzleSet {
    /// The set shipped for `variant` on 8x8, if there is one (read once; the
    /// tests replay every puzzle and prove them again, Lines of Action's a
    /// seeded sample).
    pub fn shipped(variant: Variant) -> Option<&'static PuzzleSet> {
        static BREAKTHROUGH: LazyLock<Option<PuzzleSet>> =
            LazyLock::new(|| serde_json::from_str(include_str!("../../../assets/puzzles/breakthrough-8x8.json")).ok());
        static LINES_OF_ACTION: LazyLock<Option<PuzzleSet>> = LazyLock::new(|| {
            serde_json::from_str(include_str!("../../../assets/puzzles/lines-of-action-8x8.json")).ok()
        });
        match variant {
            Variant::Breakthrough => BREAKTHROUGH.as_ref(),
            Variant::LinesOfAction => LINES_OF_ACTION.as_ref(),
        }
    }
}
