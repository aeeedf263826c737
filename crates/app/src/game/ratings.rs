//! What a person has earned, remembered with the settings: a rating a game
//! (Glicko-2, from finished games against a level), the puzzle rating and
//! streak, and whether the lessons were offered yet.

use std::collections::BTreeSet;

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::engine::Variant;
use crate::engine::library::glicko::{Glicko, Opponent};

/// Ratings kept in the history plot, newest last.
const HISTORY: usize = 200;

/// A rating and how it got there.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct RatingHistory {
    /// The rating now.
    pub glicko: Glicko,
    /// Rated games (or puzzles) so far.
    pub games: u32,
    /// The rating before the first game, then after each game (the last ones), oldest first.
    pub history: Vec<f64>,
}

impl RatingHistory {
    /// Counts one result against `opponent` (score 1, 0.5 or 0).
    pub fn record(&mut self, opponent: Opponent, score: f64) {
        if self.history.is_empty() {
            // The plot starts where the first game did.
            self.history.push(self.glicko.rating);
        }
        self.glicko = self.glicko.after(&[(opponent, score)]);
        self.games += 1;
        self.history.push(self.glicko.rating);
        if self.history.len() > HISTORY {
            self.history.remove(0);
        }
    }
}

/// The puzzles' rating and run of solved ones.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PuzzleProgress {
    /// The puzzle rating (each puzzle rated by its length; see `app::puzzles`).
    pub rating: RatingHistory,
    /// Puzzles solved in a row, without a miss or a hint.
    pub streak: u32,
    /// The longest such run.
    pub best_streak: u32,
    /// Puzzles solved in all.
    pub solved: u32,
    /// The positions of the puzzles already counted: each counts once, the
    /// first time (fresh eyes, round 22: a puzzle seen with help came back
    /// after a restart and its clean solve then counted).
    #[serde(default)]
    pub counted: BTreeSet<String>,
}

/// Everything earned, saved with the settings (files from before it lack it).
#[derive(Resource, Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    #[serde(default)]
    breakthrough: RatingHistory,
    #[serde(default)]
    lines_of_action: RatingHistory,
    /// Puzzle progress a game.
    #[serde(default)]
    pub puzzles_breakthrough: PuzzleProgress,
    #[serde(default)]
    pub puzzles_lines_of_action: PuzzleProgress,
    /// Learn has been opened (Home stops pointing a newcomer there).
    #[serde(default)]
    pub lessons_seen: bool,
}

impl Progress {
    /// The person's rating in `variant`.
    pub fn rating(&self, variant: Variant) -> &RatingHistory {
        match variant {
            Variant::Breakthrough => &self.breakthrough,
            Variant::LinesOfAction => &self.lines_of_action,
        }
    }

    pub(crate) fn rating_mut(&mut self, variant: Variant) -> &mut RatingHistory {
        match variant {
            Variant::Breakthrough => &mut self.breakthrough,
            Variant::LinesOfAction => &mut self.lines_of_action,
        }
    }

    /// The puzzle progress in `variant`.
    pub fn puzzles(&self, variant: Variant) -> &PuzzleProgress {
        match variant {
            Variant::Breakthrough => &self.puzzles_breakthrough,
            Variant::LinesOfAction => &self.puzzles_lines_of_action,
        }
    }

    pub(crate) fn puzzles_mut(&mut self, variant: Variant) -> &mut PuzzleProgress {
        match variant {
            Variant::Breakthrough => &mut self.puzzles_breakthrough,
            Variant::LinesOfAction => &mut self.puzzles_lines_of_action,
        }
    }
}

/// Whether the game in progress is rated now (the play feature keeps it):
/// the board below it plays a rated game on Play only.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RatedNow(pub bool);

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Progress>().init_resource::<RatedNow>();
}
