//! Game review: a report of every move of a finished game (winning chances,
//! accuracy, inaccuracies, mistakes and blunders with the better move), in
//! the manner of lichess's, from a search that gives the same report on any
//! machine; and the judge of answers to exercises made from one's mistakes.

pub mod accuracy;
pub mod answer;
mod report;

pub use accuracy::{Mark, game_accuracy, move_accuracy};
pub use answer::{JUDGE_LIMIT, judge_answer};
pub use report::{GameReport, MoveReview, ReportError, ReportSettings, review};
