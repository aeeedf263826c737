//! Game review: a report of every move of a finished game (winning chances,
//! accuracy, inaccuracies, mistakes and blunders with the better move), in
//! the manner of lichess's, from a search that gives the same report on any
//! machine.

pub mod accuracy;
pub mod report;

pub use accuracy::{Mark, game_accuracy, move_accuracy};
pub use report::{GameReport, MoveReview, ReportError, ReportSettings, review};
